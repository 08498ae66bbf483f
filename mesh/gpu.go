package mesh

import (
	_ "embed" // MeshletMSL
	"encoding/binary"
	"fmt"
	"math"
)

// MeshletMSL is an object/mesh/fragment shader set that draws Pack's and
// PackVertices' buffers: meshlet_object culls 32 meshlets per threadgroup
// against the frustum and by normal cone (the tests of Bounds) and
// launches a mesh threadgroup per visible meshlet; meshlet_mesh (64
// threads, DefaultOptions' limits) or meshlet_mesh_large (128 threads,
// LargeOptions' limits) exports it; meshlet_lod_object and
// meshlet_lod_mesh do the same for several objects at a level of detail
// each (Levels); meshlet_reference_vertex and meshlet_lod_reference_vertex
// are the same vertex math for an indexed vertex pipeline;
// meshlet_fragment shades with a fixed light.
//
//go:embed meshlet.metal
var MeshletMSL string

// Packed holds a Meshlets set in the buffer layouts of MeshletMSL.
type Packed struct {
	// Descs: four uint32 per meshlet (vertex offset, triangle offset in
	// 32-bit words of Triangles, vertex count, triangle count).
	Descs []byte
	// Vertices: uint32 vertex indices.
	Vertices []byte
	// Triangles: uchar local indices, three per triangle; each meshlet's
	// start at a multiple of 4 bytes and are zero-padded to one, so that
	// MeshletMSL copies them a 32-bit word (four indices) at a time.
	Triangles []byte
	// Culls: 12 float32 per meshlet: sphere (centre, radius), cone apex
	// (xyz, 0), cone axis and cutoff.
	Culls []byte
}

// Pack lays s out for MeshletMSL.
func (s *Meshlets) Pack() Packed {
	var p Packed
	p.Descs = make([]byte, 0, 16*len(s.Meshlets))
	size := 0
	for _, m := range s.Meshlets {
		size += alignWord(3 * int(m.TriangleCount))
	}
	p.Triangles = make([]byte, 0, max(size, 4))
	for _, m := range s.Meshlets {
		words := uint32(len(p.Triangles) / 4)
		for _, v := range [4]uint32{m.VertexOffset, words, m.VertexCount, m.TriangleCount} {
			p.Descs = binary.LittleEndian.AppendUint32(p.Descs, v)
		}
		p.Triangles = append(p.Triangles, s.Triangles[m.TriangleOffset:m.TriangleOffset+3*m.TriangleCount]...)
		for len(p.Triangles)%4 != 0 {
			p.Triangles = append(p.Triangles, 0)
		}
	}
	p.Vertices = make([]byte, 0, 4*len(s.Vertices)+4)
	for _, v := range s.Vertices {
		p.Vertices = binary.LittleEndian.AppendUint32(p.Vertices, v)
	}
	p.Culls = make([]byte, 0, 48*len(s.Bounds))
	for _, b := range s.Bounds {
		for _, f := range [12]float32{b.Center[0], b.Center[1], b.Center[2], b.Radius, b.ConeApex[0], b.ConeApex[1], b.ConeApex[2], 0,
			b.ConeAxis[0], b.ConeAxis[1], b.ConeAxis[2], b.ConeCutoff} {
			p.Culls = binary.LittleEndian.AppendUint32(p.Culls, math.Float32bits(f))
		}
	}
	// No buffer is empty (a device buffer needs at least a byte).
	if len(p.Vertices) == 0 {
		p.Vertices = make([]byte, 4)
	}
	if len(p.Triangles) == 0 {
		p.Triangles = make([]byte, 4)
	}
	return p
}

// PackVertices lays out the vertex data of s for MeshletMSL's mesh stage:
// for each entry v of Vertices in order, the stride float32s of verts
// from stride·v (little-endian). Each meshlet's vertices are then
// consecutive from its vertex offset, so that the mesh stage loads them
// without the indirection through Vertices (a meshlet-order copy of the
// vertex buffer, as large as Vertices times stride floats).
func (s *Meshlets) PackVertices(verts []float32, stride int) ([]byte, error) {
	if stride <= 0 {
		return nil, fmt.Errorf("mesh: PackVertices: stride %d, want > 0", stride)
	}
	n := len(verts) / stride
	out := make([]byte, 0, 4*stride*max(len(s.Vertices), 1))
	for i, v := range s.Vertices {
		if int(v) >= n {
			return nil, fmt.Errorf("mesh: PackVertices: Vertices[%d] = %d is past the %d vertices of verts", i, v, n)
		}
		for _, f := range verts[int(v)*stride : (int(v)+1)*stride] {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(f))
		}
	}
	if len(out) == 0 {
		out = make([]byte, 4*stride)
	}
	return out, nil
}

// alignWord rounds n up to a multiple of 4.
func alignWord(n int) int { return (n + 3) &^ 3 }
