package accel

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestTriangleSoupMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, width := range []int{4, 8} {
		for _, q := range []BuildQuality{QualityFast, QualityMedium, QualityHigh} {
			for _, n := range []int{1, 7, 300, 3000} {
				name := fmt.Sprintf("w%d/q%d/n%d", width, q, n)
				v := soup(rng, n, 0.1)
				s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v[:9*(n/2)], true), soupGeometry(v[9*(n/2):], true)},
					Build: BuildOptions{Width: width, Quality: q, Workers: 2}})
				rays := make([]Ray, 200)
				for i := range rays {
					rays[i] = randomRay(rng, -0.5, 1.5)
				}
				for _, o := range []Options{{}, {CullMode: CullBack}, {CullMode: CullFront, Winding: CounterClockwise}, {AcceptAny: true}} {
					if o.AcceptAny {
						// Any-hit: only whether something is hit must agree.
						for i := range rays {
							var a, b Hit
							BruteForce(s, &rays[i], &Options{}, &b)
							NewTraverser().Intersect(s, &o, &rays[i], nil, &a)
							if (a.Type == HitNone) != (b.Type == HitNone) {
								t.Fatalf("%s any-hit ray %d: %v vs closest %v", name, i, a.Type, b.Type)
							}
						}
						continue
					}
					checkRays(t, fmt.Sprintf("%s/%+v", name, o), s, &o, rays)
				}
			}
		}
	}
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	v := soup(rng, 20000, 0.02)
	for _, width := range []int{4, 8} {
		var first *Structure
		for _, w := range []int{1, 2, 5} {
			s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Workers: w, Width: width}})
			if first == nil {
				first = s
				continue
			}
			if err := sameBuild(s, first); err != nil {
				t.Fatalf("width %d, workers=%d: %v", width, w, err)
			}
		}
	}
}

func TestInstancesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var blas []*Structure
	for i := 0; i < 3; i++ {
		v := soup(rng, 200, 0.15)
		blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Width: 4 + 4*(i%2)}}))
	}
	inst := make([]Instance, 40)
	for i := range inst {
		inst[i] = Instance{Transform: randomTransform(rng), Mask: 1 << uint(rng.IntN(4)), StructureIndex: uint32(rng.IntN(3)), UserID: uint32(1000 + i)}
		switch i % 4 {
		case 1:
			inst[i].Options = InstanceDisableTriangleCulling
		case 2:
			inst[i].Options = InstanceFrontFacingCCW
		}
	}
	for _, width := range []int{4, 8} {
		s := mustInst(t, &InstanceDescriptor{Instances: inst, Structures: blas, Build: BuildOptions{Width: width}})
		rays := make([]Ray, 300)
		for i := range rays {
			rays[i] = randomRay(rng, -1, 2.5)
			rays[i].Mask = uint32(rng.IntN(16))
		}
		for _, o := range []Options{{}, {CullMode: CullBack}, {CullMode: CullFront}, {WorldSpaceData: true}} {
			checkRays(t, fmt.Sprintf("w%d/%+v", width, o), s, &o, rays)
		}
	}
}

func TestMultiLevelInstancing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	blas := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 100, 0.2), true)}})
	mid := make([]Instance, 5)
	for i := range mid {
		mid[i] = Instance{Transform: randomTransform(rng), Mask: 0xff, UserID: uint32(i)}
	}
	l2 := mustInst(t, &InstanceDescriptor{Instances: mid, Structures: []*Structure{blas}})
	top := make([]Instance, 4)
	for i := range top {
		top[i] = Instance{Transform: randomTransform(rng), Mask: 0xff, UserID: uint32(10 + i)}
	}
	l3 := mustInst(t, &InstanceDescriptor{Instances: top, Structures: []*Structure{l2}})
	if l3.Levels() != 3 {
		t.Fatalf("Levels = %d, want 3", l3.Levels())
	}
	rays := make([]Ray, 300)
	for i := range rays {
		rays[i] = randomRay(rng, -1, 3)
	}
	checkRays(t, "max_levels=3", l3, &Options{MaxLevels: 3, WorldSpaceData: true}, rays)
	// With the default max_levels (2) the primitive level is out of reach.
	var h Hit
	for i := range rays {
		NewTraverser().Intersect(l3, &Options{}, &rays[i], nil, &h)
		if h.Type != HitNone {
			t.Fatalf("ray %d hit through 3 levels with max_levels 2", i)
		}
	}
	// A hit's transforms map its object-space ray back to the world ray.
	hits := 0
	for i := range rays {
		NewTraverser().Intersect(l3, &Options{MaxLevels: 3, WorldSpaceData: true}, &rays[i], nil, &h)
		if h.Type == HitNone {
			continue
		}
		hits++
		if h.InstanceCount != 2 || h.UserInstanceID[0] != 10+h.InstanceID[0] || h.UserInstanceID[1] != h.InstanceID[1] {
			t.Fatalf("ray %d: instance path %v user %v", i, h.InstanceID[:2], h.UserInstanceID[:2])
		}
		w := h.ObjectToWorld.Point(h.ObjectOrigin)
		for k := 0; k < 3; k++ {
			if d := w[k] - rays[i].Origin[k]; d > 1e-3 || d < -1e-3 {
				t.Fatalf("ray %d: object origin maps to %v, want %v", i, w, rays[i].Origin)
			}
		}
	}
	if hits == 0 {
		t.Fatal("no hits through 3 levels")
	}
}

func TestPrimitiveMotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const keys = 3
	n := 400
	base := soup(rng, n, 0.1)
	var kf []KeyframeData
	for k := 0; k < keys; k++ {
		v := append([]float32(nil), base...)
		for i := 0; i < n; i++ {
			dx, dy := (rng.Float32()-0.5)*0.3, (rng.Float32()-0.5)*0.3
			for j := 0; j < 3; j++ {
				v[9*i+3*j] += dx * float32(k)
				v[9*i+3*j+1] += dy * float32(k)
			}
		}
		kf = append(kf, KeyframeData{Data: f32bytes(v)})
	}
	for _, border := range []BorderMode{BorderClamp, BorderVanish} {
		g := &TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, MotionVertexData: kf, TriangleCount: n}
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}, MotionKeyframeCount: keys, MotionStartTime: 0.25, MotionEndTime: 0.75,
			MotionStartBorder: border, MotionEndBorder: border})
		rays := make([]Ray, 400)
		for i := range rays {
			rays[i] = randomRay(rng, -0.5, 1.5)
			rays[i].Time = rng.Float32()
		}
		checkRays(t, fmt.Sprintf("border%d", border), s, nil, rays)
		// Vanish: nothing is hit outside the time range.
		if border == BorderVanish {
			for i := range rays {
				r := rays[i]
				r.Time = 0.1
				if h := s.Intersect(r, nil, nil); h.Type != HitNone {
					t.Fatal("vanished geometry was hit")
				}
			}
		}
		// Instance motion over this structure, both interpolations.
		inst := []Instance{
			{Mask: 1, MotionTransforms: []Float4x3{randomTransform(rng), randomTransform(rng), randomTransform(rng)}, MotionStartTime: 0, MotionEndTime: 1},
			{Mask: 1, MotionComponents: []ComponentTransform{randomComponent(rng), randomComponent(rng)}, MotionStartTime: 0.2, MotionEndTime: 0.8,
				MotionStartBorder: BorderVanish},
			{Mask: 1, Transform: randomTransform(rng)},
		}
		top := mustInst(t, &InstanceDescriptor{Instances: inst, Structures: []*Structure{s}})
		for i := range rays {
			rays[i] = randomRay(rng, -1, 2.5)
			rays[i].Time = rng.Float32()*1.4 - 0.2
		}
		checkRays(t, fmt.Sprintf("instance-motion/border%d", border), top, &Options{WorldSpaceData: true}, rays)
	}
}

func randomComponent(rng *rand.Rand) ComponentTransform {
	return ComponentTransform{
		Scale:       [3]float32{0.5 + rng.Float32(), 0.5 + rng.Float32(), 0.5 + rng.Float32()},
		Shear:       [3]float32{0.2 * rng.Float32(), 0, 0.1 * rng.Float32()},
		Pivot:       [3]float32{rng.Float32() - 0.5, 0, 0},
		Rotation:    [4]float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5},
		Translation: [3]float32{rng.Float32(), rng.Float32(), rng.Float32()},
	}
}

func TestRefitMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	v := soup(rng, 2000, 0.05)
	g := soupGeometry(v, true)
	d := &PrimitiveDescriptor{Geometries: []Geometry{g}}
	s := mustPrim(t, d)
	for i := range v {
		v[i] += (rng.Float32() - 0.5) * 0.2
	}
	g.VertexData = f32bytes(v)
	if err := s.Refit(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	rebuilt := mustPrim(t, d)
	rays := make([]Ray, 500)
	for i := range rays {
		rays[i] = randomRay(rng, -0.5, 1.5)
	}
	checkRays(t, "refit", s, nil, rays)
	for i := range rays {
		a, b := s.Intersect(rays[i], nil, nil), rebuilt.Intersect(rays[i], nil, nil)
		if a.Type != b.Type || a.Distance != b.Distance {
			t.Fatalf("ray %d: refit %v@%v, rebuild %v@%v", i, a.Type, a.Distance, b.Type, b.Distance)
		}
	}
	// Instance refit after moving an instance.
	inst := []Instance{{Transform: Identity4x3, Mask: 1}}
	id := &InstanceDescriptor{Instances: inst, Structures: []*Structure{s}}
	top := mustInst(t, id)
	inst[0].Transform[9] = 5
	if err := top.RefitInstances(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	checkRays(t, "refit-instances", top, nil, rays)
	if err := s.Refit(context.Background(), &PrimitiveDescriptor{}); err == nil {
		t.Fatal("refit with different geometry count succeeded")
	}
}

// TestCallbacksMatchBruteForce: non-opaque triangles with an alpha test and
// spheres in boxes, through instances, against brute force.
func TestCallbacksMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	tris := soupGeometry(soup(rng, 500, 0.1), false)
	var boxes []float32
	for i := 0; i < 200; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		r := 0.01 + 0.04*rng.Float32()
		boxes = append(boxes, c[0]-r, c[1]-r, c[2]-r, c[0]+r, c[1]+r, c[2]+r)
	}
	bg := boxGeometry(boxes, 1)
	sphere := sphereFn(boxes)
	fn := func(c *Candidate) Decision {
		if c.Type == HitBoundingBox {
			return sphere(c)
		}
		return Decision{Accept: c.PrimitiveID%3 != 0, Continue: true} // alpha test
	}
	for _, width := range []int{4, 8} {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{tris, bg}, Build: BuildOptions{Width: width}})
		inst := make([]Instance, 6)
		for i := range inst {
			inst[i] = Instance{Transform: randomTransform(rng), Mask: 1}
		}
		top := mustInst(t, &InstanceDescriptor{Instances: inst, Structures: []*Structure{s}, Build: BuildOptions{Width: width}})
		for _, st := range []*Structure{s, top} {
			nhit := 0
			for i := 0; i < 400; i++ {
				r := randomRay(rng, -1, 2.5)
				var want, got Hit
				BruteForceFunc(st, &r, nil, fn, &want)
				NewTraverser().Intersect(st, nil, &r, fn, &got)
				sameHit(t, fmt.Sprintf("w%d/ray%d", width, i), &got, &want)
				if got.Type != HitNone {
					nhit++
				}
			}
			if nhit < 20 {
				t.Fatalf("only %d hits", nhit)
			}
		}
	}
}
