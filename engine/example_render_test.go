package engine_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/engine"
)

// helloTriangle is the MSL of the render-command-encoder guide's "Drawing
// a Triangle" (Listing 5-15).
const helloTriangle = `#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
};

vertex VertexOutput hello_vertex(const device float4 *pos_data [[ buffer(0) ]],
                                 const device float4 *color_data [[ buffer(1) ]],
                                 uint vid [[ vertex_id ]])
{
    VertexOutput out;
    out.position = pos_data[vid];
    out.color = color_data[vid];
    return out;
}

fragment float4 hello_fragment(VertexOutput in [[ stage_in ]])
{
    return in.color;
}
`

// f32s returns the little-endian bytes of v.
func f32s(v ...float32) []byte { return floatBytes(v) }

// The guide's "Drawing a Triangle" (Listings 5-14 and 5-15) in Go: a
// command queue and buffer, a render pass that clears a colour attachment
// to cyan, two vertex buffers, a pipeline of hello_vertex and
// hello_fragment, one draw of three vertices.
func ExampleRenderCommandEncoder() {
	ctx := context.Background()
	device, _ := engine.NewDevice(engine.DeviceOptions{})
	commandQueue := device.NewCommandQueue()
	commandBuffer := commandQueue.CommandBuffer(ctx)

	currentTexture, _ := device.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D,
		PixelFormat: engine.PixelFormatRGBA8Unorm, Width: 32, Height: 32, Usage: engine.TextureUsageRenderTarget})
	var renderPassDesc engine.RenderPassDescriptor
	renderPassDesc.ColorAttachments[0].Texture = currentTexture
	renderPassDesc.ColorAttachments[0].LoadAction = engine.LoadActionClear
	renderPassDesc.ColorAttachments[0].ClearColor = &[4]float64{0.0, 1.0, 1.0, 1.0}
	renderEncoder, err := commandBuffer.RenderCommandEncoder(&renderPassDesc)
	if err != nil {
		fmt.Println(err)
		return
	}

	posBuf, _ := device.NewBufferWithBytes(f32s(
		0.0, 0.33, 0.0, 1,
		-0.33, -0.33, 0.0, 1,
		0.33, -0.33, 0.0, 1))
	colBuf, _ := device.NewBufferWithBytes(f32s(
		1, 0, 0, 1,
		0, 1, 0, 1,
		0, 0, 1, 1))
	renderEncoder.SetVertexBuffer(posBuf, 0, 0)
	renderEncoder.SetVertexBuffer(colBuf, 0, 1)

	library, err := device.NewLibraryWithFile("hello.metal", []byte(helloTriangle), engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	vertFunc, _ := library.Function("hello_vertex")
	fragFunc, _ := library.Function("hello_fragment")
	renderPipelineDesc := &engine.RenderPipelineDescriptor{VertexFunction: vertFunc, FragmentFunction: fragFunc}
	renderPipelineDesc.ColorAttachments[0].PixelFormat = currentTexture.PixelFormat()
	pipeline, err := device.NewRenderPipelineState(renderPipelineDesc)
	if err != nil {
		fmt.Println(err)
		return
	}
	renderEncoder.SetRenderPipelineState(pipeline)
	renderEncoder.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	renderEncoder.EndEncoding()
	commandBuffer.Commit()
	if err := commandBuffer.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}

	img, _ := currentTexture.Image(0, 0, 0)
	fmt.Println("corner:", img.At(0, 0))
	fmt.Println("centre:", img.At(16, 18))
	fmt.Println("below the triangle:", img.At(16, 23))
	// Output:
	// corner: {0 255 255 255}
	// centre: {67 82 106 255}
	// below the triangle: {0 255 255 255}
}
