//go:build amd64 && !goexperiment.simd

package accel

import (
	"testing"
	"unsafe"
)

// TestSlabVecsLayout: streamLanes4SIMD hands streamSlot's fields to the
// assembly as a [6]uintptr (nx … fz) and a slabVecs (vo … vt).
func TestSlabVecsLayout(t *testing.T) {
	var sl streamSlot
	if d := unsafe.Offsetof(sl.fz) - unsafe.Offsetof(sl.nx); d != 5*unsafe.Sizeof(uintptr(0)) {
		t.Fatalf("nx … fz span %d bytes", d)
	}
	var v slabVecs
	if unsafe.Offsetof(sl.vi)-unsafe.Offsetof(sl.vo) != unsafe.Offsetof(v.inv) ||
		unsafe.Offsetof(sl.vt)-unsafe.Offsetof(sl.vo) != unsafe.Offsetof(v.t) ||
		unsafe.Offsetof(v.t) != 144 {
		t.Fatal("streamSlot's vectors do not have slabVecs' layout")
	}
	var c leaf4Consts
	if unsafe.Offsetof(c.ox) != 128 || unsafe.Offsetof(c.valid) != 152 || unsafe.Offsetof(c.cull) != 156 {
		t.Fatal("leaf4Consts does not have the layout simd_amd64.s expects")
	}
}

// TestScalarKernels runs the differential tests with the SIMD kernels off
// (scalar node test, one leaf triangle at a time, ungrouped layout): the
// path CPUs without AVX2 and FMA take.
func TestScalarKernels(t *testing.T) {
	if !useSIMDNodes {
		t.Skip("the SIMD kernels are already off on this CPU")
	}
	useSIMDNodes = false
	defer func() { useSIMDNodes = true }()
	for _, tc := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"soup", TestTriangleSoupMatchesBruteForce},
		{"instances", TestInstancesMatchBruteForce},
		{"fast kernel", TestFastKernelMatchesGeneralPath},
		{"trace batch", TestTraceBatchMatchesStep},
		{"equal distance", TestEqualDistancePriority},
	} {
		t.Run(tc.name, tc.f)
	}
}
