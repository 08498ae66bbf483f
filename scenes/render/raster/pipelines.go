package raster

import (
	"errors"
	"fmt"
	"sync"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render"
)

// Attachment formats of the rasterizer's passes.
const (
	colorFormat  = engine.PixelFormatRGBA32Float // linear radiance
	aovFormat    = engine.PixelFormatRGBA32Float // normal, albedo, depth AOVs
	depthFormat  = engine.PixelFormatDepth32Float
	shadowFormat = engine.PixelFormatDepth32Float
)

// pipelineKey selects one of the render pipelines: the pass (opaque, mask,
// blend) and whether the AOV attachments are bound.
type pipelineKey struct {
	pass int
	aovs bool
}

// fragmentNames are the fragment functions of the forward passes: the
// alpha-mask pass's discard and take derivatives, the others do neither
// (so their depth test runs first and their lanes hold no helpers).
var fragmentNames = map[pipelineKey]string{
	{passOpaque, false}: "raster_fragment", {passOpaque, true}: "raster_fragment_aov",
	{passBlend, false}: "raster_fragment", {passBlend, true}: "raster_fragment_aov",
	{passMask, false}: "raster_fragment_mask", {passMask, true}: "raster_fragment_mask_aov",
}

// pipelines are the compiled MSL of one renderer for one sample count.
type pipelines struct {
	samples int
	// users are the user materials compiled into the forward and
	// deferred shaders (Options.Materials).
	users      []render.UserMaterial
	draw       map[pipelineKey]*engine.RenderPipelineState
	background map[bool]*engine.RenderPipelineState
	shadow     *engine.RenderPipelineState
	// prepass writes the opaque geometry's depth only (per aovs: the
	// pass's attachments).
	prepass map[bool]*engine.RenderPipelineState
	resolve *engine.ComputePipelineState
	// deformPositions is raster_deform_positions.
	deformPositions *engine.ComputePipelineState

	iblBase, iblDownsample, iblSpecular, iblSHRows, iblSHSum *engine.ComputePipelineState

	depthWrite, depthTest, depthBackground *engine.DepthStencilState
	// depthEqual tests against the pre-pass depth without writing.
	depthEqual *engine.DepthStencilState

	// lib is raster.metal; meshlet holds the meshlet pipelines of the
	// opaque and mask passes, compiled on first use (compileMeshlets).
	lib         *engine.Library
	attach      func(d *engine.RenderPipelineDescriptor, aovs, blend, aovWrites bool)
	meshletOnce sync.Once
	meshletErr  error
	meshlet     map[pipelineKey]*engine.RenderPipelineState
	// deferred holds Options.Deferred's pipelines, compiled on first use
	// (compileDeferred).
	deferredOnce sync.Once
	deferredErr  error
	deferred     *deferredPipelines
	// motion holds the motion-vector pass (Renderer.Motion), compiled on
	// first use (compileMotion).
	motionOnce sync.Once
	motionErr  error
	motion     *motionPipelines
}

// pipelineCache holds the compiled pipelines per device and sample count:
// renderers of one device share them (compilation is most of a first
// frame's cost).
var pipelineCache sync.Map // cacheKey → *cachedPipelines

type cacheKey struct {
	dev     *engine.Device
	samples int
}

type cachedPipelines struct {
	once sync.Once
	pl   *pipelines
	err  error
}

// pipelinesFor returns the pipelines of dev for samples samples,
// compiling them on first use; with user materials it compiles new ones.
func pipelinesFor(dev *engine.Device, samples int, users []render.UserMaterial) (*pipelines, error) {
	if len(users) > 0 {
		return newPipelines(dev, samples, users)
	}
	v, _ := pipelineCache.LoadOrStore(cacheKey{dev, samples}, &cachedPipelines{})
	c := v.(*cachedPipelines)
	c.once.Do(func() { c.pl, c.err = newPipelines(dev, samples, nil) })
	return c.pl, c.err
}

// newPipelines compiles raster.metal (with the user materials:
// rasterUnit) and ibl.metal for dev with samples samples per pixel.
func newPipelines(dev *engine.Device, samples int, users []render.UserMaterial) (*pipelines, error) {
	rl, err := compileUnit(dev, RasterFile, users)
	if err != nil {
		return nil, err
	}
	il, err := compileUnit(dev, IBLFile, nil)
	if err != nil {
		return nil, err
	}
	fn := func(l *engine.Library, name string) (*engine.Function, error) {
		f, err := l.Function(name)
		if err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
		return f, nil
	}
	kernel := func(l *engine.Library, name string) (*engine.ComputePipelineState, error) {
		f, err := fn(l, name)
		if err != nil {
			return nil, err
		}
		p, err := dev.NewComputePipelineState(f, nil, engine.ComputePipelineOptions{Label: name})
		if err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
		return p, nil
	}
	pl := &pipelines{samples: samples, users: users, draw: map[pipelineKey]*engine.RenderPipelineState{}, background: map[bool]*engine.RenderPipelineState{}, lib: rl}
	if pl.resolve, err = kernel(rl, "raster_resolve"); err != nil {
		return nil, err
	}
	if pl.deformPositions, err = kernel(rl, "raster_deform_positions"); err != nil {
		return nil, err
	}
	for _, k := range []struct {
		dst  **engine.ComputePipelineState
		name string
	}{{&pl.iblBase, "ibl_base"}, {&pl.iblDownsample, "ibl_downsample"}, {&pl.iblSpecular, "ibl_specular"}, {&pl.iblSHRows, "ibl_sh_rows"}, {&pl.iblSHSum, "ibl_sh_sum"}} {
		if *k.dst, err = kernel(il, k.name); err != nil {
			return nil, err
		}
	}
	vert, err := fn(rl, "raster_vertex")
	if err != nil {
		return nil, err
	}
	frags := map[pipelineKey]*engine.Function{}
	for k, name := range fragmentNames {
		if frags[k], err = fn(rl, name); err != nil {
			return nil, err
		}
	}
	bgv, err := fn(rl, "raster_background_vertex")
	if err != nil {
		return nil, err
	}
	bgf, err := fn(rl, "raster_background_fragment")
	if err != nil {
		return nil, err
	}
	none := engine.ColorWriteMaskNone
	attachments := func(d *engine.RenderPipelineDescriptor, aovs, blend, aovWrites bool) {
		d.ColorAttachments[0] = engine.ColorAttachment(colorFormat)
		if blend {
			c := &d.ColorAttachments[0]
			c.BlendingEnabled = true
			c.SourceRGBBlendFactor, c.DestinationRGBBlendFactor = engine.BlendFactorOne, engine.BlendFactorOneMinusSourceAlpha
			c.SourceAlphaBlendFactor, c.DestinationAlphaBlendFactor = engine.BlendFactorOne, engine.BlendFactorOneMinusSourceAlpha
		}
		if aovs {
			for i := 1; i <= 3; i++ {
				d.ColorAttachments[i] = engine.ColorAttachment(aovFormat)
				if !aovWrites {
					d.ColorAttachments[i].WriteMask = &none
				}
			}
		}
		d.DepthAttachmentPixelFormat = depthFormat
		d.RasterSampleCount = samples
	}
	pl.attach = attachments
	dv, err := fn(rl, "raster_depth_vertex")
	if err != nil {
		return nil, err
	}
	pl.prepass = map[bool]*engine.RenderPipelineState{}
	for _, aovs := range []bool{false, true} {
		d := &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("raster depth pre-pass aovs %v", aovs), VertexFunction: dv}
		attachments(d, aovs, false, false)
		d.ColorAttachments[0].WriteMask = &none
		p, err := dev.NewRenderPipelineState(d)
		if err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
		pl.prepass[aovs] = p
	}
	for _, aovs := range []bool{false, true} {
		for _, pass := range []int{passOpaque, passMask, passBlend} {
			d := &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("raster pass %d aovs %v", pass, aovs),
				VertexFunction: vert, FragmentFunction: frags[pipelineKey{pass, aovs}]}
			attachments(d, aovs, pass == passBlend, pass != passBlend)
			d.AlphaToCoverageEnabled = pass == passMask && samples > 1
			p, err := dev.NewRenderPipelineState(d)
			if err != nil {
				return nil, fmt.Errorf("raster: %w", err)
			}
			pl.draw[pipelineKey{pass, aovs}] = p
		}
		d := &engine.RenderPipelineDescriptor{Label: "background", VertexFunction: bgv, FragmentFunction: bgf}
		attachments(d, aovs, false, false)
		p, err := dev.NewRenderPipelineState(d)
		if err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
		pl.background[aovs] = p
	}
	sv, err := fn(rl, "raster_shadow_vertex")
	if err != nil {
		return nil, err
	}
	if pl.shadow, err = dev.NewRenderPipelineState(&engine.RenderPipelineDescriptor{Label: "shadow map", VertexFunction: sv,
		DepthAttachmentPixelFormat: shadowFormat}); err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	less, lessEqual, equal := engine.CompareFunctionLess, engine.CompareFunctionLessEqual, engine.CompareFunctionEqual
	for _, s := range []struct {
		dst   **engine.DepthStencilState
		desc  engine.DepthStencilDescriptor
		label string
	}{
		{&pl.depthWrite, engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}, "depth write"},
		{&pl.depthTest, engine.DepthStencilDescriptor{DepthCompareFunction: &less}, "depth test"},
		{&pl.depthBackground, engine.DepthStencilDescriptor{DepthCompareFunction: &lessEqual}, "background"},
		{&pl.depthEqual, engine.DepthStencilDescriptor{DepthCompareFunction: &equal}, "depth equal"},
	} {
		s.desc.Label = s.label
		if *s.dst, err = dev.NewDepthStencilState(&s.desc); err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
	}
	return pl, nil
}

// compileMeshlets compiles the meshlet pipelines of the opaque and mask
// passes once (Options.Meshlets): raster_meshlet_object,
// raster_meshlet_mesh and the passes' fragment functions.
func (pl *pipelines) compileMeshlets(dev *engine.Device) error {
	pl.meshletOnce.Do(func() {
		fn := func(name string) *engine.Function {
			f, err := pl.lib.Function(name)
			if err != nil {
				pl.meshletErr = errors.Join(pl.meshletErr, fmt.Errorf("raster: %w", err))
			}
			return f
		}
		obj, msh := fn("raster_meshlet_object"), fn("raster_meshlet_mesh")
		frags := map[pipelineKey]*engine.Function{}
		for k, name := range fragmentNames {
			frags[k] = fn(name)
		}
		if pl.meshletErr != nil {
			return
		}
		pl.meshlet = map[pipelineKey]*engine.RenderPipelineState{}
		for _, aovs := range []bool{false, true} {
			for _, pass := range []int{passOpaque, passMask} {
				d := &engine.MeshRenderPipelineDescriptor{Label: fmt.Sprintf("raster meshlets pass %d aovs %v", pass, aovs),
					ObjectFunction: obj, MeshFunction: msh, FragmentFunction: frags[pipelineKey{pass, aovs}]}
				var rd engine.RenderPipelineDescriptor
				pl.attach(&rd, aovs, false, true)
				d.ColorAttachments, d.DepthAttachmentPixelFormat, d.RasterSampleCount = rd.ColorAttachments, rd.DepthAttachmentPixelFormat, rd.RasterSampleCount
				d.AlphaToCoverageEnabled = pass == passMask && pl.samples > 1
				p, err := dev.NewMeshRenderPipelineState(d)
				if err != nil {
					pl.meshletErr = fmt.Errorf("raster: %w", err)
					return
				}
				pl.meshlet[pipelineKey{pass, aovs}] = p
			}
		}
	})
	return pl.meshletErr
}
