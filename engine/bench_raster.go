package engine

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/internal/benchkit"
)

// rasterBenchCases are the render-pipeline benchmarks (`ingot bench
// raster`): the peers' bunny frame (69,451 triangles, per-pixel Phong in
// MSL, depth test, back-face culling) at 512² and 1024², each beside the
// native-Go rasterizer of rasterbench drawing the same frame.
func rasterBenchCases() []benchkit.Case {
	var cs []benchkit.Case
	for _, size := range []int{512, 1024} {
		cs = append(cs, benchkit.Case{Name: fmt.Sprintf("raster/bunny-%d", size), Unit: "Mtris/s", PerOp: bunnyTriangles, Baseline: "plain Go rasterizer",
			Ingot: func(b *testing.B, workers int) {
				f, err := newBunnyFrame(size, size, workers)
				if err != nil {
					benchkit.Skip(b, err)
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
			},
			Native: func(b *testing.B) {
				m, err := bunnyMesh()
				if err != nil {
					benchkit.Skip(b, err)
				}
				n := rasterbench.NewNative(m, size, size)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					n.Frame()
				}
			}})
	}
	return append(cs, moreRasterBenchCases()...)
}

// bunnyTriangles is the triangle count of the shared bunny.
const bunnyTriangles = 69451

var bunnyOnce = sync.OnceValues(func() (*rasterbench.Mesh, error) { return rasterbench.LoadOBJ(rasterbench.BunnyPath()) })

func bunnyMesh() (*rasterbench.Mesh, error) { return bunnyOnce() }

// bunnyFrame is the peers' bunny frame on a device: the pipeline, buffers
// and targets, ready to render with Frame.
type bunnyFrame struct {
	dev          *Device
	q            *CommandQueue
	pl           *RenderPipelineState
	ds           *DepthStencilState
	vb, ib, ub   *Buffer
	color, depth *Texture
	count        int
}

// newBunnyFrame loads the shared bunny and prepares its frame.
func newBunnyFrame(w, h, workers int) (*bunnyFrame, error) {
	m, err := bunnyMesh()
	if err != nil {
		return nil, err
	}
	return newBunnyFrameOf(m, w, h, workers)
}

// newBunnyFrameOf prepares the benchmark frame of mesh m on a w×h target on
// a device with the given workers.
func newBunnyFrameOf(m *rasterbench.Mesh, w, h, workers int) (*bunnyFrame, error) {
	dev, err := NewDevice(DeviceOptions{Workers: workers})
	if err != nil {
		return nil, err
	}
	f := &bunnyFrame{dev: dev, q: dev.NewCommandQueue(), count: len(m.Indices)}
	lib, err := dev.NewLibraryWithFile("phong.metal", []byte(rasterbench.PhongMSL), CompileOptions{})
	if err != nil {
		return nil, err
	}
	vf, _ := lib.Function("phong_vertex")
	ff, _ := lib.Function("phong_fragment")
	desc := &RenderPipelineDescriptor{VertexFunction: vf, FragmentFunction: ff, DepthAttachmentPixelFormat: PixelFormatDepth32Float,
		VertexDescriptor: &VertexDescriptor{
			Attributes: map[int]VertexAttributeDescriptor{0: {Format: AttributeFormatFloat3}, 1: {Format: AttributeFormatFloat3, Offset: 12}},
			Layouts:    map[int]VertexBufferLayoutDescriptor{0: {Stride: 24}}}}
	desc.ColorAttachments[0] = ColorAttachment(PixelFormatRGBA8Unorm)
	if f.pl, err = dev.NewRenderPipelineState(desc); err != nil {
		return nil, err
	}
	less := CompareFunctionLess
	if f.ds, err = dev.NewDepthStencilState(&DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
		return nil, err
	}
	vb := make([]byte, 4*len(m.Verts))
	for i, v := range m.Verts {
		binary.LittleEndian.PutUint32(vb[4*i:], math.Float32bits(v))
	}
	ib := make([]byte, 4*len(m.Indices))
	for i, v := range m.Indices {
		binary.LittleEndian.PutUint32(ib[4*i:], v)
	}
	u := rasterbench.NewCamera(m, w, h).Uniforms()
	ub := make([]byte, 4*len(u))
	for i, v := range u {
		binary.LittleEndian.PutUint32(ub[4*i:], math.Float32bits(v))
	}
	if f.vb, err = dev.NewBufferWithBytes(vb); err != nil {
		return nil, err
	}
	if f.ib, err = dev.NewBufferWithBytes(ib); err != nil {
		return nil, err
	}
	if f.ub, err = dev.NewBufferWithBytes(ub); err != nil {
		return nil, err
	}
	if f.color, err = dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatRGBA8Unorm, Width: w, Height: h, Usage: TextureUsageRenderTarget}); err != nil {
		return nil, err
	}
	if f.depth, err = dev.NewTexture(TextureDescriptor{TextureType: TextureType2D, PixelFormat: PixelFormatDepth32Float, Width: w, Height: h, Usage: TextureUsageRenderTarget}); err != nil {
		return nil, err
	}
	return f, nil
}

// Color returns the frame's colour target.
func (f *bunnyFrame) Color() *Texture { return f.color }

// Frame renders one frame: clear, one indexed draw, store.
func (f *bunnyFrame) Frame() error {
	cb := f.q.CommandBuffer(context.Background())
	var pd RenderPassDescriptor
	pd.ColorAttachments[0].Texture = f.color
	pd.ColorAttachments[0].LoadAction = LoadActionClear
	cc := rasterbench.ClearColor
	pd.ColorAttachments[0].ClearColor = &cc
	pd.Depth.Texture = f.depth
	pd.Depth.StoreAction = StoreActionDontCare
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return err
	}
	e.SetRenderPipelineState(f.pl)
	e.SetDepthStencilState(f.ds)
	e.SetCullMode(CullModeBack)
	e.SetFrontFacingWinding(WindingCounterClockwise)
	e.SetVertexBuffer(f.vb, 0, 0)
	e.SetVertexBuffer(f.ub, 0, 1)
	e.SetFragmentBuffer(f.ub, 0, 1)
	if err := e.DrawIndexedPrimitives(PrimitiveTypeTriangle, f.count, IndexTypeUInt32, f.ib, 0, 1, 0, 0); err != nil {
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
