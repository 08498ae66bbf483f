package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ibFragSrc = `
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
    rg11b10f<half3> normal [[raster_order_group(0)]];
    float depth [[raster_order_group(0)]];
    uint count [[raster_order_group(0)]];
};
struct GOut { GBuf g [[imageblock_data]]; };
fragment GOut gbuf_ib(VOut in [[stage_in]], GBuf old [[imageblock_data]]) {
    GOut o;
    o.g.albedo = half4(in.col);
    o.g.normal = half3(in.col.bgr);
    o.g.depth = in.pos.z;
    o.g.count = old.count + 1;
    return o;
}
kernel void resolve_ib(imageblock<GBuf> ib, device float4* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                       ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_imageblock GBuf* g = ib.data(lid);
    if (gid.x < size.x && gid.y < size.y) {
        uint i = 2 * (gid.y * size.x + gid.x);
        out[i] = float4(half4(g->albedo));
        out[i + 1] = float4(float3(half3(g->normal)), float(g->count));
    }
}
`

// Explicit imageblocks in fragment functions: a G-buffer struct of pixel
// storage types written (and read, counting the layers) by the fragments
// of two draws and read back by a tile function, on 1 and 2 workers.
func TestFragmentExplicitImageblock(t *testing.T) {
	const w, h = 45, 37
	ca, cb := [4]float32{0.9, 0.3, 0.15, 1}, [4]float32{0.1, 0.55, 0.8, 0.5}
	var first []float32
	for _, workers := range []int{1, 2} {
		r := newRenderRig(t, w, h, workers, false)
		lib := r.library(ibFragSrc)
		p, err := r.pipeline(lib, "tri_vs", "gbuf_ib", nil)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := lib.Function("resolve_ib")
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
		sz := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h)
		err = tr.run(false, func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength = 16 }, func(e *engine.RenderCommandEncoder) error {
			if err := tr.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, ca); err != nil {
				return err
			}
			if err := tr.triangle(e, p, [6]float32{-0.7, -0.9, 0.9, 0.2, -0.2, 0.8}, cb); err != nil {
				return err
			}
			for _, f := range []func() error{
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
		got := make([]float32, w*h*8)
		for i := range got {
			got[i] = math.Float32frombits(binary.LittleEndian.Uint32(out.Contents()[4*i:]))
		}
		q8 := func(v float32) float32 { return float32(math.Round(float64(v)*255)) / 255 }
		two := 0
		for i := range w * h {
			a, n := got[8*i:8*i+4], got[8*i+4:8*i+8]
			c := ca
			switch n[3] {
			case 2:
				c = cb
				two++
			case 1:
			default:
				t.Fatalf("pixel %d: count %v, want 1 or 2", i, n[3])
			}
			for k := range 4 {
				if math.Abs(float64(a[k]-q8(c[k]))) > 1.01/255 { // half, then unorm8
					t.Fatalf("pixel %d: albedo %v, want %v (rgba8unorm of %v)", i, a, q8(c[k]), c)
				}
			}
			for k := range 3 {
				if want := c[2-k]; math.Abs(float64(n[k]-want)) > float64(want)/16 {
					t.Fatalf("pixel %d: normal %v, want ≈ %v (rg11b10f)", i, n[:3], [3]float32{c[2], c[1], c[0]})
				}
			}
		}
		if two < 100 {
			t.Fatalf("only %d pixels covered twice", two)
		}
		if first == nil {
			first = got
		} else {
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(first[i]) {
					t.Fatalf("2 workers differ from 1 at word %d", i)
				}
			}
		}
	}
	// The pass must declare the imageblock's size.
	r := newRenderRig(t, w, h, 1, false)
	p, err := r.pipeline(r.library(ibFragSrc), "tri_vs", "gbuf_ib", nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tileRig{renderRig: r}
	err = tr.run(false, nil, func(e *engine.RenderCommandEncoder) error {
		return tr.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, ca)
	})
	if err == nil {
		t.Fatal("draw with an explicit imageblock in a pass without ImageblockSampleLength accepted")
	}
	_ = context.Background
}
