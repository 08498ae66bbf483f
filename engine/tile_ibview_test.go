package engine_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ibViewSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
struct GBuf {
    rgba8unorm<half4> albedo [[raster_order_group(0)]];
    rgb9e5<float3> light [[user(L), raster_order_group(0)]];
    float depth [[raster_order_group(0)]];
};
struct GOut { GBuf g [[imageblock_data]]; };
fragment GOut write_all(VOut in [[stage_in]]) {
    GOut o;
    o.g.albedo = half4(in.col);
    o.g.light = in.col.rgb * 4.0;
    o.g.depth = in.pos.x;
    return o;
}
// A view read by user name and by name, a view written by name.
struct LView { float depth; rgb9e5<float3> l [[user(L)]]; };
struct AView { rgba8unorm<half4> albedo; };
struct AOut { AView a [[imageblock_data(GBuf)]]; };
fragment AOut shade_view(VOut in [[stage_in]], LView v [[imageblock_data(GBuf)]]) {
    AOut o;
    o.a.albedo = half4(half3(v.l / 4.0), half(fract(v.depth / 8.0)));
    return o;
}
kernel void dump(imageblock<GBuf> ib, device float4* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                 ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_imageblock GBuf* g = ib.data(lid);
    if (gid.x < size.x && gid.y < size.y) {
        uint i = 2 * (gid.y * size.x + gid.x);
        out[i] = float4(half4(g->albedo));
        out[i + 1] = float4(float3(g->light), g->depth);
    }
}
`

// Imageblock view structs in fragment functions: members matched by
// [[user(name)]] and by name read and write the master's storage.
func TestFragmentImageblockViews(t *testing.T) {
	const w, h = 40, 20
	r := newRenderRig(t, w, h, 2, false)
	lib := r.library(ibViewSrc)
	all, err := r.pipeline(lib, "tri_vs", "write_all", nil)
	if err != nil {
		t.Fatal(err)
	}
	view, err := r.pipeline(lib, "tri_vs", "shade_view", nil)
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := lib.Function("dump")
	td := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
	td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
	tp, err := r.dev.NewTileRenderPipelineState(td)
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.dev.NewBuffer(w * h * 32)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tileRig{renderRig: r}
	col := [4]float32{0.2, 0.4, 0.6, 1}
	sz := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h)
	full := [6]float32{-1, 1, 3, 1, -1, -3}
	err = tr.run(false, func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength = tp.ImageblockSampleLength() }, func(e *engine.RenderCommandEncoder) error {
		for _, f := range []func() error{
			func() error { return tr.triangle(e, all, full, col) },
			func() error { return tr.triangle(e, view, full, [4]float32{}) },
			func() error { return e.SetTileRenderPipelineState(tp) },
			func() error { return e.SetTileBuffer(out, 0, 0) },
			func() error { return e.SetTileBytes(sz, 1) },
			func() error { return e.DispatchThreadsPerTile(engine.Sz(e.TileWidth(), e.TileHeight(), 1)) },
		} {
			if err := f(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for y := range h {
		for x := range w {
			i := 8 * (y*w + x)
			var v [8]float32
			for k := range v {
				v[k] = math.Float32frombits(binary.LittleEndian.Uint32(out.Contents()[4*(i+k):]))
			}
			depth := float32(x) + 0.5
			fr := depth/8 - float32(math.Floor(float64(depth/8)))
			want := [8]float32{col[0], col[1], col[2], fr, col[0] * 4, col[1] * 4, col[2] * 4, depth}
			for k := range want {
				tol := 1.0 / 255
				if k >= 4 {
					tol = float64(want[k]) / 64
				}
				if math.Abs(float64(v[k]-want[k])) > tol+1e-6 {
					t.Fatalf("pixel (%d, %d): %v, want ≈ %v", x, y, v, want)
				}
			}
		}
	}
}
