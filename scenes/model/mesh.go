package model

import "unsafe"

// Mode is the primitive topology after import: strips, fans and loops are
// converted to lists.
type Mode uint8

// Primitive topologies.
const (
	Triangles Mode = iota
	Lines
	Points
)

// String returns "triangles", "lines" or "points".
func (m Mode) String() string {
	switch m {
	case Triangles:
		return "triangles"
	case Lines:
		return "lines"
	case Points:
		return "points"
	}
	return "unknown"
}

// Mesh is a named list of primitives sharing a transform.
type Mesh struct {
	Name       string
	Primitives []Primitive
	// Weights are the default morph weights (len = number of targets).
	Weights []float32
	// Bounds are the rest-pose bounds of all primitives.
	Bounds Bounds
}

// Primitive is one draw: vertex streams of equal length, uint32 indices
// (always present: non-indexed input gets 0..n-1) and a material.
// Optional streams are nil when absent.
type Primitive struct {
	Mode      Mode
	Positions [][3]float32
	Normals   [][3]float32
	// Tangents are xyz plus handedness w = ±1 (bitangent = w * cross(N, T)).
	Tangents [][4]float32
	UV0, UV1 [][2]float32
	Colors   [][4]float32
	Joints   [][4]uint16
	Weights  [][4]float32
	Indices  []uint32
	// Material indexes Scene.Materials, or -1 for DefaultMaterial.
	Material int
	// Targets are morph targets (displacements).
	Targets []MorphTarget
	// Bounds of Positions.
	Bounds Bounds
	// GeneratedNormals / GeneratedTangents report streams computed at load.
	GeneratedNormals, GeneratedTangents bool
}

// MorphTarget holds per-vertex displacements; nil streams are absent.
type MorphTarget struct {
	Positions [][3]float32
	Normals   [][3]float32
	Tangents  [][3]float32
}

// Triangles returns the number of triangles (0 for lines and points).
func (p *Primitive) Triangles() int {
	if p.Mode != Triangles {
		return 0
	}
	return len(p.Indices) / 3
}

// Triangles returns the number of triangles of all primitives.
func (m *Mesh) Triangles() int {
	n := 0
	for i := range m.Primitives {
		n += m.Primitives[i].Triangles()
	}
	return n
}

// ComputeBounds sets the primitives' and mesh's bounds from positions.
func (m *Mesh) ComputeBounds() {
	m.Bounds = EmptyBounds()
	for i := range m.Primitives {
		p := &m.Primitives[i]
		p.Bounds = EmptyBounds()
		for _, v := range p.Positions {
			p.Bounds.Extend(v)
		}
		m.Bounds = m.Bounds.Union(p.Bounds)
	}
}

// Bytes returns a zero-copy byte view of a vertex or index stream (for
// example [][3]float32 positions as 12-byte packed_float3 records), for
// uploading into engine buffers. The view aliases s; do not modify it.
func Bytes[T [2]float32 | [3]float32 | [4]float32 | [4]uint16 | uint32 | float32](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}
