package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine"
)

// The render-command-encoder seed's code examples, run end to end. Where
// the seed gives only a caption (Listings 5-1, 5-2, 5-6, 5-13), the test
// follows the prose around it.

// TestSeedListing5_1And5_2 builds a render pass with colour and depth
// attachments (5-1) and a multisampled colour attachment resolved into a
// single-sample texture (5-2), draws a triangle whose edge splits pixels,
// and checks the resolve against Metal's standard 4× sample positions.
func TestSeedListing5_1And5_2(t *testing.T) {
	dev, err := engine.NewDevice(engine.DeviceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 16, 16
	ms, err := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DMultisample, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, SampleCount: 4, Usage: engine.TextureUsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	resolved, _ := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatRGBA8Unorm,
		Width: w, Height: h, Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead})
	depth, _ := dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2DMultisample, PixelFormat: engine.PixelFormatDepth32Float,
		Width: w, Height: h, SampleCount: 4, Usage: engine.TextureUsageRenderTarget})
	var pd engine.RenderPassDescriptor
	ca := &pd.ColorAttachments[0]
	ca.Texture, ca.ResolveTexture = ms, resolved
	ca.LoadAction, ca.StoreAction = engine.LoadActionClear, engine.StoreActionMultisampleResolve
	ca.ClearColor = &[4]float64{0, 0, 0, 1}
	pd.Depth.Texture = depth
	pd.Depth.LoadAction, pd.Depth.StoreAction = engine.LoadActionClear, engine.StoreActionDontCare
	one := 1.0
	pd.Depth.ClearDepth = &one

	lib, err := dev.NewLibraryWithFile("hello.metal", []byte(helloTriangle), engine.CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	vf, _ := lib.Function("hello_vertex")
	ff, _ := lib.Function("hello_fragment")
	desc := &engine.RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff, RasterSampleCount: 4, DepthAttachmentPixelFormat: engine.PixelFormatDepth32Float}
	desc.ColorAttachments[0] = engine.ColorAttachment(engine.PixelFormatRGBA8Unorm)
	pl, err := dev.NewRenderPipelineState(desc)
	if err != nil {
		t.Fatal(err)
	}
	// A triangle whose right edge is the vertical line x = 8.5 pixels
	// (NDC 1/16): pixel column 8 has the samples at x offsets 0.375 and
	// 0.125 inside, 0.875 and 0.625 outside.
	x := float32(8.5/8 - 1)
	pos := []float32{-1, 1, 0.5, 1, x, 1, 0.5, 1, -1, -1, 0.5, 1, x, 1, 0.5, 1, x, -1, 0.5, 1, -1, -1, 0.5, 1}
	col := []float32{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	q := dev.NewCommandQueue()
	cb := q.CommandBuffer(context.Background())
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		t.Fatal(err)
	}
	pb, _ := dev.NewBufferWithBytes(floatBytes(pos))
	cbuf, _ := dev.NewBufferWithBytes(floatBytes(col))
	e.SetRenderPipelineState(pl)
	e.SetVertexBuffer(pb, 0, 0)
	e.SetVertexBuffer(cbuf, 0, 1)
	if err := e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6); err != nil {
		t.Fatal(err)
	}
	e.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	img, _ := resolved.Image(0, 0, 0)
	for _, c := range []struct {
		x    int
		want uint32
	}{{7, 0xffff}, {8, 0x8080}, {9, 0}} {
		r, _, _, _ := img.At(c.x, 5).RGBA()
		if r != c.want {
			t.Errorf("resolved pixel (%d, 5) red = %#x, want %#x", c.x, r, c.want)
		}
	}
}

// TestSeedListing5_6 is the custom blending configuration: add, source
// One, destination OneMinusSourceAlpha (premultiplied "over").
func TestSeedListing5_6(t *testing.T) {
	r := newFeatureRig(t)
	pl, err := r.pipeline(r.lib, "vattr", "fcolor", func(d *engine.RenderPipelineDescriptor) {
		posColor(d)
		ca := &d.ColorAttachments[0]
		ca.BlendingEnabled = true
		ca.RGBBlendOperation, ca.AlphaBlendOperation = engine.BlendOperationAdd, engine.BlendOperationAdd
		ca.SourceRGBBlendFactor, ca.SourceAlphaBlendFactor = engine.BlendFactorOne, engine.BlendFactorOne
		ca.DestinationRGBBlendFactor, ca.DestinationAlphaBlendFactor = engine.BlendFactorOneMinusSourceAlpha, engine.BlendFactorOneMinusSourceAlpha
	})
	if err != nil {
		t.Fatal(err)
	}
	err = r.pass([4]float64{0, 0, 1, 1}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0.5, 0, 0, 0.5}))), 0, 0)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	})
	if err != nil {
		t.Fatal(err)
	}
	// rgb = (0.5, 0, 0) + 0.5 · (0, 0, 1); a = 0.5 + 0.5 · 1
	if got, want := r.at(3, 3), [4]uint8{128, 0, 128, 255}; got != want {
		t.Errorf("blended pixel %v, want %v", got, want)
	}
}

// TestSeedListing5_11And5_12 runs vertexMath with the interleaved vertex
// descriptor of Listing 5-12 (a 40-byte stride: Float2 at 0, Float4 at 8,
// Float2 at 32 and Float2 at 24).
func TestSeedListing5_11And5_12(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "shaders", "testdata", "seeds", "001_5-11_vertexMath.metal"))
	if err != nil {
		t.Fatal(err)
	}
	r := newRenderRig(t, 16, 16, 0, false)
	lib := r.library(string(src) + "\nfragment float4 seed_fragment(VertexOutput in [[stage_in]]) { return in.color; }\n")
	pl, err := r.pipeline(lib, "vertexMath", "seed_fragment", func(d *engine.RenderPipelineDescriptor) {
		d.VertexDescriptor = &engine.VertexDescriptor{
			Attributes: map[int]engine.VertexAttributeDescriptor{
				0: {Format: engine.AttributeFormatFloat2, BufferIndex: 0, Offset: 0},
				1: {Format: engine.AttributeFormatFloat4, BufferIndex: 0, Offset: 8},
				2: {Format: engine.AttributeFormatFloat2, BufferIndex: 0, Offset: 32},
				3: {Format: engine.AttributeFormatFloat2, BufferIndex: 0, Offset: 24},
			},
			Layouts: map[int]engine.VertexBufferLayoutDescriptor{0: {Stride: 40, StepFunction: engine.VertexStepFunctionPerVertex}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	var v []float32
	for _, p := range [][2]float32{{-1, 1}, {3, 1}, {-1, -3}} {
		// position, color, uv2 (offset 24), uv1 (offset 32)
		v = append(v, p[0], p[1], 0.1, 0.2, 0.3, 1, 0.25, 0.125, 0.125, 0.25)
	}
	err = r.pass([4]float64{}, func(e *engine.RenderCommandEncoder) error {
		e.SetRenderPipelineState(pl)
		e.SetVertexBuffer(r.buffer(floatBytes(v)), 0, 0)
		return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3)
	})
	if err != nil {
		t.Fatal(err)
	}
	// color + (uv1.x + uv2.x, uv1.y + uv2.y, 0, 0) = (0.475, 0.575, 0.3, 1)
	if got, want := r.at(8, 8), [4]uint8{121, 147, 77, 255}; got != want {
		t.Errorf("pixel %v, want %v", got, want)
	}
}

// TestSeedListing5_13 is the depth/stencil descriptor of the seed: a depth
// test, front faces' stencil compare Equal with Keep on failure and
// IncrementClamp on a pass, the back faces' stencil test disabled.
func TestSeedListing5_13(t *testing.T) {
	r := newFeatureRig(t)
	st, err := r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: engine.PixelFormatDepth32Float_Stencil8,
		Width: 16, Height: 16, Usage: engine.TextureUsageRenderTarget})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := r.pipeline(r.lib, "vattr", "fcolor", func(d *engine.RenderPipelineDescriptor) {
		posColor(d)
		d.DepthAttachmentPixelFormat = engine.PixelFormatDepth32Float_Stencil8
		d.StencilAttachmentPixelFormat = engine.PixelFormatDepth32Float_Stencil8
	})
	if err != nil {
		t.Fatal(err)
	}
	less := engine.CompareFunctionLessEqual
	mask := uint8(0xFF)
	ds, err := r.dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true,
		FrontFaceStencil: &engine.StencilDescriptor{StencilCompareFunction: engine.CompareFunctionEqual,
			StencilFailureOperation: engine.StencilOperationKeep, DepthFailureOperation: engine.StencilOperationIncrementClamp,
			DepthStencilPassOperation: engine.StencilOperationIncrementClamp, ReadMask: &mask, WriteMask: &mask}})
	if err != nil {
		t.Fatal(err)
	}
	cb := r.q.CommandBuffer(context.Background())
	var pd engine.RenderPassDescriptor
	pd.ColorAttachments[0].Texture = r.color
	pd.ColorAttachments[0].LoadAction = engine.LoadActionClear
	pd.Depth.Texture, pd.Stencil.Texture = st, st
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		t.Fatal(err)
	}
	e.SetRenderPipelineState(pl)
	e.SetDepthStencilState(ds)
	// Stencil starts at 0: with reference 0 the full-screen draw passes and
	// increments to 1 everywhere; with reference 1 the left half's draw
	// passes again (2) and paints green; with reference 1 a red full-screen
	// draw then passes only on the right half.
	e.SetStencilReferenceValue(0)
	e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{0, 0, 1, 1}))), 0, 0)
	e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	e.SetStencilReferenceValue(1)
	e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 8, 16, [4]float32{0, 1, 0, 1}))), 0, 0)
	e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	e.SetVertexBuffer(r.buffer(floatBytes(rect(0, 0, 16, 16, [4]float32{1, 0, 0, 1}))), 0, 0)
	e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 6)
	e.EndEncoding()
	cb.Commit()
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	if got := r.at(3, 3); got != [4]uint8{0, 255, 0, 255} {
		t.Errorf("left half %v, want green", got)
	}
	if got := r.at(12, 3); got != [4]uint8{255, 0, 0, 255} {
		t.Errorf("right half %v, want red", got)
	}
}
