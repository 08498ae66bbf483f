package engine_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// TestKernelStageIn runs the §5.2.4.3 seed: a kernel with a [[stage_in]]
// struct fetched per thread through ComputePipelineOptions.StageInput
// (float, unorm and half formats, a per-thread and a constant layout)
// and a block-scope extern constant defined in a preloaded library.
func TestKernelStageIn(t *testing.T) {
	src, err := os.ReadFile("../shaders/testdata/seeds/000_5.2.4.3_kernel_stage_in.metal")
	if err != nil {
		t.Skip(err)
	}
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	lib, err := d.NewLibraryWithFile("000_5.2.4.3_kernel_stage_in.metal", src, engine.CompileOptions{})
	must(t, err)
	defs, err := d.NewLibraryWithSource(stageInCompanion, engine.CompileOptions{})
	must(t, err)
	fn, err := lib.Function("my_kernel")
	must(t, err)
	desc := &engine.StageInputOutputDescriptor{
		Attributes: map[int]engine.AttributeDescriptor{
			0: {Format: engine.AttributeFormatFloat4, Offset: 0, BufferIndex: 1},
			1: {Format: engine.AttributeFormatFloat3, Offset: 16, BufferIndex: 1},
			2: {Format: engine.AttributeFormatUChar4Normalized, Offset: 28, BufferIndex: 1},
			3: {Format: engine.AttributeFormatHalf2, Offset: 0, BufferIndex: 2},
		},
		Layouts: map[int]engine.BufferLayoutDescriptor{
			1: {Stride: 32, StepFunction: engine.StepFunctionThreadPositionInGridX, StepRate: 1},
			2: {StepFunction: engine.StepFunctionConstant},
		},
	}
	if _, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{PreloadedLibraries: []*engine.Library{defs}}); err == nil ||
		!strings.Contains(err.Error(), "StageInput") {
		t.Fatalf("pipeline without a stage input descriptor: %v", err)
	}
	p, err := d.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{StageInput: desc, PreloadedLibraries: []*engine.Library{defs}})
	must(t, err)
	const n = 70 // not a multiple of the threadgroup size
	var elems []byte
	for i := range n {
		elems = le(elems, float32(i), float32(0), float32(0), float32(0), float32(0), float32(2*i), float32(0))
		elems = append(elems, 0, 0, 255, 0)
	}
	vb := newBuffer(t, d, elems)
	out, err := d.NewBuffer(4 * n)
	must(t, err)
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(n, 1, 1), engine.Sz(32, 1, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(out, 0, 0))
		must(t, e.SetBuffer(vb, 0, 1))
		must(t, e.SetBytes([]byte{0x00, 0x38, 0x00, 0x00}, 2)) // half2(0.5, 0)
	})
	must(t, cb.Error())
	for i, v := range floats(out.Contents()) {
		// a.x + b.y + c.z + d.x + extern a.w
		if want := float32(i) + float32(2*i) + 1 + 0.5 + 0.25; v != want {
			t.Fatalf("ptr[%d] = %v, want %v", i, v, want)
		}
	}
}

const stageInCompanion = `
#include <metal_stdlib>
using namespace metal;
constant float4 a = float4(0.0f, 0.0f, 0.0f, 0.25f);
`

const stageIn2DSrc = `
#include <metal_stdlib>
using namespace metal;
struct In {
    float u [[attribute(0)]];
    float v [[attribute(1)]];
};
kernel void grid2d(In in [[stage_in]], device float* out [[buffer(0)]],
                   uint2 pos [[thread_position_in_grid]], uint2 size [[threads_per_grid]]) {
    out[pos.y * size.x + pos.x] = in.u + in.v * 100.0f;
}
`

// TestKernelStageIn2D: a 2-D grid with partial threadgroups; one
// attribute steps with x, the other with y through a uint16 index buffer.
func TestKernelStageIn2D(t *testing.T) {
	d := newDevice(t, engine.DeviceOptions{Workers: 2})
	p := pipelineWith(t, d, stageIn2DSrc, "grid2d", engine.ComputePipelineOptions{StageInput: &engine.StageInputOutputDescriptor{
		Attributes: map[int]engine.AttributeDescriptor{
			0: {Format: engine.AttributeFormatFloat, BufferIndex: 1},
			1: {Format: engine.AttributeFormatFloat, BufferIndex: 2},
		},
		Layouts: map[int]engine.BufferLayoutDescriptor{
			1: {Stride: 4, StepFunction: engine.StepFunctionThreadPositionInGridX},
			2: {Stride: 4, StepFunction: engine.StepFunctionThreadPositionInGridYIndexed},
		},
		IndexType: engine.IndexTypeUInt16, IndexBufferIndex: 3,
	}})
	const w, h = 4, 3
	out, err := d.NewBuffer(4 * w * h)
	must(t, err)
	us := newBuffer(t, d, le(nil, float32(1), float32(2), float32(3), float32(4)))
	vs := newBuffer(t, d, le(nil, float32(10), float32(20), float32(30)))
	idx := newBuffer(t, d, le(nil, uint16(2), uint16(0), uint16(1)))
	cb := dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(w, h, 1), engine.Sz(3, 2, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(out, 0, 0))
		must(t, e.SetBuffer(us, 0, 1))
		must(t, e.SetBuffer(vs, 0, 2))
		must(t, e.SetBuffer(idx, 0, 3))
	})
	must(t, cb.Error())
	v := []float32{30, 10, 20}
	got := floats(out.Contents())
	for y := range h {
		for x := range w {
			if want := float32(x+1) + v[y]*100; got[y*w+x] != want {
				t.Fatalf("out[%d,%d] = %v, want %v", x, y, got[y*w+x], want)
			}
		}
	}
	// An index past the end of its buffer fails the command buffer, naming it.
	short := newBuffer(t, d, le(nil, uint16(2)))
	cb = dispatch(t, context.Background(), d.NewCommandQueue(), p, engine.Sz(w, h, 1), engine.Sz(3, 2, 1), func(e *engine.ComputeCommandEncoder) {
		must(t, e.SetBuffer(out, 0, 0))
		must(t, e.SetBuffer(us, 0, 1))
		must(t, e.SetBuffer(vs, 0, 2))
		must(t, e.SetBuffer(short, 0, 3))
	})
	if err := cb.Error(); err == nil || !strings.Contains(err.Error(), "index buffer") {
		t.Fatalf("short index buffer: %v", err)
	}
}

// pipelineWith compiles src and makes a pipeline of kernel name with opts.
func pipelineWith(t testing.TB, d *engine.Device, src, name string, opts engine.ComputePipelineOptions) *engine.ComputePipelineState {
	t.Helper()
	lib, err := d.NewLibraryWithSource(src, engine.CompileOptions{})
	must(t, err)
	fn, err := lib.Function(name)
	must(t, err)
	p, err := d.NewComputePipelineState(fn, nil, opts)
	must(t, err)
	return p
}
