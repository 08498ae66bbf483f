package engine

import (
	"fmt"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// resourceSlots are the buffer, texture and sampler binding points of one
// shader stage of an encoder (31, 31 and 16 slots, as Metal has).
type resourceSlots struct {
	buffers  [MaxBufferArguments]bufSlot
	textures [MaxTextureArguments]*Texture
	samplers [MaxSamplerArguments]*SamplerState
}

// boundResources collects what a dispatch or draw keeps alive and maps
// into memory besides the device's buffers.
type boundResources struct {
	transient []exec.Buffer
	keep      []any
	accels    []boundAccel
}

// bindResource resolves binding b of the function called fn (of library
// lib; pipe is the compute pipeline, nil for render stages) against the
// slots, writing its argument value into args. It reports false, with no
// error, for binding kinds it does not handle (threadgroup memory,
// imageblocks, stage records), which the caller binds itself.
func (s *resourceSlots) bindResource(fn string, lib *Library, pipe *ComputePipelineState, b binding, args []uint64, out *boundResources) (bool, error) {
	switch b.kind {
	case lower.BindBuffer:
		sl := s.buffers[b.index]
		if !sl.set {
			return true, fmt.Errorf("engine: %s: missing buffer at index %d for argument %q", fn, b.index, b.name)
		}
		if sl.isHandle {
			return true, fmt.Errorf("engine: %s: a resource handle is bound at buffer index %d, argument %q needs a buffer", fn, b.index, b.name)
		}
		length := len(sl.bytes.Data)
		if sl.buf != nil {
			if sl.buf.released.Load() {
				return true, fmt.Errorf("engine: %s: buffer at index %d for argument %q: %w", fn, b.index, b.name, errReleased)
			}
			length = sl.buf.Length() - sl.offset
			args[b.param] = sl.buf.GPUAddress() + uint64(sl.offset)
			out.keep = append(out.keep, sl.buf)
		} else {
			args[b.param] = sl.bytes.Addr
			out.transient = append(out.transient, sl.bytes)
		}
		if length < b.size {
			return true, fmt.Errorf("engine: %s: argument %q at buffer index %d needs %d bytes, %d bound", fn, b.name, b.index, b.size, length)
		}
	case lower.BindTexture:
		t := s.textures[b.index]
		if t == nil {
			return true, fmt.Errorf("engine: %s: missing texture at index %d for argument %q", fn, b.index, b.name)
		}
		if want, ok := textureShapes[b.texType]; ok && t.TextureType() != want {
			return true, fmt.Errorf("engine: %s: texture at index %d for argument %q is %v, the argument is %s", fn, b.index, b.name, t.TextureType(), b.texType)
		}
		if (b.access == reflect.AccessWrite || b.access == reflect.AccessReadWrite) && t.st.tex.Usage() != TextureUsageUnknown && t.st.tex.Usage()&TextureUsageShaderWrite == 0 {
			return true, fmt.Errorf("engine: %s: texture at index %d for argument %q is written but its usage lacks ShaderWrite", fn, b.index, b.name)
		}
		args[b.param] = t.id
		out.keep = append(out.keep, t)
	case lower.BindSampler:
		sm := s.samplers[b.index]
		if sm == nil {
			return true, fmt.Errorf("engine: %s: missing sampler at index %d for argument %q", fn, b.index, b.name)
		}
		args[b.param] = sm.id
		out.keep = append(out.keep, sm)
	case lower.BindHandle:
		sl := s.buffers[b.index]
		if !sl.set || !sl.isHandle {
			return true, fmt.Errorf("engine: %s: missing resource handle (SetHandle) at buffer index %d for argument %q", fn, b.index, b.name)
		}
		if sl.kind != handleAny && b.handle != handleAny && sl.kind != b.handle {
			return true, fmt.Errorf("engine: %s: %s is bound at buffer index %d, argument %q needs %s", fn, sl.kind, b.index, b.name, b.handle)
		}
		if t, ok := sl.res.(*IntersectionFunctionTable); ok && t.p.lib != lib {
			return true, fmt.Errorf("engine: %s: the intersection function table at buffer index %d for argument %q was made by pipeline %s of another library", fn, b.index, b.name, t.p.name)
		}
		if t, ok := sl.res.(*VisibleFunctionTable); ok && t.p != pipe {
			return true, fmt.Errorf("engine: %s: the visible function table at buffer index %d for argument %q was made by another pipeline (%s)", fn, b.index, b.name, t.p.name)
		}
		if as, ok := sl.res.(*AccelerationStructure); ok {
			out.accels = append(out.accels, boundAccel{as, b.index, b.name})
		}
		if sl.res != nil {
			out.keep = append(out.keep, sl.res)
		}
		args[b.param] = sl.handle
	default:
		return false, nil
	}
	return true, nil
}

// retain keeps resources alive and visible until the command buffer
// completes.
func (cb *CommandBuffer) retain(rs ...any) {
	cb.mu.Lock()
	cb.keep = append(cb.keep, rs...)
	cb.mu.Unlock()
}

// useResource is every encoder's UseResource: r must be a resource; e
// records the error.
func (cb *CommandBuffer) useResource(e *encoderState, r any) error {
	switch r.(type) {
	case *Buffer, *Texture, *SamplerState, *AccelerationStructure, *IntersectionFunctionTable, *VisibleFunctionTable:
	default:
		return e.fail("UseResource: %T is not a resource", r)
	}
	cb.retain(r)
	return nil
}
