package engine_test

import (
	"context"
	"image/color"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

const ampSrc = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; float4 color; };
struct VL { float4 position [[position]]; float4 color; uint layer [[render_target_array_index]]; };
vertex V vamp(uint vid [[vertex_id]], ushort amp [[amplification_id]], ushort n [[amplification_count]]) {
    float2 c = float2(float(vid & 1), float(vid >> 1));
    V o; o.position = float4(c.x * 2 - 1, 1 - c.y * 2, 0.5, 1);
    o.color = float4(amp == 0 ? 1.0 : 0.0, amp == 1 ? 1.0 : 0.0, float(n) / 4.0, 1); return o;
}
vertex VL vamplayer(uint vid [[vertex_id]], ushort amp [[amplification_id]]) {
    float2 c = float2(float(vid & 1), float(vid >> 1));
    VL o; o.position = float4(c.x * 2 - 1, 1 - c.y * 2, 0.5, 1);
    o.color = float4(amp == 0 ? 1.0 : 0.0, amp == 1 ? 1.0 : 0.0, 0, 1); o.layer = 1; return o;
}
fragment float4 famp(V in [[stage_in]], uint amp [[amplification_id]]) { return float4(in.color.rg, amp == 1 ? 0.25 : in.color.b, 1); }
fragment float4 famplayer(VL in [[stage_in]]) { return in.color; }
`

// TestRenderVertexAmplification draws one quad with two amplifications:
// the vertex function sees [[amplification_id]] and [[amplification_count]]
// (and the fragment function the amplification of its primitive),
// and each amplification's primitives go to the viewport (or layer) its
// view mapping selects.
func TestRenderVertexAmplification(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := dev.NewLibraryWithFile("amp.metal", []byte(ampSrc), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pipeline := func(vert, frag string, maxAmp int) (*engine.RenderPipelineState, error) {
		vf, _ := lib.Function(vert)
		ff, _ := lib.Function(frag)
		desc := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff, MaxVertexAmplificationCount: maxAmp}
		desc.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
		return dev.NewRenderPipelineState(desc)
	}
	run := func(tex *engine.Texture, layers int, encode func(e *engine.RenderCommandEncoder) error) error {
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = tex
		pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
		pd.RenderTargetArrayLength = layers
		cb := dev.NewCommandQueue().CommandBuffer(context.Background())
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			return err
		}
		encErr := encode(e)
		e.EndEncoding()
		if encErr != nil {
			return encErr
		}
		if err := cb.Commit(); err != nil {
			return err
		}
		return cb.WaitUntilCompleted()
	}

	t.Run("viewports", func(t *testing.T) {
		pl, err := pipeline("vamp", "famp", 2)
		if err != nil {
			t.Fatal(err)
		}
		tex, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
			Width: 16, Height: 8, Usage: engine.TextureUsageRenderTarget})
		if err != nil {
			t.Fatal(err)
		}
		err = run(tex, 0, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			if err := e.SetViewports([]engine.Viewport{{X: 0, Y: 0, W: 8, H: 8, ZFar: 1}, {X: 8, Y: 0, W: 8, H: 8, ZFar: 1}}); err != nil {
				return err
			}
			if err := e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}, {ViewportArrayIndexOffset: 1}}); err != nil {
				return err
			}
			return e.DrawPrimitives(engine.PrimitiveTypeTriangleStrip, 0, 4)
		})
		if err != nil {
			t.Fatal(err)
		}
		img, _ := tex.Image(0, 0, 0)
		for _, c := range []struct {
			x    int
			want color.NRGBA
		}{{3, color.NRGBA{255, 0, 128, 255}}, {12, color.NRGBA{0, 255, 64, 255}}} {
			if got := img.At(c.x, 4).(color.NRGBA); got != c.want {
				t.Errorf("pixel (%d, 4) = %v, want %v", c.x, got, c.want)
			}
		}
	})

	t.Run("layers", func(t *testing.T) {
		pl, err := pipeline("vamplayer", "famplayer", 2)
		if err != nil {
			t.Fatal(err)
		}
		arr, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DArray, PixelFormat: engine.PixelFormatRGBA8Unorm,
			Width: 8, Height: 8, ArrayLength: 3, Usage: engine.TextureUsageRenderTarget})
		if err != nil {
			t.Fatal(err)
		}
		// The vertex function writes layer 1; the mappings add 0 and 1.
		err = run(arr, 3, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			if err := e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}, {RenderTargetArrayIndexOffset: 1}}); err != nil {
				return err
			}
			return e.DrawPrimitives(engine.PrimitiveTypeTriangleStrip, 0, 4)
		})
		if err != nil {
			t.Fatal(err)
		}
		for slice, want := range []color.NRGBA{{0, 0, 0, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}} {
			img, _ := arr.Image(0, slice, 0)
			if got := img.At(4, 4).(color.NRGBA); got != want {
				t.Errorf("slice %d: %v, want %v", slice, got, want)
			}
		}
	})

	t.Run("errors", func(t *testing.T) {
		if _, err := pipeline("vamp", "famp", 9); err == nil || !strings.Contains(err.Error(), "MaxVertexAmplificationCount") {
			t.Errorf("MaxVertexAmplificationCount 9: %v, want an error naming the field", err)
		}
		pl, err := pipeline("vamp", "famp", 0)
		if err != nil {
			t.Fatal(err)
		}
		tex, _ := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
			Width: 8, Height: 8, Usage: engine.TextureUsageRenderTarget})
		for _, c := range []struct {
			name   string
			encode func(e *engine.RenderCommandEncoder) error
			want   string
		}{
			{"count past the pipeline's maximum", func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(pl)
				if err := e.SetVertexAmplificationCount(2, nil); err != nil {
					return err
				}
				return e.DrawPrimitives(engine.PrimitiveTypeTriangleStrip, 0, 4)
			}, "MaxVertexAmplificationCount"},
			{"mappings of another count", func(e *engine.RenderCommandEncoder) error {
				return e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}})
			}, "view mappings"},
			{"layer offset past the pass", func(e *engine.RenderCommandEncoder) error {
				return e.SetVertexAmplificationCount(2, []engine.VertexAmplificationViewMapping{{}, {RenderTargetArrayIndexOffset: 1}})
			}, "RenderTargetArrayIndexOffset"},
		} {
			err := run(tex, 0, c.encode)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
			}
		}
	})
}

// TestRenderInstancedStrip draws a non-indexed triangle strip twice by
// instancing: each instance is its own strip (no triangles joining the
// last vertices of one instance to the first of the next).
func TestRenderInstancedStrip(t *testing.T) {
	r := newFeatureRig(t)
	pl, err := r.pipeline(r.lib, "vinstance", "fcolor", posColor)
	if err != nil {
		t.Fatal(err)
	}
	var v []float32
	for _, p := range [][2]float32{{0, 0}, {8, 0}, {0, 16}, {8, 16}} {
		v = append(v, p[0], p[1], 1, 1, 1, 1)
	}
	vb := r.buffer(floatBytes(v))
	err = r.pass([4]float64{0, 0, 0, 1}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(vb, 0, 0)
		return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangleStrip, 0, 4, 2, 0)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y int
		want [4]uint8
	}{{6, 12, [4]uint8{255, 255, 255, 255}}, {2, 2, [4]uint8{255, 255, 255, 255}}, {10, 12, [4]uint8{128, 128, 128, 128}}} {
		if got := r.at(c.x, c.y); got != c.want {
			t.Errorf("pixel (%d, %d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
