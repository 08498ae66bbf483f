package engine_test

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ibLightSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 albedo [[flat]]; float4 normal [[flat]]; };
vertex VOut gb_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[3 * vid];
    o.albedo = v[3 * vid + 1];
    o.normal = v[3 * vid + 2];
    return o;
}
struct GBuf { float4 albedo [[raster_order_group(0)]]; float4 normal [[raster_order_group(0)]]; };
struct GOut { GBuf g [[imageblock_data]]; };
fragment GOut gb_fs(VOut in [[stage_in]]) {
    GOut o;
    o.g.albedo = in.albedo;
    o.g.normal = float4(in.normal.xyz, 1.0);
    return o;
}
struct Light { float4 dir; float4 col; };
struct Col { float4 c [[color(0)]]; };
// Deferred lighting in a tile function: the G-buffer from the explicit
// imageblock, the lit colour into the implicit one (colour 0); pixels
// without a surface keep the clear colour.
kernel void light_tile(imageblock<GBuf, imageblock_layout_explicit> gb, imageblock<Col, imageblock_layout_implicit> img,
                       constant Light* lights [[buffer(0)]], constant uint& n [[buffer(1)]],
                       ushort2 lid [[thread_position_in_threadgroup]]) {
    threadgroup_imageblock GBuf* g = gb.data(lid);
    if (g->normal.w == 0.0) {
        return;
    }
    float3 c = float3(0.0);
    for (uint i = 0; i < n; i++) {
        c += g->albedo.rgb * lights[i].col.rgb * max(dot(g->normal.xyz, lights[i].dir.xyz), 0.0);
    }
    Col o;
    o.c = float4(c, 1.0);
    img.write(o, lid);
}
`

// A tile function lights a G-buffer in the same pass, taking both an
// explicit imageblock (the G-buffer the draws wrote) and the implicit one
// (the colour attachment it writes) as §5.6.5 allows; the reference is the
// same sums in Go, quantized to RGBA8, on 1 and 2 workers.
func TestTileLightingExplicitAndImplicit(t *testing.T) {
	const w, h = 45, 37
	type surf struct {
		rect           [4]int // x0, y0, x1, y1
		albedo, normal [3]float32
	}
	surfs := []surf{
		{[4]int{3, 2, 30, 25}, [3]float32{1, 0.5, 0.25}, [3]float32{0, 0, 1}},
		{[4]int{17, 11, 45, 37}, [3]float32{0.5, 1, 1}, [3]float32{1, 0, 0}},
	}
	lights := [][2][3]float32{
		{{0, 0, 1}, {0.75, 0.25, 0.125}},
		{{1, 0, 0}, {0.25, 0.25, 0.25}},
		{{0, 0, -1}, {1, 1, 1}},
	}
	clear := [4]uint8{64, 64, 64, 255}
	want := func(x, y int) [4]uint8 {
		for k := len(surfs) - 1; k >= 0; k-- {
			s := surfs[k]
			if x < s.rect[0] || y < s.rect[1] || x >= s.rect[2] || y >= s.rect[3] {
				continue
			}
			var c [3]float32
			for _, l := range lights {
				d := max(s.normal[0]*l[0][0]+s.normal[1]*l[0][1]+s.normal[2]*l[0][2], 0)
				for i := range c {
					c[i] += s.albedo[i] * l[1][i] * d
				}
			}
			q := func(v float32) uint8 { return uint8(math.Round(float64(min(max(v, 0), 1)) * 255)) }
			return [4]uint8{q(c[0]), q(c[1]), q(c[2]), 255}
		}
		return clear
	}
	var lb []float32
	for _, l := range lights {
		lb = append(lb, l[0][0], l[0][1], l[0][2], 0, l[1][0], l[1][1], l[1][2], 0)
	}
	var first []byte
	for _, workers := range []int{1, 2} {
		r := newRenderRig(t, w, h, workers, false)
		lib := r.library(ibLightSrc)
		p, err := r.pipeline(lib, "gb_vs", "gb_fs", nil)
		if err != nil {
			t.Fatal(err)
		}
		fn, _ := lib.Function("light_tile")
		td := &engine.TileRenderPipelineDescriptor{TileFunction: fn, ThreadgroupSizeMatchesTileSize: true}
		td.ColorAttachments[0].PixelFormat = r.color.PixelFormat()
		tp, err := r.dev.NewTileRenderPipelineState(td)
		if err != nil {
			t.Fatal(err)
		}
		if got := tp.ImageblockSampleLength(); got != 32 {
			t.Fatalf("ImageblockSampleLength %d, want 32", got)
		}
		tr := &tileRig{renderRig: r}
		err = tr.run(false, func(d *engine.RenderPassDescriptor) {
			d.ImageblockSampleLength, d.TileWidth, d.TileHeight = 32, 16, 16
		}, func(e *engine.RenderCommandEncoder) error {
			steps := []error{e.SetRenderPipelineState(p)}
			for _, s := range surfs {
				X := func(x int) float32 { return 2*float32(x)/w - 1 }
				Y := func(y int) float32 { return 1 - 2*float32(y)/h }
				var v []float32
				for _, c := range [][2]int{{s.rect[0], s.rect[1]}, {s.rect[2], s.rect[1]}, {s.rect[0], s.rect[3]}, {s.rect[2], s.rect[1]}, {s.rect[2], s.rect[3]}, {s.rect[0], s.rect[3]}} {
					v = append(v, X(c[0]), Y(c[1]), 0.5, 1, s.albedo[0], s.albedo[1], s.albedo[2], 1, s.normal[0], s.normal[1], s.normal[2], 0)
				}
				steps = append(steps, e.SetVertexBytes(floatBytes(v), 0), e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6))
			}
			steps = append(steps, e.SetTileRenderPipelineState(tp), e.SetTileBytes(floatBytes(lb), 0),
				e.SetTileBytes(binary.LittleEndian.AppendUint32(nil, uint32(len(lights))), 1),
				e.DispatchThreadsPerTile(engine.Sz(16, 16, 1)))
			for _, err := range steps {
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		px := r.pixels()
		for y := range h {
			for x := range w {
				if got, wt := [4]uint8(px[4*(y*w+x):]), want(x, y); got != wt {
					t.Fatalf("%d workers: pixel (%d, %d) = %v, want %v", workers, x, y, got, wt)
				}
			}
		}
		if first == nil {
			first = px
		} else if i := firstDiff(first, px); i >= 0 {
			t.Fatalf("2 workers differ from 1 at byte %d", i)
		}
	}
}
