package engine

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/internal/benchkit"
)

// Sizes of the textured-triangles and full-screen raster benchmarks.
const (
	texturedTriangles = 10000
	texturedTarget    = 512
	checkerSize       = 256
	fullScreenTarget  = 1024
)

// moreRasterBenchCases are the other two render-pipeline benchmarks of
// `ingot bench raster`: 10,000 small textured triangles (bilinear samples,
// so quads with helper lanes) at 512², and a fragment-bound full-screen
// pass at 1024², each beside a plain Go rasterizer of the same frame.
func moreRasterBenchCases() []benchkit.Case {
	frame := func(mk func(workers int) (*sceneFrame, error)) func(b *testing.B, workers int) {
		return func(b *testing.B, workers int) {
			f, err := mk(workers)
			if err != nil {
				b.Fatal(err)
			}
			if err := f.Frame(); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := f.Frame(); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	tris := rasterbench.SmallTriangles(texturedTriangles, texturedTarget, texturedTarget)
	return []benchkit.Case{
		{Name: "raster/textured-10k", Unit: "Mtris/s", PerOp: texturedTriangles, Baseline: "plain Go rasterizer",
			Ingot: frame(func(w int) (*sceneFrame, error) { return newTexturedFrame(texturedTarget, w) }),
			Native: func(b *testing.B) {
				n := rasterbench.NewNativeTextured(tris, rasterbench.Checker(checkerSize), checkerSize, texturedTarget, texturedTarget)
				for i := 0; i < b.N; i++ {
					n.Frame()
				}
			}},
		{Name: "raster/fullscreen-1024", Unit: "Mfrags/s", PerOp: fullScreenTarget * fullScreenTarget,
			Baseline: "lower bound: Go loop, math.Exp2",
			Ingot:    frame(func(w int) (*sceneFrame, error) { return newFullScreenFrame(fullScreenTarget, w) }),
			Native: func(b *testing.B) {
				n := rasterbench.NewNativeFullScreen(fullScreenTarget, fullScreenTarget)
				for i := 0; i < b.N; i++ {
					n.Frame()
				}
			}},
	}
}

// sceneFrame is one prepared benchmark frame: a pipeline, its resources
// and a colour target, drawn by Frame.
type sceneFrame struct {
	q     *CommandQueue
	pl    *RenderPipelineState
	color *Texture
	draw  func(e *RenderCommandEncoder) error
}

// Color returns the frame's colour target.
func (f *sceneFrame) Color() *Texture { return f.color }

// Frame clears the target, draws and waits.
func (f *sceneFrame) Frame() error {
	cb := f.q.CommandBuffer(context.Background())
	var pd RenderPassDescriptor
	pd.ColorAttachments[0].Texture = f.color
	pd.ColorAttachments[0].LoadAction = LoadActionClear
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	e.SetRenderPipelineState(f.pl)
	if err := f.draw(e); err != nil {
		return err
	}
	if err := e.EndEncoding(); err != nil {
		return err
	}
	if err := cb.Commit(); err != nil {
		return err
	}
	return cb.WaitUntilCompleted()
}

// newSceneFrame compiles src and makes the pipeline of its vertex and
// fragment functions vf, ff with vd, and an RGBA8 s×s target.
func newSceneFrame(dev *Device, src, vf, ff string, vd *VertexDescriptor, s int) (*sceneFrame, error) {
	lib, err := dev.NewLibraryWithFile("scene.metal", []byte(src), CompileOptions{})
	if err != nil {
		return nil, err
	}
	v, err := lib.Function(vf)
	if err != nil {
		return nil, err
	}
	f, err := lib.Function(ff)
	if err != nil {
		return nil, err
	}
	desc := &RenderPipelineDescriptor{VertexFunction: v, FragmentFunction: f, VertexDescriptor: vd}
	desc.ColorAttachments[0] = ColorAttachment(PixelFormatRGBA8Unorm)
	fr := &sceneFrame{q: dev.NewCommandQueue()}
	if fr.pl, err = dev.NewRenderPipelineState(desc); err != nil {
		return nil, err
	}
	if fr.color, err = dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm, Width: s, Height: s, Usage: TextureUsageRenderTarget}); err != nil {
		return nil, err
	}
	return fr, nil
}

// newTexturedFrame prepares rasterbench.SmallTriangles with the checker
// texture on an s×s target.
func newTexturedFrame(s, workers int) (*sceneFrame, error) {
	dev, err := NewDevice(DeviceOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	vd := &VertexDescriptor{
		Attributes: map[int]VertexAttributeDescriptor{0: {Format: AttributeFormatFloat2}, 1: {Format: AttributeFormatFloat2, Offset: 8}},
		Layouts:    map[int]VertexBufferLayoutDescriptor{0: {Stride: 16}}}
	f, err := newSceneFrame(dev, rasterbench.TexturedMSL, "tex_vertex", "tex_fragment", vd, s)
	if err != nil {
		return nil, err
	}
	tris := rasterbench.SmallTriangles(texturedTriangles, s, s)
	vb, err := dev.NewBufferWithBytes(floatBytes(tris))
	if err != nil {
		return nil, err
	}
	tex, err := dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm, Width: checkerSize, Height: checkerSize, Usage: TextureUsageShaderRead})
	if err != nil {
		return nil, err
	}
	if err := tex.ReplaceRegion(Region{Width: checkerSize, Height: checkerSize, Depth: 1}, 0, 0, rasterbench.Checker(checkerSize), 4*checkerSize, 0); err != nil {
		return nil, err
	}
	smp, err := dev.NewSamplerState(SamplerDescriptor{MinFilter: SamplerMinMagFilterLinear, MagFilter: SamplerMinMagFilterLinear,
		SAddressMode: SamplerAddressModeRepeat, TAddressMode: SamplerAddressModeRepeat, NormalizedCoordinates: true})
	if err != nil {
		return nil, err
	}
	n := len(tris) / 4
	f.draw = func(e *RenderCommandEncoder) error {
		e.SetVertexBuffer(vb, 0, 0)
		e.SetFragmentTexture(tex, 0)
		e.SetFragmentSamplerState(smp, 0)
		return e.DrawPrimitives(PrimitiveTypeTriangle, 0, n)
	}
	return f, nil
}

// newFullScreenFrame prepares the full-screen pass on an s×s target.
func newFullScreenFrame(s, workers int) (*sceneFrame, error) {
	dev, err := NewDevice(DeviceOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	f, err := newSceneFrame(dev, rasterbench.FullScreenMSL, "fs_vertex", "fs_fragment", nil, s)
	if err != nil {
		return nil, err
	}
	size := floatBytes([]float32{float32(s), float32(s)})
	f.draw = func(e *RenderCommandEncoder) error {
		e.SetFragmentBytes(size, 0)
		return e.DrawPrimitives(PrimitiveTypeTriangle, 0, 3)
	}
	return f, nil
}

// floatBytes returns v little-endian.
func floatBytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}
