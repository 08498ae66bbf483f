package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/accel"
)

// VertexFormat is the layout of a vertex position in a triangle geometry's
// vertex buffer (a subset of MTLAttributeFormat).
type VertexFormat = accel.VertexFormat

// IndexType is the element type of a triangle geometry's index buffer
// (MTLIndexType, plus IndexTypeNone for non-indexed triangles).
type IndexType = accel.IndexType

// MotionBorderMode says what motion geometry does outside its time range
// (MTLMotionBorderMode).
type MotionBorderMode = accel.BorderMode

// InstanceDescriptorType is the byte layout of the descriptors in an
// instance descriptor buffer (MTLAccelerationStructureInstanceDescriptorType).
type InstanceDescriptorType = accel.InstanceDescriptorType

// TransformType is the layout of motion transforms (MTLTransformType).
type TransformType = accel.MotionTransformType

// Vertex formats, index types, instance descriptor types, motion border
// modes and motion transform types.
const (
	VertexFormatFloat3 = accel.VertexFloat3
	VertexFormatFloat4 = accel.VertexFloat4
	VertexFormatFloat2 = accel.VertexFloat2
	VertexFormatHalf3  = accel.VertexHalf3
	VertexFormatHalf4  = accel.VertexHalf4
	VertexFormatHalf2  = accel.VertexHalf2

	IndexTypeNone   = accel.IndexNone
	IndexTypeUInt16 = accel.IndexUint16
	IndexTypeUInt32 = accel.IndexUint32

	InstanceDescriptorTypeDefault = accel.InstanceDescriptorDefault
	InstanceDescriptorTypeUserID  = accel.InstanceDescriptorUserID
	InstanceDescriptorTypeMotion  = accel.InstanceDescriptorMotion

	MotionBorderModeClamp  = accel.BorderClamp
	MotionBorderModeVanish = accel.BorderVanish

	TransformTypePackedFloat4x3 = accel.MotionPackedFloat4x3
	TransformTypeComponent      = accel.MotionComponent
)

// AccelerationStructureUsage is a set of MTLAccelerationStructureUsage
// bits.
type AccelerationStructureUsage uint32

// Acceleration structure usages.
const (
	// AccelerationStructureUsageRefit allows RefitAccelerationStructure.
	AccelerationStructureUsageRefit AccelerationStructureUsage = 1 << iota
	// AccelerationStructureUsagePreferFastBuild trades traversal speed for
	// build speed (a lower-quality build).
	AccelerationStructureUsagePreferFastBuild
	// AccelerationStructureUsageExtendedLimits is accepted and has no
	// effect: ingot has no smaller default limits.
	AccelerationStructureUsageExtendedLimits
)

// GeometryDescriptor holds the fields every geometry has
// (MTLAccelerationStructureGeometryDescriptor).
type GeometryDescriptor struct {
	// Opaque triangles are committed without running an intersection
	// function.
	Opaque bool
	// IntersectionFunctionTableOffset is added to the instance's offset to
	// pick the intersection function table entry.
	IntersectionFunctionTableOffset int
	// AllowDuplicateIntersectionFunctionInvocation is accepted; ingot runs
	// each intersection function at most once per primitive and ray.
	AllowDuplicateIntersectionFunctionInvocation bool
	// PrimitiveDataBuffer holds per-primitive data from
	// PrimitiveDataBufferOffset, PrimitiveDataElementSize bytes every
	// PrimitiveDataStride bytes (0: element size), copied at build time.
	PrimitiveDataBuffer       *Buffer
	PrimitiveDataBufferOffset int
	PrimitiveDataStride       int
	PrimitiveDataElementSize  int
	// Label names the geometry in messages.
	Label string
}

// MotionKeyframeData locates one keyframe's data (MTLMotionKeyframeData).
type MotionKeyframeData struct {
	Buffer *Buffer
	Offset int
}

// AccelerationStructureGeometry is one geometry of a primitive
// acceleration structure: *TriangleGeometryDescriptor,
// *BoundingBoxGeometryDescriptor, *MotionTriangleGeometryDescriptor or
// *MotionBoundingBoxGeometryDescriptor.
type AccelerationStructureGeometry interface {
	// toAccel reads the geometry's buffers (at build time) into an accel
	// geometry; field names errors by the Go field.
	toAccel(dev *Device) (accel.Geometry, error)
}

// TriangleGeometryDescriptor describes triangles
// (MTLAccelerationStructureTriangleGeometryDescriptor).
type TriangleGeometryDescriptor struct {
	GeometryDescriptor
	VertexBuffer       *Buffer
	VertexBufferOffset int
	// VertexStride is the distance between vertices; 0 means the format's
	// size (12 for VertexFormatFloat3).
	VertexStride int
	VertexFormat VertexFormat
	// IndexBuffer, if set, holds IndexType indices from IndexBufferOffset.
	IndexBuffer       *Buffer
	IndexBufferOffset int
	IndexType         IndexType
	TriangleCount     int
	// TransformationMatrixBuffer, if set, holds a packed float4x3 (48
	// bytes, column-major) applied to the vertices at build time.
	TransformationMatrixBuffer       *Buffer
	TransformationMatrixBufferOffset int
}

// MotionTriangleGeometryDescriptor describes triangles with one vertex
// buffer per keyframe (MTLAccelerationStructureMotionTriangleGeometryDescriptor).
type MotionTriangleGeometryDescriptor struct {
	GeometryDescriptor
	VertexBuffers     []MotionKeyframeData
	VertexStride      int
	VertexFormat      VertexFormat
	IndexBuffer       *Buffer
	IndexBufferOffset int
	IndexType         IndexType
	TriangleCount     int
}

// BoundingBoxGeometryDescriptor describes axis-aligned boxes (two packed
// float3, min then max) whose hits an intersection function decides
// (MTLAccelerationStructureBoundingBoxGeometryDescriptor).
type BoundingBoxGeometryDescriptor struct {
	GeometryDescriptor
	BoundingBoxBuffer       *Buffer
	BoundingBoxBufferOffset int
	// BoundingBoxStride is the distance between boxes; 0 means 24.
	BoundingBoxStride int
	BoundingBoxCount  int
}

// MotionBoundingBoxGeometryDescriptor describes boxes with one box buffer
// per keyframe (MTLAccelerationStructureMotionBoundingBoxGeometryDescriptor).
type MotionBoundingBoxGeometryDescriptor struct {
	GeometryDescriptor
	BoundingBoxBuffers []MotionKeyframeData
	BoundingBoxStride  int
	BoundingBoxCount   int
}

// contents returns b's bytes after checking it belongs to dev and is
// alive; field names it in errors.
func contents(dev *Device, b *Buffer, field string, optional bool) ([]byte, error) {
	if b == nil {
		if optional {
			return nil, nil
		}
		return nil, fmt.Errorf("%s is nil", field)
	}
	if b.dev != dev {
		return nil, fmt.Errorf("%s belongs to another device", field)
	}
	if b.released.Load() {
		return nil, fmt.Errorf("%s: %w", field, errReleased)
	}
	return b.Contents(), nil
}

func (g *GeometryDescriptor) common(dev *Device) (accel.GeometryCommon, error) {
	c := accel.GeometryCommon{Opaque: g.Opaque, Label: g.Label,
		PrimitiveDataOffset: g.PrimitiveDataBufferOffset, PrimitiveDataStride: g.PrimitiveDataStride,
		PrimitiveDataElementSize: g.PrimitiveDataElementSize}
	if g.IntersectionFunctionTableOffset < 0 || g.IntersectionFunctionTableOffset > 1<<24 {
		return c, fmt.Errorf("IntersectionFunctionTableOffset is %d", g.IntersectionFunctionTableOffset)
	}
	c.FunctionTableOffset = uint32(g.IntersectionFunctionTableOffset)
	data, err := contents(dev, g.PrimitiveDataBuffer, "PrimitiveDataBuffer", true)
	if err != nil {
		return c, err
	}
	c.PrimitiveData = data
	return c, nil
}

func keyframes(dev *Device, ks []MotionKeyframeData, field string) ([]accel.KeyframeData, error) {
	out := make([]accel.KeyframeData, len(ks))
	for i, k := range ks {
		data, err := contents(dev, k.Buffer, fmt.Sprintf("%s[%d].Buffer", field, i), false)
		if err != nil {
			return nil, err
		}
		out[i] = accel.KeyframeData{Data: data, Offset: k.Offset}
	}
	return out, nil
}

func (g *TriangleGeometryDescriptor) toAccel(dev *Device) (accel.Geometry, error) {
	c, err := g.common(dev)
	if err != nil {
		return nil, err
	}
	vb, err := contents(dev, g.VertexBuffer, "VertexBuffer", false)
	if err != nil {
		return nil, err
	}
	ib, err := contents(dev, g.IndexBuffer, "IndexBuffer", true)
	if err != nil {
		return nil, err
	}
	t := &accel.TriangleGeometry{GeometryCommon: c, VertexData: vb, VertexOffset: g.VertexBufferOffset,
		VertexStride: g.VertexStride, VertexFormat: g.VertexFormat, IndexData: ib, IndexOffset: g.IndexBufferOffset,
		IndexType: g.IndexType, TriangleCount: g.TriangleCount}
	if ib == nil {
		t.IndexType = accel.IndexNone
	} else if g.IndexType == accel.IndexNone {
		return nil, fmt.Errorf("IndexType is none but IndexBuffer is set")
	}
	if g.TransformationMatrixBuffer != nil {
		mb, err := contents(dev, g.TransformationMatrixBuffer, "TransformationMatrixBuffer", false)
		if err != nil {
			return nil, err
		}
		o := g.TransformationMatrixBufferOffset
		if o < 0 || o+48 > len(mb) {
			return nil, fmt.Errorf("TransformationMatrixBufferOffset %d: 48 bytes do not fit in the buffer's %d", o, len(mb))
		}
		var m accel.Float4x3
		for i := range m {
			m[i] = f32le(mb[o+4*i:])
		}
		t.Transform = &m
	}
	return t, nil
}

func (g *MotionTriangleGeometryDescriptor) toAccel(dev *Device) (accel.Geometry, error) {
	c, err := g.common(dev)
	if err != nil {
		return nil, err
	}
	ks, err := keyframes(dev, g.VertexBuffers, "VertexBuffers")
	if err != nil {
		return nil, err
	}
	ib, err := contents(dev, g.IndexBuffer, "IndexBuffer", true)
	if err != nil {
		return nil, err
	}
	t := &accel.TriangleGeometry{GeometryCommon: c, MotionVertexData: ks, VertexStride: g.VertexStride,
		VertexFormat: g.VertexFormat, IndexData: ib, IndexOffset: g.IndexBufferOffset, IndexType: g.IndexType,
		TriangleCount: g.TriangleCount}
	if ib == nil {
		t.IndexType = accel.IndexNone
	}
	return t, nil
}

func (g *BoundingBoxGeometryDescriptor) toAccel(dev *Device) (accel.Geometry, error) {
	c, err := g.common(dev)
	if err != nil {
		return nil, err
	}
	bb, err := contents(dev, g.BoundingBoxBuffer, "BoundingBoxBuffer", false)
	if err != nil {
		return nil, err
	}
	return &accel.BoundingBoxGeometry{GeometryCommon: c, BoxData: bb, BoxOffset: g.BoundingBoxBufferOffset,
		BoxStride: g.BoundingBoxStride, BoxCount: g.BoundingBoxCount}, nil
}

func (g *MotionBoundingBoxGeometryDescriptor) toAccel(dev *Device) (accel.Geometry, error) {
	c, err := g.common(dev)
	if err != nil {
		return nil, err
	}
	ks, err := keyframes(dev, g.BoundingBoxBuffers, "BoundingBoxBuffers")
	if err != nil {
		return nil, err
	}
	return &accel.BoundingBoxGeometry{GeometryCommon: c, MotionBoxData: ks, BoxStride: g.BoundingBoxStride, BoxCount: g.BoundingBoxCount}, nil
}

// PrimitiveAccelerationStructureDescriptor describes a primitive
// acceleration structure (MTLPrimitiveAccelerationStructureDescriptor).
// Geometry buffers are read when the build or refit executes, as on a GPU.
type PrimitiveAccelerationStructureDescriptor struct {
	// Geometries lists the geometries; the index is the geometry id.
	Geometries []AccelerationStructureGeometry
	// MotionKeyframeCount is the number of keyframes of the motion
	// geometries (0 or 1: no motion), spread uniformly over
	// [MotionStartTime, MotionEndTime].
	MotionKeyframeCount   int
	MotionStartTime       float32
	MotionEndTime         float32
	MotionStartBorderMode MotionBorderMode
	MotionEndBorderMode   MotionBorderMode
	// Usage enables refitting or a faster build.
	Usage AccelerationStructureUsage
}

// InstanceAccelerationStructureDescriptor describes an instance
// acceleration structure (MTLInstanceAccelerationStructureDescriptor): the
// instance descriptors (Metal's byte layouts) are read from
// InstanceDescriptorBuffer when the build executes, and each names its
// structure by an index into InstancedAccelerationStructures.
type InstanceAccelerationStructureDescriptor struct {
	InstanceDescriptorBuffer       *Buffer
	InstanceDescriptorBufferOffset int
	// InstanceDescriptorStride is the distance between descriptors; 0
	// means the type's size.
	InstanceDescriptorStride int
	InstanceDescriptorType   InstanceDescriptorType
	InstanceCount            int
	// InstancedAccelerationStructures are the structures instances refer
	// to; each must have been built before this structure's build
	// executes.
	InstancedAccelerationStructures []*AccelerationStructure
	// InstanceTransformationMatrixLayoutRowMajor says instance transforms
	// are stored row-major (MTLMatrixLayoutRowMajor); column-major is the
	// default.
	InstanceTransformationMatrixLayoutRowMajor bool
	// MotionTransformBuffer holds the keyframe transforms of motion
	// instances (InstanceDescriptorTypeMotion).
	MotionTransformBuffer       *Buffer
	MotionTransformBufferOffset int
	MotionTransformStride       int
	MotionTransformCount        int
	MotionTransformType         TransformType
	// Usage enables refitting or a faster build.
	Usage AccelerationStructureUsage
}

// AccelerationStructureDescriptor is a
// *PrimitiveAccelerationStructureDescriptor or an
// *InstanceAccelerationStructureDescriptor.
type AccelerationStructureDescriptor interface {
	usage() AccelerationStructureUsage
}

func (d *PrimitiveAccelerationStructureDescriptor) usage() AccelerationStructureUsage {
	if d == nil {
		return 0
	}
	return d.Usage
}

func (d *InstanceAccelerationStructureDescriptor) usage() AccelerationStructureUsage {
	if d == nil {
		return 0
	}
	return d.Usage
}

// nilDescriptor reports whether desc is nil or a nil pointer.
func nilDescriptor(desc AccelerationStructureDescriptor) bool {
	switch d := desc.(type) {
	case *PrimitiveAccelerationStructureDescriptor:
		return d == nil
	case *InstanceAccelerationStructureDescriptor:
		return d == nil
	}
	return desc == nil
}

func buildOptions(u AccelerationStructureUsage) accel.BuildOptions {
	if u&AccelerationStructureUsagePreferFastBuild != 0 {
		return accel.BuildOptions{Quality: accel.QualityFast}
	}
	return accel.BuildOptions{}
}

// toAccel reads the descriptor's buffers into an accel descriptor.
func (d *PrimitiveAccelerationStructureDescriptor) toAccel(dev *Device) (*accel.PrimitiveDescriptor, error) {
	if len(d.Geometries) == 0 {
		return nil, fmt.Errorf("Geometries is empty")
	}
	out := &accel.PrimitiveDescriptor{MotionKeyframeCount: d.MotionKeyframeCount, MotionStartTime: d.MotionStartTime,
		MotionEndTime: d.MotionEndTime, MotionStartBorder: d.MotionStartBorderMode, MotionEndBorder: d.MotionEndBorderMode,
		Build: buildOptions(d.Usage)}
	for i, g := range d.Geometries {
		if nilGeometry(g) {
			return nil, fmt.Errorf("Geometries[%d] is nil", i)
		}
		ag, err := g.toAccel(dev)
		if err != nil {
			return nil, fmt.Errorf("Geometries[%d].%w", i, err)
		}
		out.Geometries = append(out.Geometries, ag)
	}
	return out, nil
}

// validate checks what can be checked before execution.
func (d *InstanceAccelerationStructureDescriptor) validate(dev *Device) error {
	if _, err := contents(dev, d.InstanceDescriptorBuffer, "InstanceDescriptorBuffer", false); err != nil {
		return err
	}
	if d.InstanceCount < 0 {
		return fmt.Errorf("InstanceCount is %d", d.InstanceCount)
	}
	for i, s := range d.InstancedAccelerationStructures {
		if s == nil {
			return fmt.Errorf("InstancedAccelerationStructures[%d] is nil", i)
		}
		if s.dev != dev {
			return fmt.Errorf("InstancedAccelerationStructures[%d] belongs to another device", i)
		}
	}
	return nil
}

// toAccel decodes the instance descriptors and resolves the instanced
// structures (which must be built by now).
func (d *InstanceAccelerationStructureDescriptor) toAccel(dev *Device) (*accel.InstanceDescriptor, error) {
	if err := d.validate(dev); err != nil {
		return nil, err
	}
	mb, err := contents(dev, d.MotionTransformBuffer, "MotionTransformBuffer", true)
	if err != nil {
		return nil, err
	}
	insts, err := accel.DecodeInstances(&accel.InstanceBuffer{Data: d.InstanceDescriptorBuffer.Contents(),
		Offset: d.InstanceDescriptorBufferOffset, Stride: d.InstanceDescriptorStride, Count: d.InstanceCount,
		Type: d.InstanceDescriptorType, RowMajor: d.InstanceTransformationMatrixLayoutRowMajor,
		MotionData: mb, MotionOffset: d.MotionTransformBufferOffset, MotionStride: d.MotionTransformStride,
		MotionCount: d.MotionTransformCount, MotionType: d.MotionTransformType})
	if err != nil {
		return nil, fmt.Errorf("InstanceDescriptorBuffer: %w", err)
	}
	out := &accel.InstanceDescriptor{Instances: insts, Build: buildOptions(d.Usage)}
	for i, s := range d.InstancedAccelerationStructures {
		st := s.structure()
		if st == nil {
			return nil, fmt.Errorf("InstancedAccelerationStructures[%d] (%q) has not been built", i, s.Label())
		}
		out.Structures = append(out.Structures, st)
	}
	return out, nil
}

// nilGeometry reports whether g is nil or a nil pointer.
func nilGeometry(g AccelerationStructureGeometry) bool {
	switch g := g.(type) {
	case *TriangleGeometryDescriptor:
		return g == nil
	case *BoundingBoxGeometryDescriptor:
		return g == nil
	case *MotionTriangleGeometryDescriptor:
		return g == nil
	case *MotionBoundingBoxGeometryDescriptor:
		return g == nil
	}
	return g == nil
}
