package engine_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/engine"
)

// TestAccelerationStructureDescriptors: each engine descriptor form
// (indexed triangles with a transform buffer, motion triangles, motion
// boxes with primitive data, user-id instances) builds the same structure
// as the equivalent accel descriptor, checked by tracing rays (at several
// motion times) through both.
func TestAccelerationStructureDescriptors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	q := d.NewCommandQueue()
	const n = 60
	v0, v1 := soupBytes(rng, n, 0), soupBytes(rng, n, 0.2)
	var idx []byte
	for i := 0; i < 3*n; i++ {
		idx = le(idx, uint32((i*7)%(3*n)))
	}
	xf := []float32{0.5, 0, 0, 0, 1, 0, 0, 0, 2, 0.1, 0.2, 0.3}
	var xfb []byte
	for _, f := range xf {
		xfb = le(xfb, f)
	}
	var boxes0, boxes1, prim []byte
	for i := 0; i < 20; i++ {
		c := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
		boxes0 = le(boxes0, c[0]-0.05, c[1]-0.05, c[2]-0.05, c[0]+0.05, c[1]+0.05, c[2]+0.05)
		boxes1 = le(boxes1, c[0]-0.05, c[1]+0.1, c[2]-0.05, c[0]+0.05, c[1]+0.2, c[2]+0.05)
		prim = le(prim, uint32(i*3))
	}
	b := func(data []byte) *engine.Buffer { return newBuffer(t, d, append([]byte{0, 0, 0, 0}, data...)) } // data at offset 4
	vb0, vb1, ib, xb, bb0, bb1, pb := b(v0), b(v1), b(idx), b(xfb), b(boxes0), b(boxes1), b(prim)
	m := accel.Float4x3(xf)
	cases := []struct {
		name string
		desc *engine.PrimitiveAccelerationStructureDescriptor
		want *accel.PrimitiveDescriptor
	}{
		{"indexed triangles with transform",
			&engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
				&engine.TriangleGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{Opaque: true},
					VertexBuffer: vb0, VertexBufferOffset: 4, IndexBuffer: ib, IndexBufferOffset: 4, IndexType: engine.IndexTypeUInt32,
					TriangleCount: n, TransformationMatrixBuffer: xb, TransformationMatrixBufferOffset: 4}}},
			&accel.PrimitiveDescriptor{Geometries: []accel.Geometry{&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true},
				VertexData: v0, IndexData: idx, IndexType: accel.IndexUint32, TriangleCount: n, Transform: &m}}}},
		{"motion triangles",
			&engine.PrimitiveAccelerationStructureDescriptor{MotionKeyframeCount: 2, MotionStartTime: 0, MotionEndTime: 1,
				Geometries: []engine.AccelerationStructureGeometry{&engine.MotionTriangleGeometryDescriptor{
					GeometryDescriptor: engine.GeometryDescriptor{Opaque: true},
					VertexBuffers:      []engine.MotionKeyframeData{{Buffer: vb0, Offset: 4}, {Buffer: vb1, Offset: 4}}, TriangleCount: n}}},
			&accel.PrimitiveDescriptor{MotionKeyframeCount: 2, MotionStartTime: 0, MotionEndTime: 1, Geometries: []accel.Geometry{
				&accel.TriangleGeometry{GeometryCommon: accel.GeometryCommon{Opaque: true},
					MotionVertexData: []accel.KeyframeData{{Data: v0}, {Data: v1}}, TriangleCount: n}}}},
		{"motion boxes with primitive data",
			&engine.PrimitiveAccelerationStructureDescriptor{MotionKeyframeCount: 2, MotionStartTime: 0, MotionEndTime: 1,
				Geometries: []engine.AccelerationStructureGeometry{&engine.MotionBoundingBoxGeometryDescriptor{
					GeometryDescriptor: engine.GeometryDescriptor{PrimitiveDataBuffer: pb, PrimitiveDataBufferOffset: 4, PrimitiveDataElementSize: 4},
					BoundingBoxBuffers: []engine.MotionKeyframeData{{Buffer: bb0, Offset: 4}, {Buffer: bb1, Offset: 4}}, BoundingBoxCount: 20}}},
			&accel.PrimitiveDescriptor{MotionKeyframeCount: 2, MotionStartTime: 0, MotionEndTime: 1, Geometries: []accel.Geometry{
				&accel.BoundingBoxGeometry{GeometryCommon: accel.GeometryCommon{PrimitiveData: prim, PrimitiveDataElementSize: 4},
					MotionBoxData: []accel.KeyframeData{{Data: boxes0}, {Data: boxes1}}, BoxCount: 20}}}},
	}
	accept := func(c *accel.Candidate) accel.Decision {
		return accel.Decision{Accept: true, Continue: true, Distance: c.MinDistance + 1}
	}
	for _, c := range cases {
		as, scratch := newStructure(t, d, c.desc)
		must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
			must(t, e.BuildAccelerationStructure(as, c.desc, scratch, 0))
		}))
		want, err := accel.BuildPrimitive(context.Background(), c.want)
		must(t, err)
		got := as.Structure()
		if got.Sizes() != want.Sizes() {
			t.Fatalf("%s: sizes %+v, want %+v", c.name, got.Sizes(), want.Sizes())
		}
		hits := 0
		for i := 0; i < 200; i++ {
			o := [3]float32{-1 + 3*rng.Float32(), -1 + 3*rng.Float32(), -1 + 3*rng.Float32()}
			tg := [3]float32{rng.Float32(), rng.Float32(), rng.Float32()}
			r := accel.NewRay(o, [3]float32{tg[0] - o[0], tg[1] - o[1], tg[2] - o[2]})
			r.MaxDistance, r.Time = 10, float32(i%5)/4
			hg, hw := got.Intersect(r, nil, accept), want.Intersect(r, nil, accept)
			if hg.Type != hw.Type || hg.PrimitiveID != hw.PrimitiveID || hg.Distance != hw.Distance {
				t.Fatalf("%s: ray %d: %v %d %v, want %v %d %v", c.name, i, hg.Type, hg.PrimitiveID, hg.Distance, hw.Type, hw.PrimitiveID, hw.Distance)
			}
			if hg.Type != accel.HitNone {
				hits++
			}
		}
		if hits < 20 {
			t.Fatalf("%s: only %d hits", c.name, hits)
		}
	}

	// User-id instances, row-major transforms, at a descriptor offset.
	prim0, scratch := newStructure(t, d, cases[0].desc)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.BuildAccelerationStructure(prim0, cases[0].desc, scratch, 0))
	}))
	var ib2 []byte
	ib2 = le(ib2, uint32(0)) // offset 4
	rowMajor := []float32{1, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 1, -0.5}
	for k := 0; k < 2; k++ {
		for _, f := range rowMajor {
			ib2 = le(ib2, f)
		}
		ib2 = le(ib2, uint32(0), uint32(1<<k), uint32(0), uint32(0), uint32(70+k))
	}
	instBuf := newBuffer(t, d, ib2)
	idesc := &engine.InstanceAccelerationStructureDescriptor{InstanceDescriptorBuffer: instBuf, InstanceDescriptorBufferOffset: 4,
		InstanceDescriptorType: engine.InstanceDescriptorTypeUserID, InstanceCount: 2, InstanceTransformationMatrixLayoutRowMajor: true,
		Usage:                           engine.AccelerationStructureUsageRefit,
		InstancedAccelerationStructures: []*engine.AccelerationStructure{prim0}}
	top, topScratch := newStructure(t, d, idesc)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.BuildAccelerationStructure(top, idesc, topScratch, 0))
	}))
	insts, err := accel.DecodeInstances(&accel.InstanceBuffer{Data: ib2, Offset: 4, Count: 2, Type: accel.InstanceDescriptorUserID, RowMajor: true})
	must(t, err)
	if insts[1].UserID != 71 || insts[0].Transform[9] != 0.5 {
		t.Fatalf("decoded instances %+v", insts)
	}
	want, err := accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Instances: insts, Structures: []*accel.Structure{prim0.Structure()}})
	must(t, err)
	sameInstances(t, "instances", top.Structure(), want, rng)

	// Move the second instance and refit in place.
	putF(instBuf.Contents(), 4+68+4*3, 0.9)
	must(t, commitAccel(t, q, func(e *engine.AccelerationStructureCommandEncoder) {
		must(t, e.RefitAccelerationStructure(top, idesc, nil, topScratch, 0))
	}))
	insts, err = accel.DecodeInstances(&accel.InstanceBuffer{Data: instBuf.Contents(), Offset: 4, Count: 2, Type: accel.InstanceDescriptorUserID, RowMajor: true})
	must(t, err)
	if insts[1].Transform[9] != 0.9 {
		t.Fatalf("moved instance transform %v", insts[1].Transform)
	}
	want, err = accel.BuildInstance(context.Background(), &accel.InstanceDescriptor{Instances: insts, Structures: []*accel.Structure{prim0.Structure()}})
	must(t, err)
	sameInstances(t, "refitted instances", top.Structure(), want, rng)
}

// sameInstances traces masked rays through two instance structures and
// fails on the first differing hit.
func sameInstances(t *testing.T, what string, got, want *accel.Structure, rng *rand.Rand) {
	t.Helper()
	hits := 0
	for i := 0; i < 200; i++ {
		o := [3]float32{-1 + 3*rng.Float32(), -1 + 3*rng.Float32(), -1 + 3*rng.Float32()}
		r := accel.NewRay(o, [3]float32{0.5 - o[0], 0.5 - o[1], 0.5 - o[2]})
		r.MaxDistance, r.Mask = 10, uint32(1+i%3)
		hg, hw := got.Intersect(r, nil, nil), want.Intersect(r, nil, nil)
		if hg.Type != hw.Type || hg.Distance != hw.Distance || hg.UserInstanceID != hw.UserInstanceID {
			t.Fatalf("%s: ray %d: %+v, want %+v", what, i, hg, hw)
		}
		if hg.Type != accel.HitNone {
			hits++
		}
	}
	if hits < 20 {
		t.Fatalf("%s: only %d hits", what, hits)
	}
}
