package engine_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/engine"
)

// triangleMesh is a mesh function exporting one triangle per mesh
// threadgroup, shifted by the threadgroup's position.
const triangleMesh = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; float3 color; };
using Tri = metal::mesh<V, void, 3, 1, metal::topology::triangle>;

[[mesh]] void tri_mesh(Tri out, uint tg [[threadgroup_position_in_grid]],
                       uint lane [[thread_index_in_threadgroup]]) {
    float x = -0.75f + 1.0f * float(tg);
    V v;
    v.position = float4(x + (lane == 1 ? 0.5f : 0.0f), lane == 2 ? 0.5f : -0.5f, 0.0f, 1.0f);
    v.color = float3(lane == 0, lane == 1, lane == 2);
    out.set_vertex(lane, v);
    out.set_index(lane, uchar(lane));
    if (lane == 0) out.set_primitive_count(1);
}

fragment float4 tri_frag(V in [[stage_in]]) { return float4(in.color, 1.0f); }
`

// A mesh pipeline without object function: a grid of two mesh
// threadgroups of three threads draws two triangles.
func ExampleRenderCommandEncoder_DrawMeshThreadgroups() {
	ctx := context.Background()
	dev, _ := engine.NewDevice(engine.DeviceOptions{})
	lib, err := dev.NewLibraryWithFile("tri.metal", []byte(triangleMesh), engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	meshFn, _ := lib.Function("tri_mesh")
	fragFn, _ := lib.Function("tri_frag")
	desc := &engine.MeshRenderPipelineDescriptor{MeshFunction: meshFn, FragmentFunction: fragFn}
	desc.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	pipeline, err := dev.NewMeshRenderPipelineState(desc)
	if err != nil {
		fmt.Println(err)
		return
	}
	target, _ := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: 16, Height: 16, Usage: engine.TextureUsageRenderTarget})
	var pass engine.RenderPassDescriptor
	pass.ColorAttachments[0].Texture = target
	pass.ColorAttachments[0].LoadAction = engine.LoadActionClear
	cb := dev.NewCommandQueue().CommandBuffer(ctx)
	enc, _ := cb.RenderCommandEncoder(&pass)
	enc.SetRenderPipelineState(pipeline)
	enc.DrawMeshThreadgroups(engine.Size{Width: 2, Height: 1, Depth: 1}, engine.Size{}, engine.Size{Width: 3, Height: 1, Depth: 1})
	enc.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	px := make([]byte, 16*16*4)
	target.GetBytes(px, 16*4, 0, engine.Region{Width: 16, Height: 16, Depth: 1}, 0, 0)
	covered := 0
	for i := 0; i < len(px); i += 4 {
		if px[i]|px[i+1]|px[i+2] != 0 {
			covered++
		}
	}
	fmt.Println("pixels covered:", covered)
	// Output: pixels covered: 32
}
