package engine_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/exec"
)

// Example compiles a kernel, binds two buffers and a constant, dispatches
// a non-multiple grid and reads the result back.
func Example() {
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	lib, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
kernel void saxpy(device const float* x [[buffer(0)]], device float* y [[buffer(1)]],
                  constant float& a [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    y[i] = a * x[i] + y[i];
}`, engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("saxpy")
	pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	const n = 5
	x, _ := dev.NewBuffer(4 * n)
	y, _ := dev.NewBuffer(4 * n)
	for i := range n {
		binary.LittleEndian.PutUint32(x.Contents()[4*i:], math.Float32bits(float32(i)))
		binary.LittleEndian.PutUint32(y.Contents()[4*i:], math.Float32bits(1))
	}
	a := make([]byte, 4)
	binary.LittleEndian.PutUint32(a, math.Float32bits(2))

	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, _ := cb.ComputeCommandEncoder()
	enc.SetComputePipelineState(pipe)
	enc.SetBuffer(x, 0, 0)
	enc.SetBuffer(y, 0, 1)
	enc.SetBytes(a, 2)
	enc.DispatchThreads(engine.Sz(n, 1, 1), engine.Sz(pipe.ThreadExecutionWidth(), 1, 1))
	if err := enc.EndEncoding(); err != nil {
		fmt.Println(err)
		return
	}
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	for i := range n {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(y.Contents()[4*i:])), " ")
	}
	fmt.Println(cb.Status())
	// Output: 1 3 5 7 9 completed
}

// Example_fault shows a shader fault: an out-of-bounds write fails the
// command buffer with the function, source position and thread.
func Example_fault() {
	dev, _ := engine.NewDevice(engine.DeviceOptions{})
	lib, err := dev.NewLibraryWithFile("fill.metal", []byte(`kernel void fill(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    out[i] = 1.0f;
}`), engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("fill")
	pipe, _ := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	out, _ := dev.NewBuffer(16) // room for 4 floats
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	enc, _ := cb.ComputeCommandEncoder()
	enc.SetComputePipelineState(pipe)
	enc.SetBuffer(out, 0, 0)
	enc.DispatchThreads(engine.Sz(8, 1, 1), engine.Sz(8, 1, 1))
	enc.EndEncoding()
	cb.Commit()
	cb.WaitUntilCompleted()
	var f *exec.Fault
	if errors.As(cb.Error(), &f) {
		fmt.Println(cb.Status(), f.Kind, f.Function, f.Pos, f.Thread)
	}
	// Output: error out-of-bounds access fill fill.metal:2:5 [4 0 0]
}
