package raster

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// Deferred mode (Options.Deferred): deferred.metal in one render pass
// with tile memory.
const (
	// deferredTile is the pass's tile edge: 16×16 pixels of the 96-byte
	// G-buffer plus the light list fit the engine's 32 KiB of tile memory.
	deferredTile = 16
	// gbufferSampleLength is deferred.metal RasterGBuffer's size.
	gbufferSampleLength = 96
)

// deferredPipelines are the pipelines of Options.Deferred, per AOV
// setting: the G-buffer draw, the light-culling tile function and the
// full-screen lighting draw (blended geometry uses the forward
// pipelines).
type deferredPipelines struct {
	gbuffer, light map[bool]*engine.RenderPipelineState
	// lightDesc are the lighting pipelines' descriptors and single the
	// lighting pipelines compiled with rx_single_draw, for frames whose
	// opaque and mask geometry is one draw (its instance and geometry
	// shared by all lanes: the material is read once per batch), each
	// compiled on first use (singleLight).
	lightDesc map[bool]*engine.RenderPipelineDescriptor
	single    [2]singleLight
	// gbufferMask is the alpha-mask draws' G-buffer pipeline.
	gbufferMask map[bool]*engine.RenderPipelineState
	cull        map[bool]*engine.TileRenderPipelineState
	always      *engine.DepthStencilState
}

// singleLight is one rx_single_draw lighting pipeline, compiled once.
type singleLight struct {
	once  sync.Once
	state *engine.RenderPipelineState
	err   error
}

// singleDrawConstants are the lighting functions' function constants:
// rx_single_draw set to single.
func singleDrawConstants(single bool) (*engine.FunctionConstantValues, error) {
	c := engine.NewFunctionConstantValues()
	if err := c.SetConstantValueByName("rx_single_draw", single); err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	return c, nil
}

// singleLight returns the rx_single_draw lighting pipeline of an AOV
// setting, compiling it on first use.
func (dp *deferredPipelines) singleLight(dev *engine.Device, aovs bool) (*engine.RenderPipelineState, error) {
	i := 0
	if aovs {
		i = 1
	}
	sl := &dp.single[i]
	sl.once.Do(func() {
		d := *dp.lightDesc[aovs]
		d.Label += " single draw"
		if d.FragmentConstants, sl.err = singleDrawConstants(true); sl.err != nil {
			return
		}
		if sl.state, sl.err = dev.NewRenderPipelineState(&d); sl.err != nil {
			sl.err = fmt.Errorf("raster: %w", sl.err)
		}
	})
	return sl.state, sl.err
}

// compileDeferred compiles deferred.metal's pipelines once.
func (pl *pipelines) compileDeferred(dev *engine.Device) error {
	pl.deferredOnce.Do(func() {
		lib, err := compileUnit(dev, DeferredFile, pl.users)
		if err != nil {
			pl.deferredErr = err
			return
		}
		var errs []error
		fn := func(name string) *engine.Function {
			f, err := lib.Function(name)
			errs = append(errs, err)
			return f
		}
		gv, gf, cull, lv := fn("raster_gbuffer_vertex"), fn("raster_gbuffer"), fn("raster_deferred_cull"), fn("raster_deferred_vertex")
		gm := fn("raster_gbuffer_mask")
		lf := map[bool]*engine.Function{false: fn("raster_deferred_light"), true: fn("raster_deferred_light_aov")}
		if err := errors.Join(errs...); err != nil {
			pl.deferredErr = fmt.Errorf("raster: %w", err)
			return
		}
		dp := &deferredPipelines{gbuffer: map[bool]*engine.RenderPipelineState{}, gbufferMask: map[bool]*engine.RenderPipelineState{},
			light: map[bool]*engine.RenderPipelineState{}, cull: map[bool]*engine.TileRenderPipelineState{},
			lightDesc: map[bool]*engine.RenderPipelineDescriptor{}}
		for _, aovs := range []bool{false, true} {
			for _, g := range []struct {
				dst map[bool]*engine.RenderPipelineState
				fn  *engine.Function
			}{{dp.gbuffer, gf}, {dp.gbufferMask, gm}} {
				d := &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("deferred G-buffer aovs %v", aovs), VertexFunction: gv, FragmentFunction: g.fn}
				pl.attach(d, aovs, false, false)
				d.ColorAttachments[0].WriteMask = new(engine.ColorWriteMaskNone)
				if g.dst[aovs], err = dev.NewRenderPipelineState(d); err != nil {
					pl.deferredErr = fmt.Errorf("raster: %w", err)
					return
				}
			}
			d := &engine.RenderPipelineDescriptor{Label: fmt.Sprintf("deferred lighting aovs %v", aovs), VertexFunction: lv, FragmentFunction: lf[aovs]}
			pl.attach(d, aovs, false, true)
			dp.lightDesc[aovs] = d
			single := *d
			if single.FragmentConstants, err = singleDrawConstants(false); err != nil {
				pl.deferredErr = err
				return
			}
			if dp.light[aovs], err = dev.NewRenderPipelineState(&single); err != nil {
				pl.deferredErr = fmt.Errorf("raster: %w", err)
				return
			}
			td := &engine.TileRenderPipelineDescriptor{Label: "deferred light culling", TileFunction: cull, RasterSampleCount: 1,
				ThreadgroupSizeMatchesTileSize: true}
			for i := range d.ColorAttachments {
				td.ColorAttachments[i].PixelFormat = d.ColorAttachments[i].PixelFormat
			}
			if dp.cull[aovs], err = dev.NewTileRenderPipelineState(td); err != nil {
				pl.deferredErr = fmt.Errorf("raster: %w", err)
				return
			}
		}
		always := engine.CompareFunctionAlways
		if dp.always, err = dev.NewDepthStencilState(&engine.DepthStencilDescriptor{Label: "deferred lighting", DepthCompareFunction: &always}); err != nil {
			pl.deferredErr = fmt.Errorf("raster: %w", err)
			return
		}
		pl.deferred = dp
	})
	return pl.deferredErr
}

// deferredPass draws the frame in one tile-shading pass: the opaque and
// mask geometry into the G-buffer imageblock, the per-tile light lists,
// the lighting (and the environment where nothing was drawn), then the
// blended geometry back to front with the forward pipelines.
func (r *Renderer) deferredPass(ctx context.Context, fr *rasterFrame, cam *kernel.CameraData, tg *targets, maps passMaps, aovs bool) error {
	dp := r.pl.deferred
	u := r.cur
	var pd engine.RenderPassDescriptor
	for i, c := range tg.color {
		if c == nil {
			continue
		}
		a := &pd.ColorAttachments[i]
		a.Texture, a.LoadAction, a.StoreAction = c, engine.LoadActionClear, engine.StoreActionStore
		a.ClearColor = &[4]float64{0, 0, 0, 0}
	}
	one := 1.0
	pd.Depth.Texture, pd.Depth.LoadAction, pd.Depth.StoreAction, pd.Depth.ClearDepth = tg.depth, engine.LoadActionClear, engine.StoreActionDontCare, &one
	pd.TileWidth, pd.TileHeight = deferredTile, deferredTile
	pd.ImageblockSampleLength = gbufferSampleLength
	pd.ThreadgroupMemoryLength = (4*(1+len(u.packed.Punctual)) + 15) &^ 15
	if need := gbufferSampleLength*deferredTile*deferredTile + pd.ThreadgroupMemoryLength; need > engine.MaxTileMemoryLength {
		return fmt.Errorf("raster: Options.Deferred: %d punctual lights need %d bytes of tile memory, more than %d", len(u.packed.Punctual), need, engine.MaxTileMemoryLength)
	}
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("raster deferred")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	enc, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	frame := bytesOf([]rasterFrame{*fr})
	steps := []error{
		enc.SetVertexBuffer(u.resources, 0, bufferScene), enc.SetFragmentBuffer(u.resources, 0, bufferScene),
		enc.SetVertexBytes(frame, bufferFrame), enc.SetFragmentBytes(frame, bufferFrame),
		enc.SetFragmentBuffer(r.light.sh, 0, bufferSH), enc.SetFragmentBuffer(u.lights, 0, bufferLights),
		enc.SetFragmentTexture(r.light.specular, textureSpecular),
		enc.SetFragmentSamplerState(r.light.fragSampler, samplerIBL), enc.SetFragmentSamplerState(r.shadowSmp, samplerShadow),
		enc.SetTileBuffer(u.resources, 0, bufferScene),
	}
	steps = append(steps, r.bindMaps(enc, maps)...)
	steps = append(steps, useScene(u, enc.UseResource)...)
	ds := ordered(r.draws, mgl32.Vec3(cam.Position), mgl32.Vec3(cam.Forward))
	// Opaque draws keep the last fragment at the nearest depth (LessEqual),
	// as the forward pre-pass and its equal-depth test do; mask draws
	// follow them with Less, as in forward.
	steps = append(steps, enc.SetRenderPipelineState(dp.gbuffer[aovs]), enc.SetDepthStencilState(r.pl.depthLessEqual))
	// With one opaque or mask draw its instance and geometry are every
	// covered pixel's: the lighting pipeline of rx_single_draw takes
	// them from its RasterDraw (the same values, shared by all lanes).
	var oneDraw rasterDraw
	draws, single := 0, true
	for _, d := range ds {
		if d.rec.Pass == passBlend {
			continue
		}
		if draws == 0 {
			oneDraw = d.rec
		} else if d.rec.Instance != oneDraw.Instance || d.rec.Geometry != oneDraw.Geometry {
			single = false
		}
		draws++
	}
	lightPipeline := dp.light[aovs]
	if single && draws > 0 {
		p, err := dp.singleLight(r.dev, aovs)
		steps = append(steps, err)
		lightPipeline = p
	} else {
		oneDraw = rasterDraw{}
	}
	lit := false
	// light culls and lights the G-buffer, then sets the forward blend
	// pipeline where blended draws follow.
	light := func(blendNext bool) {
		steps = append(steps, enc.SetThreadgroupMemoryLength(pd.ThreadgroupMemoryLength, 0, 0),
			enc.SetTileRenderPipelineState(dp.cull[aovs]), enc.DispatchThreadsPerTile(engine.Sz(deferredTile, deferredTile, 1)),
			enc.SetRenderPipelineState(lightPipeline), enc.SetFragmentBytes(bytesOf([]rasterDraw{oneDraw}), bufferDraw),
			enc.SetDepthStencilState(dp.always), enc.SetCullMode(engine.CullModeNone),
			enc.DrawPrimitives(engine.PrimitiveTypeTriangle, 0, 3))
		if blendNext {
			blend, err := r.pl.forwardPipeline(r.dev, aovs, passBlend)
			steps = append(steps, err, enc.SetRenderPipelineState(blend), enc.SetDepthStencilState(r.pl.depthTest))
		}
		lit = true
	}
	mask := false
	for _, d := range ds {
		if !lit && d.rec.Pass == passBlend {
			light(true)
		}
		if !mask && d.rec.Pass == passMask {
			steps = append(steps, enc.SetRenderPipelineState(dp.gbufferMask[aovs]), enc.SetDepthStencilState(r.pl.depthWrite))
			mask = true
		}
		rec := bytesOf([]rasterDraw{d.rec})
		steps = append(steps, enc.SetVertexBytes(rec, bufferDraw), enc.SetFragmentBytes(rec, bufferDraw),
			enc.SetCullMode(d.cull), enc.SetFrontFacingWinding(d.winding),
			enc.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, d.count, engine.IndexTypeUInt32, u.arena, d.indices, 1, 0, 0))
	}
	if !lit {
		light(false)
	}
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("raster: encoding the deferred pass: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("raster: deferred pass: %w", err)
	}
	return nil
}
