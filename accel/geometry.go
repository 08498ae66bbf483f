package accel

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// KeyframeData locates one motion keyframe's data in a buffer.
type KeyframeData struct {
	Data   []byte
	Offset int
}

// GeometryCommon holds the fields every geometry descriptor has
// (MTLAccelerationStructureGeometryDescriptor).
type GeometryCommon struct {
	// Opaque triangles are committed without an intersection function;
	// bounding boxes always run theirs and see the resolved opacity.
	Opaque bool
	// FunctionTableOffset is added to the instance's offset to pick the
	// intersection function.
	FunctionTableOffset uint32
	// PrimitiveData, from PrimitiveDataOffset, holds one element of
	// PrimitiveDataElementSize bytes every PrimitiveDataStride bytes
	// (0 = element size) per primitive. The structure keeps a copy.
	PrimitiveData            []byte
	PrimitiveDataOffset      int
	PrimitiveDataStride      int
	PrimitiveDataElementSize int
	Label                    string
}

// Geometry is a geometry descriptor: *TriangleGeometry or *BoundingBoxGeometry.
type Geometry interface {
	common() *GeometryCommon
	count() int
	kind() IntersectionType
	keyframes() int
	validate(keys int) error
	// fetch writes primitive i of keyframe k: 9 floats for a triangle,
	// 6 (min xyz, max xyz) for a box.
	fetch(k, i int, dst []float32)
}

// TriangleGeometry describes indexed or non-indexed triangles
// (MTLAccelerationStructureTriangleGeometryDescriptor and its motion variant).
type TriangleGeometry struct {
	GeometryCommon
	VertexData   []byte
	VertexOffset int
	// VertexStride is the distance between vertices; 0 = VertexFormat.Size().
	VertexStride int
	VertexFormat VertexFormat
	// MotionVertexData, when non-empty, replaces VertexData/VertexOffset:
	// one entry per keyframe of the primitive structure.
	MotionVertexData []KeyframeData
	IndexData        []byte
	IndexOffset      int
	IndexType        IndexType
	TriangleCount    int
	// Transform, if non-nil, is applied to the vertices at build time.
	Transform *Float4x3
}

// BoundingBoxGeometry describes axis-aligned boxes, each two packed float3
// (min, max), as MTLAxisAlignedBoundingBox
// (MTLAccelerationStructureBoundingBoxGeometryDescriptor and its motion
// variant).
type BoundingBoxGeometry struct {
	GeometryCommon
	BoxData   []byte
	BoxOffset int
	// BoxStride is the distance between boxes; 0 = 24.
	BoxStride int
	// MotionBoxData, when non-empty, replaces BoxData/BoxOffset: one entry
	// per keyframe.
	MotionBoxData []KeyframeData
	BoxCount      int
}

func (g *TriangleGeometry) common() *GeometryCommon { return &g.GeometryCommon }
func (g *TriangleGeometry) count() int              { return g.TriangleCount }
func (g *TriangleGeometry) kind() IntersectionType  { return HitTriangle }
func (g *TriangleGeometry) keyframes() int {
	if len(g.MotionVertexData) > 0 {
		return len(g.MotionVertexData)
	}
	return 1
}

func (g *BoundingBoxGeometry) common() *GeometryCommon { return &g.GeometryCommon }
func (g *BoundingBoxGeometry) count() int              { return g.BoxCount }
func (g *BoundingBoxGeometry) kind() IntersectionType  { return HitBoundingBox }
func (g *BoundingBoxGeometry) keyframes() int {
	if len(g.MotionBoxData) > 0 {
		return len(g.MotionBoxData)
	}
	return 1
}

func (g *TriangleGeometry) stride() int {
	if g.VertexStride != 0 {
		return g.VertexStride
	}
	return g.VertexFormat.Size()
}

func (g *TriangleGeometry) keyData(k int) ([]byte, int) {
	if len(g.MotionVertexData) > 0 {
		return g.MotionVertexData[k].Data, g.MotionVertexData[k].Offset
	}
	return g.VertexData, g.VertexOffset
}

func (g *TriangleGeometry) validate(keys int) error {
	if g.VertexFormat.Size() == 0 {
		return fmt.Errorf("VertexFormat: unknown format %d", g.VertexFormat)
	}
	st := g.stride()
	if st < g.VertexFormat.Size() || st%g.VertexFormat.scalarSize() != 0 {
		return fmt.Errorf("VertexStride: %d is smaller than or not a multiple of the components of %v", g.VertexStride, g.VertexFormat)
	}
	if g.TriangleCount < 0 {
		return fmt.Errorf("TriangleCount: negative (%d)", g.TriangleCount)
	}
	if g.Transform != nil {
		for i, v := range g.Transform {
			if !finite(v) {
				return fmt.Errorf("Transform[%d]: not finite", i)
			}
		}
	}
	if len(g.MotionVertexData) > 0 && len(g.MotionVertexData) != keys {
		return fmt.Errorf("MotionVertexData: %d keyframes, structure has %d", len(g.MotionVertexData), keys)
	}
	if len(g.MotionVertexData) == 0 && keys > 1 {
		return fmt.Errorf("MotionVertexData: structure has %d keyframes but the geometry has none", keys)
	}
	// Highest vertex referenced.
	nv := 3 * g.TriangleCount
	if g.IndexType != IndexNone {
		is := g.IndexType.Size()
		if is == 0 {
			return fmt.Errorf("IndexType: unknown type %d", g.IndexType)
		}
		if g.IndexOffset < 0 || g.IndexOffset%is != 0 {
			return fmt.Errorf("IndexOffset: %d is negative or not a multiple of %d", g.IndexOffset, is)
		}
		if need := g.IndexOffset + 3*g.TriangleCount*is; need > len(g.IndexData) {
			return fmt.Errorf("IndexData: %d triangles need %d bytes from offset %d, have %d", g.TriangleCount, 3*g.TriangleCount*is, g.IndexOffset, len(g.IndexData))
		}
		nv = 0
		for i := 0; i < 3*g.TriangleCount; i++ {
			if v := int(readIndex(g.IndexData, g.IndexOffset+i*is, g.IndexType)) + 1; v > nv {
				nv = v
			}
		}
	}
	for k := 0; k < keys; k++ {
		data, off := g.keyData(k)
		name := "VertexData"
		if len(g.MotionVertexData) > 0 {
			name = fmt.Sprintf("MotionVertexData[%d]", k)
		}
		if off < 0 {
			return fmt.Errorf("%s: negative offset %d", name, off)
		}
		if nv > 0 {
			if need := off + (nv-1)*st + g.VertexFormat.Size(); need > len(data) {
				return fmt.Errorf("%s: vertex %d ends at byte %d, buffer has %d", name, nv-1, need, len(data))
			}
		}
	}
	return nil
}

// plainFloat3 says whether fetchRefs applies: float3 (or float4) vertices
// from VertexData, no build transform.
func (g *TriangleGeometry) plainFloat3() bool {
	return g.Transform == nil && len(g.MotionVertexData) == 0 &&
		(g.VertexFormat == VertexFloat3 || g.VertexFormat == VertexFloat4)
}

// fetchRefs is the build's fetch of triangles [i0, i1) where plainFloat3
// holds (key 0 only; validate has checked the buffers): triangle i's
// vertices go to dst[9*(i-i0):], and, where its bounds are finite and
// valid, its ref (id gp0+i-i0) to refs[i-i0] with ok[i-i0] set, as
// BuildPrimitive's general loop does through fetch. It reports whether
// every triangle was valid.
func (g *TriangleGeometry) fetchRefs(i0, i1, gp0 int, dst []float32, refs []primRef, ok []bool) bool {
	data, off, st := g.VertexData, g.VertexOffset, g.stride()
	idx, ioff, it := g.IndexData, g.IndexOffset, g.IndexType
	all := true
	for i := i0; i < i1; i++ {
		j := i - i0
		v := (*[9]float32)(dst[9*j:])
		for c := 0; c < 3; c++ {
			vi := 3*i + c
			switch it {
			case IndexUint16:
				vi = int(binary.LittleEndian.Uint16(idx[ioff+2*vi:]))
			case IndexUint32:
				vi = int(binary.LittleEndian.Uint32(idx[ioff+4*vi:]))
			}
			o := off + vi*st
			v[3*c], v[3*c+1], v[3*c+2] = readF32(data, o), readF32(data, o+4), readF32(data, o+8)
		}
		// The bounds from scalars (min and max are exact and order-free:
		// emptyBox's growPoint gives the same bits); an aabb built field
		// by field on the stack and copied whole would stall on store
		// forwarding.
		var box aabb
		box.lo[0], box.hi[0] = min(v[0], v[3], v[6]), max(v[0], v[3], v[6])
		box.lo[1], box.hi[1] = min(v[1], v[4], v[7]), max(v[1], v[4], v[7])
		box.lo[2], box.hi[2] = min(v[2], v[5], v[8]), max(v[2], v[5], v[8])
		if boxFinite(&box) && box.valid() {
			refs[j].set(&box, uint32(gp0+j))
			ok[j] = true
		} else {
			all = false
		}
	}
	return all
}

func (g *TriangleGeometry) fetch(k, i int, dst []float32) {
	data, off := g.keyData(k)
	st := g.stride()
	for c := 0; c < 3; c++ {
		vi := 3*i + c
		if g.IndexType != IndexNone {
			vi = int(readIndex(g.IndexData, g.IndexOffset+(3*i+c)*g.IndexType.Size(), g.IndexType))
		}
		x, y, z := readVertex(data, off+vi*st, g.VertexFormat)
		if g.Transform != nil {
			p := g.Transform.Point([3]float32{x, y, z})
			x, y, z = p[0], p[1], p[2]
		}
		dst[3*c], dst[3*c+1], dst[3*c+2] = x, y, z
	}
}

func (g *BoundingBoxGeometry) stride() int {
	if g.BoxStride != 0 {
		return g.BoxStride
	}
	return 24
}

func (g *BoundingBoxGeometry) keyData(k int) ([]byte, int) {
	if len(g.MotionBoxData) > 0 {
		return g.MotionBoxData[k].Data, g.MotionBoxData[k].Offset
	}
	return g.BoxData, g.BoxOffset
}

func (g *BoundingBoxGeometry) validate(keys int) error {
	st := g.stride()
	if st < 24 || st%4 != 0 {
		return fmt.Errorf("BoxStride: %d is below 24 or not a multiple of 4", g.BoxStride)
	}
	if g.BoxCount < 0 {
		return fmt.Errorf("BoxCount: negative (%d)", g.BoxCount)
	}
	if len(g.MotionBoxData) > 0 && len(g.MotionBoxData) != keys {
		return fmt.Errorf("MotionBoxData: %d keyframes, structure has %d", len(g.MotionBoxData), keys)
	}
	if len(g.MotionBoxData) == 0 && keys > 1 {
		return fmt.Errorf("MotionBoxData: structure has %d keyframes but the geometry has none", keys)
	}
	for k := 0; k < keys; k++ {
		data, off := g.keyData(k)
		name := "BoxData"
		if len(g.MotionBoxData) > 0 {
			name = fmt.Sprintf("MotionBoxData[%d]", k)
		}
		if off < 0 {
			return fmt.Errorf("%s: negative offset %d", name, off)
		}
		if g.BoxCount > 0 {
			if need := off + (g.BoxCount-1)*st + 24; need > len(data) {
				return fmt.Errorf("%s: %d boxes need %d bytes, buffer has %d", name, g.BoxCount, need, len(data))
			}
		}
	}
	return nil
}

func (g *BoundingBoxGeometry) fetch(k, i int, dst []float32) {
	data, off := g.keyData(k)
	o := off + i*g.stride()
	for c := 0; c < 6; c++ {
		dst[c] = readF32(data, o+4*c)
	}
}

// validateCommon checks the primitive-data fields of a geometry.
func validateCommon(c *GeometryCommon, n int) error {
	if c.PrimitiveData == nil {
		return nil
	}
	es := c.PrimitiveDataElementSize
	st := c.PrimitiveDataStride
	if st == 0 {
		st = es
	}
	if es <= 0 || es%4 != 0 || st < es || st%4 != 0 {
		return fmt.Errorf("PrimitiveDataElementSize/Stride: element size %d and stride %d must be positive multiples of 4 with stride >= size", es, c.PrimitiveDataStride)
	}
	if c.PrimitiveDataOffset < 0 {
		return errors.New("PrimitiveDataOffset: negative")
	}
	if n > 0 {
		if need := c.PrimitiveDataOffset + (n-1)*st + es; need > len(c.PrimitiveData) {
			return fmt.Errorf("PrimitiveData: %d elements need %d bytes, buffer has %d", n, need, len(c.PrimitiveData))
		}
	}
	return nil
}

// copyPrimitiveData packs a geometry's primitive data tightly.
func copyPrimitiveData(c *GeometryCommon, n int) []byte {
	if c.PrimitiveData == nil || n == 0 {
		return nil
	}
	es := c.PrimitiveDataElementSize
	st := c.PrimitiveDataStride
	if st == 0 {
		st = es
	}
	out := make([]byte, n*es)
	for i := 0; i < n; i++ {
		copy(out[i*es:(i+1)*es], c.PrimitiveData[c.PrimitiveDataOffset+i*st:])
	}
	return out
}

func finite(v float32) bool { return v-v == 0 }
