// Package deferred is a deferred renderer of triangles lit by point
// lights, in two forms that give the same image:
//
//   - RenderSinglePass is tile-based deferred shading in one render pass
//     (reference pattern B8 (1) with the light culling of B8 (3)): the
//     geometry draw writes a G-buffer into memoryless colour attachments
//     (albedo RGBA8Unorm, normal RGBA16Float, world position RGBA32Float)
//     and a memoryless depth attachment; a tile function culls the lights
//     per tile into persistent threadgroup memory; a full-screen draw
//     lights each pixel from its tile's list, reading the G-buffer through
//     programmable blending ([[color(n)]] inputs); only the lit colour is
//     stored.
//   - RenderMultiPass is classic deferred shading: a geometry pass stores
//     the G-buffer textures, a lighting pass reads them and loops over
//     every light.
//
// Both count the device memory their render passes move
// (engine.RenderPassCounters), which shows what keeping the G-buffer in
// tile memory saves.
package deferred

import (
	"encoding/binary"
	"fmt"
	"image"
	"math"

	"github.com/ingot-render/ingot/engine"
)

// MaxLights is the most lights a scene may have (one culling thread each).
const MaxLights = 64

// Vertex is one triangle corner: a world position, a normal and a colour.
type Vertex struct {
	Pos, Normal, Albedo [3]float32
}

// Light is a point light whose contribution falls to 0 at Radius.
type Light struct {
	Pos    [3]float32
	Radius float32
	Color  [3]float32
}

// Scene is a triangle list (three vertices per triangle), its lights and
// the camera's view-projection matrix (column-major, Metal clip space:
// z in [0, 1]).
type Scene struct {
	Vertices   []Vertex
	Lights     []Light
	ViewProj   [16]float32
	Background [4]float32
}

// Stats are the device memory the render passes of a frame moved: by the
// attachments' load, store and resolve actions (BytesRead, BytesWritten)
// and by the shaders' buffer and texture accesses (ShaderBytesRead,
// ShaderBytesWritten; engine.RenderPassCounters).
type Stats struct {
	BytesRead, BytesWritten             int64
	ShaderBytesRead, ShaderBytesWritten int64
}

// Renderer holds the pipelines of both forms for one device.
type Renderer struct {
	dev                 *engine.Device
	q                   *engine.CommandQueue
	geoSingle, geoMulti *engine.RenderPipelineState
	lightTile, lightTex *engine.RenderPipelineState
	cull                *engine.TileRenderPipelineState
	depth               *engine.DepthStencilState
}

// Formats of the G-buffer and the output.
const (
	albedoFormat   = engine.PixelFormatRGBA8Unorm
	normalFormat   = engine.PixelFormatRGBA16Float
	positionFormat = engine.PixelFormatRGBA32Float
	outputFormat   = engine.PixelFormatRGBA8Unorm
	depthFormat    = engine.PixelFormatDepth32Float
)

// New compiles the renderers' pipelines on dev.
func New(dev *engine.Device) (*Renderer, error) {
	lib, err := dev.NewLibraryWithFile("deferred.metal", []byte(source), engine.CompileOptions{})
	if err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	fn := func(name string) *engine.Function {
		f, e := lib.Function(name)
		if e != nil && err == nil {
			err = e
		}
		return f
	}
	r := &Renderer{dev: dev, q: dev.NewCommandQueue()}
	gbuf := func(d *engine.RenderPipelineDescriptor) {
		d.ColorAttachments[1].PixelFormat = albedoFormat
		d.ColorAttachments[2].PixelFormat = normalFormat
		d.ColorAttachments[3].PixelFormat = positionFormat
	}
	mk := func(vs, fs string, out bool, g bool, depth bool) *engine.RenderPipelineState {
		d := &engine.RenderPipelineDescriptor{VertexFunction: fn(vs), FragmentFunction: fn(fs)}
		if err != nil {
			return nil
		}
		if out {
			d.ColorAttachments[0].PixelFormat = outputFormat
		}
		if g {
			gbuf(d)
		}
		if depth {
			d.DepthAttachmentPixelFormat = depthFormat
		}
		p, e := dev.NewRenderPipelineState(d)
		if e != nil && err == nil {
			err = e
		}
		return p
	}
	r.geoSingle = mk("geo_vs", "gbuffer_fs", true, true, true)
	r.lightTile = mk("fullscreen_vs", "light_tile_fs", true, true, true)
	r.geoMulti = mk("geo_vs", "gbuffer_fs", false, true, true)
	r.lightTex = mk("fullscreen_vs", "light_tex_fs", true, false, false)
	if err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	td := &engine.TileRenderPipelineDescriptor{Label: "cull_lights", TileFunction: fn("cull_lights")}
	td.ColorAttachments[0].PixelFormat = outputFormat
	td.ColorAttachments[1].PixelFormat = albedoFormat
	td.ColorAttachments[2].PixelFormat = normalFormat
	td.ColorAttachments[3].PixelFormat = positionFormat
	if r.cull, err = dev.NewTileRenderPipelineState(td); err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	less := engine.CompareFunctionLess
	if r.depth, err = dev.NewDepthStencilState(&engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	return r, nil
}

// frame is one frame's device resources.
type frame struct {
	w, h             int
	vertices, lights *engine.Buffer
	uniforms         []byte
	nverts           int
}

func (r *Renderer) frame(s *Scene, w, h int) (*frame, error) {
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("deferred: image size %d × %d", w, h)
	}
	if len(s.Lights) > MaxLights {
		return nil, fmt.Errorf("deferred: Scene.Lights has %d lights, more than %d", len(s.Lights), MaxLights)
	}
	if len(s.Vertices)%3 != 0 || len(s.Vertices) == 0 {
		return nil, fmt.Errorf("deferred: Scene.Vertices has %d vertices, want a positive multiple of 3", len(s.Vertices))
	}
	f32 := func(b []byte, v ...float32) []byte {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
		return b
	}
	var vb []byte
	for _, v := range s.Vertices {
		vb = f32(vb, v.Pos[0], v.Pos[1], v.Pos[2], 1, v.Normal[0], v.Normal[1], v.Normal[2], 0, v.Albedo[0], v.Albedo[1], v.Albedo[2], 1)
	}
	lb := make([]byte, 0, 32*max(len(s.Lights), 1))
	for _, l := range s.Lights {
		lb = f32(lb, l.Pos[0], l.Pos[1], l.Pos[2], l.Radius, l.Color[0], l.Color[1], l.Color[2], 0)
	}
	if len(lb) == 0 {
		lb = make([]byte, 32)
	}
	ub := f32(nil, s.ViewProj[:]...)
	ub = binary.LittleEndian.AppendUint32(ub, uint32(len(s.Lights)))
	ub = binary.LittleEndian.AppendUint32(ub, uint32(w))
	ub = binary.LittleEndian.AppendUint32(ub, uint32(h))
	ub = binary.LittleEndian.AppendUint32(ub, 0)
	ub = f32(ub, s.Background[:]...)
	f := &frame{w: w, h: h, uniforms: ub, nverts: len(s.Vertices)}
	var err error
	if f.vertices, err = r.dev.NewBufferWithBytes(vb); err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	if f.lights, err = r.dev.NewBufferWithBytes(lb); err != nil {
		return nil, fmt.Errorf("deferred: %w", err)
	}
	return f, nil
}

// texture makes a w × h render target.
func (r *Renderer) texture(f engine.PixelFormat, w, h int, usage engine.TextureUsage, mode engine.StorageMode) (*engine.Texture, error) {
	return r.dev.NewTexture(engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h, Usage: usage, StorageMode: mode})
}

// gbuffer makes the G-buffer textures (albedo, normal, position) of a
// w × h frame with usage and storage mode, attaches them to colour
// attachments 1 to 3 of pd (cleared to 0, stored with store) and a depth
// texture of the same storage to pd.Depth (cleared, not stored).
func (r *Renderer) gbuffer(pd *engine.RenderPassDescriptor, w, h int, usage engine.TextureUsage, mode engine.StorageMode, store engine.StoreAction) ([3]*engine.Texture, error) {
	var g [3]*engine.Texture
	for i, fm := range []engine.PixelFormat{albedoFormat, normalFormat, positionFormat} {
		t, err := r.texture(fm, w, h, usage, mode)
		if err != nil {
			return g, fmt.Errorf("deferred: %w", err)
		}
		g[i] = t
		a := &pd.ColorAttachments[1+i]
		a.Texture, a.LoadAction, a.StoreAction = t, engine.LoadActionClear, store
		a.ClearColor = &[4]float64{}
	}
	dt, err := r.texture(depthFormat, w, h, engine.TextureUsageRenderTarget, mode)
	if err != nil {
		return g, fmt.Errorf("deferred: %w", err)
	}
	pd.Depth.Texture, pd.Depth.LoadAction, pd.Depth.StoreAction = dt, engine.LoadActionClear, engine.StoreActionDontCare
	return g, nil
}

// finish commits cb, waits and returns the output image and the stats.
func finish(cb *engine.CommandBuffer, out *engine.Texture, w, h int) (*image.NRGBA, Stats, error) {
	if err := cb.Commit(); err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	var st Stats
	for _, c := range cb.RenderPassCounters() {
		st.BytesRead += c.BytesRead
		st.BytesWritten += c.BytesWritten
		st.ShaderBytesRead += c.ShaderBytesRead
		st.ShaderBytesWritten += c.ShaderBytesWritten
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	if err := out.GetBytes(img.Pix, img.Stride, 0, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	return img, st, nil
}

// geometry encodes the scene's triangles.
func (r *Renderer) geometry(e *engine.RenderCommandEncoder, p *engine.RenderPipelineState, f *frame) error {
	steps := []func() error{
		func() error { return e.SetRenderPipelineState(p) },
		func() error { return e.SetDepthStencilState(r.depth) },
		func() error { return e.SetVertexBuffer(f.vertices, 0, 0) },
		func() error { return e.SetVertexBytes(f.uniforms, 1) },
		func() error { return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, f.nverts) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}

// lighting encodes the full-screen lighting draw.
func lighting(e *engine.RenderCommandEncoder, p *engine.RenderPipelineState, f *frame, ds *engine.DepthStencilState) error {
	steps := []func() error{
		func() error { return e.SetRenderPipelineState(p) },
		func() error { return e.SetDepthStencilState(ds) },
		func() error { return e.SetFragmentBuffer(f.lights, 0, 0) },
		func() error { return e.SetFragmentBytes(f.uniforms, 1) },
		func() error { return e.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3) },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}
