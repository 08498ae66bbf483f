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
	users []render.UserMaterial
	// forward are the forward passes' pipelines without ([0]) and with
	// ([1]) the AOV attachments, each compiled on first use (forwardPipeline:
	// most frames have no AOVs, most scenes no mask or blend draws, and
	// render pipeline compilation is most of a renderer's start-up).
	forward [2]forwardSet
	// vert, frags and depthVert are the forward sets' functions.
	vert, depthVert *engine.Function
	frags           map[pipelineKey]*engine.Function
	// shadow is the shadow map's pipeline, compiled on first use
	// (shadowPipeline: scenes without a directional or spot light need
	// none).
	shadowVert *engine.Function
	shadowOnce sync.Once
	shadowErr  error
	shadow     *engine.RenderPipelineState
	// deformPositions is raster_deform_positions.
	deformPositions *engine.ComputePipelineState

	iblBase, iblDownsample, iblSpecular, iblSHRows, iblSHSum *engine.ComputePipelineState

	depthWrite, depthTest *engine.DepthStencilState
	// depthEqual tests against the pre-pass depth without writing.
	depthEqual *engine.DepthStencilState
	// depthLessEqual writes the depth of fragments as near as or nearer
	// than what is there: opaque draws without the pre-pass, so that, as
	// with the pre-pass and depthEqual, the last of the fragments at the
	// nearest depth is the one kept.
	depthLessEqual *engine.DepthStencilState

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

// Forward pipelines of a forwardSet besides the passes' (passOpaque,
// passMask, passBlend index their own).
const (
	forwardPrepass   = 3 // the opaque geometry's depth only
	forwardPipelines = 4
)

// forwardSet is the forward pipelines of one attachment layout, each
// compiled on first use.
type forwardSet struct {
	once  [forwardPipelines]sync.Once
	err   [forwardPipelines]error
	state [forwardPipelines]*engine.RenderPipelineState
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
	pl := &pipelines{samples: samples, users: users, lib: rl, frags: map[pipelineKey]*engine.Function{}}
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
	if pl.vert, err = fn(rl, "raster_vertex"); err != nil {
		return nil, err
	}
	for k, name := range fragmentNames {
		if pl.frags[k], err = fn(rl, name); err != nil {
			return nil, err
		}
	}
	if pl.depthVert, err = fn(rl, "raster_depth_vertex"); err != nil {
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
	if pl.shadowVert, err = fn(rl, "raster_shadow_vertex"); err != nil {
		return nil, err
	}
	less, equal, lessEqual := engine.CompareFunctionLess, engine.CompareFunctionEqual, engine.CompareFunctionLessEqual
	for _, s := range []struct {
		dst   **engine.DepthStencilState
		desc  engine.DepthStencilDescriptor
		label string
	}{
		{&pl.depthWrite, engine.DepthStencilDescriptor{DepthCompareFunction: &less, DepthWriteEnabled: true}, "depth write"},
		{&pl.depthTest, engine.DepthStencilDescriptor{DepthCompareFunction: &less}, "depth test"},
		{&pl.depthEqual, engine.DepthStencilDescriptor{DepthCompareFunction: &equal}, "depth equal"},
		{&pl.depthLessEqual, engine.DepthStencilDescriptor{DepthCompareFunction: &lessEqual, DepthWriteEnabled: true}, "depth less-equal write"},
	} {
		s.desc.Label = s.label
		if *s.dst, err = dev.NewDepthStencilState(&s.desc); err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
	}
	return pl, nil
}

// forwardPipeline returns forward pipeline which (passOpaque, passMask,
// passBlend or forwardPrepass) of one attachment layout
// (aovs: with the AOV attachments), compiling it on first use.
func (pl *pipelines) forwardPipeline(dev *engine.Device, aovs bool, which int) (*engine.RenderPipelineState, error) {
	fs := &pl.forward[0]
	if aovs {
		fs = &pl.forward[1]
	}
	if which < 0 || which >= forwardPipelines {
		return nil, fmt.Errorf("raster: forward pipeline %d does not exist", which)
	}
	fs.once[which].Do(func() {
		var d *engine.RenderPipelineDescriptor
		switch which {
		case forwardPrepass:
			d = &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("raster depth pre-pass aovs %v", aovs), VertexFunction: pl.depthVert}
			pl.attach(d, aovs, false, false)
			d.ColorAttachments[0].WriteMask = new(engine.ColorWriteMaskNone)
		default:
			d = &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("raster pass %d aovs %v", which, aovs),
				VertexFunction: pl.vert, FragmentFunction: pl.frags[pipelineKey{which, aovs}]}
			pl.attach(d, aovs, which == passBlend, which != passBlend)
			// Alpha-to-coverage takes the mask's alpha; the samples it
			// covers store alpha 1, the coverage the background is
			// composited behind (background).
			d.AlphaToCoverageEnabled = which == passMask && pl.samples > 1
			d.AlphaToOneEnabled = d.AlphaToCoverageEnabled
		}
		p, err := dev.NewRenderPipelineState(d)
		if err != nil {
			fs.err[which] = fmt.Errorf("raster: %w", err)
			return
		}
		fs.state[which] = p
	})
	return fs.state[which], fs.err[which]
}

// shadowPipeline returns the shadow map's pipeline, compiling it on first
// use.
func (pl *pipelines) shadowPipeline(dev *engine.Device) (*engine.RenderPipelineState, error) {
	pl.shadowOnce.Do(func() {
		p, err := dev.NewRenderPipelineState(&engine.RenderPipelineDescriptor{Label: "shadow map", VertexFunction: pl.shadowVert,
			DepthAttachmentPixelFormat: shadowFormat})
		if err != nil {
			pl.shadowErr = fmt.Errorf("raster: %w", err)
			return
		}
		pl.shadow = p
	})
	return pl.shadow, pl.shadowErr
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
				d.AlphaToOneEnabled = d.AlphaToCoverageEnabled
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
