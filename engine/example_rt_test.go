package engine_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
)

// ExampleAccelerationStructureCommandEncoder builds a one-triangle
// acceleration structure on the device, then, in the same command buffer,
// dispatches a kernel that intersects rays with it.
func ExampleAccelerationStructureCommandEncoder() {
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	lib, err := dev.NewLibraryWithSource(`
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;
kernel void trace(primitive_acceleration_structure as [[buffer(0)]], device float* out [[buffer(1)]],
                  uint i [[thread_position_in_grid]]) {
    intersector<> x;
    auto h = x.intersect(ray(float3(0.25f * i, 0, 0), float3(0, 0, 1)), as);
    out[i] = h.type == intersection_type::triangle ? h.distance : -1.0f;
}`, engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("trace")
	pipe, err := dev.NewComputePipelineState(fn, nil, engine.ComputePipelineOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// One triangle at z = 2 (packed float3 vertices).
	var vb []byte
	for _, v := range []float32{-1, -1, 2, 1, -1, 2, 0, 1, 2} {
		vb = binary.LittleEndian.AppendUint32(vb, math.Float32bits(v))
	}
	vertices, _ := dev.NewBufferWithBytes(vb)
	desc := &engine.PrimitiveAccelerationStructureDescriptor{Geometries: []engine.AccelerationStructureGeometry{
		&engine.TriangleGeometryDescriptor{GeometryDescriptor: engine.GeometryDescriptor{Opaque: true},
			VertexBuffer: vertices, TriangleCount: 1}}}
	sizes, err := dev.AccelerationStructureSizes(desc)
	if err != nil {
		fmt.Println(err)
		return
	}
	as, _ := dev.NewAccelerationStructure(sizes.AccelerationStructureSize)
	scratch, _ := dev.NewBuffer(sizes.BuildScratchBufferSize)
	out, _ := dev.NewBuffer(4 * 6)

	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	ae, _ := cb.AccelerationStructureCommandEncoder()
	ae.BuildAccelerationStructure(as, desc, scratch, 0)
	ae.EndEncoding()
	ce, _ := cb.ComputeCommandEncoder()
	ce.SetComputePipelineState(pipe)
	ce.SetAccelerationStructure(as, 0)
	ce.SetBuffer(out, 0, 1)
	ce.DispatchThreads(engine.Sz(6, 1, 1), engine.Sz(6, 1, 1))
	if err := ce.EndEncoding(); err != nil {
		fmt.Println(err)
		return
	}
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	for i := range 6 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(out.Contents()[4*i:])), " ")
	}
	fmt.Println()
	// Output: 2 2 2 -1 -1 -1
}
