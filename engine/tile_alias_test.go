package engine_test

import (
	"encoding/binary"
	"image"
	"image/draw"
	"math"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/internal/fmath"
	"github.com/ingot-render/ingot/internal/testkit"
)

const aliasSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col [[flat]]; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
// From colour 1 on: light is colour 1 (RG11B10Float), tint colour 2
// (RGBA8Unorm_sRGB); count lies past the attachments, explicit storage.
struct I {
    rg11b10f<half3> light [[raster_order_group(0)]];
    srgba8unorm<half4> tint [[raster_order_group(0)]];
    uint count [[raster_order_group(0)]];
};
struct FOut {
    float4 c [[color(0)]];
    I i [[imageblock_data, alias_implicit_imageblock_color(1)]];
};
fragment FOut alias_fs(VOut in [[stage_in]], I old [[imageblock_data]]) {
    FOut o;
    o.i.light = half3(float3(old.light) + in.col.rgb * 0.5);
    o.i.tint = half4(in.col);
    o.i.count = old.count + 1;
    o.c = float4(float(o.i.count) / 4.0, in.col.a, 0, 1);
    return o;
}
`

// pack11 packs rgb as RG11B10Float does.
func pack11(rgb [3]float32) uint32 {
	return fmath.Float32ToSmallFloat(rgb[0], 6) | fmath.Float32ToSmallFloat(rgb[1], 6)<<11 | fmath.Float32ToSmallFloat(rgb[2], 5)<<22
}

// unpack11 unpacks an RG11B10Float word.
func unpack11(w uint32) [3]float32 {
	return [3]float32{fmath.SmallFloatToFloat32(w&0x7ff, 6), fmath.SmallFloatToFloat32(w>>11&0x7ff, 6), fmath.SmallFloatToFloat32(w>>22, 5)}
}

func h16(v float32) float32 { return fmath.HalfToFloat32(fmath.Float32ToHalf(v)) }

// An explicit imageblock aliasing the implicit one from colour 1
// (§5.6.5): the fragments' writes to its members are the stored colour 1
// (RG11B10Float) and colour 2 (sRGB) attachments, bit for bit as the pixel
// types convert, reads see the attachments' current values (the clear
// value, then the earlier draw's), and the member past the attachments is
// ordinary explicit storage kept across draws. Golden image, 1 and 2
// workers bit-identical, exact values against a Go reference.
func TestImageblockAliasImplicitGolden(t *testing.T) {
	const w, h = 45, 37
	ca, cb := [4]float32{0.3, 0.55, 0.8, 1}, [4]float32{0.1, 0.9, 0.45, 0.5}
	clear1 := [4]float64{0.5, 0.25, 0.125, 0}
	var first [3][]byte
	for _, workers := range []int{1, 2} {
		r := newRenderRig(t, w, h, workers, false)
		tex := func(f engine.PixelFormat) *engine.Texture {
			tx, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h,
				Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead})
			if err != nil {
				t.Fatal(err)
			}
			return tx
		}
		c1, c2 := tex(engine.PixelFormatRG11B10Float), tex(engine.PixelFormatRGBA8Unorm_sRGB)
		p, err := r.pipeline(r.library(aliasSrc), "tri_vs", "alias_fs", func(d *engine.RenderPipelineDescriptor) {
			d.ColorAttachments[1].PixelFormat = c1.PixelFormat()
			d.ColorAttachments[2].PixelFormat = c2.PixelFormat()
		})
		if err != nil {
			t.Fatal(err)
		}
		tr := &tileRig{renderRig: r}
		err = tr.run(false, func(d *engine.RenderPassDescriptor) {
			d.ImageblockSampleLength = 16
			for i, tx := range []*engine.Texture{c1, c2} {
				a := &d.ColorAttachments[i+1]
				a.Texture, a.LoadAction, a.StoreAction = tx, engine.LoadActionClear, engine.StoreActionStore
			}
			d.ColorAttachments[1].ClearColor = &clear1
			d.ColorAttachments[2].ClearColor = &[4]float64{0.2, 0.2, 0.2, 1}
		}, func(e *engine.RenderCommandEncoder) error {
			if err := tr.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, ca); err != nil {
				return err
			}
			return tr.triangle(e, p, [6]float32{-0.7, -0.9, 0.9, 0.2, -0.2, 0.8}, cb)
		})
		if err != nil {
			t.Fatal(err)
		}
		var got [3][]byte
		for i, tx := range []*engine.Texture{r.color, c1, c2} {
			got[i] = make([]byte, w*h*4)
			if err := tx.GetBytes(got[i], w*4, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err != nil {
				t.Fatal(err)
			}
		}
		// The Go reference, per pixel from the coverage count colour 0 shows.
		c := [4]float32{float32(clear1[0]), float32(clear1[1]), float32(clear1[2])}
		clearWord := pack11([3]float32{c[0], c[1], c[2]})
		two := 0
		for i := range w * h {
			n := 0
			switch got[0][4*i] {
			case 64: // round(255/4)
				n = 1
			case 128:
				n, two = 2, two+1
			default:
				t.Fatalf("pixel %d: colour 0 red %d, want 64 or 128 (count 1 or 2)", i, got[0][4*i])
			}
			word := clearWord
			last := ca
			for k := range n {
				col := [][4]float32{ca, cb}[k]
				old := unpack11(word)
				var nv [3]float32
				for j := range 3 {
					nv[j] = h16(old[j] + col[j]*0.5)
				}
				word, last = pack11(nv), col
			}
			if g := binary.LittleEndian.Uint32(got[1][4*i:]); g != word {
				t.Fatalf("pixel %d (count %d): colour 1 word %#08x %v, want %#08x %v", i, n, g, unpack11(g), word, unpack11(word))
			}
			for j := range 4 {
				want := fmath.LinearToSRGB8(h16(last[j]))
				if j == 3 {
					want = uint8(math.RoundToEven(float64(h16(last[j])) * 255))
				}
				if g := got[2][4*i+j]; int(g) < int(want)-1 || int(g) > int(want)+1 {
					t.Fatalf("pixel %d (count %d): colour 2 channel %d is %d, want %d (sRGB of %v)", i, n, j, g, want, last)
				}
			}
		}
		if two < 100 {
			t.Fatalf("only %d pixels covered twice", two)
		}
		if first[0] == nil {
			first = got
			img := image.NewNRGBA(image.Rect(0, 0, 3*w, h))
			for i, tx := range []*engine.Texture{r.color, c1, c2} {
				m, err := tx.Image(0, 0, 0)
				if err != nil {
					t.Fatal(err)
				}
				draw.Draw(img, image.Rect(i*w, 0, (i+1)*w, h), m, image.Point{}, draw.Src)
			}
			testkit.GoldenImage(t, filepath.Join("testdata", "tile_alias.png"), img, testkit.Tolerance{})
			continue
		}
		for k := range got {
			if string(got[k]) != string(first[k]) {
				t.Fatalf("attachment %d: 2 workers differ from 1", k)
			}
		}
	}
}

const aliasFullSrc = `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float4 col [[flat]]; };
vertex VOut tri_vs(uint vid [[vertex_id]], constant float4* v [[buffer(0)]]) {
    VOut o;
    o.pos = v[2 * vid];
    o.col = v[2 * vid + 1];
    return o;
}
struct C { rgba8unorm<half4> c [[raster_order_group(0)]]; };
struct Full { C i [[imageblock_data, alias_implicit_imageblock]]; };
struct Past { C i [[imageblock_data, alias_implicit_imageblock_color(5)]]; };
fragment Full full_fs(VOut in [[stage_in]]) { Full o; o.i.c = half4(in.col); return o; }
fragment Past past_fs(VOut in [[stage_in]]) { Past o; o.i.c = half4(in.col); return o; }
`

// [[alias_implicit_imageblock]] overlays colour 0; an alias from a colour
// past the pass's attachments is ignored (§5.6.5), the explicit block then
// being separate storage.
func TestImageblockAliasFullAndIgnored(t *testing.T) {
	col := [4]float32{0.2, 0.6, 0.9, 1}
	for _, tc := range []struct {
		frag string
		want [4]uint8
	}{
		{"full_fs", [4]uint8{51, 153, 229, 255}}, // rint(half(c)·255): half(0.9)·255 = 229.47
		{"past_fs", [4]uint8{64, 64, 64, 255}},   // the clear colour
	} {
		t.Run(tc.frag, func(t *testing.T) {
			r := newRenderRig(t, 8, 8, 1, false)
			p, err := r.pipeline(r.library(aliasFullSrc), "tri_vs", tc.frag, nil)
			if err != nil {
				t.Fatal(err)
			}
			tr := &tileRig{renderRig: r}
			err = tr.run(false, func(d *engine.RenderPassDescriptor) { d.ImageblockSampleLength = 4 }, func(e *engine.RenderCommandEncoder) error {
				return tr.triangle(e, p, [6]float32{-1, 1, 3, 1, -1, -3}, col)
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.at(3, 5); got != tc.want {
				t.Fatalf("pixel (3, 5) is %v, want %v", got, tc.want)
			}
		})
	}
}
