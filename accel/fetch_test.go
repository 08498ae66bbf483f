package accel

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFetchRefsMatchesFetch builds primitive structures from triangle
// geometries in every layout the build's fast fetch (fetchRefs) takes —
// packed float3, float4, a padded stride and an offset, no index, 16- and
// 32-bit indices with an offset, triangles with NaN or infinite vertices
// (left out), several geometries with an empty one between them — and in
// two it does not (a build transform, motion keyframes), with fetchRefs
// and with Geometry.fetch alone: the structures must be identical.
func TestFetchRefsMatchesFetch(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	const n = 1500
	tris := soup(rng, n, 0.05)
	// Some invalid triangles: NaN, +Inf, -Inf vertices.
	for i, bad := range []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))} {
		tris[9*(100*i+7)+4] = bad
	}
	// An indexed form: every triangle's vertices, shuffled, with an index
	// buffer pointing at them.
	nv := 3 * n
	perm := rng.Perm(nv)
	verts := make([]float32, 3*nv)
	idx := make([]uint32, nv)
	for i, p := range perm {
		copy(verts[3*p:3*p+3], tris[3*i:3*i+3])
		idx[i] = uint32(p)
	}
	withStride := func(v []float32, stride, off int) []byte {
		b := make([]byte, off+stride*(len(v)/3))
		for i := 0; i < len(v)/3; i++ {
			for c := 0; c < 3; c++ {
				binary.LittleEndian.PutUint32(b[off+i*stride+4*c:], math.Float32bits(v[3*i+c]))
			}
		}
		return b
	}
	idx32 := func(off int) []byte {
		b := make([]byte, off+4*len(idx))
		for i, x := range idx {
			binary.LittleEndian.PutUint32(b[off+4*i:], x)
		}
		return b
	}
	// 16-bit indices over the first 2048 vertices' triangles only.
	var idx16 []byte
	n16 := 0
	for i := 0; i+2 < len(idx); i += 3 {
		if idx[i] < 1<<16 && idx[i+1] < 1<<16 && idx[i+2] < 1<<16 {
			for c := 0; c < 3; c++ {
				idx16 = binary.LittleEndian.AppendUint16(idx16, uint16(idx[i+c]))
			}
			n16++
		}
	}
	common := GeometryCommon{Opaque: true}
	packed := &TriangleGeometry{GeometryCommon: common, VertexData: f32bytes(tris), TriangleCount: n}
	f4 := &TriangleGeometry{GeometryCommon: common, VertexData: withStride(tris, 16, 0), VertexFormat: VertexFloat4, TriangleCount: n}
	strided := &TriangleGeometry{GeometryCommon: common, VertexData: withStride(tris, 20, 8), VertexOffset: 8, VertexStride: 20, TriangleCount: n}
	ind32 := &TriangleGeometry{GeometryCommon: common, VertexData: f32bytes(verts), IndexData: idx32(12), IndexOffset: 12,
		IndexType: IndexUint32, TriangleCount: n}
	ind16 := &TriangleGeometry{GeometryCommon: common, VertexData: f32bytes(verts), IndexData: append([]byte{0, 0}, idx16...),
		IndexOffset: 2, IndexType: IndexUint16, TriangleCount: n16}
	empty := &TriangleGeometry{GeometryCommon: common, VertexData: f32bytes(tris), TriangleCount: 0}
	m := instancedTransform()
	transformed := &TriangleGeometry{GeometryCommon: common, VertexData: f32bytes(tris), TriangleCount: n, Transform: &m}
	moved := append([]float32(nil), tris...)
	for i := range moved {
		moved[i] += 0.01
	}
	motion := &TriangleGeometry{GeometryCommon: common, TriangleCount: n,
		MotionVertexData: []KeyframeData{{Data: f32bytes(tris)}, {Data: f32bytes(moved)}}}
	cases := []struct {
		name string
		d    PrimitiveDescriptor
	}{
		{"packed", PrimitiveDescriptor{Geometries: []Geometry{packed}}},
		{"float4", PrimitiveDescriptor{Geometries: []Geometry{f4}}},
		{"stride", PrimitiveDescriptor{Geometries: []Geometry{strided}}},
		{"index32", PrimitiveDescriptor{Geometries: []Geometry{ind32}}},
		{"index16", PrimitiveDescriptor{Geometries: []Geometry{ind16}}},
		{"several", PrimitiveDescriptor{Geometries: []Geometry{ind32, empty, packed, transformed, ind16}}},
		{"transform", PrimitiveDescriptor{Geometries: []Geometry{transformed}}},
		{"motion", PrimitiveDescriptor{Geometries: []Geometry{motion}, MotionKeyframeCount: 2, MotionEndTime: 1}},
	}
	defer func() { disableFetchRefs = false }()
	for _, c := range cases {
		for _, o := range []BuildOptions{{Workers: 1}, {Width: 4, Workers: 2}, {Quality: QualityHigh, Workers: 1}} {
			d := c.d
			d.Build = o
			disableFetchRefs = false
			a := mustPrim(t, &d)
			disableFetchRefs = true
			b := mustPrim(t, &d)
			if err := sameBuild(a, b); err != nil {
				t.Fatalf("%s %+v: %v", c.name, o, err)
			}
			if a.PrimitiveCount() != b.PrimitiveCount() || len(a.ids) == 0 {
				t.Fatalf("%s %+v: %d primitives (%d slots), want %d", c.name, o, a.PrimitiveCount(), len(a.ids), b.PrimitiveCount())
			}
		}
	}
}
