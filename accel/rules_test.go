package accel

import (
	"context"
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// unitTri is v0=(0,0,0), v1=(1,0,0), v2=(0,1,0): counter-clockwise when seen
// from +z, so back-facing for a ray coming down from +z under Metal's
// default (clockwise) winding.
var unitTri = []float32{0, 0, 0, 1, 0, 0, 0, 1, 0}

var downRay = NewRay([3]float32{0.2, 0.3, 1}, [3]float32{0, 0, -1})

func TestFacingAndCulling(t *testing.T) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(unitTri, true)}})
	h := s.Intersect(downRay, nil, nil)
	if h.Type != HitTriangle || h.Distance != 1 || h.FrontFacing || h.Barycentrics != [2]float32{0.2, 0.3} {
		t.Fatalf("default: %+v", h)
	}
	tests := []struct {
		name  string
		o     Options
		hit   bool
		front bool
	}{
		{"cull back", Options{CullMode: CullBack}, false, false},
		{"cull front", Options{CullMode: CullFront}, true, false},
		{"ccw winding", Options{Winding: CounterClockwise}, true, true},
		{"ccw cull front", Options{Winding: CounterClockwise, CullMode: CullFront}, false, false},
	}
	for _, tc := range tests {
		h := s.Intersect(downRay, &tc.o, nil)
		if (h.Type != HitNone) != tc.hit || (tc.hit && h.FrontFacing != tc.front) {
			t.Errorf("%s: %v front=%v, want hit=%v front=%v", tc.name, h.Type, h.FrontFacing, tc.hit, tc.front)
		}
	}
	// Seen from below the triangle is clockwise: front-facing.
	up := NewRay([3]float32{0.2, 0.3, -1}, [3]float32{0, 0, 1})
	if h := s.Intersect(up, nil, nil); !h.FrontFacing {
		t.Error("triangle seen clockwise is not front-facing")
	}
	// Instance options.
	itests := []struct {
		name  string
		opt   InstanceOptions
		o     Options
		hit   bool
		front bool
	}{
		{"ccw instance", InstanceFrontFacingCCW, Options{}, true, true},
		{"ccw instance cull back", InstanceFrontFacingCCW, Options{CullMode: CullBack}, true, true},
		{"ccw instance cull front", InstanceFrontFacingCCW, Options{CullMode: CullFront}, false, false},
		{"culling disabled", InstanceDisableTriangleCulling, Options{CullMode: CullBack}, true, false},
	}
	for _, tc := range itests {
		top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1, Options: tc.opt}}, Structures: []*Structure{s}})
		h := top.Intersect(downRay, &tc.o, nil)
		if (h.Type != HitNone) != tc.hit || (tc.hit && h.FrontFacing != tc.front) {
			t.Errorf("%s: %v front=%v, want hit=%v front=%v", tc.name, h.Type, h.FrontFacing, tc.hit, tc.front)
		}
	}
}

func TestMasksAndTransforms(t *testing.T) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(unitTri, true)}})
	xf := Identity4x3
	xf[0], xf[4] = 2, 2 // scale x, y by 2
	xf[11] = -3         // move down by 3
	top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: xf, Mask: 2, UserID: 77}}, Structures: []*Structure{s}})
	r := NewRay([3]float32{1.5, 0.2, 1}, [3]float32{0, 0, -1})
	r.Mask = 1
	if h := top.Intersect(r, nil, nil); h.Type != HitNone {
		t.Fatal("instance hit although masks do not overlap")
	}
	r.Mask = 3
	h := top.Intersect(r, &Options{WorldSpaceData: true}, nil)
	if h.Type != HitTriangle || h.Distance != 4 || h.InstanceCount != 1 || h.UserInstanceID[0] != 77 {
		t.Fatalf("hit %+v", h)
	}
	if h.ObjectOrigin != [3]float32{0.75, 0.1, 4} || h.WorldToObject[0] != 0.5 || h.ObjectToWorld[11] != -3 {
		t.Fatalf("object ray %v %v transforms %v %v", h.ObjectOrigin, h.ObjectDirection, h.ObjectToWorld, h.WorldToObject)
	}
	if h := top.Intersect(r, &Options{AssumeIdentityTransforms: true}, nil); h.Type != HitNone {
		t.Fatal("identity-transform traversal hit the scaled-only region")
	}
	// Invalid rays never hit.
	for _, bad := range []Ray{
		{Direction: [3]float32{0, 0, 0}, MaxDistance: 1, Mask: 3},
		{Origin: [3]float32{float32(math.NaN()), 0, 0}, Direction: [3]float32{0, 0, -1}, MaxDistance: 1, Mask: 3},
		{Origin: [3]float32{1.5, 0.2, 1}, Direction: [3]float32{0, 0, -1}, MinDistance: 2, MaxDistance: 1, Mask: 3},
		{Origin: [3]float32{1.5, 0.2, 1}, Direction: [3]float32{0, 0, -1}, MinDistance: -1, MaxDistance: 10, Mask: 3},
	} {
		if h := top.Intersect(bad, nil, nil); h.Type != HitNone {
			t.Fatalf("invalid ray %+v hit", bad)
		}
	}
	// Distance limits.
	r.MaxDistance = 3.9
	if h := top.Intersect(r, nil, nil); h.Type != HitNone {
		t.Fatal("hit beyond max distance")
	}
}

// stack returns n non-opaque unit triangles at z = 0, -1, -2, ….
func stack(n int) []float32 {
	var v []float32
	for i := 0; i < n; i++ {
		for j := 0; j < 3; j++ {
			v = append(v, unitTri[3*j], unitTri[3*j+1], -float32(i))
		}
	}
	return v
}

func TestOpacityRules(t *testing.T) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(stack(5), false)}})
	calls := 0
	reject := func(c *Candidate) Decision { calls++; return Decision{} }
	if h := s.Intersect(downRay, nil, reject); h.Type != HitNone || calls != 5 {
		t.Fatalf("reject all: %v after %d calls, want miss after 5", h.Type, calls)
	}
	calls = 0
	if h := s.Intersect(downRay, &Options{ForceOpacity: ForceOpaque}, reject); h.Type != HitTriangle || calls != 0 || h.Distance != 1 {
		t.Fatalf("forced opaque: %+v after %d calls", h, calls)
	}
	if h := s.Intersect(downRay, &Options{OpacityCull: OpacityCullNonOpaque}, nil); h.Type != HitNone {
		t.Fatal("non-opaque triangles not culled")
	}
	if h := s.Intersect(downRay, &Options{GeometryCull: GeometryTriangle}, nil); h.Type != HitNone {
		t.Fatal("triangles not culled by geometry cull mode")
	}
	if h := s.Intersect(downRay, &Options{AssumeGeometry: GeometryBoundingBox}, nil); h.Type != HitNone {
		t.Fatal("triangles hit although only boxes are assumed")
	}
	top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1, Options: InstanceOpaque}}, Structures: []*Structure{s}})
	calls = 0
	if h := top.Intersect(downRay, nil, reject); h.Type != HitTriangle || calls != 0 {
		t.Fatalf("opaque instance: %v after %d calls", h.Type, calls)
	}
	if h := top.Intersect(downRay, &Options{OpacityCull: OpacityCullOpaque}, reject); h.Type != HitNone {
		t.Fatal("opaque instance not culled")
	}
	// Accept all but the two nearest (alpha test): the third is the hit.
	h := s.Intersect(downRay, nil, func(c *Candidate) Decision {
		return Decision{Accept: c.PrimitiveID >= 2, Continue: true}
	})
	if h.PrimitiveID != 2 || h.Distance != 3 {
		t.Fatalf("alpha test: prim %d at %v, want 2 at 3", h.PrimitiveID, h.Distance)
	}
	// accept_any_intersection stops at the first accepted candidate.
	calls = 0
	s.Intersect(downRay, &Options{AcceptAny: true}, func(c *Candidate) Decision { calls++; return Decision{Accept: true, Continue: true} })
	if calls != 1 {
		t.Fatalf("accept any: %d calls", calls)
	}
	// continue_search=false stops at once with the accepted hit.
	calls = 0
	var first float32
	h = s.Intersect(downRay, nil, func(c *Candidate) Decision {
		calls++
		first = c.Distance
		return Decision{Accept: true, Continue: false}
	})
	if calls != 1 || h.Distance != first {
		t.Fatalf("continue_search=false: %d calls, hit at %v, accepted %v", calls, h.Distance, first)
	}
	// Rejection with continue=false does not stop the search.
	calls = 0
	s.Intersect(downRay, nil, func(c *Candidate) Decision { calls++; return Decision{Accept: false, Continue: false} })
	if calls != 5 {
		t.Fatalf("rejected continue=false: %d calls, want 5", calls)
	}
	// Candidate max distance shrinks as hits are accepted.
	prevMax := float32(math.Inf(1))
	s.Intersect(downRay, nil, func(c *Candidate) Decision {
		if c.MaxDistance > prevMax || c.Distance > c.MaxDistance {
			t.Errorf("candidate at %v with max %v after max %v", c.Distance, c.MaxDistance, prevMax)
		}
		prevMax = c.MaxDistance
		return Decision{Accept: true, Continue: true}
	})
}

func TestEqualDistancePriority(t *testing.T) {
	// Two identical non-opaque triangles: both candidates lie at distance
	// 1; the one accepted last wins.
	v := append(append([]float32(nil), unitTri...), unitTri...)
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(v, false)}})
	var order []uint32
	h := s.Intersect(downRay, nil, func(c *Candidate) Decision {
		order = append(order, c.PrimitiveID)
		return Decision{Accept: true, Continue: true}
	})
	if len(order) != 2 || h.PrimitiveID != order[1] {
		t.Fatalf("calls %v, hit prim %d: the later equal-distance acceptance must win", order, h.PrimitiveID)
	}
}

func boxGeometry(boxes []float32, offset uint32) *BoundingBoxGeometry {
	return &BoundingBoxGeometry{GeometryCommon: GeometryCommon{FunctionTableOffset: offset}, BoxData: f32bytes(boxes), BoxCount: len(boxes) / 6}
}

// sphereFn intersects the sphere inscribed in the candidate's box (given by
// the boxes slice) in object space.
func sphereFn(boxes []float32) IntersectionFunc {
	return func(c *Candidate) Decision {
		b := boxes[6*c.PrimitiveID:]
		var oc [3]float64
		var r float64
		for k := 0; k < 3; k++ {
			oc[k] = float64(c.Origin[k]) - float64(b[k]+b[3+k])/2
			r = float64(b[3+k]-b[k]) / 2
		}
		d := [3]float64{float64(c.Direction[0]), float64(c.Direction[1]), float64(c.Direction[2])}
		a := d[0]*d[0] + d[1]*d[1] + d[2]*d[2]
		hb := oc[0]*d[0] + oc[1]*d[1] + oc[2]*d[2]
		cc := oc[0]*oc[0] + oc[1]*oc[1] + oc[2]*oc[2] - r*r
		disc := hb*hb - a*cc
		if disc < 0 {
			return Decision{}
		}
		tt := float32((-hb - math.Sqrt(disc)) / a)
		return Decision{Accept: tt >= c.MinDistance && tt <= c.MaxDistance, Continue: true, Distance: tt}
	}
}

func TestBoundingBoxes(t *testing.T) {
	boxes := []float32{-1, -1, -1, 1, 1, 1, 2, -1, -1, 4, 1, 1}
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{boxGeometry(boxes, 3)}})
	r := NewRay([3]float32{-5, 0, 0}, [3]float32{1, 0, 0})
	h := s.Intersect(r, nil, sphereFn(boxes))
	if h.Type != HitBoundingBox || h.PrimitiveID != 0 || math.Abs(float64(h.Distance-4)) > 1e-6 {
		t.Fatalf("sphere hit %+v", h)
	}
	// Without a function boxes are never hit.
	if h := s.Intersect(r, nil, nil); h.Type != HitNone {
		t.Fatal("box hit without a function")
	}
	// A distance outside [min, max] is rejected.
	rf := r
	rf.MaxDistance = 100
	if h := s.Intersect(rf, nil, func(c *Candidate) Decision { return Decision{Accept: true, Distance: c.MaxDistance + 1} }); h.Type != HitNone {
		t.Fatal("out-of-range distance accepted")
	}
	// Candidates carry the resolved opacity and table offsets.
	top := mustInst(t, &InstanceDescriptor{Instances: []Instance{{Transform: Identity4x3, Mask: 1, FunctionTableOffset: 10, Options: InstanceOpaque}}, Structures: []*Structure{s}})
	top.Intersect(r, nil, func(c *Candidate) Decision {
		if !c.Opaque || c.FunctionIndex != 13 || c.InstanceTableOffset != 10 || c.GeometryTableOffset != 3 {
			t.Errorf("candidate %+v", c)
		}
		return Decision{}
	})
	// A ray that starts inside the first box but whose sphere test misses
	// still reaches the second.
	r2 := NewRay([3]float32{-0.5, 0.95, 0.95}, [3]float32{1, 0, 0})
	if h := s.Intersect(r2, nil, sphereFn(boxes)); h.Type != HitNone && h.PrimitiveID == 0 {
		t.Fatalf("corner ray hit sphere 0: %+v", h)
	}
	if h := s.Intersect(r, &Options{GeometryCull: GeometryBoundingBox}, sphereFn(boxes)); h.Type != HitNone {
		t.Fatal("boxes not culled")
	}
}

func TestBatchGroups(t *testing.T) {
	boxes := []float32{-1, -1, -1, 1, 1, 1}
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{
		soupGeometry([]float32{0, 0, 5, 1, 0, 5, 0, 1, 5}, false), // offset 0, at z=5
		boxGeometry(boxes, 3),
	}})
	var rb RayBatch
	for i := 0; i < BatchSize; i++ {
		r := NewRay([3]float32{0.2, 0.2, 10}, [3]float32{0, 0, -1}) // hits triangle then box
		if i%2 == 1 {
			r = NewRay([3]float32{0.2, 0.2, -10}, [3]float32{0, 0, 1}) // box first
		}
		if i%5 == 4 {
			continue
		}
		rb.Set(i, &r)
	}
	tr := NewTraverser()
	var hits [BatchSize]Hit
	calls := map[uint32]int{}
	tr.IntersectBatch(s, nil, &rb, func(tr *Traverser, g Group) {
		calls[g.FunctionIndex]++
		fn := sphereFn(boxes)
		for m := g.Lanes; m != 0; m &= m - 1 {
			i := trailing(m)
			c := tr.Candidate(i)
			if c.FunctionIndex != g.FunctionIndex {
				t.Errorf("lane %d in group %d has function %d", i, g.FunctionIndex, c.FunctionIndex)
			}
			if c.Type == HitTriangle {
				tr.Decide(i, Decision{Accept: false, Continue: true})
			} else {
				tr.Decide(i, fn(c))
			}
		}
	}, &hits)
	for i := 0; i < BatchSize; i++ {
		if i%5 == 4 {
			if hits[i].Type != HitNone {
				t.Errorf("inactive lane %d hit", i)
			}
			continue
		}
		want := float32(10 - math.Sqrt(0.92))
		if hits[i].Type != HitBoundingBox || math.Abs(float64(hits[i].Distance-want)) > 1e-5 {
			t.Errorf("lane %d: %v at %v", i, hits[i].Type, hits[i].Distance)
		}
	}
	if len(calls) != 2 || calls[0] == 0 || calls[3] == 0 {
		t.Errorf("group calls %v", calls)
	}
}

func TestVertexFormatsAndIndices(t *testing.T) {
	// The same triangle in several encodings gives the same hit.
	half := func(f float32) []byte {
		var b [2]byte
		h := map[float32]uint16{0: 0, 1: 0x3c00, 0.5: 0x3800, -2: 0xc000}[f]
		binary.LittleEndian.PutUint16(b[:], h)
		return b[:]
	}
	verts := [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {-2, -2, 0.5}}
	var f4, h3 []byte
	for _, v := range verts {
		f4 = append(f4, f32bytes([]float32{v[0], v[1], v[2], 9})...)
		for _, c := range v {
			h3 = append(h3, half(c)...)
		}
	}
	idx16 := []byte{3, 0, 0, 0, 1, 0, 2, 0} // unused vertex 3 first, then 0,1,2 from offset 2
	geoms := []Geometry{
		&TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, VertexData: f4, VertexFormat: VertexFloat4, TriangleCount: 1},
		&TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, VertexData: f4, VertexFormat: VertexFloat3, VertexStride: 16, TriangleCount: 1},
		&TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, VertexData: h3, VertexFormat: VertexHalf3, TriangleCount: 1},
		&TriangleGeometry{GeometryCommon: GeometryCommon{Opaque: true}, VertexData: h3, VertexFormat: VertexHalf3, IndexData: idx16, IndexOffset: 2, IndexType: IndexUint16, TriangleCount: 1},
	}
	for i, g := range geoms {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}})
		if h := s.Intersect(downRay, nil, nil); h.Type != HitTriangle || h.Distance != 1 || h.Barycentrics != [2]float32{0.2, 0.3} {
			t.Errorf("encoding %d: %+v", i, h)
		}
	}
	// A build-time transform moves the triangle.
	xf := Identity4x3
	xf[11] = -1
	g := soupGeometry(unitTri, true)
	g.Transform = &xf
	if h := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}}).Intersect(downRay, nil, nil); h.Distance != 2 {
		t.Errorf("transformed triangle hit at %v, want 2", h.Distance)
	}
	// Primitive data.
	g = soupGeometry(stack(2), true)
	g.PrimitiveData = f32bytes([]float32{0, 11, 0, 22})
	g.PrimitiveDataStride, g.PrimitiveDataElementSize, g.PrimitiveDataOffset = 8, 4, 4
	h := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{g}}).Intersect(downRay, nil, nil)
	if len(h.PrimitiveData) != 4 || math.Float32frombits(binary.LittleEndian.Uint32(h.PrimitiveData)) != 11 {
		t.Errorf("primitive data %v", h.PrimitiveData)
	}
}

func TestDescriptorErrors(t *testing.T) {
	ctx := context.Background()
	tri := soupGeometry(unitTri, true)
	tests := []struct {
		name string
		d    *PrimitiveDescriptor
		want string
	}{
		{"short vertex buffer", &PrimitiveDescriptor{Geometries: []Geometry{&TriangleGeometry{VertexData: make([]byte, 20), TriangleCount: 1}}}, "Geometries[0].VertexData"},
		{"bad index", &PrimitiveDescriptor{Geometries: []Geometry{&TriangleGeometry{VertexData: make([]byte, 36), IndexData: []byte{0, 0, 0, 0, 9, 0}, IndexType: IndexUint16, TriangleCount: 1}}}, "VertexData"},
		{"stride", &PrimitiveDescriptor{Geometries: []Geometry{&TriangleGeometry{VertexData: make([]byte, 36), VertexStride: 6, TriangleCount: 1}}}, "VertexStride"},
		{"width", &PrimitiveDescriptor{Geometries: []Geometry{tri}, Build: BuildOptions{Width: 3}}, "Build.Width"},
		{"motion keys", &PrimitiveDescriptor{Geometries: []Geometry{tri}, MotionKeyframeCount: 2, MotionEndTime: 1}, "MotionVertexData"},
		{"box stride", &PrimitiveDescriptor{Geometries: []Geometry{&BoundingBoxGeometry{BoxData: make([]byte, 48), BoxStride: 20, BoxCount: 1}}}, "BoxStride"},
		{"nil", &PrimitiveDescriptor{Geometries: []Geometry{(*TriangleGeometry)(nil)}}, "Geometries[0]: nil"},
		{"primitive data", &PrimitiveDescriptor{Geometries: []Geometry{&TriangleGeometry{VertexData: make([]byte, 36), TriangleCount: 1, GeometryCommon: GeometryCommon{PrimitiveData: make([]byte, 2), PrimitiveDataElementSize: 4}}}}, "PrimitiveData"},
	}
	for _, tc := range tests {
		_, err := BuildPrimitive(ctx, tc.d)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want mention of %q", tc.name, err, tc.want)
		}
	}
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{tri}})
	if _, err := BuildInstance(ctx, &InstanceDescriptor{Instances: []Instance{{StructureIndex: 1}}, Structures: []*Structure{s}}); err == nil || !strings.Contains(err.Error(), "Instances[0].StructureIndex") {
		t.Errorf("instance index error: %v", err)
	}
}

func TestSizesAndCompaction(t *testing.T) {
	for _, b := range []BuildOptions{{Width: 4}, {Width: 8}, {Width: 8, Quality: QualityHigh}, {Quality: QualityFast}} {
		s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(stack(100), true)}, Build: b})
		z := s.Sizes()
		c := s.Compact()
		if c.Sizes() != z || z.Nodes == 0 || z.NodeBytesPerPrimitive() <= 0 || z.Primitives != 100 {
			t.Fatalf("%+v: sizes %+v, compacted %+v", b, z, c.Sizes())
		}
		est, err := EstimateSizes(&PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(stack(100), true)}, Build: b})
		if err != nil || est.Bytes < z.Bytes || est.NodeBytes < z.NodeBytes {
			t.Fatalf("%+v: estimate %+v below actual %+v (%v)", b, est, z, err)
		}
		if h := c.Intersect(downRay, nil, nil); h.Type != HitTriangle || h.Distance != 1 {
			t.Fatalf("%+v: compacted structure: %+v", b, h)
		}
	}
}

func TestDecodeInstancesMotion(t *testing.T) {
	desc := f32bytes([]float32{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}) // 44 bytes
	binary.LittleEndian.PutUint32(desc[0:], uint32(InstanceOpaque))
	binary.LittleEndian.PutUint32(desc[4:], 7)  // mask
	binary.LittleEndian.PutUint32(desc[16:], 9) // user id
	binary.LittleEndian.PutUint32(desc[20:], 1) // first keyframe
	binary.LittleEndian.PutUint32(desc[24:], 2) // keyframe count
	binary.LittleEndian.PutUint32(desc[32:], uint32(BorderVanish))
	binary.LittleEndian.PutUint32(desc[40:], math.Float32bits(2))
	var keys []byte
	for k := 0; k < 3; k++ {
		m := Identity4x3
		m[9] = float32(k)
		keys = append(keys, f32bytes(m[:])...)
	}
	ins, err := DecodeInstances(&InstanceBuffer{Data: desc, Count: 1, Type: InstanceDescriptorMotion, MotionData: keys, MotionCount: 3})
	if err != nil {
		t.Fatal(err)
	}
	in := ins[0]
	if in.Options != InstanceOpaque || in.Mask != 7 || in.UserID != 9 || len(in.MotionTransforms) != 2 ||
		in.MotionTransforms[0][9] != 1 || in.MotionTransforms[1][9] != 2 || in.MotionEndBorder != BorderVanish || in.MotionEndTime != 2 {
		t.Fatalf("decoded %+v", in)
	}
	if _, err := DecodeInstances(&InstanceBuffer{Data: desc, Count: 1, Type: InstanceDescriptorMotion, MotionData: keys, MotionCount: 2}); err == nil {
		t.Fatal("keyframes beyond MotionCount accepted")
	}
	if _, err := DecodeInstances(&InstanceBuffer{Data: desc[:40], Count: 1, Type: InstanceDescriptorMotion}); err == nil {
		t.Fatal("short buffer accepted")
	}
	// Row-major default descriptors.
	row := f32bytes([]float32{1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7, 0, 0, 0, 0})
	ins, err = DecodeInstances(&InstanceBuffer{Data: row, Count: 1, RowMajor: true})
	if err != nil || ins[0].Transform != (Float4x3{1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7}) {
		t.Fatalf("row-major %v %v", ins[0].Transform, err)
	}
}

func TestAbortKeepsCommitted(t *testing.T) {
	s := mustPrim(t, &PrimitiveDescriptor{Geometries: []Geometry{soupGeometry(stack(5), false)}})
	var rb RayBatch
	rb.Set(0, &downRay)
	rb.Set(1, &downRay)
	tr := NewTraverser()
	tr.Begin(s, nil, &rb)
	// Query-style loop: commit the first candidate of each lane, then
	// abort lane 0 and let lane 1 run on.
	for round := 0; tr.Step() != 0; round++ {
		for i := 0; i < 2; i++ {
			if tr.waiting&(1<<uint(i)) == 0 {
				continue
			}
			if i == 0 && round > 0 {
				tr.Abort(0)
				continue
			}
			tr.Decide(i, Decision{Accept: true, Continue: true})
		}
	}
	var h0, h1 Hit
	tr.Hit(0, &h0)
	tr.Hit(1, &h1)
	if h0.Type != HitTriangle || h1.Type != HitTriangle || h1.Distance != 1 || h0.Distance < h1.Distance {
		t.Fatalf("aborted lane %v@%v, full lane %v@%v", h0.Type, h0.Distance, h1.Type, h1.Distance)
	}
	if tr.Running() != 0 {
		t.Fatal("lanes still running")
	}
}
