package engine_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/fmath"
)

const sliceSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
fragment float4 tri_fs(VOut in [[stage_in]]) { return in.col; }
struct GB { rgba8unorm<half4> albedo; float depth; };
kernel void fill_gb(imageblock<GB, imageblock_layout_explicit> ib, ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_imageblock GB* g = ib.data(lid);
    g->albedo = half4(float(gid.x) / 64.0, float(gid.y) / 64.0, 0.5, 1.0);
    g->depth = float(gid.x + 1000 * gid.y);
}
// One thread per tile writes the albedo slice (whole tile) and an 8×4
// corner of the depth slice.
kernel void dump_gb(imageblock<GB, imageblock_layout_explicit> ib,
                    texture2d<float, access::write> alb [[texture(0)]], texture2d<float, access::write> dep [[texture(1)]],
                    ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    threadgroup_barrier(mem_flags::mem_threadgroup_imageblock);
    if (lid.x == 0 && lid.y == 0) {
        alb.write(ib.slice(ib.data(lid)->albedo), gid);
        dep.write(ib.slice(ib.data(lid)->depth, ushort2(8, 4)), gid);
    }
}
struct Px { half4 color [[color(0)]]; };
kernel void dump_px(imageblock<Px, imageblock_layout_implicit> ib, texture2d<half, access::write> out [[texture(0)]],
                    ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (lid.x == 0 && lid.y == 0) {
        out.write(ib.slice(0), gid);
    }
}
`

// Imageblock slices written to textures (§6.13.3): an explicit
// imageblock's pixel-type member (whole tile) and float member (a sized
// corner), and an implicit imageblock's colour member, from tile functions,
// on tiles clipped by the target's edge; exact against Go, 1 and 2 workers.
func TestTileImageblockSliceWrite(t *testing.T) {
	const w, h = 45, 37
	var first [3][]byte
	for _, workers := range []int{1, 2} {
		r := newRenderRig(t, w, h, workers, false)
		lib := r.library(sliceSrc)
		p, err := r.pipeline(lib, "tri_vs", "tri_fs", nil)
		if err != nil {
			t.Fatal(err)
		}
		tile := func(name string) *engine.TileRenderPipelineState {
			fn, err := lib.Function(name)
			if err != nil {
				t.Fatal(err)
			}
			td := &engine.TileRenderPipelineDescriptor{TileFunction: fn}
			td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
			tp, err := r.dev.NewTileRenderPipelineState(td)
			if err != nil {
				t.Fatal(err)
			}
			return tp
		}
		tex := func(f engine.PixelFormat) *engine.Texture {
			tx, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h,
				Usage: engine.TextureUsageShaderWrite | engine.TextureUsageShaderRead})
			if err != nil {
				t.Fatal(err)
			}
			return tx
		}
		alb, dep, imp := tex(engine.PixelFormatRGBA8Unorm), tex(engine.PixelFormatR32Float), tex(engine.PixelFormatRGBA16Float)
		tr := &tileRig{renderRig: r}
		err = tr.run(false, func(d *engine.RenderPassDescriptor) {
			d.ImageblockSampleLength, d.TileWidth, d.TileHeight = 8, 16, 16
		}, func(e *engine.RenderCommandEncoder) error {
			if err := tr.triangle(e, p, [6]float32{-0.7, -0.9, 0.9, 0.2, -0.2, 0.8}, [4]float32{0.9, 0.3, 0.15, 1}); err != nil {
				return err
			}
			sz := engine.Sz(e.TileWidth(), e.TileHeight(), 1)
			for _, f := range []func() error{
				func() error { return e.SetTileRenderPipelineState(tile("fill_gb")) },
				func() error { return e.DispatchThreadsPerTile(sz) },
				func() error { return e.SetTileRenderPipelineState(tile("dump_gb")) },
				func() error { return e.SetTileTexture(alb, 0) },
				func() error { return e.SetTileTexture(dep, 1) },
				func() error { return e.DispatchThreadsPerTile(sz) },
				func() error { return e.SetTileRenderPipelineState(tile("dump_px")) },
				func() error { return e.SetTileTexture(imp, 0) },
				func() error { return e.DispatchThreadsPerTile(sz) },
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
		read := func(tx *engine.Texture, bpp int) []byte {
			b := make([]byte, w*h*bpp)
			if err := tx.GetBytes(b, w*bpp, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err != nil {
				t.Fatal(err)
			}
			return b
		}
		got := [3][]byte{read(alb, 4), read(dep, 4), read(imp, 8)}
		col := r.pixels()
		u8 := func(v float32) byte {
			return byte(math.RoundToEven(float64(fmath.HalfToFloat32(fmath.Float32ToHalf(v))) * 255))
		}
		for y := range h {
			for x := range w {
				i := y*w + x
				want := [4]byte{u8(float32(x) / 64), u8(float32(y) / 64), u8(0.5), 255}
				if g := [4]byte(got[0][4*i:]); g != want {
					t.Fatalf("albedo (%d, %d) = %v, want %v", x, y, g, want)
				}
				wd := float32(0)
				if x%16 < 8 && y%16 < 4 {
					wd = float32(x + 1000*y)
				}
				if g := math.Float32frombits(binary.LittleEndian.Uint32(got[1][4*i:])); g != wd {
					t.Fatalf("depth (%d, %d) = %v, want %v", x, y, g, wd)
				}
				for c := range 4 {
					wh := fmath.Float32ToHalf(float32(col[4*i+c]) / 255)
					if g := fmath.Half(binary.LittleEndian.Uint16(got[2][8*i+2*c:])); g != wh {
						t.Fatalf("implicit slice (%d, %d) channel %d = %#x, want %#x (half of %d/255)", x, y, c, g, wh, col[4*i+c])
					}
				}
			}
		}
		if first[0] == nil {
			first = got
			continue
		}
		for k := range got {
			if string(got[k]) != string(first[k]) {
				t.Fatalf("texture %d: 2 workers differ from 1", k)
			}
		}
	}
}

const maskSrc = `
#include <metal_stdlib>
using namespace metal;
struct Px { half4 color [[color(0)]]; };
struct E { half v; };
// Colour-rate writes with a coverage mask: samples 0 and 2.
kernel void masked(imageblock<Px, imageblock_layout_implicit> ib, ushort2 lid [[thread_position_in_threadgroup]]) {
    Px p;
    p.color = half4(1.0h);
    ib.write(p, lid, ushort(0x5));
}
// The explicit form: samples 1 and 3.
kernel void ex_masked(imageblock<E, imageblock_layout_explicit> ib, ushort2 lid [[thread_position_in_threadgroup]]) {
    E e;
    e.v = 2.0h + half(lid.x);
    ib.write(e, lid, ushort(0xA));
}
kernel void ex_dump(imageblock<E, imageblock_layout_explicit> ib, device half* out [[buffer(0)]], constant uint& width [[buffer(1)]],
                    ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < width && gid.y < 24) {
        for (ushort s = 0; s < 4; s++) {
            out[(gid.y * width + gid.x) * 4 + s] = ib.data(lid, s, imageblock_data_rate::sample)->v;
        }
    }
}
`

// write(T, coord, color_coverage_mask) in tile functions of a 4×
// multisampled pass writes exactly the masked samples: implicit (seen
// through the resolve) and explicit (read back per sample).
func TestTileImageblockCoverageMaskWrite(t *testing.T) {
	const w, h = 40, 24
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("mask.metal", []byte(maskSrc), engine.CompileOptions{})
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
	out, err := dev.NewBuffer(w * h * 4 * 2)
	if err != nil {
		t.Fatal(err)
	}
	var pd engine.RenderPassDescriptor
	pd.TileWidth, pd.TileHeight, pd.ImageblockSampleLength = 32, 16, 2
	a := &pd.ColorAttachments[0]
	a.Texture, a.LoadAction, a.StoreAction, a.ResolveTexture = ms, engine.LoadActionClear, engine.StoreActionMultisampleResolve, res
	a.ClearColor = &[4]float64{0, 0, 0, 0}
	cb := dev.NewCommandQueue().CommandBuffer(context.Background())
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"masked", "ex_masked", "ex_dump"} {
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
		if k == "ex_dump" {
			if err := e.SetTileBuffer(out, 0, 0); err != nil {
				t.Fatal(err)
			}
			if err := e.SetTileBytes(binary.LittleEndian.AppendUint32(nil, w), 1); err != nil {
				t.Fatal(err)
			}
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
	for i := range w * h {
		if g := [4]byte(px[4*i:]); g != [4]byte{128, 128, 128, 128} { // two of four samples white: 127.5 rounds to even
			t.Fatalf("resolved pixel %d = %v, want 128 in every channel", i, g)
		}
		x := i % w
		for s := range 4 {
			want := float32(0)
			if s&1 == 1 {
				want = 2 + float32(x%32)
			}
			if g := fmath.HalfToFloat32(fmath.Half(binary.LittleEndian.Uint16(out.Contents()[2*(4*i+s):]))); g != want {
				t.Fatalf("explicit pixel %d sample %d = %v, want %v", i, s, g, want)
			}
		}
	}
}
