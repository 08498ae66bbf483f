package accel

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
)

// batchScene is a random instanced scene: plain structures of widths 4 and
// 8 (one with primitive data, one empty) under static instances with
// random transforms (one singular), masks, user ids and culling, facing
// and opacity options.
func batchScene(t *testing.T, rng *rand.Rand, width int) (top, top4 *Structure, blas []*Structure) {
	// Small as they are, these scenes must use the stream kernel.
	t.Helper()
	streamAlways(t)
	for i := 0; i < 3; i++ {
		g := soupGeometry(soup(rng, 150+100*i, 0.2), true)
		if i == 1 {
			g.PrimitiveData = make([]byte, 4*g.TriangleCount)
			for k := range g.PrimitiveData {
				g.PrimitiveData[k] = byte(k)
			}
			g.PrimitiveDataElementSize = 4
		}
		blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g, soupGeometry(soup(rng, 20, 0.3), true)},
			Build: BuildOptions{Width: 4 + 4*(i%2)}}))
	}
	blas = append(blas, mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(nil, true)}}))
	opts := []InstanceOptions{0, InstanceDisableTriangleCulling, InstanceFrontFacingCCW, InstanceOpaque,
		InstanceDisableTriangleCulling | InstanceFrontFacingCCW}
	inst := make([]Instance, 24)
	for i := range inst {
		inst[i] = Instance{Transform: randomTransform(rng), Mask: 1 << uint(rng.IntN(4)), StructureIndex: uint32(rng.IntN(len(blas))),
			UserID: uint32(500 + i), Options: opts[rng.IntN(len(opts))], FunctionTableOffset: uint32(i)}
	}
	inst[3].Transform = Float4x3{} // singular: rays miss it
	inst[5].Transform = Identity4x3
	top = mustInst(t, &InstanceDescriptor{Instances: inst, Structures: blas, Build: BuildOptions{Width: width}})
	// top4: the same over 4-wide structures only (the stream kernel's
	// instance case).
	inst4 := append([]Instance(nil), inst...)
	for i := range inst4 {
		inst4[i].StructureIndex = []uint32{0, 0, 1, 2}[inst4[i].StructureIndex]
	}
	top4 = mustInst(t, &InstanceDescriptor{Instances: inst4, Structures: []*Structure{blas[0], blas[2], blas[3]}, Build: BuildOptions{Width: width}})
	if !top4.stream || top.stream {
		t.Fatal("stream eligibility")
	}
	if useTraceKernel && useSIMDNodes && (top4.kwidth != 4 || top.kwidth != 0 || blas[1].kwidth != 8) {
		t.Fatalf("assembly stream eligibility: mixed %d, 4-wide %d, 8-wide %d", top.kwidth, top4.kwidth, blas[1].kwidth)
	}
	return top, top4, blas
}

// batchRays returns random rays with random masks, times and intervals,
// some of them invalid.
func batchRays(rng *rand.Rand, n int) []Ray {
	rays := make([]Ray, n)
	for i := range rays {
		r := randomRay(rng, -1, 2.5)
		r.Mask = uint32(rng.IntN(16))
		r.Time = rng.Float32()*3 - 1
		switch rng.IntN(8) {
		case 0:
			r.MinDistance = rng.Float32() * 0.5
		case 1:
			r.MaxDistance = 0.3 + rng.Float32()
		case 2:
			r.MinDistance, r.MaxDistance = 0.2, 0.2+rng.Float32()*0.3
		}
		switch rng.IntN(40) {
		case 0:
			r.Origin[1] = float32(math.NaN())
		case 1:
			r.Direction = [3]float32{}
		case 2:
			r.MinDistance, r.MaxDistance = 1, 0.5
		case 3:
			r.MinDistance = -1
		case 4:
			r.Direction[2] = float32(math.Inf(1))
		}
		rays[i] = r
	}
	return rays
}

// stepBatch traces rb with Begin/Step (accepting triangle candidates as
// Intersect does, though none should arise) and reads every lane's hit.
func stepBatch(t *testing.T, tr *Traverser, s *Structure, o *Options, rb *RayBatch, hits *[BatchSize]Hit) {
	t.Helper()
	tr.Begin(s, o, rb)
	for tr.Step() != 0 {
		t.Fatal("a candidate arose in a batch TraceBatch accepts")
	}
	for i := range hits {
		tr.Hit(i, &hits[i])
	}
}

// sameHitBits compares every field of two hits, bit for bit.
func sameHitBits(a, b *Hit) bool {
	return identicalHits(a, b) && bytes.Equal(a.PrimitiveData, b.PrimitiveData) && (a.PrimitiveData == nil) == (b.PrimitiveData == nil) &&
		a.ObjectToWorld == b.ObjectToWorld && a.WorldToObject == b.WorldToObject &&
		a.ObjectOrigin == b.ObjectOrigin && a.ObjectDirection == b.ObjectDirection
}

// TestTraceBatchMatchesStep compares TraceBatch with Begin/Step (with and
// without the fast kernel) bit for bit, and with brute force, on random
// instanced and plain scenes under many options.
func TestTraceBatchMatchesStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	// One Traverser for every case: no state may leak between batches.
	tb, ts := NewTraverser(), NewTraverser()
	nrays := 1024
	if testing.Short() {
		nrays = 256
	}
	for _, width := range []int{4, 8} {
		top, top4, blas := batchScene(t, rng, width)
		// Random rays (the stream kernel) and camera-like batches (one
		// origin, one octant: the one-ray kernel).
		rays := batchRays(rng, nrays)
		for i := 0; i < nrays/2; i++ {
			r := NewRay([3]float32{-0.7, -0.6, -0.5}, [3]float32{0.5 + rng.Float32(), 0.5 + rng.Float32(), 0.5 + rng.Float32()})
			r.Mask = uint32(rng.IntN(16))
			rays = append(rays, r)
		}
		// One instance (the renderer's merged scenes): TraceBatch skips
		// the top level.
		one := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: randomTransform(rng), Mask: 2,
			Options: InstanceFrontFacingCCW, StructureIndex: 2, UserID: 9}}, Structures: blas, Build: BuildOptions{Width: width}})
		// top8: over the 8-wide structure only (the 8-wide assembly
		// stream kernel's instance case).
		top8 := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: randomTransform(rng), Mask: 1, StructureIndex: 0},
			{Transform: Identity4x3, Mask: 3, StructureIndex: 0, Options: InstanceFrontFacingCCW}, {Transform: randomTransform(rng), Mask: 2, StructureIndex: 1}},
			Structures: []*Structure{blas[1], blas[3]}, Build: BuildOptions{Width: width}})
		if useTraceKernel && useSIMDNodes && top8.kwidth != 8 {
			t.Fatalf("8-wide instances: assembly stream width %d", top8.kwidth)
		}
		one8 := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: randomTransform(rng), Mask: 3,
			StructureIndex: 1, UserID: 4}}, Structures: blas, Build: BuildOptions{Width: width}})
		oneID := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 0xff,
			Options: InstanceDisableTriangleCulling, StructureIndex: 0}}, Structures: blas, Build: BuildOptions{Width: width}})
		// The scenes' names for the brute-force hits (traceBatchBrute).
		scenes := map[*Structure]string{one: "one", one8: "one8", oneID: "oneID", top: "top", top4: "top4", top8: "top8",
			blas[0]: "blas0", blas[1]: "blas1", blas[2]: "blas2", blas[3]: "blas3"}
		for _, c := range []struct {
			name string
			s    *Structure
			o    Options
		}{
			{"one", one, Options{}},
			{"one/cullback-ccw-any", one, Options{CullMode: CullBack, Winding: CounterClockwise, AcceptAny: true}},
			{"one/world", one, Options{WorldSpaceData: true, CullMode: CullFront}},
			{"one8", one8, Options{}},
			{"one8/any-cullfront", one8, Options{AcceptAny: true, CullMode: CullFront}},
			{"one-identity", oneID, Options{CullMode: CullBack}},
			{"one-identity/assume", oneID, Options{AssumeIdentityTransforms: true}},
			{"inst", top, Options{}},
			{"inst/cullback", top, Options{CullMode: CullBack}},
			{"inst/cullfront-ccw", top, Options{CullMode: CullFront, Winding: CounterClockwise}},
			{"inst/any", top, Options{AcceptAny: true}},
			{"inst/any-cullback", top, Options{AcceptAny: true, CullMode: CullBack}},
			{"inst/world", top, Options{WorldSpaceData: true, CullMode: CullBack}},
			{"inst/identity", top, Options{AssumeIdentityTransforms: true}},
			{"inst/identity-world", top, Options{AssumeIdentityTransforms: true, WorldSpaceData: true}},
			{"inst/force-opaque", top, Options{ForceOpacity: ForceOpaque, OpacityCull: OpacityCullNonOpaque}},
			{"inst/levels3-boxcull", top, Options{MaxLevels: 3, GeometryCull: GeometryBoundingBox, AssumeGeometry: GeometryTriangle}},
			{"inst4", top4, Options{}},
			{"inst4/cullback-ccw", top4, Options{CullMode: CullBack, Winding: CounterClockwise}},
			{"inst4/any", top4, Options{AcceptAny: true}},
			{"inst4/world-identity", top4, Options{WorldSpaceData: true, AssumeIdentityTransforms: true}},
			{"inst8", top8, Options{}},
			{"inst8/any-cullback", top8, Options{AcceptAny: true, CullMode: CullBack}},
			{"prim", blas[1], Options{}},
			{"prim4", blas[2], Options{}},
			{"prim4/any", blas[2], Options{AcceptAny: true, CullMode: CullBack}},
			{"prim/cullfront", blas[0], Options{CullMode: CullFront}},
			{"prim/any-world", blas[1], Options{AcceptAny: true, WorldSpaceData: true}},
			{"prim/empty", blas[3], Options{}},
		} {
			name := fmt.Sprintf("w%d/%s", width, c.name)
			var batch, step, general [BatchSize]Hit
			for lo := 0; lo < len(rays); lo += BatchSize {
				var rb RayBatch
				for i := 0; i < BatchSize; i++ {
					if rng.IntN(8) != 0 {
						rb.Set(i, &rays[lo+i])
					}
				}
				if lo >= nrays && rb.Active != 0 && c.s.bounds.valid() && !coherent(c.s, &rb) {
					t.Fatalf("%s: camera batch not coherent", name)
				}
				if !tb.TraceBatch(c.s, &c.o, &rb) {
					t.Fatalf("%s: TraceBatch refused an eligible batch", name)
				}
				if tb.Running() != 0 || tb.Step() != 0 {
					t.Fatalf("%s: lanes left running after TraceBatch", name)
				}
				for i := range batch {
					tb.Hit(i, &batch[i])
				}
				stepBatch(t, ts, c.s, &c.o, &rb, &step)
				disableFast4 = true
				stepBatch(t, ts, c.s, &c.o, &rb, &general)
				disableFast4 = false
				tb, ts = ts, tb // each Traverser alternates between the two
				for i := 0; i < BatchSize; i++ {
					if !sameHitBits(&batch[i], &step[i]) || !sameHitBits(&batch[i], &general[i]) {
						t.Fatalf("%s ray %d (lane %d, active %v) %+v:\nbatch   %+v\nstep    %+v\ngeneral %+v", name, lo+i, i,
							rb.Active>>uint(i)&1 == 1, rays[lo+i], batch[i], step[i], general[i])
					}
					if rb.Active>>uint(i)&1 == 0 {
						if batch[i].Type != HitNone {
							t.Fatalf("%s: inactive lane %d hit", name, i)
						}
						continue
					}
					if c.o.AssumeIdentityTransforms {
						// A promise that the (random) transforms are
						// identities: the top level's boxes bound the
						// transformed instances, brute force does not
						// use boxes, so the two may differ.
						continue
					}
					want := traceBatchBrute.hit(fmt.Sprintf("w%d/%s", width, scenes[c.s]), c.s, &c.o, rays, lo+i)
					if c.o.AcceptAny {
						if (batch[i].Type == HitNone) != (want.Type == HitNone) {
							t.Fatalf("%s ray %d: any-hit %v, brute force %v", name, lo+i, batch[i].Type, want.Type)
						}
						continue
					}
					sameHit(t, fmt.Sprintf("%s ray %d", name, lo+i), &batch[i], want)
				}
			}
		}
	}
}

// TestTraceBatchRefuses checks that TraceBatch returns false, leaving the
// Traverser untouched, wherever a candidate could arise or the structure
// is outside its scope, and that a Refit which makes a child non-opaque
// withdraws its parent's eligibility.
func TestTraceBatchRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	plainG := soupGeometry(soup(rng, 100, 0.2), true)
	plain := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{plainG}})
	nonOpaque := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 100, 0.2), false)}})
	boxes := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{plainG, boxGeometry([]float32{0, 0, 0, 1, 1, 1}, 0)}})
	v0, v1 := soup(rng, 50, 0.2), soup(rng, 50, 0.2)
	motion := mustPrim(t, &PrimitiveDescriptor{MotionKeyframeCount: 2, MotionEndTime: 1, Geometries: []Geometry{&TriangleGeometry{
		GeometryCommon: GeometryCommon{Opaque: true}, TriangleCount: 50,
		MotionVertexData: []KeyframeData{{Data: f32bytes(v0)}, {Data: f32bytes(v1)}}}}})
	inst := func(in Instance, s ...*Structure) *Structure {
		if in.Transform == (Float4x3{}) && in.MotionTransforms == nil {
			in.Transform = Identity4x3
		}
		in.Mask = 0xff
		return mustInst(t, &InstanceDescriptor{Instances: []Instance{in}, Structures: s})
	}
	top := inst(Instance{}, plain)
	for _, c := range []struct {
		name string
		s    *Structure
		o    Options
	}{
		{"force-non-opaque", plain, Options{ForceOpacity: ForceNonOpaque}},
		{"opacity-cull-opaque", plain, Options{OpacityCull: OpacityCullOpaque}},
		{"triangle-cull", plain, Options{GeometryCull: GeometryTriangle}},
		{"assume-boxes", plain, Options{AssumeGeometry: GeometryBoundingBox}},
		{"non-opaque", nonOpaque, Options{}},
		{"boxes", boxes, Options{}},
		{"primitive-motion", motion, Options{}},
		{"inst/max-levels-1", top, Options{MaxLevels: 1}},
		{"inst/force-non-opaque", top, Options{ForceOpacity: ForceNonOpaque}},
		{"inst/non-opaque-instance", inst(Instance{Options: InstanceNonOpaque}, plain), Options{}},
		{"inst/non-opaque-instance-forced", inst(Instance{Options: InstanceNonOpaque}, plain), Options{ForceOpacity: ForceOpaque}},
		{"inst/motion-instance", inst(Instance{MotionTransforms: []Float4x3{Identity4x3, Identity4x3}, MotionEndTime: 1}, plain), Options{}},
		{"inst/non-opaque-child", inst(Instance{}, nonOpaque), Options{}},
		{"inst/box-child", inst(Instance{}, boxes), Options{}},
		{"inst/motion-child", inst(Instance{}, motion), Options{}},
		{"3 levels", inst(Instance{}, top), Options{MaxLevels: 3}},
	} {
		tr := NewTraverser()
		var rb RayBatch
		r := NewRay([3]float32{-1, 0.5, 0.5}, [3]float32{1, 0, 0})
		rb.Set(0, &r)
		tr.Begin(plain, nil, &rb)
		tr.Step()
		var before, after Hit
		tr.Hit(0, &before)
		if tr.TraceBatch(c.s, &c.o, &rb) {
			t.Fatalf("%s: TraceBatch accepted", c.name)
		}
		tr.Hit(0, &after)
		if tr.s != plain || !sameHitBits(&before, &after) {
			t.Fatalf("%s: refused TraceBatch changed the Traverser", c.name)
		}
	}

	// A nil structure: refused, and IntersectBatch reports misses.
	{
		var rb RayBatch
		r := NewRay([3]float32{0, 0, 0}, [3]float32{1, 0, 0})
		rb.Set(0, &r)
		tr := NewTraverser()
		if tr.TraceBatch(nil, nil, &rb) {
			t.Fatal("nil structure accepted")
		}
		var hits [BatchSize]Hit
		hits[0].Type = HitTriangle
		tr.IntersectBatch(nil, nil, &rb, nil, &hits)
		if hits[0].Type != HitNone {
			t.Fatal("nil structure hit")
		}
	}

	// A child refitted to non-opaque geometry withdraws the parent's
	// eligibility; refitted back, it is eligible again.
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{plainG}})
	parent := inst(Instance{}, s)
	var rb RayBatch
	rb.Set(0, &Ray{Direction: [3]float32{1, 0, 0}, MaxDistance: 1})
	tr := NewTraverser()
	if !tr.TraceBatch(parent, nil, &rb) {
		t.Fatal("plain parent refused")
	}
	g := *plainG
	g.Opaque = false
	if err := s.Refit(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{&g}}); err != nil {
		t.Fatal(err)
	}
	if tr.TraceBatch(parent, nil, &rb) || tr.TraceBatch(s, nil, &rb) {
		t.Fatal("TraceBatch accepted a structure refitted to non-opaque")
	}
	if err := s.Refit(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{plainG}}); err != nil {
		t.Fatal(err)
	}
	if !tr.TraceBatch(parent, nil, &rb) || !tr.TraceBatch(s, nil, &rb) {
		t.Fatal("TraceBatch refused a structure refitted back to opaque")
	}
}

// BenchmarkBunnyTraceBatch measures the engine's sequence (TraceBatch, then
// Hit per lane) on the bunny and on the bunny under an instance, one
// worker; the baseline is Begin/Step/Hit on the same rays, alternating
// with it in the same run (x-beginstep is the speed-up over it).
func BenchmarkBunnyTraceBatch(b *testing.B) {
	m := bunny(b)
	lo, hi := m.Bounds()
	s := bunnyStructure(b, BuildOptions{})
	xf := instancedTransform()
	top, err := BuildInstance(context.Background(), &InstanceDescriptor{Structures: []*Structure{s},
		Instances: []Instance{{Transform: xf, Mask: 0xff}}})
	if err != nil {
		b.Fatal(err)
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
		for _, target := range []*Structure{s, top} {
			name, rays := set.name, set.rays
			if target == top {
				name = "instanced/" + name
				rays = make([]Ray, len(set.rays))
				for i, r := range set.rays {
					r.Origin, r.Direction = xf.Point(r.Origin), xf.Vector(r.Direction)
					rays[i] = r
				}
			}
			b.Run(name, func(b *testing.B) {
				tr := NewTraverser()
				var rb RayBatch
				var h Hit
				pass := func() {
					for lo := 0; lo+BatchSize <= len(rays); lo += BatchSize {
						rb.Active = 0
						for i := 0; i < BatchSize; i++ {
							rb.Set(i, &rays[lo+i])
						}
						if !tr.TraceBatch(target, &set.o, &rb) {
							tr.Begin(target, &set.o, &rb)
							for tr.Step() != 0 {
								b.Fatal("candidate")
							}
						}
						for i := 0; i < BatchSize; i++ {
							tr.Hit(i, &h)
						}
					}
				}
				per, speedup := alternatePasses(b, &disableBatch, pass)
				b.ReportMetric(float64(len(rays))/per.Seconds()/1e6, "Mrays/s")
				b.ReportMetric(speedup, "x-beginstep")
			})
		}
	}
}

// TestSmallStructuresSkipStream: a structure that fits in the caches has
// nothing to overlap, so its batches are traced one ray at a time.
func TestSmallStructuresSkipStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	small := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 64, 0.1), true)}})
	if small.footprint() >= streamMinBytes || small.stream || small.kwidth != 0 {
		t.Errorf("64 triangles (%d bytes): stream %v, want false", small.footprint(), small.stream)
	}
	streamAlways(t)
	big := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 64, 0.1), true)}, Build: BuildOptions{Width: 4}})
	if !big.stream {
		t.Error("with no size floor a 4-wide plain structure should use the stream kernel")
	}
	big8 := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(soup(rng, 64, 0.1), true)}, Build: BuildOptions{Width: 8}})
	if useTraceKernel && useSIMDNodes && big8.kwidth != 8 {
		t.Errorf("with no size floor an 8-wide plain structure should use the assembly stream kernel (width %d)", big8.kwidth)
	}
}

// TestHitSummaryMatchesHit: HitSummary and HitInstance read the same
// result as Hit, hit or miss, at every instance level.
func TestHitSummaryMatchesHit(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	top, _, _ := batchScene(t, rng, 4)
	rays := batchRays(rng, 256)
	tr := NewTraverser()
	for lo := 0; lo < len(rays); lo += BatchSize {
		var rb RayBatch
		for i := 0; i < BatchSize; i++ {
			if i%7 != 3 {
				rb.Set(i, &rays[lo+i])
			}
		}
		if !tr.TraceBatch(top, &Options{}, &rb) {
			t.Fatal("TraceBatch refused an eligible batch")
		}
		for i := 0; i < BatchSize; i++ {
			var h Hit
			tr.Hit(i, &h)
			typ, dist, prim, geom, bary, front, n := tr.HitSummary(i)
			if typ != h.Type || dist != h.Distance || prim != h.PrimitiveID || geom != h.GeometryID ||
				bary != h.Barycentrics || front != h.FrontFacing || n != h.InstanceCount {
				t.Fatalf("lane %d: summary %v %v %v %v %v %v %v, Hit %+v", i, typ, dist, prim, geom, bary, front, n, h)
			}
			for k := 0; k <= int(n); k++ {
				id, user, ok := tr.HitInstance(i, k)
				if ok != (k < int(n)) || (ok && (id != h.InstanceID[k] || user != h.UserInstanceID[k])) {
					t.Fatalf("lane %d level %d: %d %d %v, Hit %v %v", i, k, id, user, ok, h.InstanceID, h.UserInstanceID)
				}
			}
		}
	}
}

// bruteCache keeps BruteForce's hits of a test's rays through its scenes
// by scene name and options, computed as they are asked for. Options that
// change only which of the hits is reported (AcceptAny: only whether there
// is one is compared) or the world-space data (not compared) share the
// closest hits. A test that builds the same scenes and rays again (its
// rerun without the SIMD kernels in TestScalarKernels: the same seeds)
// finds them there: brute-force hits depend on the primitives, not on the
// tree or the vertex layout.
type bruteCache struct {
	mu   sync.Mutex
	hits map[bruteKey][]*Hit
}

type bruteKey struct {
	scene string
	n     int // the number of rays
	o     Options
}

// traceBatchBrute is TestTraceBatchMatchesStep's.
var traceBatchBrute bruteCache

// hit returns BruteForce(s, &rays[i], o) for scene s named scene.
func (c *bruteCache) hit(scene string, s *Structure, o *Options, rays []Ray, i int) *Hit {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hits == nil {
		c.hits = map[bruteKey][]*Hit{}
	}
	k := bruteKey{scene, len(rays), *o}
	k.o.AcceptAny, k.o.WorldSpaceData = false, false
	hs := c.hits[k]
	if hs == nil {
		hs = make([]*Hit, len(rays))
		c.hits[k] = hs
	}
	if hs[i] == nil {
		hs[i] = new(Hit)
		BruteForce(s, &rays[i], &k.o, hs[i])
	}
	return hs[i]
}

// alternatePasses runs pass twice in each b.Loop iteration, first with
// *off set (the path under comparison switched off), then cleared, so that
// both see the same load. It returns the mean time of a pass with *off
// cleared and the speed-up over the passes with it set.
func alternatePasses(b *testing.B, off *bool, pass func()) (per time.Duration, speedup float64) {
	var base time.Duration
	n := 0
	for b.Loop() {
		*off = true
		t0 := time.Now()
		pass()
		base += time.Since(t0)
		*off = false
		t0 = time.Now()
		pass()
		per += time.Since(t0)
		n++
	}
	per /= time.Duration(n)
	base /= time.Duration(n)
	return per, float64(base) / float64(per)
}

// TestKeepsNonzero checks keepsNonzero: transformRay3 by a matrix it
// accepts (the identity with zeros of either sign, such as Inverse gives
// the identity) returns finite rays without zero components bit for bit,
// and it refuses matrices that are not of that form.
func TestKeepsNonzero(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	negZero := float32(math.Copysign(0, -1))
	if inv := Identity4x3.Inverse(); !inv.keepsNonzero() {
		t.Fatalf("identity's inverse %v refused", inv)
	}
	comp := func() float32 {
		for {
			x := math.Float32frombits(rng.Uint32())
			if x != 0 && !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) {
				return x
			}
		}
	}
	for k := 0; k < 2000; k++ {
		m := Identity4x3
		for i := range m {
			if m[i] == 0 && rng.IntN(2) == 0 {
				m[i] = negZero
			}
		}
		if !m.keepsNonzero() {
			t.Fatalf("%v refused", m)
		}
		in := [6]float32{comp(), comp(), comp(), comp(), comp(), comp()}
		var out [6]float32
		out[0], out[1], out[2], out[3], out[4], out[5] = m.transformRay3(in[0], in[1], in[2], in[3], in[4], in[5])
		for i := range in {
			if math.Float32bits(out[i]) != math.Float32bits(in[i]) {
				t.Fatalf("%v moves %v to %v", m, in, out)
			}
		}
		m[rng.IntN(len(m))] = 0.5
		if m.keepsNonzero() {
			t.Fatalf("%v accepted", m)
		}
		// noZero never passes a zero component, whatever the others'
		// magnitudes (huge ones overflow the product)
		if rng.IntN(2) == 0 {
			for i := range in {
				in[i] = math.Float32frombits(rng.Uint32()&(1<<31) | 0x7e000000 | rng.Uint32()&0xffffff)
			}
		}
		in[rng.IntN(len(in))] = []float32{0, negZero}[rng.IntN(2)]
		if noZero(in[0], in[1], in[2], in[3], in[4], in[5]) {
			t.Fatalf("noZero(%v)", in)
		}
	}
	if !noZero(1, -2, 3, 1e-3, 1e20, -1e20) {
		t.Fatal("noZero refused a ray without zeros")
	}
}

// TestTraceBatchUnitTransform compares TraceBatch's one-instance path,
// which hands rays without zero components to the kernel untransformed
// where the instance's inverse transform keeps them (keepsNonzero), with
// Begin/Step, which transforms every ray, bit for bit: rays with zero
// components of either sign (which the transform may change) and invalid
// rays, over triangles with vertex coordinates of either zero, under
// identity, signed-zero and other transforms.
func TestTraceBatchUnitTransform(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	negZero := float32(math.Copysign(0, -1))
	vals := []float32{-1, negZero, 0, 0.5, 1}
	var v []float32
	for i := 0; i < 9*300; i++ {
		v = append(v, vals[rng.IntN(len(vals))])
	}
	signedZeros := Float4x3{1, negZero, 0, negZero, 1, 0, 0, negZero, 1, negZero, 0, negZero}
	scaled := Identity4x3
	scaled[0], scaled[4] = 2, 0.5
	moved := Identity4x3
	moved[10] = 0.25
	coord := func(big float32) float32 {
		switch rng.IntN(4) {
		case 0:
			return negZero
		case 1:
			return 0
		}
		return (rng.Float32()*2 - 1) * big
	}
	rays := make([]Ray, 4096)
	for i := range rays {
		r := NewRay([3]float32{coord(2), coord(2), coord(2)}, [3]float32{coord(1), coord(1), coord(1)})
		r.Mask = uint32(rng.IntN(4))
		switch rng.IntN(16) {
		case 0:
			r.Origin[2] = float32(math.NaN())
		case 1:
			r.Direction = [3]float32{negZero, 0, negZero}
		case 2:
			r.MinDistance, r.MaxDistance = 1, 0.5
		case 3:
			r.MaxDistance = 1.5
		case 4:
			// huge components: their product overflows (times a
			// zero, NaN)
			r.Direction[0], r.Direction[1] = 1e30, -1e30
		}
		rays[i] = r
	}
	tb, ts := NewTraverser(), NewTraverser()
	saved := streamMinBytes
	t.Cleanup(func() { streamMinBytes = saved })
	for k := 0; k < 4; k++ {
		// small structures trace one ray at a time; with streamMinBytes
		// 0, the random rays' batches stream
		width, streamed := 4+4*(k&1), k >= 2
		streamMinBytes = saved
		if streamed {
			streamMinBytes = 0
		}
		blas := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, true)}, Build: BuildOptions{Width: width}})
		for _, xf := range []Float4x3{Identity4x3, signedZeros, scaled, moved} {
			inv := xf.Inverse()
			s := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: xf, Mask: 1, StructureIndex: 0, UserID: 3}},
				Structures: []*Structure{blas}, Build: BuildOptions{Width: width}})
			for _, o := range []Options{{}, {WorldSpaceData: true}, {CullMode: CullBack}, {AcceptAny: true}, {AssumeIdentityTransforms: true}} {
				name := fmt.Sprintf("w%d/stream %v/%v/%+v", width, streamed, xf, o)
				if o.AssumeIdentityTransforms && !inv.keepsNonzero() {
					continue // the promise would not hold
				}
				var batch, step, general [BatchSize]Hit
				hits, streamedBatches := 0, 0
				for lo := 0; lo < len(rays); lo += BatchSize {
					var rb RayBatch
					for i := 0; i < BatchSize; i++ {
						if rng.IntN(8) != 0 {
							rb.Set(i, &rays[lo+i])
						}
					}
					if streams(s, &rb) {
						streamedBatches++
					}
					if !tb.TraceBatch(s, &o, &rb) {
						t.Fatalf("%s: TraceBatch refused", name)
					}
					for i := range batch {
						tb.Hit(i, &batch[i])
					}
					stepBatch(t, ts, s, &o, &rb, &step)
					disableFast4 = true
					stepBatch(t, ts, s, &o, &rb, &general)
					disableFast4 = false
					tb, ts = ts, tb
					for i := range batch {
						if !sameHitBits(&batch[i], &step[i]) || !sameHitBits(&batch[i], &general[i]) {
							t.Fatalf("%s ray %d (active %v) %+v:\nbatch   %+v\nstep    %+v\ngeneral %+v", name, lo+i,
								rb.Active>>uint(i)&1 == 1, rays[lo+i], batch[i], step[i], general[i])
						}
						if batch[i].Type != HitNone {
							hits++
						}
					}
				}
				if hits == 0 {
					t.Fatalf("%s: no hits", name)
				}
				if (streamedBatches != 0) != (streamed && hasPrefetch) {
					t.Fatalf("%s: %d batches streamed", name, streamedBatches)
				}
			}
		}
	}
}
