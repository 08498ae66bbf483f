package mesh

import (
	_ "embed" // MeshletMSL
	"encoding/binary"
	"math"
)

// MeshletMSL is an object/mesh/fragment shader set that draws Pack's
// buffers: meshlet_object culls 32 meshlets per threadgroup against the
// frustum and by normal cone (the tests of Bounds) and launches a mesh
// threadgroup per visible meshlet; meshlet_mesh (64 threads) exports it;
// meshlet_reference_vertex is the same vertex math for an indexed vertex
// pipeline; meshlet_fragment shades with a fixed light. It expects the
// default limits (64 vertices, 124 triangles).
//
//go:embed meshlet.metal
var MeshletMSL string

// Packed holds a Meshlets set in the buffer layouts of MeshletMSL.
type Packed struct {
	// Descs: four uint32 per meshlet (vertex offset, triangle offset in
	// bytes, vertex count, triangle count).
	Descs []byte
	// Vertices: uint32 vertex indices.
	Vertices []byte
	// Triangles: uchar local indices (padded by 3 to 6 bytes to a multiple of 4).
	Triangles []byte
	// Culls: 12 float32 per meshlet: sphere (centre, radius), cone apex
	// (xyz, 0), cone axis and cutoff.
	Culls []byte
}

// Pack lays s out for MeshletMSL.
func (s *Meshlets) Pack() Packed {
	var p Packed
	p.Descs = make([]byte, 0, 16*len(s.Meshlets))
	for _, m := range s.Meshlets {
		for _, v := range [4]uint32{m.VertexOffset, m.TriangleOffset, m.VertexCount, m.TriangleCount} {
			p.Descs = binary.LittleEndian.AppendUint32(p.Descs, v)
		}
	}
	p.Vertices = make([]byte, 0, 4*len(s.Vertices)+4)
	for _, v := range s.Vertices {
		p.Vertices = binary.LittleEndian.AppendUint32(p.Vertices, v)
	}
	// At least three bytes of padding (MeshletMSL copies indices four at a
	// time), then to a multiple of 4.
	p.Triangles = append(make([]byte, 0, len(s.Triangles)+8), s.Triangles...)
	p.Triangles = append(p.Triangles, 0, 0, 0)
	for len(p.Triangles)%4 != 0 {
		p.Triangles = append(p.Triangles, 0)
	}
	p.Culls = make([]byte, 0, 48*len(s.Bounds))
	for _, b := range s.Bounds {
		for _, f := range [12]float32{b.Center[0], b.Center[1], b.Center[2], b.Radius, b.ConeApex[0], b.ConeApex[1], b.ConeApex[2], 0,
			b.ConeAxis[0], b.ConeAxis[1], b.ConeAxis[2], b.ConeCutoff} {
			p.Culls = binary.LittleEndian.AppendUint32(p.Culls, math.Float32bits(f))
		}
	}
	if len(p.Vertices) == 0 {
		p.Vertices = make([]byte, 4)
	}
	return p
}
