package accel

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// splitScene is a random instance structure with both plain instances
// (static, over opaque-triangle structures of widths 4 and 8) and others:
// structures with non-opaque geometry (alpha-tested), bounding boxes, an
// instance structure (a third level), an InstanceNonOpaque instance over a
// plain structure and a moving one. boxes are the box structure's boxes
// (lo, hi; splitDecide's distances). With one set, a single plain
// instance among the others (BeginSplit's one-instance path); with
// identity, every transform is the identity (AssumeIdentityTransforms'
// promise).
func splitScene(t *testing.T, rng *rand.Rand, width int, one, identity bool) (top *Structure, boxes []float32) {
	t.Helper()
	var blas []*Structure
	// 0, 1: plain, 4-wide and width-wide (one with primitive data): the
	// 4-wide scenes' phase 1 takes the 4-wide stream kernels; 2: empty.
	for i := 0; i < 2; i++ {
		g := soupGeometry(soup(rng, 200+100*i, 0.2), true)
		if i == 1 {
			g.PrimitiveData = make([]byte, 4*g.TriangleCount)
			for k := range g.PrimitiveData {
				g.PrimitiveData[k] = byte(k * 7)
			}
			g.PrimitiveDataElementSize = 4
		}
		blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g, soupGeometry(soup(rng, 30, 0.3), true)},
			Build: BuildOptions{Width: max(4*i, width)}}))
	}
	blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(nil, true)}}))
	// 3: an opaque geometry and a non-opaque one (function table offset 2).
	alpha := soupGeometry(soup(rng, 150, 0.3), false)
	alpha.FunctionTableOffset = 2
	blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 100, 0.2), true), alpha},
		Build: BuildOptions{Width: width}}))
	// 4: bounding boxes.
	for i := 0; i < 20; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		h := 0.02 + 0.08*rng.Float32()
		boxes = append(boxes, c[0]-h, c[1]-h, c[2]-h, c[0]+h, c[1]+h, c[2]+h)
	}
	blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{&BoundingBoxGeometry{
		GeometryCommon: GeometryCommon{FunctionTableOffset: 1}, BoxData: f32bytes(boxes), BoxCount: len(boxes) / 6}}}))
	// 5: an instance structure over 0 and 3 (reached with MaxLevels 3).
	xf := func() Float4x3 {
		if identity {
			return Identity4x3
		}
		return randomTransform(rng)
	}
	blas = append(blas, mustInst(t, &InstanceDescriptor{Instances: []Instance{
		{Transform: xf(), Mask: ^uint32(0), StructureIndex: 0, UserID: 77},
		{Transform: xf(), Mask: ^uint32(0), StructureIndex: 1, UserID: 78}},
		Structures: []*Structure{blas[0], blas[3]}, Build: BuildOptions{Width: width}}))
	opts := []InstanceOptions{0, InstanceDisableTriangleCulling, InstanceFrontFacingCCW, InstanceOpaque,
		InstanceDisableTriangleCulling | InstanceFrontFacingCCW}
	var inst []Instance
	add := func(si int, o InstanceOptions) {
		inst = append(inst, Instance{Transform: randomTransform(rng), Mask: 1 << uint(rng.IntN(4)), StructureIndex: uint32(si),
			UserID: uint32(500 + len(inst)), Options: o, FunctionTableOffset: uint32(4 * len(inst))})
	}
	if one {
		add(1, InstanceFrontFacingCCW)
		inst[0].Mask = 7
	} else {
		for i := 0; i < 14; i++ {
			add([]int{0, 1, 2}[rng.IntN(3)], opts[rng.IntN(len(opts))])
		}
		inst[5].Transform = Identity4x3
		inst[6].Transform = Float4x3{} // singular: rays miss it
	}
	for i := 0; i < 8; i++ {
		add([]int{3, 3, 4, 5}[rng.IntN(4)], opts[rng.IntN(len(opts))])
	}
	add(0, InstanceNonOpaque)
	add(3, InstanceOpaque)
	add(1, 0)
	m := &inst[len(inst)-1]
	m.MotionTransforms = []Float4x3{m.Transform, randomTransform(rng)}
	m.MotionStartTime, m.MotionEndTime = 0, 1
	if identity {
		for i := range inst {
			inst[i].Transform = Identity4x3
		}
		m.MotionTransforms = []Float4x3{Identity4x3, Identity4x3}
	}
	top = mustInst(t, &InstanceDescriptor{Instances: inst, Structures: blas, Build: BuildOptions{Width: width}})
	if top.batch != batchNone || top.split == nil || (top.splitOne >= 0) != one {
		t.Fatalf("split eligibility: batch %d, split %v, one %d", top.batch, top.split, top.splitOne)
	}
	return top, boxes
}

// splitHash mixes a candidate's identity (an alpha test's texture lookup).
func splitHash(c *Candidate) uint32 {
	h := c.PrimitiveID*0x9e3779b9 ^ c.GeometryID*0x85ebca6b ^ c.InstanceID[0]*0xc2b2ae35 ^ c.InstanceID[1]*0x27d4eb2f
	h ^= h >> 15
	h *= 0x2c1b3c6d
	return h ^ h>>12
}

// splitDecide is an intersection function that depends only on the
// candidate's identity: triangles pass an alpha test by a hash of it,
// boxes are hit at the object-space ray's entry into them (found by the
// same slab test as the traversal's) by a hash too; with stop, some
// accepted hits end the traversal.
func splitDecide(c *Candidate, boxes []float32, stop bool) Decision {
	h := splitHash(c)
	d := Decision{Accept: h&3 != 0, Continue: !stop || h&12 != 0}
	if c.Type == HitBoundingBox {
		b := boxes[6*c.PrimitiveID:]
		var r levelRay
		r.set(&c.Origin, &c.Direction, 4)
		t, ok := intersectBox(&r, (*[3]float32)(b[0:3]), (*[3]float32)(b[3:6]), c.MinDistance, c.MaxDistance)
		d.Accept = d.Accept && ok
		d.Distance = t
	}
	return d
}

// stepDecide runs Begin/Step's (or BeginSplit's) candidates through
// splitDecide, one Group at a time, and reads every lane's hit.
func stepDecide(tr *Traverser, boxes []float32, stop bool, hits *[BatchSize]Hit) {
	var gbuf [BatchSize]Group
	for tr.Step() != 0 {
		for _, g := range tr.Groups(gbuf[:0]) {
			for m := g.Lanes; m != 0; m &= m - 1 {
				i := trailing(m)
				tr.Decide(i, splitDecide(tr.Candidate(i), boxes, stop))
			}
		}
	}
	for i := range hits {
		tr.Hit(i, &hits[i])
	}
}

// TestBeginSplitMatchesBegin compares BeginSplit (phase 1 by the batch
// kernels, phase 2 by Step) with Begin/Step on random rays through mixed
// instance structures under many options, with an alpha-test-like
// intersection function: the same hits bit for bit, but for exact ties of
// distance; with AcceptAny or a function that ends the traversal, a hit
// where Begin/Step has one.
func TestBeginSplitMatchesBegin(t *testing.T) {
	streamAlways(t) // small as they are, these scenes take the stream kernels too
	rng := rand.New(rand.NewPCG(71, 72))
	ts, tb := NewTraverser(), NewTraverser()
	nrays := 1536
	if testing.Short() {
		nrays = 512
	}
	for _, width := range []int{4, 8, 0} {
		if width == 0 {
			// The Go kernels (other CPUs).
			width = 4
			disableLeaf4 = true
			defer func() { disableLeaf4 = false }()
		}
		for _, variant := range []struct{ one, identity bool }{{false, false}, {true, false}, {false, true}} {
			one := variant.one
			top, boxes := splitScene(t, rng, width, one, variant.identity)
			rays := batchRays(rng, nrays)
			for i := 0; i < nrays/3; i++ {
				// Camera-like batches (the one-ray kernel).
				r := NewRay([3]float32{-0.7, -0.6, -0.5}, [3]float32{0.5 + rng.Float32(), 0.5 + rng.Float32(), 0.5 + rng.Float32()})
				r.Mask = uint32(rng.IntN(16))
				rays = append(rays, r)
			}
			rays = rays[:len(rays)/BatchSize*BatchSize]
			for _, c := range []struct {
				name string
				o    Options
				stop bool
			}{
				{"default", Options{}, false},
				{"cullback", Options{CullMode: CullBack}, false},
				{"cullfront-ccw", Options{CullMode: CullFront, Winding: CounterClockwise}, false},
				{"world", Options{WorldSpaceData: true, CullMode: CullBack}, false},
				{"levels3", Options{MaxLevels: 3}, false},
				{"levels3-world", Options{MaxLevels: 3, WorldSpaceData: true}, false},
				{"force-opaque", Options{ForceOpacity: ForceOpaque}, false},
				{"cull-nonopaque", Options{OpacityCull: OpacityCullNonOpaque}, false},
				{"boxcull", Options{GeometryCull: GeometryBoundingBox}, false},
				{"any", Options{AcceptAny: true}, false},
				{"any-cullback-ccw", Options{AcceptAny: true, CullMode: CullBack, Winding: CounterClockwise}, false},
				{"stop", Options{}, true},
			} {
				if variant.identity {
					c.o.AssumeIdentityTransforms = true
				}
				name := fmt.Sprintf("w%d/go=%v/one=%v/identity=%v/%s", width, disableLeaf4, one, variant.identity, c.name)
				weak := c.o.AcceptAny || c.stop
				var split, step [BatchSize]Hit
				nsplit, nother, ties := 0, 0, 0
				for lo := 0; lo < len(rays); lo += BatchSize {
					var rb RayBatch
					for i := 0; i < BatchSize; i++ {
						if rng.IntN(8) != 0 {
							rb.Set(i, &rays[lo+i])
						}
					}
					if !ts.BeginSplit(top, &c.o, &rb) {
						t.Fatalf("%s: BeginSplit refused", name)
					}
					stepDecide(ts, boxes, c.stop, &split)
					tb.Begin(top, &c.o, &rb)
					stepDecide(tb, boxes, c.stop, &step)
					ts, tb = tb, ts // no state may leak between the two
					for i := 0; i < BatchSize; i++ {
						a, b := &split[i], &step[i]
						if a.Type != HitNone && a.InstanceCount == 1 && top.inPhase1(a.InstanceID[0]) {
							nsplit++
						}
						if weak {
							if (a.Type == HitNone) != (b.Type == HitNone) {
								t.Fatalf("%s ray %d: split %v, Begin/Step %v", name, lo+i, a.Type, b.Type)
							}
							continue
						}
						if a.Type != HitNone && !(a.InstanceCount == 1 && top.inPhase1(a.InstanceID[0])) {
							nother++
						}
						if !sameHitBits(a, b) {
							if a.Type != b.Type || a.Distance != b.Distance {
								t.Fatalf("%s ray %d (lane %d) %+v:\nsplit %+v\nstep  %+v", name, lo+i, i, rays[lo+i], *a, *b)
							}
							ties++
						}
					}
				}
				if nsplit == 0 || nother == 0 && !weak {
					t.Fatalf("%s: %d hits in phase-1 instances, %d in others", name, nsplit, nother)
				}
				if ties > 2 && !variant.identity { // (identity instances of one structure tie everywhere)
					t.Fatalf("%s: %d ties differ", name, ties)
				}
				t.Logf("%s: %d hits in phase-1 instances, %d in others, %d ties", name, nsplit, nother, ties)
			}
		}
	}
}

// TestBeginSplitRefuses checks that BeginSplit returns false wherever it
// does not apply, and that a Refit making a phase-1 child non-opaque
// withdraws it.
func TestBeginSplitRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	top, _ := splitScene(t, rng, 8, false, false)
	plain := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 50, 0.2), true)}})
	plainTop := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1}}, Structures: []*Structure{plain}})
	alpha := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 50, 0.2), false)}})
	alphaTop := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1}}, Structures: []*Structure{alpha}})
	var rb RayBatch
	r := randomRay(rng, -1, 2)
	rb.Set(0, &r)
	tr := NewTraverser()
	for _, c := range []struct {
		name string
		s    *Structure
		o    Options
	}{
		{"nil", nil, Options{}},
		{"primitive", plain, Options{}},
		{"batch", plainTop, Options{}},
		{"no plain instance", alphaTop, Options{}},
		{"force non-opaque", top, Options{ForceOpacity: ForceNonOpaque}},
		{"cull opaque", top, Options{OpacityCull: OpacityCullOpaque}},
		{"cull triangles", top, Options{GeometryCull: GeometryTriangle}},
		{"boxes only", top, Options{AssumeGeometry: GeometryBoundingBox}},
		{"one level", top, Options{MaxLevels: 1}},
	} {
		if tr.BeginSplit(c.s, &c.o, &rb) {
			t.Errorf("%s: BeginSplit applied", c.name)
		}
	}
	if !tr.BeginSplit(top, nil, &rb) {
		t.Fatal("BeginSplit refused nil options")
	}
	// Make the plain children non-opaque: no instance is left for phase 1.
	var refit []*Structure
	for i := range top.inst {
		if c := top.children[top.inst[i].child]; top.inPhase1(uint32(i)) && !contains(refit, c) {
			refit = append(refit, c)
		}
	}
	for _, c := range refit {
		d := &PrimitiveDescriptor{Geometries: make([]Geometry, len(c.geoms))}
		for k := range c.geoms {
			g := soupGeometry(c.triangleSoup(k), false)
			g.PrimitiveData, g.PrimitiveDataElementSize = c.geoms[k].primData, c.geoms[k].primSize
			d.Geometries[k] = g
		}
		d.Build.Width = c.width
		if err := c.Refit(context.Background(), d); err != nil {
			t.Fatal(err)
		}
	}
	if tr.BeginSplit(top, nil, &rb) {
		t.Fatal("BeginSplit applied after its phase-1 children became non-opaque")
	}
}

func contains(s []*Structure, c *Structure) bool {
	for _, x := range s {
		if x == c {
			return true
		}
	}
	return false
}

// triangleSoup returns geometry k's triangles of primitive structure s
// (one keyframe) as packed float3s, in primitive order.
func (s *Structure) triangleSoup(k int) []float32 {
	var out []float32
	n := 0
	for p := range s.ids {
		if s.ids[p] != holeID && int(s.slotAt(p).geom&geomMask) == k {
			n = max(n, int(s.slotAt(p).prim)+1)
		}
	}
	out = make([]float32, 9*n)
	for p := range s.ids {
		if s.ids[p] == holeID {
			continue
		}
		sl := s.slotAt(p)
		if int(sl.geom&geomMask) != k {
			continue
		}
		var v [9]float32
		s.slotVerts(p, &v)
		copy(out[9*int(sl.prim):], v[:])
	}
	return out
}

// BenchmarkBunnySplit: the bunny under one instance beside a second
// instance of 64 small non-opaque triangles spread through its bounds (a
// scene with some alpha-tested geometry), candidates accepted; BeginSplit
// then Step against Begin/Step, alternating in the same run (x-begin is
// the speed-up over Begin/Step).
func BenchmarkBunnySplit(b *testing.B) {
	m := bunny(b)
	lo, hi := m.Bounds()
	s := bunnyStructure(b, BuildOptions{})
	rng := rand.New(rand.NewPCG(75, 76))
	alpha := mustPrim(b, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 64, 0.05), false)}})
	var fit Float4x3 // [0,1]^3 onto the bunny's bounds
	fit[0], fit[4], fit[8] = hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2]
	fit[9], fit[10], fit[11] = lo[0], lo[1], lo[2]
	top := mustInst(b, &InstanceDescriptor{Structures: []*Structure{s, alpha},
		Instances: []Instance{{Transform: Identity4x3, Mask: 0xff}, {Transform: fit, Mask: 0xff, StructureIndex: 1}}})
	if top.split == nil {
		b.Fatal("not a split structure")
	}
	inc := toRays(benchscene.IncoherentRays(m, benchRays/4, 1))
	for _, set := range []struct {
		name string
		rays []Ray
		o    Options
	}{
		{"primary", toRays(benchscene.CameraRays(lo, hi, 256, 256)), Options{}},
		{"incoherent", inc, Options{}},
		{"shadow", inc, Options{AcceptAny: true}},
	} {
		b.Run(set.name, func(b *testing.B) {
			tr := NewTraverser()
			var rb RayBatch
			var h Hit
			var gbuf [BatchSize]Group
			rays := set.rays
			pass := func() {
				for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
					rb.Active = 0
					for i := 0; i < BatchSize; i++ {
						rb.Set(i, &rays[lo+i])
					}
					if !tr.BeginSplit(top, &set.o, &rb) {
						tr.Begin(top, &set.o, &rb)
					}
					for tr.Step() != 0 {
						for _, g := range tr.Groups(gbuf[:0]) {
							for m := g.Lanes; m != 0; m &= m - 1 {
								tr.Decide(trailing(m), Decision{Accept: true, Continue: true})
							}
						}
					}
					for i := 0; i < BatchSize; i++ {
						tr.Hit(i, &h)
					}
				}
			}
			per, speedup := alternatePasses(b, &disableSplit, pass)
			b.ReportMetric(float64(len(rays))/per.Seconds()/1e6, "Mrays/s")
			b.ReportMetric(speedup, "x-begin")
		})
	}
}
