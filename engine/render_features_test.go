package engine_test

import (
	"context"
	"encoding/binary"
	"image/color"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// featureSrc holds the shaders of the render feature tests. Positions are
// given in pixels of a 16×16 target and mapped to clip space by the
// vertex functions.
const featureSrc = `#include <metal_stdlib>
using namespace metal;
struct P { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; };
struct PI { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; float2 offset [[attribute(2)]]; };
struct V { float4 position [[position]]; float4 color; };
struct VF { float4 position [[position]]; float4 color [[flat]]; };
struct VL { float4 position [[position]]; float4 color; uint layer [[render_target_array_index]]; };
float4 clip(float2 px) { return float4(px.x / 8.0 - 1.0, 1.0 - px.y / 8.0, 0.5, 1.0); }
vertex V vattr(P in [[stage_in]]) { V o; o.position = clip(in.p); o.color = in.c; return o; }
vertex V vinst(PI in [[stage_in]]) { V o; o.position = clip(in.p + in.offset); o.color = in.c; return o; }
vertex V vinstance(P in [[stage_in]], uint iid [[instance_id]]) {
    V o; o.position = clip(in.p + float2(8.0 * float(iid), 0)); o.color = in.c * (iid == 0 ? 1.0 : 0.5); return o;
}
vertex VF vflat(P in [[stage_in]]) { VF o; o.position = clip(in.p); o.color = in.c; return o; }
vertex VL vlayer(P in [[stage_in]], uint iid [[instance_id]]) { VL o; o.position = clip(in.p); o.color = in.c; o.layer = iid; return o; }
fragment float4 fcolor(V in [[stage_in]]) { return in.color; }
fragment float4 fflat(VF in [[stage_in]]) { return in.color; }
fragment float4 flayer(VL in [[stage_in]]) { return in.color; }
fragment float4 fdiscard(V in [[stage_in]]) { if (in.position.x < 8.0) discard_fragment(); return in.color; }
fragment float4 finvert(V in [[stage_in]], float4 dst [[color(0)]]) { return float4(1.0 - dst.rgb, 1.0); }
`

// featureRig is a 16×16 render target with the feature shaders.
type featureRig struct {
	*renderRig
	lib *engine.Library
}

func newFeatureRig(t *testing.T) *featureRig {
	r := newRenderRig(t, 16, 16, 0, false)
	return &featureRig{renderRig: r, lib: r.library(featureSrc)}
}

// posColor is the vertex descriptor of P: float2 position, float4 colour,
// interleaved in buffer 0.
func posColor(d *engine.RenderPipelineDescriptor) {
	d.VertexDescriptor = &engine.VertexDescriptor{
		Attributes: map[int]engine.VertexAttributeDescriptor{0: {Format: engine.AttributeFormatFloat2}, 1: {Format: engine.AttributeFormatFloat4, Offset: 8}},
		Layouts:    map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 24}}}
}

// rect returns two triangles (6 vertices) covering pixels [x0, x1)×[y0, y1) in colour c.
func rect(x0, y0, x1, y1 float32, c [4]float32) []float32 {
	v := func(x, y float32) []float32 { return []float32{x, y, c[0], c[1], c[2], c[3]} }
	var out []float32
	for _, p := range [][2]float32{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}} {
		out = append(out, v(p[0], p[1])...)
	}
	return out
}

// at returns pixel (x, y) of the target.
func (r *renderRig) at(x, y int) [4]uint8 {
	p := r.pixels()
	i := 4 * (y*r.w + x)
	return [4]uint8(p[i : i+4])
}

func TestRenderFeatures(t *testing.T) {
	red, green, blue := [4]float32{1, 0, 0, 1}, [4]float32{0, 1, 0, 1}, [4]float32{0, 0, 1, 1}
	type check struct {
		x, y int
		want [4]uint8
	}
	cases := []struct {
		name   string
		vert   string
		frag   string
		edit   func(*engine.RenderPipelineDescriptor)
		encode func(r *featureRig, e *engine.RenderCommandEncoder) error
		checks []check
	}{
		{name: "draw", vert: "vattr", frag: "fcolor", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(rect(2, 2, 6, 6, red))), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
			},
			checks: []check{{2, 2, [4]uint8{255, 0, 0, 255}}, {5, 5, [4]uint8{255, 0, 0, 255}}, {6, 5, [4]uint8{}}, {5, 6, [4]uint8{}}, {1, 2, [4]uint8{}}}},
		{name: "instanced with per-instance attributes", vert: "vinst", frag: "fcolor",
			edit: func(d *engine.RenderPipelineDescriptor) {
				posColor(d)
				d.VertexDescriptor.Attributes[2] = engine.VertexAttributeDescriptor{Format: engine.AttributeFormatFloat2, BufferIndex: 1}
				d.VertexDescriptor.Layouts[1] = engine.VertexBufferLayoutDescriptor{Stride: 8, StepFunction: engine.VertexStepFunctionPerInstance}
			},
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 4, 4, green))), 0, 0)
				e.SetVertexBuffer(r.buffer(floatBytes([]float32{0, 0, 8, 8})), 0, 1)
				return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 0, 6, 2, 0)
			},
			checks: []check{{1, 1, [4]uint8{0, 255, 0, 255}}, {9, 9, [4]uint8{0, 255, 0, 255}}, {5, 5, [4]uint8{}}}},
		{name: "instance_id", vert: "vinstance", frag: "fcolor", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 4, 4, [4]float32{1, 1, 1, 1}))), 0, 0)
				return e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 0, 6, 2, 0)
			},
			checks: []check{{1, 1, [4]uint8{255, 255, 255, 255}}, {9, 1, [4]uint8{128, 128, 128, 128}}, {5, 1, [4]uint8{}}}},
		{name: "indexed strip with primitive restart", vert: "vattr", frag: "fcolor", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				v := rect(0, 0, 4, 4, blue)
				v = append(v, rect(8, 8, 12, 12, blue)...)
				// strips 0 1 2 4 | 6 7 8 10: two quads, no triangle between them
				idx := []uint16{0, 1, 2, 4, 0xFFFF, 6, 7, 8, 10}
				ib := make([]byte, 2*len(idx))
				for i, x := range idx {
					binary.LittleEndian.PutUint16(ib[2*i:], x)
				}
				e.SetVertexBuffer(r.buffer(floatBytes(v)), 0, 0)
				return e.DrawIndexedPrimitives(engine.PrimitiveTypeTriangleStrip, len(idx), engine.IndexTypeUInt16, r.buffer(ib), 0, 1, 0, 0)
			},
			checks: []check{{1, 1, [4]uint8{0, 0, 255, 255}}, {3, 3, [4]uint8{0, 0, 255, 255}}, {10, 10, [4]uint8{0, 0, 255, 255}}, {6, 6, [4]uint8{}}}},
		{name: "indirect", vert: "vattr", frag: "fcolor", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				v := append(rect(0, 0, 4, 4, red), rect(8, 0, 12, 4, green)...)
				e.SetVertexBuffer(r.buffer(floatBytes(v)), 0, 0)
				args := make([]byte, 16)
				for i, x := range []uint32{6, 1, 6, 0} { // vertexCount, instanceCount, vertexStart, baseInstance
					binary.LittleEndian.PutUint32(args[4*i:], x)
				}
				return e.DrawPrimitivesIndirect(engine.PrimitiveTypeTriangle, r.buffer(args), 0)
			},
			checks: []check{{1, 1, [4]uint8{}}, {9, 1, [4]uint8{0, 255, 0, 255}}}},
		{name: "flat takes the first vertex", vert: "vflat", frag: "fflat", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				v := []float32{0, 0, 1, 0, 0, 1, 16, 0, 0, 1, 0, 1, 0, 16, 0, 0, 1, 1}
				e.SetVertexBuffer(r.buffer(floatBytes(v)), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
			},
			checks: []check{{1, 1, [4]uint8{255, 0, 0, 255}}, {12, 1, [4]uint8{255, 0, 0, 255}}, {1, 12, [4]uint8{255, 0, 0, 255}}}},
		{name: "discard", vert: "vattr", frag: "fdiscard", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, red))), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
			},
			checks: []check{{7, 3, [4]uint8{}}, {8, 3, [4]uint8{255, 0, 0, 255}}}},
		{name: "programmable blending reads the colour attachment", vert: "vattr", frag: "finvert", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 8, 16, red))), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
			},
			checks: []check{{3, 3, [4]uint8{255, 255, 255, 255}}, {12, 3, [4]uint8{}}}},
		{name: "scissor", vert: "vattr", frag: "fcolor", edit: posColor,
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetScissorRect(engine.ScissorRect{X: 4, Y: 4, W: 2, H: 3})
				e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, red))), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
			},
			checks: []check{{4, 4, [4]uint8{255, 0, 0, 255}}, {5, 6, [4]uint8{255, 0, 0, 255}}, {6, 4, [4]uint8{}}, {4, 7, [4]uint8{}}, {3, 4, [4]uint8{}}}},
		{name: "blending", vert: "vattr", frag: "fcolor", edit: func(d *engine.RenderPipelineDescriptor) {
			posColor(d)
			d.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
			d.ColorAttachments[0].BlendingEnabled = true
			d.ColorAttachments[0].SourceRGBBlendFactor = engine.BlendFactorSourceAlpha
			d.ColorAttachments[0].DestinationRGBBlendFactor = engine.BlendFactorOneMinusSourceAlpha
		},
			encode: func(r *featureRig, e *engine.RenderCommandEncoder) error {
				e.SetVertexBuffer(r.buffer(floatBytes(append(rect(0, 0, 16, 16, red), rect(0, 0, 8, 16, [4]float32{0, 0, 1, 0.25})...))), 0, 0)
				return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 12)
			},
			checks: []check{{3, 3, [4]uint8{191, 0, 64, 64}}, {12, 3, [4]uint8{255, 0, 0, 255}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newFeatureRig(t)
			pl, err := r.pipeline(r.lib, tc.vert, tc.frag, tc.edit)
			if err != nil {
				t.Fatal(err)
			}
			err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
				e.SetRenderPipelineState(pl)
				return tc.encode(r, e)
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tc.checks {
				if got := r.at(c.x, c.y); got != c.want {
					t.Errorf("pixel (%d, %d) = %v, want %v", c.x, c.y, got, c.want)
				}
			}
		})
	}
}

// TestParallelRenderEncoderOrder: the sub-encoders' draws run in creation
// order, whatever order they end in; load and store run once.
func TestParallelRenderEncoderOrder(t *testing.T) {
	r := newFeatureRig(t)
	pl, err := r.pipeline(r.lib, "vattr", "fcolor", posColor)
	if err != nil {
		t.Fatal(err)
	}
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pe, err := cb.ParallelRenderCommandEncoder(&pd)
	if err != nil {
		t.Fatal(err)
	}
	var subs []*engine.RenderCommandEncoder
	for i, c := range [][4]float32{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}} {
		e, err := pe.RenderCommandEncoder()
		if err != nil {
			t.Fatal(err)
		}
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, float32(16-4*i), 16, c))), 0, 0)
		if err := e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6); err != nil {
			t.Fatal(err)
		}
		subs = append(subs, e)
	}
	if err := pe.EndEncoding(); err == nil {
		t.Fatal("EndEncoding with open sub-encoders succeeded")
	}
	cb2 := r.q.CommandBuffer(context.Background())
	pe, _ = cb2.ParallelRenderCommandEncoder(&pd)
	subs = subs[:0]
	for i, c := range [][4]float32{{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}} {
		e, _ := pe.RenderCommandEncoder()
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, float32(16-4*i), 16, c))), 0, 0)
		e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		subs = append(subs, e)
	}
	for _, i := range []int{2, 0, 1} {
		if err := subs[i].EndEncoding(); err != nil {
			t.Fatal(err)
		}
	}
	if err := pe.EndEncoding(); err != nil {
		t.Fatal(err)
	}
	cb2.Commit()
	if err := cb2.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x    int
		want [4]uint8
	}{{2, [4]uint8{0, 0, 255, 255}}, {9, [4]uint8{0, 255, 0, 255}}, {14, [4]uint8{255, 0, 0, 255}}} {
		if got := r.at(c.x, 5); got != c.want {
			t.Errorf("pixel (%d, 5) = %v, want %v", c.x, got, c.want)
		}
	}
}

// TestRenderVisibilityAndStencil counts the samples a scissored draw
// passes, then masks a second pass with the stencil written by the first.
func TestRenderVisibilityAndStencil(t *testing.T) {
	r := newFeatureRig(t)
	st, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatDepth32Float_Stencil8,
		Width: 16, Height: 16, Usage: engine.TextureUsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := r.pipeline(r.lib, "vattr", "fcolor", func(d *engine.RenderPipelineDescriptor) {
		posColor(d)
		d.StencilAttachmentPixelFormat = engine.PixelFormatDepth32Float_Stencil8
	})
	if err != nil {
		t.Fatal(err)
	}
	vis := r.buffer(make([]byte, 16))
	write, _ := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{FrontFaceStencil: &engine.StencilDescriptor{
		StencilCompareFunction: engine.CompareFunctionAlways, DepthStencilPassOperation: engine.StencilOperationReplace}})
	test, _ := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{FrontFaceStencil: &engine.StencilDescriptor{
		StencilCompareFunction: engine.CompareFunctionEqual}})
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.Stencil.Texture = st
	pd.VisibilityResultBuffer = vis
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		t.Fatal(err)
	}
	e.SetRenderPipelineState(pl)
	e.SetVisibilityResultMode(engine.VisibilityResultModeCounting, 8)
	e.SetDepthStencilState(write)
	e.SetStencilReferenceValue(3)
	e.SetScissorRect(engine.ScissorRect{X: 0, Y: 0, W: 5, H: 4})
	e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0, 0, 0, 1}))), 0, 0)
	e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	e.SetVisibilityResultMode(engine.VisibilityResultModeDisabled, 0)
	e.SetDepthStencilState(test)
	e.SetScissorRect(engine.ScissorRect{X: 0, Y: 0, W: 16, H: 16})
	e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 0, 0, 1}))), 0, 0)
	if err := e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6); err != nil {
		t.Fatal(err)
	}
	e.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	if n := binary.LittleEndian.Uint64(vis.Contents()[8:]); n != 20 {
		t.Errorf("visibility count %d, want 20", n)
	}
	if got := r.at(4, 3); got != [4]uint8{255, 0, 0, 255} {
		t.Errorf("inside the stencil: %v", got)
	}
	if got := r.at(5, 3); got != [4]uint8{0, 0, 0, 255} {
		t.Errorf("outside the stencil: %v", got)
	}
}

// TestRenderPrimitivesAndLayers draws points with [[point_size]], lines,
// wireframe triangles, into an sRGB target, and layered instances into a
// 2D array.
func TestRenderPrimitivesAndLayers(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct P { float2 p [[attribute(0)]]; float4 c [[attribute(1)]]; };
struct VP { float4 position [[position]]; float4 color; float size [[point_size]]; };
struct VL { float4 position [[position]]; float4 color; uint layer [[render_target_array_index]]; };
float4 clip(float2 px) { return float4(px.x / 8.0 - 1.0, 1.0 - px.y / 8.0, 0.5, 1.0); }
vertex VP vpoint(P in [[stage_in]]) { VP o; o.position = clip(in.p); o.color = in.c; o.size = 4.0; return o; }
vertex VL vlayer(P in [[stage_in]], uint iid [[instance_id]]) { VL o; o.position = clip(in.p); o.color = in.c * float(iid + 1) * 0.5; o.layer = iid; return o; }
fragment float4 fpoint(VP in [[stage_in]]) { return in.color; }
fragment float4 flayer(VL in [[stage_in]]) { return in.color; }
`
	t.Run("points", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		lib := r.library(src)
		pl, err := r.pipeline(lib, "vpoint", "fpoint", posColor)
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes([]float32{8, 8, 1, 1, 1, 1})), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypePoint, 0, 1)
		})
		if err != nil {
			t.Fatal(err)
		}
		// a 4×4 square centred on (8, 8): pixels 6..9
		for _, c := range []struct {
			x, y int
			in   bool
		}{{6, 6, true}, {9, 9, true}, {5, 8, false}, {10, 8, false}, {8, 5, false}} {
			got := r.at(c.x, c.y)
			if (got[0] == 255) != c.in {
				t.Errorf("pixel (%d, %d) = %v, inside the point: %v", c.x, c.y, got, c.in)
			}
		}
	})
	t.Run("lines and wireframe", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		lib := r.library(featureSrc)
		pl, err := r.pipeline(lib, "vattr", "fcolor", posColor)
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes([]float32{1, 3.5, 1, 0, 0, 1, 15, 3.5, 1, 0, 0, 1})), 0, 0)
			if err := e.DrawPrimitives(engine.PrimitiveTypeLine, 0, 2); err != nil {
				return err
			}
			e.SetTriangleFillMode(engine.TriangleFillModeLines)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(2, 8, 14, 14, [4]float32{0, 1, 0, 1}))), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		})
		if err != nil {
			t.Fatal(err)
		}
		lit := 0
		for x := range 16 {
			if r.at(x, 3)[0] == 255 {
				lit++
			}
		}
		if lit < 13 || lit > 15 {
			t.Errorf("the horizontal line lit %d pixels of row 3, want 14", lit)
		}
		if got := r.at(8, 11); got != [4]uint8{} {
			t.Errorf("inside the wireframe rectangle: %v, want untouched", got)
		}
		edge := false
		for y := 7; y <= 9; y++ {
			edge = edge || r.at(8, y)[1] == 255
		}
		if !edge {
			t.Error("the wireframe rectangle's top edge is missing")
		}
	})
	t.Run("sRGB", func(t *testing.T) {
		r := newRenderRig(t, 16, 16, 0, false)
		var err error
		if r.color, err = r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm_sRGB,
			Width: 16, Height: 16, Usage: engine.TextureUsageRenderTarget}); err != nil {
			t.Fatal(err)
		}
		lib := r.library(featureSrc)
		pl, err := r.pipeline(lib, "vattr", "fcolor", posColor)
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0.5, 0.2140, 1, 1}))), 0, 0)
			return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
		})
		if err != nil {
			t.Fatal(err)
		}
		enc := func(x float64) uint8 { return uint8(math.Round((1.055*math.Pow(x, 1/2.4) - 0.055) * 255)) }
		if got, want := r.at(4, 4), [4]uint8{enc(0.5), enc(float64(float32(0.2140))), 255, 255}; got != want {
			t.Errorf("sRGB pixel %v, want %v", got, want)
		}
	})
	t.Run("layered", func(t *testing.T) {
		dev, _ := engine.NewDevice(engine.DeviceOptions{})
		arr, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DArray, PixelFormat: engine.PixelFormatRGBA8Unorm,
			Width: 8, Height: 8, ArrayLength: 3, Usage: engine.TextureUsageRenderTarget})
		if err != nil {
			t.Fatal(err)
		}
		lib, err := dev.NewLibraryWithFile("layer.metal", []byte(src), engine.CompileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		vf, _ := lib.Function("vlayer")
		ff, _ := lib.Function("flayer")
		desc := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff}
		posColor(desc)
		desc.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
		pl, err := dev.NewRenderPipelineState(desc)
		if err != nil {
			t.Fatal(err)
		}
		var pd engine.RenderPassDescriptor
		pd.ColorAttachments[0].Texture = arr
		pd.ColorAttachments[0].Slice = 1
		pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
		pd.RenderTargetArrayLength = 2
		cb := dev.NewCommandQueue().CommandBuffer(context.Background())
		e, err := cb.RenderCommandEncoder(&pd)
		if err != nil {
			t.Fatal(err)
		}
		vb, _ := dev.NewBufferWithBytes(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 1, 1, 1})))
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(vb, 0, 0)
		e.DrawPrimitivesInstanced(engine.PrimitiveTypeTriangle, 0, 6, 3, 0) // instance 2 is past the layers: dropped
		e.EndEncoding()
		cb.Commit()
		if err := cb.WaitUntilCompleted(); err != nil {
			t.Fatal(err)
		}
		for slice, want := range []uint8{0, 128, 255} {
			img, _ := arr.Image(0, slice, 0)
			if r := img.At(3, 3).(color.NRGBA).R; r != want {
				t.Errorf("slice %d: red %d, want %d", slice, r, want)
			}
		}
	})
}

// TestRenderDerivativesAndLod: dfdx/dfdy are the differences across 2×2
// quads, and a sample without an explicit LOD in a fragment function picks
// the mip level from them.
func TestRenderDerivativesAndLod(t *testing.T) {
	const src = `#include <metal_stdlib>
using namespace metal;
struct V { float4 position [[position]]; float2 uv; };
vertex V vquad(uint vid [[vertex_id]], constant float& scale [[buffer(0)]]) {
    float2 c = float2(float(vid & 1), float(vid >> 1));
    V o; o.position = float4(c.x * 2 - 1, 1 - c.y * 2, 0.5, 1); o.uv = c * scale; return o;
}
fragment float4 fderiv(V in [[stage_in]]) { return float4(dfdx(in.uv.x) * 8.0, dfdy(in.uv.y) * 8.0, fwidth(in.uv.x) * 4.0, 1); }
fragment float4 fmip(V in [[stage_in]], texture2d<float> tex [[texture(0)]], sampler s [[sampler(0)]]) { return tex.sample(s, in.uv); }
`
	r := newRenderRig(t, 8, 8, 0, false)
	lib := r.library(src)
	strip := func(frag string, scale float32, setup func(e *engine.RenderCommandEncoder)) {
		t.Helper()
		pl, err := r.pipeline(lib, "vquad", frag, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
			e.SetRenderPipelineState(pl)
			e.SetVertexBytes(floatBytes([]float32{scale}), 0)
			if setup != nil {
				setup(e)
			}
			return e.DrawPrimitives(engine.PrimitiveTypeTriangleStrip, 0, 4)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// uv spans 1/8 per pixel: dfdx · 8 = 1, dfdy · 8 = 1, fwidth(uv.x) · 4 = 0.5.
	strip("fderiv", 1, nil)
	if got := r.at(5, 2); got != [4]uint8{255, 255, 128, 255} {
		t.Errorf("derivatives %v, want [255 255 128 255]", got)
	}
	// A 16×16 texture whose levels are red, green, blue, ...: on an 8×8 target
	// with uv in [0, 1], one pixel spans 2 texels, LOD 1: green.
	tex, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: 16, Height: 16, MipmapLevelCount: 5, Usage: engine.TextureUsageShaderRead})
	if err != nil {
		t.Fatal(err)
	}
	colors := [][4]byte{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}, {0, 255, 255, 255}}
	for lvl, c := range colors {
		n := 16 >> lvl
		px := make([]byte, 4*n*n)
		for i := 0; i < len(px); i += 4 {
			copy(px[i:], c[:])
		}
		if err := tex.ReplaceRegion(engine.Region{Width: n, Height: n, Depth: 1}, lvl, 0, px, 4*n, 0); err != nil {
			t.Fatal(err)
		}
	}
	sd := engine.DefaultSamplerDescriptor()
	sd.MipFilter = engine.SamplerMipFilterNearest
	smp, err := r.dev.NewSamplerState(sd)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scale float32
		want  [4]uint8
	}{{0.5, [4]uint8{255, 0, 0, 255}}, {1, [4]uint8{0, 255, 0, 255}}, {2, [4]uint8{0, 0, 255, 255}}} {
		strip("fmip", c.scale, func(e *engine.RenderCommandEncoder) {
			e.SetFragmentTexture(tex, 0)
			e.SetFragmentSamplerState(smp, 0)
		})
		if got := r.at(3, 3); got != c.want {
			t.Errorf("uv scale %g: sampled %v, want %v", c.scale, got, c.want)
		}
	}
}
