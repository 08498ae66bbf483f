package accel

import (
	"encoding/binary"
	"fmt"
	"math"
)

// VertexFormat is the layout of one vertex position in a vertex buffer
// (a subset of MTLAttributeFormat).
type VertexFormat uint8

// Vertex formats. Two-component formats have z = 0.
const (
	// VertexFloat3 is a packed float3 (12 bytes), Metal's default.
	VertexFloat3 VertexFormat = iota
	// VertexFloat4 is a float4 (16 bytes); w is ignored. Use it (or
	// VertexFloat3 with stride 16) for MSL float3 vertex arrays.
	VertexFloat4
	// VertexFloat2 is a float2 (8 bytes).
	VertexFloat2
	// VertexHalf3 is a packed half3 (6 bytes).
	VertexHalf3
	// VertexHalf4 is a half4 (8 bytes); w is ignored.
	VertexHalf4
	// VertexHalf2 is a half2 (4 bytes).
	VertexHalf2
)

// Size reports the number of bytes one vertex of format f occupies.
func (f VertexFormat) Size() int {
	switch f {
	case VertexFloat3:
		return 12
	case VertexFloat4:
		return 16
	case VertexFloat2, VertexHalf4:
		return 8
	case VertexHalf3:
		return 6
	case VertexHalf2:
		return 4
	}
	return 0
}

// scalarSize reports the size of one component of format f.
func (f VertexFormat) scalarSize() int {
	if f >= VertexHalf3 {
		return 2
	}
	return 4
}

// String returns the MSL-style name of the format.
func (f VertexFormat) String() string {
	switch f {
	case VertexFloat3:
		return "float3"
	case VertexFloat4:
		return "float4"
	case VertexFloat2:
		return "float2"
	case VertexHalf3:
		return "half3"
	case VertexHalf4:
		return "half4"
	case VertexHalf2:
		return "half2"
	}
	return fmt.Sprintf("VertexFormat(%d)", uint8(f))
}

// readVertex decodes the vertex at byte offset off of b (bounds already checked).
func readVertex(b []byte, off int, f VertexFormat) (x, y, z float32) {
	switch f {
	case VertexFloat3, VertexFloat4:
		x = math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
		y = math.Float32frombits(binary.LittleEndian.Uint32(b[off+4:]))
		z = math.Float32frombits(binary.LittleEndian.Uint32(b[off+8:]))
	case VertexFloat2:
		x = math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
		y = math.Float32frombits(binary.LittleEndian.Uint32(b[off+4:]))
	case VertexHalf3, VertexHalf4:
		x = HalfToFloat32(binary.LittleEndian.Uint16(b[off:]))
		y = HalfToFloat32(binary.LittleEndian.Uint16(b[off+2:]))
		z = HalfToFloat32(binary.LittleEndian.Uint16(b[off+4:]))
	case VertexHalf2:
		x = HalfToFloat32(binary.LittleEndian.Uint16(b[off:]))
		y = HalfToFloat32(binary.LittleEndian.Uint16(b[off+2:]))
	}
	return
}

// HalfToFloat32 converts an IEEE 754 binary16 value to float32 exactly.
func HalfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	man := uint32(h) & 0x3ff
	switch {
	case exp == 0 && man == 0:
		return math.Float32frombits(sign)
	case exp == 0: // subnormal: value = man * 2^-24
		f := float32(man) * (1.0 / (1 << 24))
		if sign != 0 {
			f = -f
		}
		return f
	case exp == 31:
		return math.Float32frombits(sign | 0x7f800000 | man<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | man<<13)
}

// IndexType is the element type of an index buffer.
type IndexType uint8

// Index types. IndexNone means triangle i uses vertices 3i, 3i+1, 3i+2.
const (
	IndexNone IndexType = iota
	IndexUint16
	IndexUint32
)

// Size reports the byte size of one index.
func (t IndexType) Size() int {
	switch t {
	case IndexUint16:
		return 2
	case IndexUint32:
		return 4
	}
	return 0
}

func readIndex(b []byte, off int, t IndexType) uint32 {
	if t == IndexUint16 {
		return uint32(binary.LittleEndian.Uint16(b[off:]))
	}
	return binary.LittleEndian.Uint32(b[off:])
}

func readF32(b []byte, off int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(b[off:]))
}
