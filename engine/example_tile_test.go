package engine_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/engine"
)

// A tile-shading render pass: a 16 × 16-pixel tile size, a tile function
// that darkens the cleared colour of every pixel through the implicit
// imageblock (the colour attachment's tile storage), one threadgroup of
// 16 × 16 threads per tile.
func ExampleRenderCommandEncoder_DispatchThreadsPerTile() {
	const src = `#include <metal_stdlib>
using namespace metal;
struct Px { half4 color [[color(0)]]; };
kernel void darken(imageblock<Px, imageblock_layout_implicit> ib, ushort2 lid [[thread_position_in_threadgroup]],
                   ushort2 tile [[threadgroup_position_in_grid]]) {
    Px p = ib.read(lid);
    p.color.rgb *= (tile.x == 0) ? 0.5h : 0.25h;
    ib.write(p, lid);
}`
	device, _ := engine.NewDevice(engine.DeviceOptions{})
	lib, err := device.NewLibraryWithFile("tile.metal", []byte(src), engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("darken")
	tileDesc := &engine.TileRenderPipelineDescriptor{TileFunction: fn, ThreadgroupSizeMatchesTileSize: true}
	tileDesc.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	tilePipeline, err := device.NewTileRenderPipelineState(tileDesc)
	if err != nil {
		fmt.Println(err)
		return
	}
	target, _ := device.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D,
		PixelFormat: engine.PixelFormatRGBA8Unorm, Width: 32, Height: 16, Usage: engine.TextureUsageRenderTarget})
	var pass engine.RenderPassDescriptor
	pass.TileWidth, pass.TileHeight = 16, 16
	pass.ColorAttachments[0].Texture = target
	pass.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pass.ColorAttachments[0].ClearColor = &[4]float64{1, 1, 1, 1}
	cb := device.NewCommandQueue().CommandBuffer(context.Background())
	enc, err := cb.RenderCommandEncoder(&pass)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = enc.SetTileRenderPipelineState(tilePipeline)
	_ = enc.DispatchThreadsPerTile(engine.Sz(enc.TileWidth(), enc.TileHeight(), 1))
	_ = enc.EndEncoding()
	_ = cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	px := make([]byte, 32*16*4)
	_ = target.GetBytes(px, 32*4, 0, engine.Region{Width: 32, Height: 16, Depth: 1}, 0, 0)
	fmt.Println("tile 0:", px[0:4], "tile 1:", px[16*4:16*4+4])
	fmt.Println("device bytes written:", cb.RenderPassCounters()[0].BytesWritten)
	// Output:
	// tile 0: [128 128 128 255] tile 1: [64 64 64 255]
	// device bytes written: 2048
}

// A fragment-based tile function: a fragment function as the tile
// pipeline's TileFunction, run mid-pass by DispatchThreadsPerTile once per
// pixel of each tile. It reads the pixel's colour ([[color(0)]], the
// implicit imageblock) and writes it back tone-mapped; [[pixel_position_in_tile]]
// tells where the pixel lies in its tile.
func ExampleTileRenderPipelineDescriptor_fragmentTileFunction() {
	const src = `#include <metal_stdlib>
using namespace metal;
fragment half4 tonemap(half4 c [[color(0)]], ushort2 p [[pixel_position_in_tile]]) {
    half3 v = c.rgb * (p.x < 8 ? 1.0h : 3.0h);
    return half4(v / (1.0h + v), c.a);
}`
	device, _ := engine.NewDevice(engine.DeviceOptions{})
	lib, err := device.NewLibraryWithFile("tonemap.metal", []byte(src), engine.CompileOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fn, _ := lib.Function("tonemap")
	tileDesc := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
	tileDesc.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
	tilePipeline, err := device.NewTileRenderPipelineState(tileDesc)
	if err != nil {
		fmt.Println(err)
		return
	}
	target, _ := device.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D,
		PixelFormat: engine.PixelFormatRGBA8Unorm, Width: 16, Height: 16, Usage: engine.TextureUsageRenderTarget})
	var pass engine.RenderPassDescriptor
	pass.TileWidth, pass.TileHeight = 16, 16
	pass.ColorAttachments[0].Texture = target
	pass.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pass.ColorAttachments[0].ClearColor = &[4]float64{1, 0.5, 0, 1}
	cb := device.NewCommandQueue().CommandBuffer(context.Background())
	enc, err := cb.RenderCommandEncoder(&pass)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = enc.SetTileRenderPipelineState(tilePipeline)
	_ = enc.DispatchThreadsPerTile(engine.Sz(enc.TileWidth(), enc.TileHeight(), 1))
	_ = enc.EndEncoding()
	_ = cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		fmt.Println(err)
		return
	}
	px := make([]byte, 16*16*4)
	_ = target.GetBytes(px, 16*4, 0, engine.Region{Width: 16, Height: 16, Depth: 1}, 0, 0)
	fmt.Println("x 0:", px[0:4], "x 8:", px[8*4:8*4+4])
	// Output:
	// x 0: [128 85 0 255] x 8: [191 153 0 255]
}
