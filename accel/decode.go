package accel

import (
	"encoding/binary"
	"fmt"
	"math"
)

// InstanceDescriptorType is MTLAccelerationStructureInstanceDescriptorType.
type InstanceDescriptorType uint8

// Instance descriptor types with a byte layout DecodeInstances reads. The
// indirect types (3, 4) hold resource ids the caller must resolve; decode
// those itself and fill Instance values.
const (
	InstanceDescriptorDefault InstanceDescriptorType = 0 // 64 bytes
	InstanceDescriptorUserID  InstanceDescriptorType = 1 // 68 bytes
	InstanceDescriptorMotion  InstanceDescriptorType = 2 // 44 bytes
)

// Size reports the byte size of one descriptor of type t (0 if unknown).
func (t InstanceDescriptorType) Size() int {
	switch t {
	case InstanceDescriptorDefault:
		return 64
	case InstanceDescriptorUserID:
		return 68
	case InstanceDescriptorMotion:
		return 44
	}
	return 0
}

// MotionTransformType is MTLTransformType: the layout of motion keyframes.
type MotionTransformType uint8

// Motion transform layouts.
const (
	MotionPackedFloat4x3 MotionTransformType = 0 // 48 bytes, column-major
	MotionComponent      MotionTransformType = 1 // MTLComponentTransform, 64 bytes
)

// InstanceBuffer locates Metal instance descriptors in memory
// (the instance fields of MTLInstanceAccelerationStructureDescriptor).
type InstanceBuffer struct {
	Data   []byte
	Offset int
	// Stride between descriptors; 0 means Type.Size().
	Stride int
	Count  int
	Type   InstanceDescriptorType
	// RowMajor says transforms are stored row-major (instanceTransformationMatrixLayout).
	RowMajor bool
	// Motion keyframes (InstanceDescriptorMotion only).
	MotionData   []byte
	MotionOffset int
	// MotionStride between keyframes; 0 means tightly packed.
	MotionStride int
	MotionCount  int
	MotionType   MotionTransformType
}

// DecodeInstances reads Metal instance descriptors. For the default type the
// user id is the instance index (Metal's behaviour there is unverified).
func DecodeInstances(b *InstanceBuffer) ([]Instance, error) {
	size := b.Type.Size()
	if size == 0 {
		return nil, fmt.Errorf("accel: InstanceBuffer.Type: %d not decodable", b.Type)
	}
	st := b.Stride
	if st == 0 {
		st = size
	}
	if st < size || st%4 != 0 {
		return nil, fmt.Errorf("accel: InstanceBuffer.Stride: %d below %d or not a multiple of 4", b.Stride, size)
	}
	if b.Count < 0 || b.Offset < 0 {
		return nil, fmt.Errorf("accel: InstanceBuffer.Count/Offset: negative")
	}
	if b.Count > 0 && b.Offset+(b.Count-1)*st+size > len(b.Data) {
		return nil, fmt.Errorf("accel: InstanceBuffer.Data: %d descriptors need %d bytes, have %d", b.Count, b.Offset+(b.Count-1)*st+size, len(b.Data))
	}
	u32 := func(o int) uint32 { return binary.LittleEndian.Uint32(b.Data[o:]) }
	f32 := func(d []byte, o int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(d[o:])) }
	matrix := func(d []byte, o int) Float4x3 {
		var m Float4x3
		for i := 0; i < 12; i++ {
			m[i] = f32(d, o+4*i)
		}
		if b.RowMajor { // 3 rows of 4: element (r, c) at 4r+c
			var t Float4x3
			for r := 0; r < 3; r++ {
				for c := 0; c < 4; c++ {
					t[3*c+r] = m[4*r+c]
				}
			}
			m = t
		}
		return m
	}
	out := make([]Instance, b.Count)
	for i := range out {
		o := b.Offset + i*st
		in := &out[i]
		if b.Type == InstanceDescriptorMotion {
			in.Options, in.Mask, in.FunctionTableOffset = InstanceOptions(u32(o)), u32(o+4), u32(o+8)
			in.StructureIndex, in.UserID = u32(o+12), u32(o+16)
			start, n := int(u32(o+20)), int(u32(o+24))
			in.MotionStartBorder, in.MotionEndBorder = BorderMode(u32(o+28)), BorderMode(u32(o+32))
			in.MotionStartTime, in.MotionEndTime = f32(b.Data, o+36), f32(b.Data, o+40)
			ksize := 48
			if b.MotionType == MotionComponent {
				ksize = 64
			}
			kst := b.MotionStride
			if kst == 0 {
				kst = ksize
			}
			if start+n > b.MotionCount || (n > 0 && b.MotionOffset+(start+n-1)*kst+ksize > len(b.MotionData)) {
				return nil, fmt.Errorf("accel: InstanceBuffer: instance %d: motion keyframes [%d, %d) outside the %d in MotionData", i, start, start+n, b.MotionCount)
			}
			for k := start; k < start+n; k++ {
				ko := b.MotionOffset + k*kst
				if b.MotionType == MotionComponent {
					var c ComponentTransform
					for j := 0; j < 3; j++ {
						c.Scale[j] = f32(b.MotionData, ko+4*j)
						c.Shear[j] = f32(b.MotionData, ko+12+4*j)
						c.Pivot[j] = f32(b.MotionData, ko+24+4*j)
						c.Translation[j] = f32(b.MotionData, ko+52+4*j)
					}
					for j := 0; j < 4; j++ {
						c.Rotation[j] = f32(b.MotionData, ko+36+4*j)
					}
					in.MotionComponents = append(in.MotionComponents, c)
				} else {
					in.MotionTransforms = append(in.MotionTransforms, matrix(b.MotionData, ko))
				}
			}
			if n == 1 { // a single keyframe is a static transform
				if len(in.MotionComponents) == 1 {
					in.Transform = in.MotionComponents[0].Matrix()
				} else {
					in.Transform = in.MotionTransforms[0]
				}
				in.MotionComponents, in.MotionTransforms = nil, nil
			}
			continue
		}
		in.Transform = matrix(b.Data, o)
		in.Options, in.Mask, in.FunctionTableOffset, in.StructureIndex = InstanceOptions(u32(o+48)), u32(o+52), u32(o+56), u32(o+60)
		in.UserID = uint32(i)
		if b.Type == InstanceDescriptorUserID {
			in.UserID = u32(o + 64)
		}
	}
	return out, nil
}
