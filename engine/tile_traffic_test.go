package engine_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const trafficSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
// Per fragment: one texel read (4 bytes), one uint store (4 bytes).
fragment float4 traffic_fs(VOut in [[stage_in]], texture2d<float, access::read> t [[texture(0)]], device uint* out [[buffer(0)]]) {
    uint2 p = uint2(in.pos.xy);
    out[p.y * t.get_width() + p.x] = 1;
    return t.read(p);
}
// Per pixel of the target: one 8-byte store.
kernel void traffic_tile(texture2d<float, access::read> t [[texture(0)]], device uint2* out [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < t.get_width() && gid.y < t.get_height()) {
        out[gid.y * t.get_width() + gid.x] = uint2(gid);
    }
}
`

// RenderPassCounters' shader traffic: the vertex function's constant
// loads, the fragment function's texture reads and buffer stores and a
// tile function's stores, exactly, the stage records left out; nothing
// unless the pass asks.
func TestRenderPassShaderTraffic(t *testing.T) {
	const w, h = 45, 37
	for _, count := range []bool{false, true} {
		r := newRenderRig(t, w, h, 2, false)
		lib := r.library(trafficSrc)
		p, err := r.pipeline(lib, "tri_vs", "traffic_fs", nil)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := lib.Function("traffic_tile")
		td := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
		td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
		tp, err := r.dev.NewTileRenderPipelineState(td)
		if err != nil {
			t.Fatal(err)
		}
		src, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm, Width: w, Height: h,
			Usage: engine.TextureUsageShaderRead})
		if err != nil {
			t.Fatal(err)
		}
		fbuf, err := r.dev.NewBuffer(w * h * 4)
		if err != nil {
			t.Fatal(err)
		}
		tbuf, err := r.dev.NewBuffer(w * h * 8)
		if err != nil {
			t.Fatal(err)
		}
		tr := &tileRig{renderRig: r}
		cb := r.q.CommandBuffer(context.Background())
		var pd engine.RenderPassDescriptor
		pd.CountShaderTraffic = count
		pd.ColorAttachments[0].Texture, pd.ColorAttachments[0].LoadAction, pd.ColorAttachments[0].StoreAction = r.color, engine.LoadActionClear, engine.StoreActionStore
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []func() error{
			func() error { return e.SetFragmentTexture(src, 0) },
			func() error { return e.SetFragmentBuffer(fbuf, 0, 0) },
			func() error { return tr.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, [4]float32{1, 0, 0, 1}) },
			func() error { return e.SetTileRenderPipelineState(tp) },
			func() error { return e.SetTileTexture(src, 0) },
			func() error { return e.SetTileBuffer(tbuf, 0, 0) },
			func() error { return e.DispatchThreadsPerTile(engine.Sz(e.TileWidth(), e.TileHeight(), 1)) },
		} {
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}
		e.EndEncoding()
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
		got := cb.RenderPassCounters()[0]
		want := engine.RenderPassCounters{BytesWritten: w * h * 4}
		if count {
			want.ShaderBytesRead = 3*2*16 + w*h*4 // vertices, texels
			want.ShaderBytesWritten = w*h*4 + w*h*8
		}
		if got != want {
			t.Errorf("CountShaderTraffic %v: counters %+v, want %+v", count, got, want)
		}
	}
}
