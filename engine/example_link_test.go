package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
)

// ExampleComputePipelineOptions_preloadedLibraries links a kernel whose
// library declares a function and a table extern against a second
// library that defines them.
func ExampleComputePipelineOptions_preloadedLibraries() {
	dev, _ := engine.NewDevice(engine.DeviceOptions{Workers: 1})
	kernels, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
extern constant float gains[4];
extern float shape(float x);
kernel void apply(device float* v [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    v[i] = shape(v[i]) * gains[i % 4];
}`, engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defs, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
constant float gains[4] = {1.0f, 2.0f, 3.0f, 4.0f};
float shape(float x) { return x * x; }`, engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := kernels.Function("apply")
	pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{PreloadedLibraries: []*engine.Library{defs}})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := dev.NewBuffer(4 * 4)
	for i := range 4 {
		binary.LittleEndian.PutUint32(v.Contents()[4*i:], math.Float32bits(float32(i+1)))
	}
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, _ := cb.ComputeCommandEncoder()
	enc.SetComputePipelineState(pipe)
	enc.SetBuffer(v, 0, 0)
	enc.DispatchThreads(engine.Sz(4, 1, 1), engine.Sz(4, 1, 1))
	enc.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	for i := range 4 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(v.Contents()[4*i:])), " ")
	}
	fmt.Println()
	// Output: 1 8 27 64
}

// ExampleStageInputOutputDescriptor fetches a kernel's [[stage_in]]
// struct from an interleaved buffer, one element per thread.
func ExampleStageInputOutputDescriptor() {
	dev, _ := engine.NewDevice(engine.DeviceOptions{Workers: 1})
	lib, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
struct In { float2 p [[attribute(0)]]; float w [[attribute(1)]]; };
kernel void weigh(In in [[stage_in]], device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    out[i] = (in.p.x + in.p.y) * in.w;
}`, engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("weigh")
	pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{StageInput: &engine.StageInputOutputDescriptor{
		Attributes: map[int]engine.AttributeDescriptor{
			0: {Format: engine.AttributeFormatFloat2, Offset: 0, BufferIndex: 1},
			1: {Format: engine.AttributeFormatFloat, Offset: 8, BufferIndex: 1},
		},
		Layouts: map[int]engine.BufferLayoutDescriptor{
			1: {Stride: 12, StepFunction: engine.StepFunctionThreadPositionInGridX},
		},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Three interleaved elements: p.x, p.y, w.
	var elems []byte
	for _, f := range []float32{1, 2, 10, 3, 4, 100, 5, 6, 0.5} {
		elems = binary.LittleEndian.AppendUint32(elems, math.Float32bits(f))
	}
	in, _ := dev.NewBufferWithBytes(elems)
	out, _ := dev.NewBuffer(4 * 3)
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, _ := cb.ComputeCommandEncoder()
	enc.SetComputePipelineState(pipe)
	enc.SetBuffer(out, 0, 0)
	enc.SetBuffer(in, 0, 1)
	enc.DispatchThreads(engine.Sz(3, 1, 1), engine.Sz(3, 1, 1))
	enc.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	for i := range 3 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(out.Contents()[4*i:])), " ")
	}
	fmt.Println()
	// Output: 30 700 5.5
}
