package raster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// Options configure a Renderer.
type Options struct {
	// Env is the environment; render.Frame.Env overrides it. nil means
	// what the path tracer uses: black for a scene with light sources,
	// render.StudioEnvironment for one without.
	Env *render.Environment
	// SampleCount is the number of samples per pixel: 1, 2, 4 or 8 (0:
	// DefaultSampleCount). Alpha MASK materials use alpha-to-coverage
	// with more than one.
	SampleCount int
	// ShadowMapSize is the edge of the shadow map of the strongest
	// directional or spot light (0: DefaultShadowMapSize; negative: no
	// shadow map).
	ShadowMapSize int
	// CubeShadows bounds the cube shadow maps, at most 64: the point
	// lights and (with area lights, see MaxAreaLights) the groups of
	// emissive triangles of one instance that cast shadows, the
	// strongest by the path tracer's light-selection probability (0:
	// DefaultCubeShadows; negative: none). A group's map is its view
	// from its centroid without its own emissive geometry, which its
	// points look up shifted by their offset from the centroid. Other
	// point lights and groups are unshadowed.
	CubeShadows int
	// CubeShadowSize is the edge of each face of a cube shadow map, at
	// most 4096 (0: DefaultCubeShadowSize).
	CubeShadowSize int
	// MaxAreaLights bounds the emissive triangles that light the scene
	// as area lights (0: DefaultMaxAreaLights; negative: none). A scene
	// with more emissive triangles than this shows its emitters without
	// their light (only the path tracer integrates them).
	MaxAreaLights int
	// InstructionBudget bounds the executor instructions of one frame's
	// render pass (0: none); a frame past it fails with an error. It also
	// bounds each face the probes' path tracer renders (Probes).
	InstructionBudget int64
	// Probes is the number of irradiance probes along the longest axis
	// of the scene's bounds, 2 to 16 (0: DefaultProbes; negative: none),
	// for scenes that no environment lights: a grid of probes,
	// proportionally fewer (at least 2) along the other axes, whose
	// indirect light the path tracer bakes at the first frame of each
	// upload of the scene (a new time or environment; a new camera
	// reuses them) and the fragments interpolate. Without probes such a scene lit by emitters
	// gets a uniform ambient term instead.
	Probes int
	// Meshlets draws opaque and alpha-mask geometry through an object/mesh
	// pipeline instead of the vertex pipeline: each geometry is split into
	// meshlets of at most 64 vertices and 124 triangles when the scene is
	// uploaded, and the object stage culls them against the view frustum
	// and (single-sided materials) by normal cone. The image is the vertex
	// pipeline's: the same vertex code places every vertex, and culling
	// removes only triangles that would not be drawn. Blended geometry
	// keeps the vertex pipeline, whose index order it blends in. Skinned
	// and morphed geometry is deformed on the host (kernel.Pack) and
	// uploaded again at every new time, since the meshlets' bounds come
	// from its deformed positions; without Meshlets the vertex functions
	// deform it.
	Meshlets bool
	// LOD (with Meshlets) builds coarser levels of each geometry by
	// vertex clustering (mesh.SimplifySources, cells of 1/64, 1/32, 1/16
	// and 1/8 of the geometry's bounding-box diagonal) and draws each opaque
	// or mask draw at the coarsest level whose cell projects to at most
	// LODPixels pixels at the draw's bounding sphere, chosen per frame on
	// the host. A coarse level's triangles take the face normal of a
	// triangle they replace. Draws at level 0 give the image without LOD.
	LOD bool
	// LODPixels is the screen-space error bound of LOD in pixels (0:
	// DefaultLODPixels).
	LODPixels float32
	// Deferred renders opaque and alpha-mask geometry as a single-pass
	// deferred renderer: the draws write their surface attributes into a
	// G-buffer in the pass's explicit imageblock (float32, 16×16-pixel
	// tiles), a tile function culls the punctual lights per tile (by
	// range, against the bounds of the tile's surfaces) into threadgroup
	// memory, and a full-screen draw shades each pixel with the forward
	// passes' code and its tile's lights; blended geometry follows with
	// the forward pipelines. It shades one sample per pixel (SampleCount
	// must be 0 or 1) and gives the forward image at SampleCount 1 bit for
	// bit; it cannot be combined with Meshlets.
	Deferred bool
	// Materials are user MSL materials, as the path tracer's
	// render.Options.Materials (the same files work in both): each
	// source defines one [[visible]] function with the MaterialFunction
	// signature of scene_types.h, which the fragment functions call
	// (directly, through a switch over MaterialData.function) in place
	// of the glTF material for the materials named Material ("*": all).
	// Renderers with user materials compile their own
	// pipelines (those without share them per device).
	Materials []render.UserMaterial
	// hostDeform deforms skinned and morphed geometry on the host
	// (kernel.Pack), as Options.Meshlets does (tests compare the two).
	hostDeform bool
}

// Defaults of Options.
const (
	DefaultSampleCount    = 4
	DefaultShadowMapSize  = 1024
	DefaultMaxAreaLights  = 64
	DefaultCubeShadows    = 8
	DefaultCubeShadowSize = 256
	DefaultLODPixels      = 1
	DefaultProbes         = 4
)

// Renderer renders frames of one scene with the MSL forward rasterizer on
// an engine device. NewRenderer compiles the pipelines and uploads the
// scene; Render may be called for many frames (one at a time).
type Renderer struct {
	dev   *engine.Device
	scene *model.Scene
	opts  Options
	pl    *pipelines
	queue *engine.CommandQueue
	// funcs maps material names to the user materials' MaterialData.function.
	funcs map[string]uint32
	// plan deforms the skinned and morphed instances in the vertex
	// functions (nil: kernel.Pack deforms them on the host, as for
	// Options.Meshlets, or nothing deforms).
	plan *deformPlan
	// uploads counts the scene uploads (arena, geometry records,
	// textures): with a plan a time change uploads only the records and
	// the joint palette and morph weights of the new time.
	uploads int
	// bounds caches boundsAt's last result, of time boundsTime.
	bounds      model.Bounds
	boundsTime  float32
	boundsValid bool

	mu   sync.Mutex // serializes Render; guards cur, light, draws
	cur  *upload
	time float32
	// prev is the scene packed at prevTime for Motion's previous frame
	// (nil until Motion needs one other than cur).
	prev     *upload
	prevTime float32
	// motionUsed is set by the first Motion call: uploadFor then keeps
	// the upload it replaces as prev.
	motionUsed bool
	// motionTg are the last Motion's targets (one sample, no AOVs), kept
	// for the next of the same size.
	motionTg *targets
	light    *ibl
	draws    []draw
	// ambient is closedAmbient of the current upload (the frames without
	// irradiance probes light with it).
	ambient [3]float32
	dummy   *engine.Texture // 1×1 depth texture bound when there is no shadow map
	// dummyCube is the 1×1, one-slice depth array bound when there are
	// no cube shadow maps.
	dummyCube *engine.Texture
	// noPrepass turns the opaque geometry's depth pre-pass off (tests
	// compare the images and costs with and without it).
	noPrepass bool
	// mipChain keeps the textures' mip chains bound where setLOD would
	// bind single levels (tests compare the two).
	mipChain bool
	// tg are the last frame's targets, kept for the next frame of the
	// same size and AOVs (every pass clears what it loads).
	tg        *targets
	shadowSmp *engine.SamplerState
	// shadowMap is kept across frames too, and so is what it holds: the
	// shadow light's view of the geometry depends on neither the camera
	// nor the frame size, so it is drawn again only for a new upload (curGen
	// counts them) or shadow light: shadowGen and shadowOf are those of
	// the map (shadowGen 0: none, as after a failed pass). shadowDraws
	// counts the shadow passes.
	shadowMap   *engine.Texture
	curGen      int
	shadowGen   int
	shadowOf    int
	shadowDraws int
	// cubes are the cube shadow maps of upload cubes.gen, kept across
	// frames as the shadow map is; cubeDraws counts their passes.
	cubes     cubeState
	cubeDraws int
	// probes are the irradiance probes of upload probes.gen, baked by
	// tracer (made at the first bake); probeBakes counts the bakes.
	probes     probeState
	tracer     *render.Renderer
	probeBakes int
	// bg is the last frame's background, reused (with its memoised
	// environment radiance) by the next frame of the same view and
	// environment.
	bg *background
}

// NewRenderer compiles the rasterizer for dev and uploads scene s at time
// 0, with its image-based lighting tables. Close releases the device
// objects.
func NewRenderer(ctx context.Context, dev *engine.Device, s *model.Scene, opts Options) (*Renderer, error) {
	if dev == nil {
		return nil, errors.New("raster: NewRenderer: device is nil")
	}
	if s == nil {
		return nil, errors.New("raster: NewRenderer: scene is nil")
	}
	funcs, err := materialFunctions(s, opts.Materials)
	if err != nil {
		return nil, err
	}
	if opts.Deferred {
		switch {
		case opts.Meshlets:
			return nil, errors.New("raster: Options.Deferred and Options.Meshlets cannot be combined")
		case opts.SampleCount == 0:
			opts.SampleCount = 1
		case opts.SampleCount != 1:
			return nil, fmt.Errorf("raster: Options.SampleCount is %d: Options.Deferred shades one sample per pixel, want 0 or 1", opts.SampleCount)
		}
	}
	switch opts.SampleCount {
	case 0:
		opts.SampleCount = DefaultSampleCount
	case 1, 2, 4, 8:
	default:
		return nil, fmt.Errorf("raster: Options.SampleCount is %d, want 1, 2, 4 or 8", opts.SampleCount)
	}
	if opts.ShadowMapSize == 0 {
		opts.ShadowMapSize = DefaultShadowMapSize
	}
	if opts.ShadowMapSize > 1<<13 {
		return nil, fmt.Errorf("raster: Options.ShadowMapSize is %d, want at most 8192", opts.ShadowMapSize)
	}
	switch {
	case opts.CubeShadows > 64:
		return nil, fmt.Errorf("raster: Options.CubeShadows is %d, want at most 64", opts.CubeShadows)
	case opts.CubeShadows == 0:
		opts.CubeShadows = DefaultCubeShadows
	}
	switch {
	case opts.CubeShadowSize < 0 || opts.CubeShadowSize > 1<<12:
		return nil, fmt.Errorf("raster: Options.CubeShadowSize is %d, want 0..4096", opts.CubeShadowSize)
	case opts.CubeShadowSize == 0:
		opts.CubeShadowSize = DefaultCubeShadowSize
	}
	if opts.MaxAreaLights == 0 {
		opts.MaxAreaLights = DefaultMaxAreaLights
	}
	switch {
	case opts.LOD && !opts.Meshlets:
		return nil, errors.New("raster: Options.LOD needs Options.Meshlets")
	case opts.LODPixels < 0 || opts.LODPixels != opts.LODPixels:
		return nil, fmt.Errorf("raster: Options.LODPixels is %v, want ≥ 0", opts.LODPixels)
	case opts.LODPixels == 0:
		opts.LODPixels = DefaultLODPixels
	}
	switch {
	case opts.Probes > maxProbes || opts.Probes == 1:
		return nil, fmt.Errorf("raster: Options.Probes is %d, want 2..%d (0: %d; negative: none)", opts.Probes, maxProbes, DefaultProbes)
	case opts.Probes == 0:
		opts.Probes = DefaultProbes
	}
	if opts.InstructionBudget < 0 {
		return nil, fmt.Errorf("raster: Options.InstructionBudget is %d, want ≥ 0", opts.InstructionBudget)
	}
	if opts.Env == nil && unlit(s) {
		opts.Env = render.StudioEnvironment()
	}
	pl, err := pipelinesFor(dev, opts.SampleCount, opts.Materials)
	if err != nil {
		return nil, err
	}
	if !opts.Meshlets && !opts.Deferred {
		// The forward pipelines of a frame without AOVs compile while the
		// scene uploads (their errors return at first use).
		var warm sync.WaitGroup
		warm.Go(func() {
			for _, p := range []int{forwardPrepass, passOpaque} {
				if _, err := pl.forwardPipeline(dev, false, p); err != nil {
					return
				}
			}
		})
		defer warm.Wait()
	}
	if opts.Meshlets {
		if err := pl.compileMeshlets(dev); err != nil {
			return nil, err
		}
	}
	if opts.Deferred {
		if err := pl.compileDeferred(dev); err != nil {
			return nil, err
		}
	}
	r := &Renderer{dev: dev, scene: s, opts: opts, pl: pl, queue: dev.NewCommandQueue(), funcs: funcs}
	if !opts.Meshlets && !opts.hostDeform {
		// Meshlet bounds and LOD levels come from the deformed positions:
		// the meshlet pipeline keeps the host's deformation.
		if r.plan, err = newDeformPlan(s); err != nil {
			return nil, err
		}
	}
	dd := engine.Texture2DDescriptor(shadowFormat, 1, 1, false)
	dd.Usage = engine.TextureUsageShaderRead | engine.TextureUsageRenderTarget
	if r.dummy, err = dev.NewTexture(dd); err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	dd.TextureType, dd.ArrayLength = engine.TextureType2DArray, 1
	if r.dummyCube, err = dev.NewTexture(dd); err != nil {
		r.Close()
		return nil, fmt.Errorf("raster: %w", err)
	}
	sd := engine.DefaultSamplerDescriptor()
	sd.MinFilter, sd.MagFilter = engine.SamplerMinMagFilterLinear, engine.SamplerMinMagFilterLinear
	sd.CompareFunction = engine.CompareFunctionLessEqual
	if r.shadowSmp, err = dev.NewSamplerState(sd); err != nil {
		r.Close()
		return nil, fmt.Errorf("raster: shadow sampler: %w", err)
	}
	if err := r.uploadFor(ctx, 0, opts.Env); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// unlit reports whether s has no light source (render's studio rule: no
// punctual lights and no emitter of uniform colour).
func unlit(s *model.Scene) bool {
	if len(s.Lights) > 0 {
		return false
	}
	for _, a := range s.AreaLights(s.InstancesAt(0)) {
		if !a.Textured {
			return false
		}
	}
	return true
}

// uploadFor makes the current upload the scene at time t with
// environment env (re-packing only when they changed; the IBL tables only
// when the environment did). A scene the vertex functions deform changes
// time with new records and a new joint palette and morph weights only
// (upload.reposed).
func (r *Renderer) uploadFor(ctx context.Context, t float32, env *render.Environment) error {
	if r.cur != nil && r.cur.env == env && (r.time == t || len(r.scene.Animations) == 0) {
		return nil
	}
	var u *upload
	var err error
	if r.cur != nil && r.cur.env == env && r.cur.deform != nil {
		if u, err = r.cur.reposed(r.dev, r.scene, r.plan, t); err != nil {
			return err
		}
	} else {
		if u, err = newUpload(r.dev, r.scene, t, env, r.funcs, r.plan); err != nil {
			return err
		}
		r.uploads++
	}
	if r.opts.Meshlets {
		if u.meshlets, err = buildMeshlets(ctx, r.dev, u, r.opts.LOD); err != nil {
			u.release()
			return err
		}
	}
	if u.deform != nil {
		if err := r.deformPositions(ctx, u); err != nil {
			u.release()
			return err
		}
	}
	if r.light == nil || r.cur == nil || r.cur.env != env {
		light, err := newIBL(ctx, r.dev, r.queue, r.pl, u)
		if err != nil {
			u.release()
			return err
		}
		if r.light != nil {
			r.light.release()
		}
		r.light = light
	}
	if r.cur != nil {
		if r.motionUsed {
			// Keep the frame left behind for the next Motion's previous
			// frame (a frame sequence's motion needs exactly that one).
			if r.prev != nil {
				r.prev.release()
			}
			r.prev, r.prevTime = r.cur, r.time
		} else {
			r.cur.release()
		}
	}
	r.cur, r.time, r.draws, r.ambient = u, t, buildDraws(u.packed), closedAmbient(u.packed)
	r.curGen++
	if u.deform != nil {
		r.deformedCentres(t)
	}
	if u.meshlets != nil {
		u.meshlets.annotate(r.draws, u.packed)
	}
	return nil
}

// Close releases the device objects; the Renderer must not be used
// afterwards.
func (r *Renderer) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil {
		r.cur.release()
		r.cur = nil
	}
	if r.prev != nil {
		r.prev.release()
		r.prev = nil
	}
	if r.light != nil {
		r.light.release()
		r.light = nil
	}
	if r.dummy != nil {
		r.dummy.Release()
		r.dummy = nil
	}
	if r.dummyCube != nil {
		r.dummyCube.Release()
		r.dummyCube = nil
	}
	r.cubes.release()
	r.probes.release()
	if r.tracer != nil {
		r.tracer.Close()
		r.tracer = nil
	}
	if r.tg != nil {
		r.tg.release()
		r.tg = nil
	}
	r.bg = nil
	if r.motionTg != nil {
		r.motionTg.release()
		r.motionTg = nil
	}
	if r.shadowMap != nil {
		r.shadowMap.Release()
		r.shadowMap = nil
	}
}

// targetsFor returns attachments for a w×h frame, reusing the previous
// frame's when they fit.
func (r *Renderer) targetsFor(w, h int, aovs bool) (*targets, error) {
	if t := r.tg; t != nil && t.w == w && t.h == h && (t.color[1] != nil) == aovs {
		return t, nil
	}
	if r.tg != nil {
		r.tg.release()
		r.tg = nil
	}
	t, err := newTargets(r.dev, w, h, r.opts.SampleCount, aovs)
	if err != nil {
		return nil, err
	}
	r.tg = t
	return t, nil
}

// Device returns the renderer's device.
func (r *Renderer) Device() *engine.Device { return r.dev }

// validate checks the fields of a frame the rasterizer uses (SPP,
// MaxBounces, the lens and the shutter are path-tracing settings and are
// ignored).
func validate(f *render.Frame) error {
	switch {
	case f.Width <= 0 || f.Height <= 0:
		return fmt.Errorf("raster: Frame size is %dx%d, want positive", f.Width, f.Height)
	case f.Width > 1<<14 || f.Height > 1<<14:
		return fmt.Errorf("raster: Frame size %dx%d exceeds 16384", f.Width, f.Height)
	case f.ToneMap > render.ToneACES:
		return fmt.Errorf("raster: Frame.ToneMap is %d, want 0..2", f.ToneMap)
	}
	if f.LookAt != nil {
		d := mgl32.Vec3(f.LookAt.Target).Sub(mgl32.Vec3(f.LookAt.Eye))
		if d.Len() == 0 || d.Cross(mgl32.Vec3(f.LookAt.Up)).Len() == 0 {
			return fmt.Errorf("raster: Frame.LookAt: eye %v, target %v and up %v do not define a view", f.LookAt.Eye, f.LookAt.Target, f.LookAt.Up)
		}
		if f.LookAt.FovY < 0 || f.LookAt.FovY >= 180 {
			return fmt.Errorf("raster: Frame.LookAt.FovY is %v degrees, want 0..180", f.LookAt.FovY)
		}
	}
	return nil
}

// Render rasterizes frame f (size, camera, time, exposure, tone map,
// environment and AOVs of a render.Frame; SPP, bounces, lens and shutter
// are ignored) and returns the same image type as the path tracer: linear
// radiance per pixel (the mean of the pixel's samples), the tone-mapped
// RGBA8 image and, with f.AOVs, first-hit albedo, normal and depth. A
// cancelled ctx stops the frame (the engine checks it while the pass
// runs) and returns ctx's error without an image. The result does not
// depend on the device's worker count.
func (r *Renderer) Render(ctx context.Context, f render.Frame) (*render.Image, error) {
	if err := validate(&f); err != nil {
		return nil, err
	}
	start := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return nil, errors.New("raster: Renderer is closed")
	}
	env := r.opts.Env
	if f.Env != nil {
		env = f.Env
	}
	if err := r.uploadFor(ctx, f.Time, env); err != nil {
		return nil, err
	}
	if err := r.cur.setLOD(r.dev, max(f.Width, f.Height), len(r.opts.Materials) == 0 && !r.mipChain); err != nil {
		return nil, err
	}
	cam, err := frameCamera(r.scene, &f)
	if err != nil {
		return nil, err
	}
	fr := r.frameConstants(&cam, &f)
	tg, err := r.targetsFor(f.Width, f.Height, f.AOVs)
	if err != nil {
		return nil, err
	}
	var shadow *engine.Texture
	if r.opts.ShadowMapSize > 0 {
		if shadow, err = r.shadowPass(ctx, &fr); err != nil {
			return nil, err
		}
	}
	cubes, err := r.cubePass(ctx, &fr)
	if err != nil {
		return nil, err
	}
	probes, err := r.probePass(ctx, &fr)
	if err != nil {
		return nil, err
	}
	pass := r.mainPass
	if r.opts.Deferred {
		pass = r.deferredPass
	}
	if err := pass(ctx, &fr, &cam, tg, passMaps{shadow, cubes, probes}, f.AOVs); err != nil {
		return nil, err
	}
	img, err := r.resolve(tg, &f, r.backgroundFor(&fr))
	if err != nil {
		return nil, err
	}
	img.SPP, img.Complete = r.opts.SampleCount, true
	img.TileSize, img.Tiles, img.TilesDone = max(f.Width, f.Height), 1, 1
	img.Elapsed = time.Since(start)
	return img, nil
}

// frameConstants fills RasterFrame for a camera.
func (r *Renderer) frameConstants(cam *kernel.CameraData, f *render.Frame) rasterFrame {
	near, far := clipPlanes(cam, r.boundsAt(f.Time))
	fr := rasterFrame{ViewProj: viewProjection(cam, near, far), Eye: cam.Position, Right: cam.Right, TanHalfFovY: cam.TanHalfFovY,
		Up: cam.Up, Aspect: cam.Aspect, Forward: cam.Forward, Projection: cam.Projection, OrthoHalfHeight: cam.OrthoHalfHeight,
		Width: uint32(f.Width), Height: uint32(f.Height), SpecularMips: r.light.specularMips, Ambient: r.ambient}
	p := r.cur.packed
	if p.Picks[2] > 0 || (p.Env.Intensity > 0 && p.Env.Color != [3]float32{}) {
		fr.Flags |= flagIBL
	}
	if r.opts.SampleCount > 1 {
		fr.Flags |= flagMSAA
	}
	if n := len(p.Emissive); n > 0 && r.opts.MaxAreaLights > 0 && n <= r.opts.MaxAreaLights {
		fr.Flags |= flagAreaLights
		fr.AreaSamples = uint32(n)
	}
	if u := r.cur; u.deform != nil {
		fr.Flags |= flagDeform
		fr.Deforms, fr.Joints, fr.MorphWeights = u.deform.records.GPUAddress(), u.joints.GPUAddress(), u.weights.GPUAddress()
		fr.DeformedPositions = u.deformed.GPUAddress()
	}
	return fr
}

// deformPositions runs raster_deform_positions over u's deformed records:
// their positions at u's time into u.deformed, which the fragments' face
// normals read.
func (r *Renderer) deformPositions(ctx context.Context, u *upload) error {
	if len(u.deform.jobs) == 0 {
		return nil
	}
	fr := rasterFrame{Flags: flagDeform, Deforms: u.deform.records.GPUAddress(), Joints: u.joints.GPUAddress(),
		MorphWeights: u.weights.GPUAddress(), DeformedPositions: u.deformed.GPUAddress()}
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("raster deform positions")
	if err := cb.SetInstructionBudget(r.opts.InstructionBudget); err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	steps := []error{enc.SetComputePipelineState(r.pl.deformPositions), enc.SetBuffer(u.resources, 0, 0),
		enc.SetBytes(bytesOf([]rasterFrame{fr}), 1), enc.SetBuffer(u.deformed, 0, 3)}
	steps = append(steps, useScene(u, enc.UseResource)...)
	for _, j := range u.deform.jobs {
		steps = append(steps, enc.SetBytes(bytesOf([]rasterDeformJob{j}), 2),
			enc.DispatchThreads(engine.Sz(int(j.VertexCount), 1, 1), engine.Sz(64, 1, 1)))
	}
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("raster: encoding the deformed positions: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("raster: deformed positions: %w", err)
	}
	return nil
}

// boundsAt is the scene's world bounds at time t: Scene.BoundsAt, or,
// where the vertex functions deform the scene, deformPlan.boundsOf (no
// deformation on the host; a box may be larger than the deformed
// geometry's), cached for the last time asked.
func (r *Renderer) boundsAt(t float32) model.Bounds {
	if r.plan == nil {
		return r.scene.BoundsAt(t)
	}
	if !r.boundsValid || r.boundsTime != t {
		p := r.scene.PoseAt(t)
		r.bounds, r.boundsTime, r.boundsValid = r.plan.boundsOf(r.scene, p, r.scene.InstancesOf(p)), t, true
	}
	return r.bounds
}

// deformedCentres sets the centres of the blended draws of deformed
// instances (buildDraws takes the rest pose's) to the centre of their
// instance's bounds at time t, the blend order's sort key.
func (r *Renderer) deformedCentres(t float32) {
	var p *model.Pose
	var insts []model.Instance
	for i := range r.draws {
		d := &r.draws[i]
		ii := int(d.rec.Instance)
		if d.rec.Pass != passBlend || ii >= len(r.plan.deformable) || !r.plan.deformable[ii] {
			continue
		}
		if p == nil {
			p = r.scene.PoseAt(t)
			insts = r.scene.InstancesOf(p)
		}
		d.centre = r.plan.instanceBounds(r.scene, p, insts[ii]).Center()
	}
}
