package engine_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const memorylessSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
struct GOut { float4 c0 [[color(0)]]; half4 g [[color(1)]]; };
fragment GOut gbuf(VOut in [[stage_in]]) { GOut o; o.c0 = float4(0, 0, 0, 1); o.g = half4(in.col); return o; }
struct LOut { float4 c0 [[color(0)]]; };
fragment LOut light(VOut in [[stage_in]], half4 g [[color(1)]]) { LOut o; o.c0 = float4(g.bgr, 1); return o; }
`

// A memoryless G-buffer attachment written by one draw and read by the
// next through programmable blending: the same image as a stored one, and
// no device bytes for it.
func TestMemorylessAttachment(t *testing.T) {
	const w, h = 37, 29
	r := newRenderRig(t, w, h, 2, false)
	lib := r.library(memorylessSrc)
	var gtex [2]*engine.Texture
	for i, mode := range []engine.StorageMode{engine.StorageModeMemoryless, engine.StorageModePrivate} {
		var err error
		gtex[i], err = r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA16Float,
			Width: w, Height: h, Usage: engine.TextureUsageRenderTarget, StorageMode: mode})
		if err != nil {
			t.Fatal(err)
		}
	}
	edit := func(d *engine.RenderPipelineDescriptor) {
		d.ColorAttachments[1].PixelFormat = engine.PixelFormatRGBA16Float
	}
	gp, err := r.pipeline(lib, "tri_vs", "gbuf", edit)
	if err != nil {
		t.Fatal(err)
	}
	lp, err := r.pipeline(lib, "tri_vs", "light", edit)
	if err != nil {
		t.Fatal(err)
	}
	tr := &tileRig{renderRig: r}
	var images [2][]byte
	var counters [2]engine.RenderPassCounters
	for i, g := range gtex {
		cb := r.q.CommandBuffer(context.Background())
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = r.color
		pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
		pd.ColorAttachments[1].Texture = g
		pd.ColorAttachments[1].LoadAction = engine.LoadActionClear
		pd.ColorAttachments[1].StoreAction = engine.StoreActionDontCare
		if i == 1 {
			pd.ColorAttachments[1].StoreAction = engine.StoreActionStore
		}
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.triangle(e, gp, [6]float32{-1, -1, 1, 0.9, -0.8, 1}, [4]float32{0.2, 0.5, 0.9, 1}); err != nil {
			t.Fatal(err)
		}
		if err := tr.triangle(e, lp, [6]float32{-1, 1, 3, 1, -1, -3}, [4]float32{}); err != nil {
			t.Fatal(err)
		}
		e.EndEncoding()
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
		images[i] = r.pixels()
		c := cb.RenderPassCounters()
		if len(c) != 1 {
			t.Fatalf("%d pass counters", len(c))
		}
		counters[i] = c[0]
	}
	if i := firstDiff(images[0], images[1]); i >= 0 {
		t.Fatalf("memoryless and stored G-buffers differ at byte %d", i)
	}
	if px := images[0][(10*w+5)*4:]; px[2] == 0 {
		t.Errorf("pixel (5, 10) %v: the G-buffer colour did not reach colour 0", px[:4])
	}
	if want := (engine.RenderPassCounters{BytesWritten: w * h * 4}); counters[0] != want {
		t.Errorf("memoryless pass counters %+v, want %+v", counters[0], want)
	}
	if want := (engine.RenderPassCounters{BytesWritten: w * h * (4 + 8)}); counters[1] != want {
		t.Errorf("stored pass counters %+v, want %+v", counters[1], want)
	}
	// What a memoryless texture may not do.
	buf := make([]byte, w*h*8)
	if err := gtex[0].GetBytes(buf, w*8, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err == nil || !strings.Contains(err.Error(), "memoryless") {
		t.Errorf("GetBytes: %v", err)
	}
	if _, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: 4, Height: 4, Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead, StorageMode: engine.StorageModeMemoryless}); err == nil {
		t.Error("memoryless texture with ShaderRead usage accepted")
	}
	for _, c := range []struct {
		load  engine.LoadAction
		store engine.StoreAction
		want  string
	}{
		{engine.LoadActionLoad, engine.StoreActionDontCare, "ColorAttachments[1].LoadAction is load"},
		{engine.LoadActionClear, engine.StoreActionStore, "ColorAttachments[1].StoreAction stores"},
	} {
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = r.color
		pd.ColorAttachments[1].Texture = gtex[0]
		pd.ColorAttachments[1].LoadAction, pd.ColorAttachments[1].StoreAction = c.load, c.store
		_, err := r.q.CommandBuffer(context.Background()).RenderCommandEncoder(&pd)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	cb := r.q.CommandBuffer(context.Background())
	ce, err := cb.ComputeCommandEncoder()
	if err != nil {
		t.Fatal(err)
	}
	if err := ce.SetTexture(gtex[0], 0); err == nil || !errors.Is(err, errors.Unwrap(err)) || !strings.Contains(err.Error(), "memoryless") {
		t.Errorf("SetTexture: %v", err)
	}
	ce.EndEncoding()
}
