package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/render/shaders"
)

// Options configure a Renderer: what is uploaded once.
type Options struct {
	// Env is the environment; Frame.Env overrides it. nil means black
	// for a scene with light sources and StudioEnvironment for a scene
	// without any (as `ingot render` without --env); &Environment{} is
	// black for any scene.
	Env *Environment
	// Materials are user MSL materials, in table order after the stock
	// ones (--material NAME=file.metal).
	Materials []UserMaterial
	// Shutter is the interval the first upload is built for (geometry at
	// open and close); frames with another interval re-upload animated
	// scenes.
	Shutter [2]float32
	// Usage configures the BVH builds (e.g. prefer a fast build).
	Usage engine.AccelerationStructureUsage
	// SeparateInstances keeps every scene instance its own instance in the
	// acceleration structure (PackOptions.SeparateInstances); by default
	// static instances that share a transform are merged.
	SeparateInstances bool
	// SampleBudget bounds the executor instructions of each tile's
	// command buffer: the tile's pixels × the pass's samples ×
	// SampleBudget. A material that never returns fails the render with a
	// *ShaderError naming it instead of hanging it. 0 means
	// DefaultSampleBudget; a negative value removes the bound (the
	// render's context still stops it).
	SampleBudget int64
}

// Camera is an explicit look-at camera (--eye, --target, --up, --fov).
type Camera struct {
	Eye, Target, Up [3]float32
	// FovY is the vertical field of view in degrees (0: 45).
	FovY float32
}

// Frame describes one image.
type Frame struct {
	// CameraName selects a scene camera by name or index ("": the
	// scene's first placed camera, else an automatic one framing the
	// scene). Ignored when LookAt is set.
	CameraName string
	// LookAt, when non-nil, replaces the scene camera.
	LookAt *Camera
	// Aperture is the lens radius in scene units (0: pinhole) and
	// FocusDistance the distance in focus (0: the look-at target's
	// distance, or 1).
	Aperture, FocusDistance float32
	// Width and Height are the image size in pixels.
	Width, Height int
	// SPP is the number of samples per pixel.
	SPP int
	// MaxBounces bounds the path length: the bounces after the camera
	// ray, as `ingot render --max-bounces` (0: emitters seen directly
	// only). DefaultFrame sets DefaultMaxBounces.
	MaxBounces int
	// MaxDiffuseBounces, MaxGlossyBounces and MaxTransmissionBounces
	// limit each kind of bounce as MaxBounces limits all of them; 0 (the
	// zero value) sets no limit of its own, only MaxBounces applies. A
	// bounce is of the kind of the BSDF lobe that sampled it, as in
	// Blender Cycles: diffuse is the cosine-sampled lobe (Lambert, the
	// sheen layer, and the specular lobes' multiple-scattering energy,
	// which is sampled with it); glossy is specular and clearcoat
	// reflection, a volume's internal reflection included; transmission
	// is thin-walled transmission and refraction through a volume
	// boundary. As at MaxBounces, the path ends at the vertex after the
	// limit-th bounce of a kind once that vertex's emission (or the
	// environment, on a miss) is counted: it samples no light and
	// scatters no further. The limits count as MaxBounces does, one more
	// than Cycles' settings of the same names (SetCyclesBounces).
	MaxDiffuseBounces, MaxGlossyBounces, MaxTransmissionBounces int
	// Time is the scene time of a frame without motion blur; Shutter,
	// when Shutter[1] > Shutter[0], is the shutter interval instead.
	Time    float32
	Shutter [2]float32
	// Seed varies the sample pattern; FrameIndex too (animation frames).
	Seed, FrameIndex uint32
	// Exposure in stops and the tone-mapping operator of the 8-bit
	// image (the zero value is ToneNone; DefaultFrame picks PBR Neutral).
	Exposure float32
	ToneMap  ToneMap
	// Env overrides Options.Env for this frame (re-uploads the scene
	// records when it differs).
	Env *Environment
	// AOVs asks for the albedo, normal and depth images.
	AOVs bool
	// ClampRadiance clamps each sample's luminance (0: off).
	ClampRadiance float32
	// NoNEE disables next-event estimation (BSDF sampling only).
	NoNEE bool
	// TileSize is the square tile edge in pixels; 0 picks it from the
	// worker count (autoTile). Tiles are only the unit of scheduling,
	// progress reports and cancellation: the image does not depend on them.
	TileSize int
	// Filter is the pixel reconstruction filter and FilterWidth its
	// width in pixels (0: Filter.DefaultWidth). The zero value is the
	// default: a tent of width 2 (radius one pixel). FilterCenter sends
	// every camera ray through its pixel centre.
	Filter      PixelFilter
	FilterWidth float32
	// Region, when not empty, renders only these pixels of the
	// Width×Height frame (Min inclusive, Max exclusive): the Image has
	// Region's size and its pixels are the bits of the same pixels of the
	// whole frame, since every sample depends on its pixel, not on what
	// else is rendered (`ingot render --region`, `ingot merge`). The
	// accumulation buffer is still the whole frame's (16 bytes a pixel).
	Region image.Rectangle
}

// DefaultFrame is a 256×256, 8-sample, 12-bounce frame tone mapped with
// PBR Neutral: `ingot render`'s defaults, chosen so that `go run
// ./cmd/ingot render` (compile included) finishes in under a minute on
// two cores.
func DefaultFrame() Frame {
	return Frame{Width: 256, Height: 256, SPP: 8, MaxBounces: DefaultMaxBounces, ToneMap: TonePBRNeutral}
}

// DefaultMaxBounces is DefaultFrame's (and `ingot render`'s) MaxBounces.
const DefaultMaxBounces = 12

// Blender Cycles' default Light Paths bounce limits (Max Bounces,
// Diffuse, Glossy and Transmission, in Cycles' counting; Blender 3.4):
// SetCyclesBounces(CyclesMaxBounces, CyclesDiffuseBounces,
// CyclesGlossyBounces, CyclesTransmissionBounces) renders with them.
// Cycles' Transparent (8) and Volume (0) limits have no counterpart: alpha
// BLEND is decided in the any-hit test without a bounce, and volumes only
// absorb.
const (
	CyclesMaxBounces          = 12
	CyclesDiffuseBounces      = 4
	CyclesGlossyBounces       = 4
	CyclesTransmissionBounces = 12
)

// SetCyclesBounces sets f's bounce limits to those of Blender Cycles'
// Light Paths settings total (Max Bounces), diffuse, glossy and
// transmission. Cycles counts a bounce of 0 as direct lighting (its
// kernel adds one to every setting), where MaxBounces 0 sees emitters
// only and 1 is direct lighting, so each limit here is Cycles' plus one:
// Cycles' defaults (12, 4, 4, 12) are MaxBounces 13, MaxDiffuseBounces 5,
// MaxGlossyBounces 5 and MaxTransmissionBounces 13. Negative settings
// are passed on as they are, for validation to reject.
func (f *Frame) SetCyclesBounces(total, diffuse, glossy, transmission int) {
	plus := func(n int) int {
		if n < 0 {
			return n
		}
		return n + 1
	}
	f.MaxBounces = plus(total)
	f.MaxDiffuseBounces = plus(diffuse)
	f.MaxGlossyBounces = plus(glossy)
	f.MaxTransmissionBounces = plus(transmission)
}

// Progress reports a render in flight.
type Progress struct {
	// Samples and Total count pixel samples (pixels × samples per pixel).
	Samples, Total int64
	// Pass is the current progressive pass; SPP the samples per pixel
	// completed by every pixel so far.
	Pass, SPP int
	// Elapsed is the time since Render started; Rate is Samples/Elapsed
	// in samples per second; ETA estimates the time left.
	Elapsed time.Duration
	Rate    float64
	ETA     time.Duration
}

// Renderer renders frames of one scene with the MSL path tracer on an
// engine device: NewRenderer compiles the kernels and uploads the scene
// once; Render may be called for many frames and cameras (one at a time).
type Renderer struct {
	dev   *engine.Device
	scene *model.Scene
	opts  Options
	pl    *pipelines
	queue *engine.CommandQueue
	funcs map[string]uint32

	mu  sync.Mutex // serializes Render and guards cur
	cur *upload
}

// NewRenderer compiles the path tracer for dev (a device made by
// NewDevice or with DeviceOptions) and uploads scene s. Close releases
// the device objects.
func NewRenderer(ctx context.Context, dev *engine.Device, s *model.Scene, opts Options) (*Renderer, error) {
	if dev == nil {
		return nil, errors.New("render: NewRenderer: device is nil")
	}
	if s == nil {
		return nil, errors.New("render: NewRenderer: scene is nil")
	}
	if opts.Shutter[1] < opts.Shutter[0] {
		return nil, fmt.Errorf("render: Options.Shutter is [%v, %v], want open ≤ close", opts.Shutter[0], opts.Shutter[1])
	}
	funcs := map[string]uint32{}
	for i, m := range opts.Materials {
		if m.Material == "" {
			return nil, fmt.Errorf("render: Options.Materials[%d] (%s): empty material name (use \"*\" for all)", i, m.File)
		}
		if m.Material != "*" && !slices.ContainsFunc(s.Materials, func(sm model.Material) bool { return sm.Name == m.Material }) {
			return nil, fmt.Errorf("render: Options.Materials[%d] (%s): the scene has no material %q (materials: %s)", i, m.File, m.Material, materialNames(s))
		}
		funcs[m.Material] = uint32(2 + i)
	}
	if opts.Env == nil && unlit(s) {
		opts.Env = StudioEnvironment()
	}
	pl, err := newPipelines(dev, opts.Materials, sceneSlots(s))
	if err != nil {
		return nil, err
	}
	r := &Renderer{dev: dev, scene: s, opts: opts, pl: pl, queue: dev.NewCommandQueue(), funcs: funcs}
	u, err := newUpload(ctx, dev, r.queue, pl, s, opts.Shutter, opts.Env, funcs, &opts)
	if err != nil {
		return nil, err
	}
	r.cur = u
	return r, nil
}

// sceneSlots returns the texture slots the materials of a scene set,
// which the renderer's material code is compiled for (a variable so that
// tests can compile for other sets).
var sceneSlots = kernel.SceneMaterialSlots

// materialNames lists the distinct material names of s, quoted.
func materialNames(s *model.Scene) string {
	var names []string
	for _, m := range s.Materials {
		if q := strconv.Quote(m.Name); !slices.Contains(names, q) {
			names = append(names, q)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Close releases the scene's device objects; the Renderer must not be
// used afterwards.
func (r *Renderer) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil {
		r.cur.release()
		r.cur = nil
	}
}

// Triangles returns the number of triangles in the uploaded acceleration
// structures (instanced meshes counted once).
func (r *Renderer) Triangles() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return 0
	}
	return r.cur.triangles
}

// Device returns the renderer's device.
func (r *Renderer) Device() *engine.Device { return r.dev }

// shutter returns the frame's shutter interval.
func (f *Frame) shutter() [2]float32 {
	if f.Shutter[1] > f.Shutter[0] {
		return f.Shutter
	}
	return [2]float32{f.Time, f.Time}
}

// validate checks the frame's fields.
func (f *Frame) validate() error {
	switch {
	case f.Width <= 0 || f.Height <= 0:
		return fmt.Errorf("render: Frame size is %dx%d, want positive", f.Width, f.Height)
	case f.Width > 1<<14 || f.Height > 1<<14:
		return fmt.Errorf("render: Frame size %dx%d exceeds 16384", f.Width, f.Height)
	case f.SPP <= 0:
		return fmt.Errorf("render: Frame.SPP is %d, want ≥ 1", f.SPP)
	case f.MaxBounces < 0 || f.MaxBounces > 1<<16:
		return fmt.Errorf("render: Frame.MaxBounces is %d, want 0..65536", f.MaxBounces)
	case f.MaxDiffuseBounces < 0 || f.MaxDiffuseBounces > 1<<16:
		return fmt.Errorf("render: Frame.MaxDiffuseBounces is %d, want 0..65536 (0: MaxBounces only)", f.MaxDiffuseBounces)
	case f.MaxGlossyBounces < 0 || f.MaxGlossyBounces > 1<<16:
		return fmt.Errorf("render: Frame.MaxGlossyBounces is %d, want 0..65536 (0: MaxBounces only)", f.MaxGlossyBounces)
	case f.MaxTransmissionBounces < 0 || f.MaxTransmissionBounces > 1<<16:
		return fmt.Errorf("render: Frame.MaxTransmissionBounces is %d, want 0..65536 (0: MaxBounces only)", f.MaxTransmissionBounces)
	case f.Shutter[1] < f.Shutter[0]:
		return fmt.Errorf("render: Frame.Shutter is [%v, %v], want open ≤ close", f.Shutter[0], f.Shutter[1])
	case f.TileSize < 0:
		return fmt.Errorf("render: Frame.TileSize is %d, want ≥ 0", f.TileSize)
	case f.ToneMap > ToneACES:
		return fmt.Errorf("render: Frame.ToneMap is %d, want 0..2", f.ToneMap)
	case f.Aperture < 0:
		return fmt.Errorf("render: Frame.Aperture is %v, want ≥ 0", f.Aperture)
	case f.Filter > FilterCenter:
		return fmt.Errorf("render: Frame.Filter is %d, want 0..%d", f.Filter, FilterCenter)
	case !(f.FilterWidth >= 0 && f.FilterWidth <= MaxFilterWidth):
		return fmt.Errorf("render: Frame.FilterWidth is %v, want 0..%d pixels", f.FilterWidth, MaxFilterWidth)
	case f.Region != image.Rectangle{} && (f.Region.Empty() || !f.Region.In(image.Rect(0, 0, f.Width, f.Height))):
		return fmt.Errorf("render: Frame.Region %v: want a non-empty part of the %dx%d frame", f.Region, f.Width, f.Height)
	}
	if f.LookAt != nil {
		d := mgl32.Vec3(f.LookAt.Target).Sub(mgl32.Vec3(f.LookAt.Eye))
		if d.Len() == 0 || d.Cross(mgl32.Vec3(f.LookAt.Up)).Len() == 0 {
			return fmt.Errorf("render: Frame.LookAt: eye %v, target %v and up %v do not define a view", f.LookAt.Eye, f.LookAt.Target, f.LookAt.Up)
		}
		if f.LookAt.FovY < 0 || f.LookAt.FovY >= 180 {
			return fmt.Errorf("render: Frame.LookAt.FovY is %v degrees, want 0..180", f.LookAt.FovY)
		}
	}
	return nil
}

// camera builds the frame's CameraData.
func (r *Renderer) camera(f *Frame) (kernel.CameraData, error) {
	sh := f.shutter()
	aspect := float32(f.Width) / float32(f.Height)
	lens := kernel.Lens{Radius: f.Aperture, FocusDistance: f.FocusDistance, ShutterOpen: sh[0], ShutterClose: sh[1]}
	if f.LookAt != nil {
		fov := f.LookAt.FovY
		if fov == 0 {
			fov = 45
		}
		world := kernel.LookAt(f.LookAt.Eye, f.LookAt.Target, f.LookAt.Up)
		if lens.FocusDistance <= 0 {
			lens.FocusDistance = mgl32.Vec3(f.LookAt.Target).Sub(mgl32.Vec3(f.LookAt.Eye)).Len()
		}
		return kernel.NewCameraData(model.Camera{Projection: model.Perspective, YFov: mgl32.DegToRad(fov)}, world, world, aspect, lens), nil
	}
	c, world, err := r.scene.ViewCamera(f.CameraName, sh[0])
	if err != nil {
		return kernel.CameraData{}, fmt.Errorf("render: Frame.CameraName %q: %w", f.CameraName, err)
	}
	worldClose := world
	if sh[1] > sh[0] {
		if _, wc, err := r.scene.ViewCamera(f.CameraName, sh[1]); err == nil {
			worldClose = wc
		}
	}
	return kernel.NewCameraData(c, world, worldClose, aspect, lens), nil
}

// uploadFor returns the upload for the frame's shutter and environment,
// re-packing when they differ from the current one (and the scene is
// animated, for the shutter).
func (r *Renderer) uploadFor(ctx context.Context, f *Frame) (*upload, error) {
	sh := f.shutter()
	env := r.opts.Env
	if f.Env != nil {
		env = f.Env
	}
	u := r.cur
	if u == nil {
		return nil, errors.New("render: Renderer is closed")
	}
	sameShutter := u.shutter == sh || len(r.scene.Animations) == 0
	if sameShutter && u.env == env {
		return u, nil
	}
	nu, err := newUpload(ctx, r.dev, r.queue, r.pl, r.scene, sh, env, r.funcs, &r.opts)
	if err != nil {
		return nil, err
	}
	u.release()
	r.cur = nu
	return nu, nil
}

// passSchedule returns the samples of each progressive pass: 1, 1, 2, 4,
// 8, 16, 16, … capped by what is left. It depends only on spp, so the
// float32 sums, and the image, are the same bits on every run.
func passSchedule(spp int) []int {
	var out []int
	k, done := 1, 0
	for done < spp {
		n := min(k, spp-done)
		out = append(out, n)
		done += n
		if len(out) > 1 && k < 16 {
			k *= 2
		}
	}
	return out
}

// Render renders frame f with progressive passes, calling progress (if
// non-nil) after every tile. When ctx is cancelled it stops within a
// second, even inside a tile whose material never returns, resolves what
// was accumulated (every pixel is divided by its own sample count) and
// returns that image with an error that wraps ctx's (a *ShaderError
// naming the user material and line when one was running). A shader
// fault, such as a tile running past its instruction budget
// (Options.SampleBudget), returns no image and a *ShaderError. The result
// does not depend on the device's worker count or on the tile size.
func (r *Renderer) Render(ctx context.Context, f Frame, progress func(Progress)) (*Image, error) {
	if err := f.validate(); err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	u, err := r.uploadFor(ctx, &f)
	if err != nil {
		return nil, err
	}
	cam, err := r.camera(&f)
	if err != nil {
		return nil, err
	}
	w, h := f.Width, f.Height
	st := kernel.RenderSettings{Width: uint32(w), Height: uint32(h), MaxBounces: uint32(f.MaxBounces), Seed: f.Seed,
		FrameIndex: f.FrameIndex, ToneMap: uint32(f.ToneMap), Exposure: f.Exposure, ClampRadiance: f.ClampRadiance,
		RRStartBounce: 3, Filter: uint32(f.Filter), FilterWidth: f.FilterWidth}
	if f.AOVs {
		st.Flags |= kernel.SettingsAOV
	}
	if f.NoNEE {
		st.Flags |= kernel.SettingsNoNEE
	}
	st.MaxDiffuseBounces, st.MaxGlossyBounces, st.MaxTransmissionBounces = lobeLimit(f.MaxDiffuseBounces),
		lobeLimit(f.MaxGlossyBounces), lobeLimit(f.MaxTransmissionBounces)
	if f.MaxDiffuseBounces != 0 || f.MaxGlossyBounces != 0 || f.MaxTransmissionBounces != 0 {
		// Only then does path_trace count each lobe's bounces.
		st.Flags |= kernel.SettingsLobeLimits
	}
	// Lanes whose rays escape start their next paths before the others
	// shade: it pays wherever rays escape (an environment, or an open box
	// lit by its own lamp, like the Cornell box) and costs nothing where
	// none do. Scheduling only: the image bits are the same.
	st.Flags |= kernel.SettingsRegenerate
	for _, gi := range u.packed.GeometryInfo {
		if !gi.Opaque {
			st.Flags |= kernel.SettingsAlpha
			break
		}
	}
	accum, err := r.dev.NewBuffer(16 * w * h)
	if err != nil {
		return nil, fmt.Errorf("render: accumulation buffer: %w", err)
	}
	defer accum.Release()
	accum.SetLabel("accum")
	aovLen := 48
	if f.AOVs {
		aovLen = 48 * w * h
	}
	aov, err := r.dev.NewBuffer(aovLen)
	if err != nil {
		return nil, fmt.Errorf("render: AOV buffer: %w", err)
	}
	defer aov.Release()
	aov.SetLabel("aov")
	work, err := r.dev.NewBuffer(4)
	if err != nil {
		return nil, fmt.Errorf("render: work queue buffer: %w", err)
	}
	defer work.Release()
	work.SetLabel("pixel queue")

	tile := f.TileSize
	if tile == 0 {
		tile = autoTile(r.dev.Workers())
	}
	region := f.Region
	if region.Empty() {
		region = image.Rect(0, 0, w, h)
	}
	type rect struct{ x, y, w, h int }
	var tiles []rect
	for y := region.Min.Y; y < region.Max.Y; y += tile {
		for x := region.Min.X; x < region.Max.X; x += tile {
			tiles = append(tiles, rect{x, y, min(tile, region.Max.X-x), min(tile, region.Max.Y-y)})
		}
	}
	sched := passSchedule(f.SPP)
	total := int64(region.Dx()) * int64(region.Dy()) * int64(f.SPP)
	start := time.Now()
	var done int64
	sppDone, tilesDone := 0, 0
	var stopErr error
render:
	for pass, k := range sched {
		tilesDone = 0
		for ti, t := range tiles {
			if err := ctx.Err(); err != nil {
				stopErr = err
				break render
			}
			fs := st
			fs.TileX, fs.TileY, fs.TileWidth, fs.TileHeight = uint32(t.x), uint32(t.y), uint32(t.w), uint32(t.h)
			fs.SampleStart, fs.SamplesPerPass = uint32(sppDone), uint32(k)
			fp := kernel.FrameParams{Camera: cam, Settings: fs}
			budget := r.tileBudget(t.w * t.h * k)
			if err := r.dispatchTile(ctx, u, &fp, accum, aov, work, t.w*t.h, budget); err != nil {
				err = r.shaderError(shaders.KernelPathTrace, budget, err)
				if ctx.Err() == nil {
					return nil, err
				}
				// Cancelled inside the tile: keep what it accumulated.
				if !errors.Is(err, ctx.Err()) {
					err = fmt.Errorf("%w (%w)", ctx.Err(), err)
				}
				stopErr = err
				break render
			}
			tilesDone++
			done += int64(t.w) * int64(t.h) * int64(k)
			if progress != nil {
				el := time.Since(start)
				p := Progress{Samples: done, Total: total, Pass: pass, SPP: sppDone, Elapsed: el}
				if ti == len(tiles)-1 {
					p.SPP += k
				}
				if s := el.Seconds(); s > 0 {
					p.Rate = float64(done) / s
					if p.Rate > 0 {
						p.ETA = time.Duration(float64(total-done) / p.Rate * float64(time.Second))
					}
				}
				progress(p)
			}
		}
		sppDone += k
	}
	img, err := r.resolve(&kernel.FrameParams{Camera: cam, Settings: st}, accum, aov, f.AOVs)
	if err != nil {
		return nil, err
	}
	if region != image.Rect(0, 0, w, h) {
		img = img.crop(region)
	}
	img.SPP = sppDone
	img.Complete = stopErr == nil
	img.Elapsed = time.Since(start)
	img.TileSize, img.Tiles, img.TilesDone = tile, len(tiles), tilesDone
	return img, stopErr
}

// tileBudget is the instruction budget of a tile of samples pixel
// samples (0: none): samples × the per-sample budget, at least
// minTileBudget with the default.
func (r *Renderer) tileBudget(samples int) int64 {
	per := r.opts.SampleBudget
	floor := int64(0)
	switch {
	case per < 0:
		return 0
	case per == 0:
		per, floor = DefaultSampleBudget, minTileBudget
	}
	if n := int64(samples); n > 0 && per > math.MaxInt64/n {
		return math.MaxInt64
	}
	return max(int64(samples)*per, floor)
}

// minTileBudget is the least instruction budget of a tile with the
// default per-sample budget: a tile of a few pixels runs its paths on
// mostly idle SIMD-groups, so its instructions per sample are higher.
const minTileBudget = 1 << 27

// autoTile is the default tile edge for a device with workers workers:
// the smallest power of two from 64 to 512 whose tile gives every
// path_trace thread (persistentGroups SIMD-groups of 64 per worker) at
// least 256 pixels. Each dispatch ends with a tail in which the queue is
// empty and SIMD-groups run their last paths with idle lanes, and costs a
// command buffer: larger tiles have fewer of both, while tiles of a
// second or so keep progress reports and Ctrl-C prompt.
func autoTile(workers int) int {
	threads := persistentGroups * 64 * max(workers, 1)
	t := 64
	for t < 512 && t*t < 256*threads {
		t *= 2
	}
	return t
}

// persistentGroups is the number of 64-thread groups per worker that
// path_trace runs: two, so that a worker always has a second SIMD-group
// batch while the queue drains; more only lengthen the tail.
const persistentGroups = 2

// dispatchTile runs path_trace over one tile of pixels pixels in its own
// command buffer. The kernel's threads take pixels from the work queue
// (reset to 0 here), so the grid is sized to keep every worker busy, not
// to the tile: a few SIMD-groups per worker, each looping until the tile
// is done. The command buffer runs under the render's context and
// instruction budget (0: none), so a cancelled render or a material that
// never returns stops it mid-tile (the engine releases the dispatch's
// tracers).
func (r *Renderer) dispatchTile(ctx context.Context, u *upload, fp *kernel.FrameParams, accum, aov, work *engine.Buffer, pixels int, budget int64) error {
	clear(work.Contents())
	threads := min(pixels, persistentGroups*64*max(1, r.dev.Workers()))
	cb := r.queue.CommandBuffer(ctx)
	cb.SetLabel("path_trace")
	if err := cb.SetInstructionBudget(budget); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	frame := bytesOf([]kernel.FrameParams{*fp})
	steps := []error{
		enc.SetComputePipelineState(r.pl.pathTrace),
		enc.SetBuffer(u.resources, 0, kernel.BufferScene),
		enc.SetAccelerationStructure(u.accel, kernel.BufferAccel),
		enc.SetIntersectionFunctionTable(u.ift, kernel.BufferIFT),
		enc.SetVisibleFunctionTable(r.pl.materials, kernel.BufferMaterials),
		enc.SetBytes(slices.Clone(frame), kernel.BufferFrame),
		enc.SetBuffer(accum, 0, kernel.BufferAccum),
		enc.SetBuffer(aov, 0, kernel.BufferAOV),
		enc.SetBuffer(work, 0, kernel.BufferQueue),
	}
	for _, b := range u.buffers {
		steps = append(steps, enc.UseResource(b))
	}
	for _, t := range u.textures {
		steps = append(steps, enc.UseResource(t))
	}
	for _, s := range u.samplers {
		steps = append(steps, enc.UseResource(s))
	}
	steps = append(steps, enc.DispatchThreads(engine.Sz(threads, 1, 1), engine.Sz(64, 1, 1)), enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return fmt.Errorf("render: encoding path_trace: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return fmt.Errorf("render: path_trace: %w", err)
	}
	return nil
}

// lobeLimit is the kernel's per-lobe bounce limit for a validated Frame
// limit n (0: none).
func lobeLimit(n int) uint32 {
	if n == 0 {
		return kernel.NoLobeLimit
	}
	return uint32(n)
}
