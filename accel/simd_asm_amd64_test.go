//go:build amd64 && !goexperiment.simd

package accel

import (
	"testing"
	"unsafe"
)

// TestSlabScalarsLayout: slab4NodeRay reads levelRay's fields and the
// kernels fastTri's at fixed offsets.
func TestSlabScalarsLayout(t *testing.T) {
	var r levelRay
	if unsafe.Offsetof(r.fo) != 24 || unsafe.Offsetof(r.ix) != 36 || unsafe.Offsetof(r.iz) != 44 ||
		unsafe.Offsetof(r.nx) != 48 || unsafe.Offsetof(r.fz) != 88 {
		t.Fatal("levelRay does not have the layout slab4NodeRay expects")
	}
	var f fastTri
	if unsafe.Offsetof(f.pox) != 24 || unsafe.Offsetof(f.shx) != 36 || unsafe.Offsetof(f.tmin) != 48 ||
		unsafe.Offsetof(f.tmax) != 52 || unsafe.Offsetof(f.cull) != 56 || unsafe.Offsetof(f.kz) != 16 {
		t.Fatal("fastTri does not have the layout trace_amd64.s expects")
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
