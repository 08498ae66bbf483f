package accel

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"
)

// TestMicroLeaf4AB compares the SIMD leaf test (leaf4) with the scalar one
// on the same grouped triangles (leafGrouped) in the same binary,
// alternating passes (thread CPU time, 7 passes each, best and median ns
// per ray): the single-ray API (Intersect) and TraceBatch+Hit on the
// bunny. Needs ACCEL_MICRO=1 and a
// GOEXPERIMENT=simd build on an AVX2+FMA CPU.
func TestMicroLeaf4AB(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	s := bunnyStructure(t, BuildOptions{})
	if s.tri4 == nil {
		t.Skip("no grouped leaf triangles (needs GOEXPERIMENT=simd and AVX2+FMA)")
	}
	toggle := func(off bool) { disableLeaf4 = off }
	on, off := "leaf4", "scalar"
	defer func() { disableLeaf4 = false }()
	for _, set := range microSets(t) {
		rays := set.rays
		tr := NewTraverser()
		var h Hit
		var rb RayBatch
		var hb [BatchSize]Hit
		single := func() {
			for i := range rays {
				tr.Intersect(s, &set.o, &rays[i], nil, &h)
			}
		}
		batch := func() {
			for lo := 0; lo < len(rays); lo += BatchSize {
				rb.Active = 0
				for i := 0; i < BatchSize; i++ {
					rb.Set(i, &rays[lo+i])
				}
				tr.TraceBatch(s, &set.o, &rb)
				for i := 0; i < BatchSize; i++ {
					tr.Hit(i, &hb[i])
				}
			}
		}
		for _, api := range []struct {
			name string
			pass func()
		}{{"single", single}, {"TraceBatch", batch}} {
			runtime.LockOSThread()
			var all [2][]time.Duration
			for rep := 0; rep < 7; rep++ {
				for v := 0; v < 2; v++ {
					toggle(v == 1)
					c0 := threadCPU()
					api.pass()
					all[v] = append(all[v], threadCPU()-c0)
				}
			}
			runtime.UnlockOSThread()
			ns := func(d []time.Duration, k int) float64 {
				slices.Sort(d)
				return float64(d[k].Nanoseconds()) / float64(len(rays))
			}
			fmt.Printf("%-11s %-10s %s best %6.1f median %6.1f ns/ray   %s best %6.1f median %6.1f ns/ray\n", set.name, api.name,
				on, ns(all[0], 0), ns(all[0], len(all[0])/2), off, ns(all[1], 0), ns(all[1], len(all[1])/2))
		}
	}
}

// TestMicroNonPlainCPU measures the general path's opaque-triangle loop
// (run, not the kernel): the bunny plus one far non-opaque triangle in a
// second geometry, so that the structure is not plain. Thread CPU time per
// ray of the single-ray API, best of 3 passes.
func TestMicroNonPlainCPU(t *testing.T) {
	if os.Getenv("ACCEL_MICRO") == "" {
		t.Skip("set ACCEL_MICRO=1")
	}
	m := bunny(t)
	far := []float32{100, 100, 100, 101, 100, 100, 100, 101, 100}
	s, err := BuildPrimitive(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{
		MeshGeometry(m.Positions, m.Indices), soupGeometry(far, false)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range microSets(t) {
		tr := NewTraverser()
		var h Hit
		ns := microBest(len(set.rays), func() {
			for i := range set.rays {
				tr.Intersect(s, &set.o, &set.rays[i], nil, &h)
			}
		})
		fmt.Printf("non-plain %-11s single %6.1f ns/ray\n", set.name, ns)
	}
}
