package raster

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// useScene declares every resource the argument buffer reaches (a
// reposed upload's own and its owner's).
func useScene(u *upload, use func(any) error) []error {
	var errs []error
	for _, x := range []*upload{u, u.base} {
		if x == nil {
			continue
		}
		for _, b := range x.buffers {
			errs = append(errs, use(b))
		}
		for _, t := range x.textures {
			errs = append(errs, use(t))
		}
		for _, s := range x.samplers {
			errs = append(errs, use(s))
		}
	}
	return errs
}

// mainPass draws the frame: opaque and mask geometry, then the blended
// geometry back to front, into the frame's targets (resolved at the end
// of the pass). The environment is not drawn: the colour's alpha is the
// coverage, and resolve composites the background behind it.
func (r *Renderer) mainPass(ctx context.Context, fr *rasterFrame, cam *kernel.CameraData, tg *targets, maps passMaps, aovs bool) error {
	var pd engine.RenderPassDescriptor
	for i, c := range tg.color {
		if c == nil {
			continue
		}
		a := &pd.ColorAttachments[i]
		a.Texture = c
		a.LoadAction = engine.LoadActionClear
		a.ClearColor = &[4]float64{0, 0, 0, 0}
		if tg.resolve[i] != c {
			a.ResolveTexture, a.StoreAction = tg.resolve[i], engine.StoreActionMultisampleResolve
		}
	}
	one := 1.0
	pd.Depth.Texture, pd.Depth.LoadAction, pd.Depth.StoreAction, pd.Depth.ClearDepth = tg.depth, engine.LoadActionClear, engine.StoreActionDontCare, &one
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("raster")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	enc, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	u := r.cur
	frame := bytesOf([]rasterFrame{*fr})
	steps := []error{
		enc.SetVertexBuffer(u.resources, 0, bufferScene), enc.SetFragmentBuffer(u.resources, 0, bufferScene),
		enc.SetVertexBytes(frame, bufferFrame), enc.SetFragmentBytes(frame, bufferFrame),
		enc.SetFragmentBuffer(r.light.sh, 0, bufferSH), enc.SetFragmentBuffer(u.lights, 0, bufferLights), enc.SetFragmentTexture(r.light.specular, textureSpecular),
		enc.SetFragmentSamplerState(r.light.fragSampler, samplerIBL), enc.SetFragmentSamplerState(r.shadowSmp, samplerShadow),
	}
	steps = append(steps, r.bindMaps(enc, maps)...)
	steps = append(steps, useScene(u, enc.UseResource)...)
	eye, fwd := mgl32.Vec3(cam.Position), mgl32.Vec3(cam.Forward)
	ds := ordered(r.draws, eye, fwd)
	if u.meshlets != nil {
		u.meshlets.selectLOD(ds, u.packed, fr, r.opts.LODPixels)
	}
	prepass := !r.noPrepass
	if prepass {
		steps = append(steps, r.depthPrepass(enc, ds, aovs)...)
	}
	var cur *engine.RenderPipelineState
	var curDS *engine.DepthStencilState
	var view []byte
	if u.meshlets != nil {
		view = bytesOf([]rasterMeshletView{meshletView(fr)})
	}
	for _, d := range ds {
		key := pipelineKey{int(d.rec.Pass), aovs}
		meshlets := u.meshlets != nil && d.rec.Pass != passBlend
		p := r.pl.meshlet[key]
		if !meshlets {
			var err error
			if p, err = r.pl.forwardPipeline(r.dev, aovs, int(d.rec.Pass)); err != nil {
				steps = append(steps, err)
			}
		}
		ds := r.pl.depthWrite
		switch {
		case d.rec.Pass == passBlend:
			ds = r.pl.depthTest
		case d.rec.Pass == passOpaque && prepass && d.lod == 0:
			ds = r.pl.depthEqual
		case d.rec.Pass == passOpaque && !prepass:
			ds = r.pl.depthLessEqual
		}
		if p != cur || ds != curDS {
			cur, curDS = p, ds
			steps = append(steps, enc.SetRenderPipelineState(p), enc.SetDepthStencilState(ds))
		}
		rec := bytesOf([]rasterDraw{d.rec})
		if meshlets {
			steps = append(steps, r.encodeMeshletDraw(enc, &d, rec, frame, view)...)
			continue
		}
		steps = append(steps, enc.SetVertexBytes(rec, bufferDraw), enc.SetFragmentBytes(rec, bufferDraw),
			enc.SetCullMode(d.cull), enc.SetFrontFacingWinding(d.winding),
			enc.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, d.count, engine.IndexTypeUInt32, u.arena, d.indices, 1, 0, 0))
	}
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("raster: encoding the render pass: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("raster: render pass: %w", err)
	}
	return nil
}

// passMaps are the maps a frame's shading pass reads: the shadow light's
// and the cube shadow maps and the irradiance probes (nil: none).
type passMaps struct {
	shadow, cubes *engine.Texture
	// probes is the irradiance probes' buffer (nil: none).
	probes *engine.Buffer
}

// bindMaps binds maps' textures (the dummies for those absent) and
// declares the cube maps' records and the probes to the encoder.
func (r *Renderer) bindMaps(enc *engine.RenderCommandEncoder, maps passMaps) []error {
	shadow, cubes := maps.shadow, maps.cubes
	if shadow == nil {
		shadow = r.dummy
	}
	if cubes == nil {
		cubes = r.dummyCube
	}
	steps := []error{enc.SetFragmentTexture(shadow, textureShadow), enc.SetFragmentTexture(cubes, textureCube)}
	if maps.cubes != nil {
		steps = append(steps, enc.UseResource(r.cubes.recs), enc.UseResource(r.cubes.index))
	}
	if maps.probes != nil {
		steps = append(steps, enc.UseResource(maps.probes))
	}
	return steps
}

// depthPrepass encodes the depth pre-pass of the opaque draws of ds: the
// opaque draws that follow test for equal depth, so each sample's front
// surface is shaded once however the draws overlap (the fragments behind
// it fail the early test).
func (r *Renderer) depthPrepass(enc *engine.RenderCommandEncoder, ds []draw, aovs bool) []error {
	p, err := r.pl.forwardPipeline(r.dev, aovs, forwardPrepass)
	steps := []error{err, enc.SetRenderPipelineState(p), enc.SetDepthStencilState(r.pl.depthWrite)}
	for _, d := range ds {
		if d.rec.Pass != passOpaque || d.lod > 0 {
			continue // coarse levels write their own depth
		}
		steps = append(steps, enc.SetVertexBytes(bytesOf([]rasterDraw{d.rec}), bufferDraw), enc.SetCullMode(d.cull), enc.SetFrontFacingWinding(d.winding),
			enc.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, d.count, engine.IndexTypeUInt32, r.cur.arena, d.indices, 1, 0, 0))
	}
	return steps
}

// shadowLight returns the index of the strongest directional or spot
// light (by the path tracer's light-selection power), or -1.
func shadowLight(p *kernel.Packed) int {
	best := -1
	for i := range p.Punctual {
		l := &p.Punctual[i]
		if l.Type != kernel.LightDirectional && l.Type != kernel.LightSpot {
			continue
		}
		if best < 0 || l.Pmf > p.Punctual[best].Pmf {
			best = i
		}
	}
	return best
}

// shadowCamera is the shadow light's view of bounds b: orthographic along
// a directional light's direction, a perspective frustum of a spot's
// outer cone; near and far enclose b.
func shadowCamera(l *kernel.PunctualLight, b model.Bounds) (cam kernel.CameraData, near, far float32) {
	c := b.Center()
	rad := max(b.Size().Len()/2, 1e-4)
	dir := mgl32.Vec3(l.Direction)
	right, up, fwd := lookAtRows(dir)
	cam = kernel.CameraData{Right: kernel.PackedFloat3(right), Up: kernel.PackedFloat3(up), Forward: kernel.PackedFloat3(fwd), Aspect: 1}
	if l.Type == kernel.LightDirectional {
		cam.Projection = kernel.ProjectionOrthographic
		cam.OrthoHalfHeight = rad * 1.01
		cam.Position = kernel.PackedFloat3(c.Sub(fwd.Mul(2 * rad)))
		return cam, rad * 0.99, 3.01 * rad
	}
	pos := mgl32.Vec3(l.Position)
	cam.Position = kernel.PackedFloat3(pos)
	half := math.Acos(float64(min(max(l.CosOuter, 0.05), 1)))
	cam.TanHalfFovY = float32(math.Tan(min(half*1.05, 85*math.Pi/180)))
	d := c.Sub(pos).Len()
	far = (d + rad) * 1.01
	near = max(d-rad, far*1e-3)
	return cam, near, far
}

// encodeDepthDraws encodes into enc the depth-only draws of a shadow
// map (pipeline sp, depth writes, no culling, depth bias bias as
// SetDepthBias's depth, slope scale and clamp) seen through fr's
// ShadowProj: the current upload's draws for which cast reports true.
func (r *Renderer) encodeDepthDraws(enc *engine.RenderCommandEncoder, sp *engine.RenderPipelineState, fr *rasterFrame,
	bias [3]float32, cast func(*draw) bool) []error {
	u := r.cur
	steps := []error{enc.SetRenderPipelineState(sp), enc.SetDepthStencilState(r.pl.depthWrite),
		enc.SetVertexBuffer(u.resources, 0, bufferScene), enc.SetVertexBytes(bytesOf([]rasterFrame{*fr}), bufferFrame),
		enc.SetCullMode(engine.CullModeNone), enc.SetDepthBias(bias[0], bias[1], bias[2])}
	steps = append(steps, useScene(u, enc.UseResource)...)
	for i := range r.draws {
		dr := &r.draws[i]
		if !cast(dr) {
			continue
		}
		steps = append(steps, enc.SetVertexBytes(bytesOf([]rasterDraw{dr.rec}), bufferDraw),
			enc.DrawIndexedPrimitives(engine.PrimitiveTypeTriangle, dr.count, engine.IndexTypeUInt32, u.arena, dr.indices, 1, 0, 0))
	}
	return steps
}

// shadowPass renders the shadow map of the strongest directional or spot
// light (nil when the scene has none) and sets fr's shadow fields. Opaque
// and mask geometry casts shadows (mask geometry as if opaque);
// transparent geometry does not. The map of the current upload and light
// is drawn once: the light's view does not depend on the camera.
func (r *Renderer) shadowPass(ctx context.Context, fr *rasterFrame) (*engine.Texture, error) {
	li := shadowLight(r.cur.packed)
	if li < 0 {
		return nil, nil
	}
	cam, near, far := shadowCamera(&r.cur.packed.Punctual[li], r.boundsAt(r.time))
	fr.ShadowProj = viewProjection(&cam, near, far)
	fr.ShadowLight = uint32(li)
	if r.shadowMap != nil && r.shadowGen == r.curGen && r.shadowOf == li {
		fr.Flags |= flagShadow
		return r.shadowMap, nil
	}
	r.shadowGen = 0
	if r.shadowMap == nil {
		n := r.opts.ShadowMapSize
		d := engine.Texture2DDescriptor(shadowFormat, n, n, false)
		d.Usage = engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead
		tex, err := r.dev.NewTexture(d)
		if err != nil {
			return nil, fmt.Errorf("raster: shadow map: %w", err)
		}
		tex.SetLabel("shadow map")
		r.shadowMap = tex
	}
	tex := r.shadowMap
	var pd engine.RenderPassDescriptor
	one := 1.0
	pd.Depth.Texture, pd.Depth.LoadAction, pd.Depth.StoreAction, pd.Depth.ClearDepth = tex, engine.LoadActionClear, engine.StoreActionStore, &one
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("shadow map")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	enc, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	sp, err := r.pl.shadowPipeline(r.dev)
	steps := append([]error{err}, r.encodeDepthDraws(enc, sp, fr, [3]float32{2e-5, 1.5, 0.01},
		func(d *draw) bool { return d.rec.Pass != passBlend })...)
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return nil, fmt.Errorf("raster: encoding the shadow pass: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return nil, fmt.Errorf("raster: shadow pass: %w", err)
	}
	r.shadowGen, r.shadowOf = r.curGen, li
	r.shadowDraws++
	fr.Flags |= flagShadow
	return tex, nil
}

// resolve reads the resolved radiance back, composites the background bg
// behind it and tone maps it on the host (kernel.Tone and
// kernel.EncodeSRGB, the path tracer's resolve, over bands of rows on
// the device's workers), with the AOVs when the frame has them.
func (r *Renderer) resolve(tg *targets, f *render.Frame, bg *background) (*render.Image, error) {
	w, h := tg.w, tg.h
	lin, err := readFloats(tg.resolve[0])
	if err != nil {
		return nil, err
	}
	img := &render.Image{Width: w, Height: h, RGBA8: image.NewNRGBA(image.Rect(0, 0, w, h)), Linear: lin, Samples: make([]float32, w*h)}
	toneMap(img.RGBA8, lin, w, h, r.dev.Workers(), bg, kernel.ToneMap(f.ToneMap), f.Exposure)
	for i := range img.Samples {
		img.Samples[i] = float32(r.opts.SampleCount)
	}
	if f.AOVs {
		nrm, err := readFloats(tg.resolve[1])
		if err != nil {
			return nil, err
		}
		alb, err := readFloats(tg.resolve[2])
		if err != nil {
			return nil, err
		}
		dep, err := readFloats(tg.resolve[3])
		if err != nil {
			return nil, err
		}
		img.Albedo, img.Normal, img.Depth = make([]float32, 3*w*h), make([]float32, 3*w*h), make([]float32, w*h)
		for i := range w * h {
			copy(img.Albedo[3*i:3*i+3], alb[4*i:4*i+3])
			n := nrm[4*i : 4*i+3]
			if l := math.Sqrt(float64(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])); l > 0 {
				for c := range 3 {
					img.Normal[3*i+c] = float32(float64(n[c]) / l)
				}
			}
			if cov := dep[4*i+1]; cov > 0 {
				img.Depth[i] = dep[4*i] / cov
			}
		}
	}
	return img, nil
}

// readFloats reads an RGBA32Float texture's level 0 (into the returned
// floats' own bytes: the device's texels are little-endian float32, as
// bytesOf's uploads assume).
func readFloats(t *engine.Texture) ([]float32, error) {
	w, h := t.Width(), t.Height()
	out := make([]float32, 4*w*h)
	if err := t.GetBytes(bytesOf(out), 16*w, 16*w*h, engine.Region{Width: w, Height: h, Depth: 1}, 0, 0); err != nil {
		return nil, fmt.Errorf("raster: reading %s: %w", t.Label(), err)
	}
	return out, nil
}
