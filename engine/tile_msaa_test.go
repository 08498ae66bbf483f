package engine_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const msaaTileSrc = `
#include <metal_stdlib>
using namespace metal;
struct Px { half4 color [[color(0)]]; };
// Writes sample s of every pixel as (s/4, x/32, 0, 1).
kernel void per_sample(imageblock<Px, imageblock_layout_implicit> ib, ushort2 lid [[thread_position_in_threadgroup]]) {
    ushort n = ib.get_num_samples();
    for (ushort s = 0; s < n; s++) {
        Px p;
        p.color = half4(half(s) / 4.0h, half(lid.x) / 32.0h, 0.0h, 1.0h);
        ib.write(p, lid, s, imageblock_data_rate::sample);
    }
}
// Copies sample 3 to every sample (a pixel-rate write).
kernel void spread(imageblock<Px, imageblock_layout_implicit> ib, ushort2 lid [[thread_position_in_threadgroup]]) {
    Px p = ib.read(lid, 3, imageblock_data_rate::sample);
    ib.write(p, lid);
}
`

// Implicit imageblocks of a 4× multisampled pass: per-sample writes, a
// per-sample read and a pixel-rate write, seen through the resolve.
func TestTileImplicitImageblockMSAA(t *testing.T) {
	const w, h = 40, 24
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("msaa.metal", []byte(msaaTileSrc), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DMultisample, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, SampleCount: 4, Usage: engine.TextureUsageRenderTarget, StorageMode: engine.StorageModeMemoryless})
	if err != nil {
		t.Fatal(err)
	}
	res, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, Usage: engine.TextureUsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	q := dev.NewCommandQueue()
	for _, c := range []struct {
		kernels []string
		red     byte // resolved red: the mean of the samples' s/4, or sample 3's
	}{{[]string{"per_sample"}, 96}, {[]string{"per_sample", "spread"}, 191}} {
		var pd engine.RenderPassDescriptor
		pd.TileWidth, pd.TileHeight = 32, 16
		a := &pd.ColorAttachments[0]
		a.Texture, a.LoadAction, a.StoreAction, a.ResolveTexture = ms, engine.LoadActionClear, engine.StoreActionMultisampleResolve, res
		cb := q.CommandBuffer(context.Background())
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range c.kernels {
			fn, _ := lib.Function(k)
			td := &engine.TileRenderPipelineDescriptor{TileFunction: fn, RasterSampleCount: 4}
			td.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
			p, err := dev.NewTileRenderPipelineState(td)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.SetTileRenderPipelineState(p); err != nil {
				t.Fatal(err)
			}
			if err := e.DispatchThreadsPerTile(engine.Sz(32, 16, 1)); err != nil {
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
		px := make([]byte, w*h*4)
		if err := res.GetBytes(px, w*4, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err != nil {
			t.Fatal(err)
		}
		for y := range h {
			for x := range w {
				i := (y*w + x) * 4
				g := int(float64(x%32)/32*255 + 0.5)
				if d := int(px[i+1]) - g; px[i] != c.red || d < -1 || d > 1 || px[i+3] != 255 {
					t.Fatalf("%v: pixel (%d, %d) %v, want red %d, green ≈ %d", c.kernels, x, y, px[i:i+4], c.red, g)
				}
			}
		}
		if got := cb.RenderPassCounters()[0]; got.BytesWritten != w*h*4 || got.BytesRead != 0 {
			t.Errorf("counters %+v: want only the resolve's %d bytes", got, w*h*4)
		}
	}
}
