package accel

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

func TestDegenerateInputs(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name string
		v    []float32
	}{
		{"empty", nil},
		{"nan vertex", []float32{0, 0, 0, 1, 0, 0, nan, 1, 0}},
		{"zero area", []float32{0, 0, 0, 1, 0, 0, 2, 0, 0}},
		{"identical triangles", stack(1)},
	}
	for _, tc := range tests {
		v := tc.v
		if tc.name == "identical triangles" {
			for i := 0; i < 5000; i++ {
				v = append(v, unitTri...)
			}
		}
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}})
		h := s.Intersect(downRay, nil, nil)
		want := tc.name == "identical triangles"
		if (h.Type == HitTriangle) != want || (want && h.Distance != 1) {
			t.Errorf("%s: %+v", tc.name, h)
		}
	}
	empty := mustPrim(t, &PrimitiveDescriptor{})
	if h := empty.Intersect(downRay, nil, nil); h.Type != HitNone {
		t.Fatal("empty structure hit")
	}
	top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1}}, Structures: []*Structure{empty}})
	if h := top.Intersect(downRay, nil, nil); h.Type != HitNone {
		t.Fatal("instance of empty structure hit")
	}
	// A singular instance transform is never entered.
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(unitTri, true)}})
	top = mustInst(t, &InstanceDescriptor{Instances: []Instance{{Mask: 1}}, Structures: []*Structure{s}})
	if h := top.Intersect(downRay, nil, nil); h.Type != HitNone {
		t.Fatal("zero transform instance hit")
	}
}

func TestDeepNesting(t *testing.T) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(unitTri, true)}})
	for level := 2; level <= MaxLevels; level++ {
		xf := Identity4x3
		xf[11] = -0.5 // each level moves the triangle down by 0.5
		s = mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: xf, Mask: 1, UserID: uint32(level)}}, Structures: []*Structure{s}})
	}
	if s.Levels() != MaxLevels {
		t.Fatalf("levels %d", s.Levels())
	}
	h := s.Intersect(downRay, &Options{MaxLevels: MaxLevels}, nil)
	if h.Type != HitTriangle || h.InstanceCount != MaxInstanceLevels || h.Distance != 1+0.5*MaxInstanceLevels || h.UserInstanceID[0] != MaxLevels {
		t.Fatalf("deep hit %+v", h)
	}
	if _, err := BuildInstance(context.Background(), &InstanceDescriptor{Instances: []Instance{{Mask: 1}}, Structures: []*Structure{s}}); err == nil {
		t.Fatal("nesting beyond MaxLevels accepted")
	}
}

func TestIntersectRaysWorkerIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 2000, 0.05), true)}})
	rays := make([]Ray, 1000)
	for i := range rays {
		rays[i] = randomRay(rng, -0.5, 1.5)
	}
	a, b := make([]Hit, len(rays)), make([]Hit, len(rays))
	if err := IntersectRays(context.Background(), s, nil, rays, a, 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := IntersectRays(context.Background(), s, nil, rays, b, 3, nil); err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i].Type != b[i].Type || a[i].Distance != b[i].Distance || a[i].PrimitiveID != b[i].PrimitiveID {
			t.Fatalf("ray %d differs between 1 and 3 workers: %+v vs %+v", i, a[i], b[i])
		}
	}
	if err := IntersectRays(context.Background(), s, nil, rays, a[:10], 1, nil); err == nil {
		t.Fatal("short hits slice accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := IntersectRays(ctx, s, nil, rays, a, 2, nil); err == nil {
		t.Fatal("cancelled context not reported")
	}
}

func TestTraversalDoesNotAllocate(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	blas := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 500, 0.1), false), boxGeometry([]float32{0, 0, 0, 1, 1, 1}, 0)}})
	top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1}, {Transform: randomTransform(rng), Mask: 1}}, Structures: []*Structure{blas}})
	tr := NewTraverser()
	rays := make([]Ray, BatchSize)
	var rb RayBatch
	for i := range rays {
		rays[i] = randomRay(rng, -0.5, 1.5)
		rb.Set(i, &rays[i])
	}
	fn := func(c *Candidate) Decision {
		return Decision{Accept: c.PrimitiveID%2 == 0, Continue: true, Distance: c.MinDistance}
	}
	var h Hit
	var hits [BatchSize]Hit
	bf := func(tr *Traverser, g Group) {
		for m := g.Lanes; m != 0; m &= m - 1 {
			i := trailing(m)
			tr.Decide(i, fn(tr.Candidate(i)))
		}
	}
	allocs := testing.AllocsPerRun(20, func() {
		for i := range rays {
			tr.Intersect(top, &Options{WorldSpaceData: true}, &rays[i], fn, &h)
		}
		tr.IntersectBatch(top, nil, &rb, bf, &hits)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run", allocs)
	}
}

// TestFastPathNoAllocs checks that tracing plain structures (the kernels'
// path, 4- and 8-wide) allocates nothing: one ray at a time and in
// batches, closest and any hit.
func TestFastPathNoAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	v := soup(rng, 2000, 0.1)
	for _, width := range []int{4, 8} {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Width: width}})
		tr := NewTraverser()
		rays := make([]Ray, BatchSize)
		var rb RayBatch
		for i := range rays {
			rays[i] = randomRay(rng, -0.5, 1.5)
			rb.Set(i, &rays[i])
		}
		var h Hit
		var hits [BatchSize]Hit
		for _, o := range []Options{{}, {AcceptAny: true}} {
			allocs := testing.AllocsPerRun(20, func() {
				for i := range rays {
					tr.Intersect(s, &o, &rays[i], nil, &h)
				}
				tr.IntersectBatch(s, &o, &rb, nil, &hits)
				tr.TraceBatch(s, &o, &rb)
			})
			if allocs != 0 {
				t.Fatalf("width %d %+v: %v allocations per run", width, o, allocs)
			}
		}
	}
}
