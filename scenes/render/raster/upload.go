package raster

import (
	"fmt"
	"unsafe"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// bytesOf views a slice of fixed-layout records as bytes (little-endian
// host, no implicit padding: layout_test.go).
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// upload is a packed scene on the device: the arena of vertex and index
// streams, the records, the textures and the SceneResources argument
// buffer the vertex and fragment functions read.
type upload struct {
	packed    *kernel.Packed
	env       *render.Environment
	arena     *engine.Buffer
	buffers   []*engine.Buffer
	textures  []*engine.Texture
	samplers  []*engine.SamplerState
	resources *engine.Buffer
	res       kernel.SceneResources
	// lights lists every punctual light (0, 1, …): the light list of the
	// forward passes.
	lights *engine.Buffer
	// Texture LOD selection (setLOD): each scene texture's image size and
	// mip count, its glTF sampler, the TextureBinding buffer, the
	// samplers made per (glTF sampler, minimum LOD, single level) and the
	// single-level textures per (scene texture's device texture, level).
	texInfo  []texInfo
	bindings *engine.Buffer
	lodSmp   map[[3]int]*engine.SamplerState
	lodTex   map[lodTexKey]*engine.Texture
	lodSide  int
	scene    *model.Scene
	// meshlets are the geometries' meshlets (Options.Meshlets), nil
	// without.
	meshlets *meshletSet
	// Deformation in the vertex functions (a deformPlan; nil: the host
	// deformed the geometry, or nothing deforms): the RasterDeform
	// records and streams (the base upload's) and this upload's time's
	// joint palette and morph weights.
	deform          *deformUpload
	joints, weights *engine.Buffer
	// deformed holds the deformed records' positions at this upload's
	// time (Renderer.deformPositions), for the fragments' face normals.
	deformed *engine.Buffer
	// base is the upload whose arena, streams, textures and geometry
	// records a reposed upload shares (nil: it owns them); refs counts
	// the uploads using an owner's objects (itself included).
	base *upload
	refs int
}

// owner is the upload that owns u's shared device objects.
func (u *upload) owner() *upload {
	if u.base != nil {
		return u.base
	}
	return u
}

// texInfo is what setLOD needs of one scene texture: its device
// texture, larger side and mip count, glTF sampler, and the image and
// format it was made from (image -1: the white texel).
type texInfo struct {
	tex          *engine.Texture
	side, levels int
	sampler      int
	image        int
	format       engine.PixelFormat
}

// lodTexKey names a single-level copy of one mip level of a device
// texture.
type lodTexKey struct {
	tex   *engine.Texture
	level int
}

// newUpload packs s at time t with environment env and the user
// materials' function indices funcs (materialFunctions) and uploads it.
// With a plan the deformable instances are packed in their rest pose
// and uploaded with their RasterDeform records, streams and the joint
// palette and morph weights of time t (the vertex functions deform
// them); without, kernel.Pack deforms them on the host.
func newUpload(dev *engine.Device, s *model.Scene, t float32, env *render.Environment, funcs map[string]uint32, plan *deformPlan) (_ *upload, err error) {
	opts := kernel.PackOptions{ShutterOpen: t, ShutterClose: t, Env: (*kernel.Environment)(env), MaterialFunctions: funcs}
	var pose *model.Pose
	var insts []model.Instance
	if plan != nil {
		pose = s.PoseAt(t)
		insts = s.InstancesOf(pose)
		b := plan.boundsOf(s, pose, insts)
		opts.RestPose, opts.SeparateInstances, opts.Bounds = true, true, &b
	}
	p, err := kernel.Pack(s, opts)
	if err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	if len(p.Instances) == 0 {
		return nil, fmt.Errorf("raster: the scene has no triangle instances")
	}
	u := &upload{packed: p, env: env, refs: 1}
	defer func() {
		if err != nil {
			u.release()
		}
	}()
	buf := func(name string, b []byte, min int) (*engine.Buffer, error) {
		if len(b) < min {
			b = append(b, make([]byte, min-len(b))...)
		}
		bb, err := dev.NewBufferWithBytes(b)
		if err != nil {
			return nil, fmt.Errorf("raster: buffer %s: %w", name, err)
		}
		bb.SetLabel(name)
		u.buffers = append(u.buffers, bb)
		return bb, nil
	}
	if u.arena, err = buf("arena", p.Arena, 16); err != nil {
		return nil, err
	}
	p.Relocate(u.arena.GPUAddress())
	res := p.Resources()
	for _, r := range []struct {
		name string
		data []byte
		min  int
		dst  *uint64
	}{
		{"instances", bytesOf(p.Instances), int(unsafe.Sizeof(kernel.InstanceData{})), &res.Instances},
		{"geometries", bytesOf(p.Geometries), int(unsafe.Sizeof(kernel.GeometryData{})), &res.Geometries},
		{"materials", bytesOf(p.Materials), int(unsafe.Sizeof(kernel.MaterialData{})), &res.Materials},
		{"emissive", bytesOf(p.Emissive), int(unsafe.Sizeof(kernel.EmissiveTriangle{})), &res.Emissive},
		{"punctual", bytesOf(p.Punctual), int(unsafe.Sizeof(kernel.PunctualLight{})), &res.Punctual},
		{"ggxTables", bytesOf(kernel.GGXTableBuffer()), 16, &res.GGXTables},
	} {
		b, err := buf(r.name, r.data, r.min)
		if err != nil {
			return nil, err
		}
		*r.dst = b.GPUAddress()
	}
	bindings, err := u.uploadTextures(dev, s)
	if err != nil {
		return nil, err
	}
	res.TextureCount = uint32(len(bindings))
	tb, err := buf("textures", bytesOf(bindings), int(unsafe.Sizeof(kernel.TextureBinding{})))
	if err != nil {
		return nil, err
	}
	res.Textures = tb.GPUAddress()
	u.bindings, u.scene, u.lodSmp, u.lodTex = tb, s, map[[3]int]*engine.SamplerState{}, map[lodTexKey]*engine.Texture{}
	envTex, envSmp, err := u.uploadEnv(dev, p)
	if err != nil {
		return nil, err
	}
	res.EnvMap, res.EnvSampler = envTex.GPUResourceID(), envSmp.GPUResourceID()
	if u.resources, err = buf("sceneResources", bytesOf([]kernel.SceneResources{res}), 0); err != nil {
		return nil, err
	}
	u.res = res
	ids := make([]uint32, max(len(p.Punctual), 1))
	for i := range ids {
		ids[i] = uint32(i)
	}
	if u.lights, err = buf("lights", bytesOf(ids), 4); err != nil {
		return nil, err
	}
	if plan != nil {
		if u.deform, err = plan.upload(s, p, buf); err != nil {
			return nil, err
		}
		if err := u.uploadPose(dev, s, plan, pose, insts); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// uploadPose creates u's joint palette and morph weights of pose p
// (insts: its instances).
func (u *upload) uploadPose(dev *engine.Device, s *model.Scene, plan *deformPlan, p *model.Pose, insts []model.Instance) error {
	joints := make([][4]float32, jointRows*(plan.joints+1))
	weights := make([]float32, max(plan.weights, 4))
	plan.palette(s, p, insts, joints, weights)
	for _, b := range []struct {
		name string
		data []byte
		dst  **engine.Buffer
	}{{"joints", bytesOf(joints), &u.joints}, {"morphWeights", bytesOf(weights), &u.weights},
		{"deformedPositions", make([]byte, max(12*u.deform.positions, 16)), &u.deformed}} {
		bb, err := dev.NewBufferWithBytes(b.data)
		if err != nil {
			return fmt.Errorf("raster: buffer %s: %w", b.name, err)
		}
		bb.SetLabel(b.name)
		u.buffers = append(u.buffers, bb)
		*b.dst = bb
	}
	return nil
}

// reposed returns the scene of upload u at time t for the vertex
// functions' deformation (u has a deform set): new instance,
// emissive-triangle and punctual-light records (kernel.Packed.Repose), a
// SceneResources record pointing at them and the joint palette and morph
// weights of t, sharing everything else (arena, geometry records,
// streams, textures) with u's owner. Nothing of the geometry is
// uploaded again.
func (u *upload) reposed(dev *engine.Device, s *model.Scene, plan *deformPlan, t float32) (_ *upload, err error) {
	o := u.owner()
	pose := s.PoseAt(t)
	insts := s.InstancesOf(pose)
	p, err := o.packed.Repose(s, t, plan.boundsOf(s, pose, insts))
	if err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	v := &upload{packed: p, env: o.env, arena: o.arena, texInfo: o.texInfo, bindings: o.bindings, lodSmp: o.lodSmp, lodTex: o.lodTex, lodSide: o.lodSide,
		scene: s, lights: o.lights, deform: o.deform, base: o}
	o.refs++
	defer func() {
		if err != nil {
			v.release()
		}
	}()
	res := p.Resources()
	res.Geometries, res.Materials, res.Textures, res.GGXTables, res.SobolTables = o.res.Geometries, o.res.Materials, o.res.Textures, o.res.GGXTables, o.res.SobolTables
	res.EnvMarginalCdf, res.EnvConditionalCdf, res.EnvMap, res.EnvSampler = o.res.EnvMarginalCdf, o.res.EnvConditionalCdf, o.res.EnvMap, o.res.EnvSampler
	for _, r := range []struct {
		name string
		data []byte
		min  int
		dst  *uint64
	}{
		{"instances", bytesOf(p.Instances), int(unsafe.Sizeof(kernel.InstanceData{})), &res.Instances},
		{"emissive", bytesOf(p.Emissive), int(unsafe.Sizeof(kernel.EmissiveTriangle{})), &res.Emissive},
		{"punctual", bytesOf(p.Punctual), int(unsafe.Sizeof(kernel.PunctualLight{})), &res.Punctual},
	} {
		b := r.data
		if len(b) < r.min {
			b = append(b, make([]byte, r.min-len(b))...)
		}
		bb, err := dev.NewBufferWithBytes(b)
		if err != nil {
			return nil, fmt.Errorf("raster: buffer %s: %w", r.name, err)
		}
		bb.SetLabel(r.name)
		v.buffers = append(v.buffers, bb)
		*r.dst = bb.GPUAddress()
	}
	rb, err := dev.NewBufferWithBytes(bytesOf([]kernel.SceneResources{res}))
	if err != nil {
		return nil, fmt.Errorf("raster: buffer sceneResources: %w", err)
	}
	rb.SetLabel("sceneResources")
	v.buffers = append(v.buffers, rb)
	v.resources, v.res = rb, res
	if err := v.uploadPose(dev, s, plan, pose, insts); err != nil {
		return nil, err
	}
	return v, nil
}

// release drops u's own device objects, and its owner's once no upload
// uses them.
func (u *upload) release() {
	o := u.owner()
	if u != o {
		for _, b := range u.buffers {
			b.Release()
		}
		u.buffers = nil
	}
	if o.refs--; o.refs > 0 {
		return
	}
	for _, b := range o.buffers {
		b.Release()
	}
	for _, t := range o.textures {
		t.Release()
	}
	o.buffers, o.textures, o.samplers = nil, nil, nil
}

// uploadTextures creates one texture per scene texture (level 0; sRGB
// images as RGBA8Unorm_sRGB) and the TextureBinding records, as the path
// tracer's upload does.
func (u *upload) uploadTextures(dev *engine.Device, s *model.Scene) ([]kernel.TextureBinding, error) {
	out := make([]kernel.TextureBinding, len(s.Textures))
	samplers := map[int]*engine.SamplerState{}
	images := map[[2]int]*engine.Texture{}
	for i, t := range s.Textures {
		sm, ok := samplers[t.Sampler]
		if !ok {
			desc := model.DefaultSampler
			if t.Sampler >= 0 && t.Sampler < len(s.Samplers) {
				desc = s.Samplers[t.Sampler]
			}
			var err error
			if sm, err = dev.NewSamplerState(kernel.SamplerDescriptor(desc)); err != nil {
				return nil, fmt.Errorf("raster: texture %d (%s) sampler %d: %w", i, t.Name, t.Sampler, err)
			}
			samplers[t.Sampler] = sm
			u.samplers = append(u.samplers, sm)
		}
		img := -1
		if t.Image >= 0 && t.Image < len(s.Images) && s.Images[t.Image] != nil && len(s.Images[t.Image].Levels) > 0 {
			img = t.Image
		}
		srgb := 0
		if img >= 0 && s.Images[img].SRGB {
			srgb = 1
		}
		tex, ok := images[[2]int{img, srgb}]
		if !ok {
			w, h, pix, name := 1, 1, []byte{255, 255, 255, 255}, "white"
			if img >= 0 {
				lv := s.Images[img].Levels[0]
				w, h, pix, name = lv.Width, lv.Height, lv.Pix, s.Images[img].Name
			}
			if len(pix) < 4*w*h {
				return nil, fmt.Errorf("raster: texture %d (%s) image %d: %d bytes for %dx%d RGBA8", i, t.Name, t.Image, len(pix), w, h)
			}
			format := engine.PixelFormatRGBA8Unorm
			if srgb == 1 {
				format = engine.PixelFormatRGBA8Unorm_sRGB
			}
			levels := 1
			if img >= 0 {
				levels = len(s.Images[img].Levels)
			}
			desc := engine.Texture2DDescriptor(format, w, h, levels > 1)
			desc.MipmapLevelCount = levels
			desc.Usage = engine.TextureUsageShaderRead
			var err error
			if tex, err = dev.NewTexture(desc); err != nil {
				return nil, fmt.Errorf("raster: texture %d (%s) image %d: %w", i, t.Name, t.Image, err)
			}
			tex.SetLabel(name)
			u.textures = append(u.textures, tex)
			if err := tex.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, pix, 4*w, 4*w*h); err != nil {
				return nil, fmt.Errorf("raster: texture %d (%s) image %d: %w", i, t.Name, t.Image, err)
			}
			for l := 1; l < levels; l++ {
				lv := s.Images[img].Levels[l]
				if len(lv.Pix) < 4*lv.Width*lv.Height {
					return nil, fmt.Errorf("raster: texture %d (%s) image %d level %d: %d bytes for %dx%d RGBA8", i, t.Name, t.Image, l, len(lv.Pix), lv.Width, lv.Height)
				}
				if err := tex.ReplaceRegion(engine.Region{Width: lv.Width, Height: lv.Height, Depth: 1}, l, 0, lv.Pix, 4*lv.Width, 4*lv.Width*lv.Height); err != nil {
					return nil, fmt.Errorf("raster: texture %d (%s) image %d level %d: %w", i, t.Name, t.Image, l, err)
				}
			}
			images[[2]int{img, srgb}] = tex
		}
		u.texInfo = append(u.texInfo, texInfo{tex: tex, side: max(tex.Width(), tex.Height()), levels: tex.MipmapLevelCount(), sampler: t.Sampler,
			image: img, format: tex.PixelFormat()})
		out[i] = kernel.TextureBinding{Texture: tex.GPUResourceID(), Sampler: sm.GPUResourceID()}
	}
	return out, nil
}

// uploadEnv creates the environment texture (RGBA32Float; repeat in u,
// clamp in v, linear) or a 1×1 placeholder for a constant environment.
func (u *upload) uploadEnv(dev *engine.Device, p *kernel.Packed) (*engine.Texture, *engine.SamplerState, error) {
	w, h := 1, 1
	rgba := []float32{0, 0, 0, 1}
	if p.EnvCDF != nil && p.Env.Width > 0 && p.Env.Height > 0 && len(p.Env.RGB) >= 3*p.Env.Width*p.Env.Height {
		w, h = p.Env.Width, p.Env.Height
		rgba = make([]float32, 4*w*h)
		for i := range w * h {
			rgba[4*i], rgba[4*i+1], rgba[4*i+2], rgba[4*i+3] = p.Env.RGB[3*i], p.Env.RGB[3*i+1], p.Env.RGB[3*i+2], 1
		}
	}
	desc := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, false)
	desc.Usage = engine.TextureUsageShaderRead
	tex, err := dev.NewTexture(desc)
	if err != nil {
		return nil, nil, fmt.Errorf("raster: environment map: %w", err)
	}
	tex.SetLabel("environment")
	u.textures = append(u.textures, tex)
	if err := tex.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, bytesOf(rgba), 16*w, 16*w*h); err != nil {
		return nil, nil, fmt.Errorf("raster: environment map: %w", err)
	}
	sm, err := dev.NewSamplerState(envSampler())
	if err != nil {
		return nil, nil, fmt.Errorf("raster: environment sampler: %w", err)
	}
	u.samplers = append(u.samplers, sm)
	return tex, sm, nil
}

// setLOD points every texture binding at a sampler whose minimum LOD
// suits a frame whose larger side is side pixels: level
// ⌊log2(texture side / frame side)⌋, so a texture larger than the frame is
// read from the mip whose texels are about a pixel of a model filling the
// frame (the shared material code samples level(0), which the sampler's
// LodMinClamp raises; that keeps the reads cache-friendly and the image
// less aliased). A model covering a small part of the frame stays
// sharper than its pixels need.
//
// With single (the fragment code is the stock material code, which
// samples only at level 0) each binding instead gets a texture holding
// just that level and a sampler without mips, filtering as the mipmapped
// sampler does at that level (the minification filter above level 0):
// the same texels, weights and bits, without a level selection per lane.
// User materials may sample other levels, so they keep the mip chain.
func (u *upload) setLOD(dev *engine.Device, side int, single bool) error {
	if side == u.lodSide || len(u.texInfo) == 0 {
		return nil
	}
	o := u.owner()
	recs := make([]kernel.TextureBinding, len(u.texInfo))
	for i, ti := range u.texInfo {
		l := 0
		for l+1 < ti.levels && ti.side>>(l+1) >= side {
			l++
		}
		one := 0
		if single {
			one = 1
		}
		key := [3]int{ti.sampler, l, one}
		sm, ok := u.lodSmp[key]
		if !ok {
			desc := model.DefaultSampler
			if ti.sampler >= 0 && ti.sampler < len(u.scene.Samplers) {
				desc = u.scene.Samplers[ti.sampler]
			}
			d := kernel.SamplerDescriptor(desc)
			d.MipFilter, d.LodMinClamp = engine.SamplerMipFilterLinear, float32(l)
			if single {
				d.MipFilter, d.LodMinClamp = engine.SamplerMipFilterNotMipmapped, 0
				if l > 0 {
					d.MagFilter = d.MinFilter
				}
			}
			var err error
			if sm, err = dev.NewSamplerState(d); err != nil {
				return fmt.Errorf("raster: texture %d sampler %d at level %d: %w", i, ti.sampler, l, err)
			}
			u.lodSmp[key] = sm
			u.samplers = append(u.samplers, sm)
		}
		tex := ti.tex
		if single && l > 0 {
			var err error
			if tex, err = o.levelTexture(dev, ti, l); err != nil {
				return fmt.Errorf("raster: texture %d at level %d: %w", i, l, err)
			}
		}
		recs[i] = kernel.TextureBinding{Texture: tex.GPUResourceID(), Sampler: sm.GPUResourceID()}
	}
	copy(u.bindings.Contents(), bytesOf(recs))
	u.lodSide = side
	return nil
}

// levelTexture returns a texture holding level l of ti's image alone
// (made once per device texture and level, owned by u, the owner).
func (u *upload) levelTexture(dev *engine.Device, ti texInfo, l int) (*engine.Texture, error) {
	key := lodTexKey{ti.tex, l}
	if t, ok := u.lodTex[key]; ok {
		return t, nil
	}
	if ti.image < 0 || ti.image >= len(u.scene.Images) || l >= len(u.scene.Images[ti.image].Levels) {
		return nil, fmt.Errorf("no image level %d", l)
	}
	im := u.scene.Images[ti.image]
	lv := im.Levels[l]
	if len(lv.Pix) < 4*lv.Width*lv.Height {
		return nil, fmt.Errorf("image %d level %d: %d bytes for %dx%d RGBA8", ti.image, l, len(lv.Pix), lv.Width, lv.Height)
	}
	desc := engine.Texture2DDescriptor(ti.format, lv.Width, lv.Height, false)
	desc.Usage = engine.TextureUsageShaderRead
	t, err := dev.NewTexture(desc)
	if err != nil {
		return nil, err
	}
	t.SetLabel(fmt.Sprintf("%s level %d", im.Name, l))
	u.textures = append(u.textures, t)
	if err := t.ReplaceRegion(engine.Region{Width: lv.Width, Height: lv.Height, Depth: 1}, 0, 0, lv.Pix, 4*lv.Width, 4*lv.Width*lv.Height); err != nil {
		return nil, err
	}
	u.lodTex[key] = t
	return t, nil
}

// envSampler is linear, repeat in u, clamp in v, with linear mips.
func envSampler() engine.SamplerDescriptor {
	sd := engine.DefaultSamplerDescriptor()
	sd.MinFilter, sd.MagFilter = engine.SamplerMinMagFilterLinear, engine.SamplerMinMagFilterLinear
	sd.MipFilter = engine.SamplerMipFilterLinear
	sd.SAddressMode, sd.TAddressMode = engine.SamplerAddressModeRepeat, engine.SamplerAddressModeClampToEdge
	return sd
}
