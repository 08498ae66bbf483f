package render

import (
	"context"
	"errors"
	"fmt"
	"unsafe"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// upload is a packed scene on the device: the records and streams in
// buffers, textures with their samplers, the acceleration structures of
// the shutter interval and the function tables, all referenced from one
// SceneResources argument buffer.
type upload struct {
	packed    *kernel.Packed
	shutter   [2]float32
	env       *Environment
	buffers   []*engine.Buffer // every buffer the kernel reaches (UseResource)
	textures  []*engine.Texture
	samplers  []*engine.SamplerState
	resources *engine.Buffer // SceneResources
	accel     *engine.AccelerationStructure
	prims     []*engine.AccelerationStructure
	ift       *engine.IntersectionFunctionTable
	triangles int
}

// bytesOf views a slice of fixed-layout records as bytes (the records of
// layout.go have no implicit padding; the host is little-endian as the
// GPU layout is).
func bytesOf[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
}

// newUpload packs s for the shutter interval and environment and creates
// every device object the path_trace kernel reads.
func newUpload(ctx context.Context, dev *engine.Device, queue *engine.CommandQueue, pl *pipelines, s *model.Scene, shutter [2]float32, env *Environment, funcs map[string]uint32, opts *Options) (_ *upload, err error) {
	p, err := kernel.Pack(s, kernel.PackOptions{ShutterOpen: shutter[0], ShutterClose: shutter[1], Env: env.packEnv(), MaterialFunctions: funcs,
		SeparateInstances: opts.SeparateInstances})
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	if err := kernel.CheckSlots(p.Materials, pl.slots); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	u := &upload{packed: p, shutter: shutter, env: env}
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
			return nil, fmt.Errorf("render: buffer %s: %w", name, err)
		}
		bb.SetLabel(name)
		u.buffers = append(u.buffers, bb)
		return bb, nil
	}
	arena, err := buf("arena", p.Arena, 16)
	if err != nil {
		return nil, err
	}
	p.Relocate(arena.GPUAddress())
	res := p.Resources()
	recs := []struct {
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
	}
	if p.EnvCDF != nil {
		recs = append(recs,
			struct {
				name string
				data []byte
				min  int
				dst  *uint64
			}{"envMarginalCdf", bytesOf(p.EnvCDF.Marginal), 16, &res.EnvMarginalCdf},
			struct {
				name string
				data []byte
				min  int
				dst  *uint64
			}{"envConditionalCdf", bytesOf(p.EnvCDF.Conditional), 16, &res.EnvConditionalCdf})
	}
	for _, r := range recs {
		b, err := buf(r.name, r.data, r.min)
		if err != nil {
			return nil, err
		}
		*r.dst = b.GPUAddress()
	}
	ggx, err := buf("ggxTables", bytesOf(kernel.GGXTableBuffer()), 0)
	if err != nil {
		return nil, err
	}
	res.GGXTables = ggx.GPUAddress()
	sobolTab := kernel.SobolByteTable()
	sobol, err := buf("sobolTables", bytesOf(sobolTab[:]), 0)
	if err != nil {
		return nil, err
	}
	res.SobolTables = sobol.GPUAddress()
	// Textures.
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
	// Environment map (a 1×1 black texture stands in for a constant one:
	// the kernel only samples it for ENV_MAP, but the handle must resolve).
	envTex, envSmp, err := u.uploadEnv(dev, p)
	if err != nil {
		return nil, err
	}
	res.EnvMap, res.EnvSampler = envTex.GPUResourceID(), envSmp.GPUResourceID()
	rb, err := buf("sceneResources", bytesOf([]kernel.SceneResources{res}), 0)
	if err != nil {
		return nil, err
	}
	u.resources = rb
	// Acceleration structures and the intersection function table.
	if err := u.buildAccel(ctx, dev, queue, arena, p, shutter, opts.Usage); err != nil {
		return nil, err
	}
	ift, err := pl.pathTrace.NewIntersectionFunctionTable(engine.IntersectionFunctionTableDescriptor{FunctionCount: 1})
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	ift.SetLabel("alpha")
	if err := errors.Join(ift.SetFunction(pl.alphaTest, 0), ift.SetBuffer(rb, 0, 0)); err != nil {
		return nil, fmt.Errorf("render: intersection function table: %w", err)
	}
	u.ift = ift
	return u, nil
}

// release drops the device objects (structures and tables are dropped
// by the engine once unreachable).
func (u *upload) release() {
	u.accel, u.prims, u.ift = nil, nil, nil
	for _, b := range u.buffers {
		b.Release()
	}
	for _, t := range u.textures {
		t.Release()
	}
	u.buffers, u.textures, u.samplers = nil, nil, nil
}

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
			sm, err = dev.NewSamplerState(kernel.SamplerDescriptor(desc))
			if err != nil {
				return nil, fmt.Errorf("render: texture %d (%s) sampler %d: %w", i, t.Name, t.Sampler, err)
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
			w, h, pix := 1, 1, []byte{255, 255, 255, 255}
			name := "white"
			if img >= 0 {
				lv := s.Images[img].Levels[0]
				w, h, pix, name = lv.Width, lv.Height, lv.Pix, s.Images[img].Name
			}
			format := engine.PixelFormatRGBA8Unorm
			if srgb == 1 {
				format = engine.PixelFormatRGBA8Unorm_sRGB
			}
			desc := engine.Texture2DDescriptor(format, w, h, false)
			desc.Usage = engine.TextureUsageShaderRead
			var err error
			tex, err = dev.NewTexture(desc)
			if err != nil {
				return nil, fmt.Errorf("render: texture %d (%s) image %d: %w", i, t.Name, t.Image, err)
			}
			tex.SetLabel(name)
			u.textures = append(u.textures, tex)
			if len(pix) < 4*w*h {
				return nil, fmt.Errorf("render: texture %d (%s) image %d: %d bytes for %dx%d RGBA8", i, t.Name, t.Image, len(pix), w, h)
			}
			if err := tex.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, pix, 4*w, 4*w*h); err != nil {
				return nil, fmt.Errorf("render: texture %d (%s) image %d: %w", i, t.Name, t.Image, err)
			}
			images[[2]int{img, srgb}] = tex
		}
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
		return nil, nil, fmt.Errorf("render: environment map: %w", err)
	}
	tex.SetLabel("environment")
	u.textures = append(u.textures, tex)
	if err := tex.ReplaceRegion(engine.Region{Width: w, Height: h, Depth: 1}, 0, 0, bytesOf(rgba), 16*w, 16*w*h); err != nil {
		return nil, nil, fmt.Errorf("render: environment map: %w", err)
	}
	sd := engine.DefaultSamplerDescriptor()
	sd.MinFilter, sd.MagFilter = engine.SamplerMinMagFilterLinear, engine.SamplerMinMagFilterLinear
	sd.SAddressMode, sd.TAddressMode = engine.SamplerAddressModeRepeat, engine.SamplerAddressModeClampToEdge
	sm, err := dev.NewSamplerState(sd)
	if err != nil {
		return nil, nil, fmt.Errorf("render: environment sampler: %w", err)
	}
	u.samplers = append(u.samplers, sm)
	return tex, sm, nil
}

// float4x3 appends scene_types.h rows as a packed column-major float4x3
// (Metal's MTLPackedFloat4x3, 48 bytes).
func float4x3(dst []float32, r [3]kernel.Float4) []float32 {
	return append(dst,
		r[0][0], r[1][0], r[2][0],
		r[0][1], r[1][1], r[2][1],
		r[0][2], r[1][2], r[2][2],
		r[0][3], r[1][3], r[2][3])
}

// motionInstance is MTLAccelerationStructureMotionInstanceDescriptor (44
// bytes).
type motionInstance struct {
	Options, Mask, FunctionTableOffset, StructureIndex, UserID uint32
	TransformsStart, TransformsCount                           uint32
	StartBorder, EndBorder                                     uint32
	StartTime, EndTime                                         float32
}

// buildAccel builds, through the engine's acceleration-structure encoder,
// one primitive structure per distinct stream set and the instance
// structure over them (DESIGN.md "Upload" step 5). Instances use motion
// descriptors: one keyframe when static, two (shutter open, close) when
// moving.
func (u *upload) buildAccel(ctx context.Context, dev *engine.Device, queue *engine.CommandQueue, arena *engine.Buffer, p *kernel.Packed, shutter [2]float32, usage engine.AccelerationStructureUsage) error {
	prims, per := p.Structures()
	var descs []engine.AccelerationStructureDescriptor
	// A frame without a shutter interval (Time only) builds deformed
	// geometry at that time alone: a motion structure needs its end time
	// after its start.
	moving := shutter[1] > shutter[0]
	for _, ps := range prims {
		ps.Motion = ps.Motion && moving
		d := &engine.PrimitiveAccelerationStructureDescriptor{Usage: usage}
		if ps.Motion {
			d.MotionKeyframeCount = 2
			d.MotionStartTime, d.MotionEndTime = shutter[0], shutter[1]
		}
		for k := uint32(0); k < ps.Count; k++ {
			info := &p.GeometryInfo[ps.Base+k]
			gd := engine.GeometryDescriptor{Opaque: info.Opaque, Label: fmt.Sprintf("geometry %d", ps.Base+k)}
			if ps.Motion {
				closeOff := info.PositionsCloseOffset
				if closeOff < 0 {
					closeOff = info.PositionsOffset
				}
				d.Geometries = append(d.Geometries, &engine.MotionTriangleGeometryDescriptor{GeometryDescriptor: gd,
					VertexBuffers: []engine.MotionKeyframeData{{Buffer: arena, Offset: info.PositionsOffset}, {Buffer: arena, Offset: closeOff}},
					VertexFormat:  engine.VertexFormatFloat3, IndexBuffer: arena, IndexBufferOffset: info.IndicesOffset,
					IndexType: engine.IndexTypeUInt32, TriangleCount: info.TriangleCount})
			} else {
				d.Geometries = append(d.Geometries, &engine.TriangleGeometryDescriptor{GeometryDescriptor: gd,
					VertexBuffer: arena, VertexBufferOffset: info.PositionsOffset, VertexFormat: engine.VertexFormatFloat3,
					IndexBuffer: arena, IndexBufferOffset: info.IndicesOffset, IndexType: engine.IndexTypeUInt32,
					TriangleCount: info.TriangleCount})
			}
			u.triangles += info.TriangleCount
		}
		descs = append(descs, d)
	}
	var (
		insts      []motionInstance
		transforms []float32
	)
	for i, in := range p.Instances {
		mi := motionInstance{Mask: kernel.InstanceMaskAll, StructureIndex: per[i], UserID: in.UserID,
			TransformsStart: uint32(len(transforms) / 12), TransformsCount: 1, StartTime: shutter[0], EndTime: shutter[1]}
		transforms = float4x3(transforms, in.ToWorld)
		if in.Flags&kernel.InstanceMoving != 0 && shutter[1] > shutter[0] {
			mi.TransformsCount = 2
			transforms = float4x3(transforms, in.ToWorldClose)
		}
		insts = append(insts, mi)
	}
	if len(insts) == 0 {
		return errors.New("render: the scene has no triangle instances")
	}
	instBuf, err := dev.NewBufferWithBytes(bytesOf(insts))
	if err != nil {
		return fmt.Errorf("render: instance descriptors: %w", err)
	}
	defer instBuf.Release()
	xfBuf, err := dev.NewBufferWithBytes(bytesOf(transforms))
	if err != nil {
		return fmt.Errorf("render: instance transforms: %w", err)
	}
	defer xfBuf.Release()
	for _, d := range descs {
		as, err := dev.NewAccelerationStructureWithDescriptor(d)
		if err != nil {
			return fmt.Errorf("render: primitive structure %d: %w", len(u.prims), err)
		}
		u.prims = append(u.prims, as)
	}
	top := &engine.InstanceAccelerationStructureDescriptor{InstanceDescriptorBuffer: instBuf, InstanceCount: len(insts),
		InstanceDescriptorType: engine.InstanceDescriptorTypeMotion, InstancedAccelerationStructures: u.prims,
		MotionTransformBuffer: xfBuf, MotionTransformCount: len(transforms) / 12, Usage: usage}
	descs = append(descs, top)
	as, err := dev.NewAccelerationStructureWithDescriptor(top)
	if err != nil {
		return fmt.Errorf("render: instance structure: %w", err)
	}
	as.SetLabel("scene")
	u.accel = as
	scratchSize := 16
	for _, d := range descs {
		z, err := dev.AccelerationStructureSizes(d)
		if err != nil {
			return fmt.Errorf("render: %w", err)
		}
		scratchSize = max(scratchSize, z.BuildScratchBufferSize)
	}
	scratch, err := dev.NewBuffer(scratchSize)
	if err != nil {
		return fmt.Errorf("render: scratch buffer: %w", err)
	}
	defer scratch.Release()
	cb := queue.CommandBuffer(ctx)
	cb.SetLabel("build acceleration structures")
	enc, err := cb.AccelerationStructureCommandEncoder()
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	var errs []error
	for i, d := range descs {
		dst := as
		if i < len(u.prims) {
			dst = u.prims[i]
		}
		errs = append(errs, enc.BuildAccelerationStructure(dst, d, scratch, 0))
	}
	errs = append(errs, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("render: encoding the acceleration-structure builds: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("render: building acceleration structures: %w", err)
	}
	return nil
}
