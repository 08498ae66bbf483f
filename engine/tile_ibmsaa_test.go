package engine_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ibMSAASrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col [[flat]]; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
struct S { uint prim [[raster_order_group(0)]]; uint tag [[raster_order_group(0)]]; };
// Pixel rate: the primitive's id into every covered sample, colour 0 too.
struct POut { float4 c [[color(0)]]; S s [[imageblock_data]]; };
fragment POut prim_fs(VOut in [[stage_in]], S old [[imageblock_data]]) {
    POut o;
    o.s.prim = uint(in.col.x);
    o.s.tag = old.tag;
    o.c = float4(in.col.x / 255.0, 0, 0, 1);
    return o;
}
// Sample rate: reads its own sample's id, tags the sample; colour 1 marks it.
struct TOut { float4 c [[color(1)]]; S s [[imageblock_data]]; };
fragment TOut tag_fs(VOut in [[stage_in]], S old [[imageblock_data]], uint sid [[sample_id]]) {
    TOut o;
    o.s.prim = old.prim;
    o.s.tag = old.prim * 16 + sid + 1;
    o.c = float4(1);
    return o;
}
struct Px { half4 a [[color(0)]]; half4 b [[color(1)]]; };
kernel void dump_px(imageblock<Px, imageblock_layout_implicit> ib, device uint2* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                    ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < size.x && gid.y < size.y) {
        for (ushort s = 0; s < ib.get_num_samples(); s++) {
            Px p = ib.read(lid, s, imageblock_data_rate::sample);
            out[(gid.y * size.x + gid.x) * 4 + s] = uint2(uint(float(p.a.r) * 255.0 + 0.5), p.b.r > 0.5h ? 1u : 0u);
        }
    }
}
kernel void dump_s(imageblock<S, imageblock_layout_explicit> ib, device uint2* out [[buffer(0)]], constant uint2& size [[buffer(1)]],
                   ushort2 lid [[thread_position_in_threadgroup]], uint2 gid [[thread_position_in_grid]]) {
    if (gid.x < size.x && gid.y < size.y) {
        for (ushort s = 0; s < ib.get_num_samples(); s++) {
            threadgroup_imageblock S* e = ib.data(lid, s, imageblock_data_rate::sample);
            out[(gid.y * size.x + gid.x) * 4 + s] = uint2(e->prim, e->tag);
        }
    }
}
`

// A 4× multisampled explicit imageblock in fragment functions: per-sample
// storage of ImageblockSampleLength bytes, pixel-rate fragments writing
// the samples they cover, a sample-rate fragment reading and writing its
// own sample. The reference is the rasterizer's own per-sample coverage,
// recorded in two colour attachments by the same draws; 1 and 2 workers.
func TestFragmentExplicitImageblockMSAA(t *testing.T) {
	const w, h = 45, 37
	var first []byte
	for _, workers := range []int{1, 2} {
		dev, err := engine.NewDevice(engine.DeviceOptions{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		lib, err := dev.NewLibraryWithFile("ibmsaa.metal", []byte(ibMSAASrc), engine.CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fn := func(name string) *engine.Function {
			f, err := lib.Function(name)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
		none := engine.ColorWriteMask(0)
		pipe := func(frag string, masked int) *engine.RenderPipelineState {
			d := &engine.RenderPipelineDescriptor{VertexFunction: fn("tri_vs"), FragmentFunction: fn(frag), RasterSampleCount: 4}
			d.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
			d.ColorAttachments[1].PixelFormat = engine.PixelFormatRGBA8Unorm
			d.ColorAttachments[masked].WriteMask = &none
			p, err := dev.NewRenderPipelineState(d)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		tile := func(name string) *engine.TileRenderPipelineState {
			td := &engine.TileRenderPipelineDescriptor{TileFunction: fn(name), RasterSampleCount: 4}
			td.ColorAttachments[0].PixelFormat = engine.PixelFormatRGBA8Unorm
			td.ColorAttachments[1].PixelFormat = engine.PixelFormatRGBA8Unorm
			p, err := dev.NewTileRenderPipelineState(td)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		prim, tag := pipe("prim_fs", 1), pipe("tag_fs", 0)
		var pd engine.RenderPassDescriptor
		pd.ImageblockSampleLength = 8
		for i := range 2 {
			ms, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DMultisample, PixelFormat: engine.PixelFormatRGBA8Unorm,
				Width: w, Height: h, SampleCount: 4, Usage: engine.TextureUsageRenderTarget, StorageMode: engine.StorageModeMemoryless})
			if err != nil {
				t.Fatal(err)
			}
			a := &pd.ColorAttachments[i]
			a.Texture, a.LoadAction, a.StoreAction, a.ClearColor = ms, engine.LoadActionClear, engine.StoreActionDontCare, &[4]float64{}
		}
		ref, err := dev.NewBuffer(w * h * 4 * 8)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dev.NewBuffer(w * h * 4 * 8)
		if err != nil {
			t.Fatal(err)
		}
		size := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, w), h)
		cb := dev.NewCommandQueue().CommandBuffer(context.Background())
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		draw := func(p *engine.RenderPipelineState, xy [6]float32, id float32) {
			var v []float32
			for i := range 3 {
				v = append(v, xy[2*i], xy[2*i+1], 0.5, 1, id, 0, 0, 1)
			}
			for _, err := range []error{e.SetRenderPipelineState(p), e.SetVertexBytes(floatBytes(v), 0), e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)} {
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		draw(prim, [6]float32{-0.9, -0.8, 0.95, -0.1, -0.3, 0.9}, 1)
		draw(prim, [6]float32{0.9, 0.9, -0.95, 0.3, 0.2, -0.95}, 2)
		draw(tag, [6]float32{-1, 0.05, 1, 0.6, 0.1, -0.7}, 3)
		for _, d := range []struct {
			k   string
			out *engine.Buffer
		}{{"dump_px", ref}, {"dump_s", got}} {
			for _, err := range []error{e.SetTileRenderPipelineState(tile(d.k)), e.SetTileBuffer(d.out, 0, 0), e.SetTileBytes(size, 1),
				e.DispatchThreadsPerTile(engine.Sz(e.TileWidth(), e.TileHeight(), 1))} {
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		e.EndEncoding()
		if err := cb.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
		u := func(b *engine.Buffer, i int) uint32 { return binary.LittleEndian.Uint32(b.Contents()[4*i:]) }
		mixed, tagged := 0, 0
		for p := range w * h {
			var prims [4]uint32
			for s := range 4 {
				i := 2 * (4*p + s)
				r, c := u(ref, i), u(ref, i+1)
				want := [2]uint32{r, 0}
				if c == 1 {
					want[1] = r*16 + uint32(s) + 1
					tagged++
				}
				if g := [2]uint32{u(got, i), u(got, i+1)}; g != want {
					t.Fatalf("pixel (%d, %d) sample %d: imageblock (prim, tag) %v, want %v (colour 0 %d, colour 1 %d)", p%w, p/w, s, g, want, r, c)
				}
				prims[s] = r
			}
			if prims[0] != prims[1] || prims[0] != prims[2] || prims[0] != prims[3] {
				mixed++
			}
		}
		if mixed < 20 || tagged < 200 {
			t.Fatalf("only %d pixels with samples of different primitives, %d tagged samples", mixed, tagged)
		}
		if first == nil {
			first = append([]byte(nil), got.Contents()...)
		} else if string(first) != string(got.Contents()) {
			t.Fatal("2 workers differ from 1")
		}
	}
}
