package raster

import (
	"context"
	"errors"
	"fmt"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render"
)

// MotionFile holds the motion-vector pass (Renderer.Motion).
const MotionFile = "motion.metal"

// Buffer indices of motion.metal: RASTER_BUFFER_PREV_SCENE and
// RASTER_BUFFER_SHADE_FRAME.
const (
	bufferPrevScene  = 3
	bufferShadeFrame = 4
)

// rasterMotionFrame is motion.metal's RasterMotionFrame (192 bytes).
type rasterMotionFrame struct {
	ViewProj, PrevViewProj [4][4]float32
	Width, Height          uint32
	Pad0, Pad1             uint32
	// The RasterDeform records and both times' joint palettes and morph
	// weights (device addresses; Flags flagDeform).
	Deforms, Joints, MorphWeights, PrevJoints, PrevMorphWeights uint64
	Flags, Pad2                                                 uint32
}

// motionPipelines are the motion pass's pipelines (opaque and alpha-mask
// draws) and depth state.
type motionPipelines struct {
	draw, mask *engine.RenderPipelineState
	depth      *engine.DepthStencilState
}

// compileMotion compiles motion.metal once.
func (pl *pipelines) compileMotion(dev *engine.Device) (*motionPipelines, error) {
	pl.motionOnce.Do(func() {
		// The user materials' alpha decides the alpha-mask draws' test.
		lib, err := compileUnit(dev, MotionFile, pl.users)
		if err != nil {
			pl.motionErr = err
			return
		}
		var errs []error
		fn := func(name string) *engine.Function {
			f, err := lib.Function(name)
			errs = append(errs, err)
			return f
		}
		vf, ff := fn("raster_motion_vertex"), fn("raster_motion_fragment")
		mvf, mff := fn("raster_motion_mask_vertex"), fn("raster_motion_mask_fragment")
		if err := errors.Join(errs...); err != nil {
			pl.motionErr = fmt.Errorf("raster: %w", err)
			return
		}
		mp := &motionPipelines{}
		for _, p := range []struct {
			dst   **engine.RenderPipelineState
			v, f  *engine.Function
			label string
		}{{&mp.draw, vf, ff, "motion vectors"}, {&mp.mask, mvf, mff, "motion vectors, alpha mask"}} {
			d := &engine.RenderPipelineDescriptor{Label: p.label, VertexFunction: p.v, FragmentFunction: p.f,
				DepthAttachmentPixelFormat: depthFormat}
			d.ColorAttachments[0] = engine.ColorAttachment(aovFormat)
			if *p.dst, err = dev.NewRenderPipelineState(d); err != nil {
				pl.motionErr = fmt.Errorf("raster: %w", err)
				return
			}
		}
		less := engine.CompareFunctionLess
		if mp.depth, err = dev.NewDepthStencilState(&engine.DepthStencilDescriptor{Label: "motion depth",
			DepthCompareFunction: &less, DepthWriteEnabled: true}); err != nil {
			pl.motionErr = fmt.Errorf("raster: %w", err)
			return
		}
		pl.motion = mp
	})
	return pl.motion, pl.motionErr
}

// prevUpload returns the scene packed at time t with the current
// upload's environment: the current upload itself when t is its time (or
// the scene has no animations), else the one kept from the previous call,
// else a new one (upload.reposed where the vertex functions deform).
func (r *Renderer) prevUpload(t float32) (*upload, error) {
	if len(r.scene.Animations) == 0 || t == r.time {
		return r.cur, nil
	}
	if r.prev != nil && r.prevTime == t && r.prev.env == r.cur.env {
		return r.prev, nil
	}
	if r.prev != nil {
		r.prev.release()
		r.prev = nil
	}
	var u *upload
	var err error
	if r.cur.deform != nil {
		u, err = r.cur.reposed(r.dev, r.scene, r.plan, t)
	} else {
		u, err = newUpload(r.dev, r.scene, t, r.cur.env, r.funcs, nil)
		r.uploads++
	}
	if err != nil {
		return nil, err
	}
	cp, pp := r.cur.packed, u.packed
	if len(cp.Instances) != len(pp.Instances) || len(cp.Geometries) != len(pp.Geometries) {
		u.release()
		return nil, fmt.Errorf("raster: Motion: the scene has %d instances and %d geometries at time %v but %d and %d at %v",
			len(pp.Instances), len(pp.Geometries), t, len(cp.Instances), len(cp.Geometries), r.time)
	}
	for i := range cp.GeometryInfo {
		if cp.GeometryInfo[i].VertexCount != pp.GeometryInfo[i].VertexCount {
			u.release()
			return nil, fmt.Errorf("raster: Motion: geometry %d has %d vertices at time %v but %d at %v",
				i, pp.GeometryInfo[i].VertexCount, t, cp.GeometryInfo[i].VertexCount, r.time)
		}
	}
	r.prev, r.prevTime = u, t
	return u, nil
}

// Motion renders the motion vectors of frame f relative to frame prev:
// for each pixel, the screen-space motion of the surface point visible at
// its centre (the nearest opaque or alpha-mask surface, alpha-tested as
// without MSAA; blended surfaces are left out) from prev's time
// and camera to f's. The result holds three floats per pixel, rows top
// first: motion x and y in pixels, the point's position in f minus its
// position in prev (x right, y down, so the point was at the pixel centre
// minus the motion), and 1 where a surface covers the pixel centre, 0
// (with zero motion) where none does. Motion comes from camera motion and
// the scene's animation (node transforms; skins and morph targets, which
// the vertex function applies with both times' joint palettes and morph
// weights, or kernel.Pack deforms at each time where the host deforms). prev's size is ignored (f's is
// used); its camera and Time are prev's. The result does not depend on
// the device's worker count.
func (r *Renderer) Motion(ctx context.Context, f, prev render.Frame) ([]float32, error) {
	if err := validate(&f); err != nil {
		return nil, err
	}
	prev.Width, prev.Height = f.Width, f.Height
	if err := validate(&prev); err != nil {
		return nil, fmt.Errorf("raster: Motion: previous frame: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return nil, errors.New("raster: Renderer is closed")
	}
	r.motionUsed = true
	mp, err := r.pl.compileMotion(r.dev)
	if err != nil {
		return nil, err
	}
	env := r.opts.Env
	if f.Env != nil {
		env = f.Env
	}
	if err := r.uploadFor(ctx, f.Time, env); err != nil {
		return nil, err
	}
	pu, err := r.prevUpload(prev.Time)
	if err != nil {
		return nil, err
	}
	cam, err := frameCamera(r.scene, &f)
	if err != nil {
		return nil, err
	}
	pcam, err := frameCamera(r.scene, &prev)
	if err != nil {
		return nil, fmt.Errorf("raster: Motion: previous frame: %w", err)
	}
	near, far := clipPlanes(&cam, r.boundsAt(f.Time))
	pnear, pfar := clipPlanes(&pcam, r.boundsAt(prev.Time))
	fr := rasterMotionFrame{ViewProj: viewProjection(&cam, near, far), PrevViewProj: viewProjection(&pcam, pnear, pfar),
		Width: uint32(f.Width), Height: uint32(f.Height)}
	if u := r.cur; u.deform != nil {
		fr.Flags = flagDeform
		fr.Deforms, fr.Joints, fr.MorphWeights = u.deform.records.GPUAddress(), u.joints.GPUAddress(), u.weights.GPUAddress()
		fr.PrevJoints, fr.PrevMorphWeights = pu.joints.GPUAddress(), pu.weights.GPUAddress()
	}
	tg := r.motionTg
	if tg == nil || tg.w != f.Width || tg.h != f.Height {
		if tg != nil {
			tg.release()
			r.motionTg = nil
		}
		if tg, err = newTargets(r.dev, f.Width, f.Height, 1, false); err != nil {
			return nil, err
		}
		r.motionTg = tg
	}
	shade := r.frameConstants(&cam, &f)
	if err := r.motionPass(ctx, mp, &fr, &shade, pu, tg); err != nil {
		return nil, err
	}
	px, err := readFloats(tg.color[0])
	if err != nil {
		return nil, err
	}
	out := make([]float32, 3*f.Width*f.Height)
	for i := range f.Width * f.Height {
		copy(out[3*i:3*i+3], px[4*i:4*i+3])
	}
	return out, nil
}

// motionPass draws the opaque and mask geometry into tg.color[0] with
// raster_motion_* (shade: the frame's forward constants, for the mask
// draws' alpha test).
func (r *Renderer) motionPass(ctx context.Context, mp *motionPipelines, fr *rasterMotionFrame, shade *rasterFrame, pu *upload, tg *targets) error {
	var pd engine.RenderPassDescriptor
	a := &pd.ColorAttachments[0]
	a.Texture, a.LoadAction, a.StoreAction, a.ClearColor = tg.color[0], engine.LoadActionClear, engine.StoreActionStore, &[4]float64{0, 0, 0, 0}
	one := 1.0
	pd.Depth.Texture, pd.Depth.LoadAction, pd.Depth.StoreAction, pd.Depth.ClearDepth = tg.depth, engine.LoadActionClear, engine.StoreActionDontCare, &one
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("raster motion")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	enc, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	u := r.cur
	frame, sf := bytesOf([]rasterMotionFrame{*fr}), bytesOf([]rasterFrame{*shade})
	steps := []error{enc.SetDepthStencilState(mp.depth),
		enc.SetVertexBuffer(u.resources, 0, bufferScene), enc.SetVertexBuffer(pu.resources, 0, bufferPrevScene),
		enc.SetVertexBytes(frame, bufferFrame), enc.SetFragmentBytes(frame, bufferFrame),
		enc.SetVertexBytes(sf, bufferShadeFrame), enc.SetFragmentBytes(sf, bufferShadeFrame),
		enc.SetFragmentBuffer(u.resources, 0, bufferScene),
		enc.SetFragmentBuffer(r.light.sh, 0, bufferSH), enc.SetFragmentBuffer(u.lights, 0, bufferLights), enc.SetFragmentTexture(r.light.specular, textureSpecular),
		enc.SetFragmentTexture(r.dummy, textureShadow), enc.SetFragmentTexture(r.dummyCube, textureCube),
		enc.SetFragmentSamplerState(r.light.fragSampler, samplerIBL), enc.SetFragmentSamplerState(r.shadowSmp, samplerShadow)}
	steps = append(steps, useScene(u, enc.UseResource)...)
	if pu != u {
		steps = append(steps, useScene(pu, enc.UseResource)...)
	}
	var cur *engine.RenderPipelineState
	for _, d := range r.draws {
		p := mp.draw
		switch d.rec.Pass {
		case passBlend:
			continue
		case passMask:
			p = mp.mask
		}
		if p != cur {
			cur = p
			steps = append(steps, enc.SetRenderPipelineState(p))
		}
		rec := bytesOf([]rasterDraw{d.rec})
		steps = append(steps, enc.SetVertexBytes(rec, bufferDraw), enc.SetFragmentBytes(rec, bufferDraw), enc.SetCullMode(d.cull), enc.SetFrontFacingWinding(d.winding),
			enc.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, d.count, engine.IndexTypeUInt32, u.arena, d.indices, 1, 0, 0))
	}
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("raster: encoding the motion pass: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("raster: motion pass: %w", err)
	}
	return nil
}
