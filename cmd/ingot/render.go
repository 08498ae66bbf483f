package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
)

func init() { subcommands = append(subcommands, newRenderCmd) }

// renderFlags are the values of `ingot render`'s flags.
type renderFlags struct {
	out, linear, aovDir       string
	size, mode                string
	spp, maxBounces           int
	lobeBounces               lobeBounceFlags
	time                      float64
	shutter                   string
	camera                    string
	eye, target, up           string
	fov, aperture, focus      float64
	exposure                  float64
	tonemap                   string
	seed                      uint32
	threads                   int
	env                       string
	envIntensity, envRotation float64
	materials                 []string
	timeLimit                 time.Duration
	quiet                     bool
	tile                      int
	clamp                     float64
	sceneSel                  string
	sampleBudget              int64
	msaa                      int
	lod                       float64
	filter                    filterFlags
	job                       jobFlags
}

// newRenderCmd builds `ingot render`.
func newRenderCmd() *cobra.Command {
	var f renderFlags
	cmd := &cobra.Command{
		Use:   "render [SCENE] [-o out.png] [flags]",
		Short: "Render a scene to PNG with the MSL path tracer or the MSL rasterizer (--mode)",
		Long: "render path-traces a .gltf, .glb or .obj file or a built-in scene (" + fmt.Sprint(scenes.BuiltinNames()) +
			"; default " + scenes.DefaultScene + ") with ingot's stock path tracer, written in MSL and run on ingot's engine, " +
			"and writes an 8-bit sRGB PNG (or a linear .pfm when -o ends in .pfm). Ctrl-C stops the render and writes what " +
			"was accumulated; --time-limit does the same after a duration. --frames START:END renders an animation to numbered " +
			"files (-o out_%04d.png); --region renders a part of a frame, and `ingot merge` joins the parts.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			name := ""
			if len(args) == 1 {
				name = args[0]
			}
			code, err := runRender(cmd, name, &f)
			if err != nil {
				printError(cmd.ErrOrStderr(), "ingot render", err)
				if ctx := cmd.Context(); ctx != nil && ctx.Err() != nil {
					return exitError{exitInterrupted}
				}
				return exitError{failureCode(err)}
			}
			if code != exitOK {
				return exitError{code}
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "output", "o", "out.png", "output image (.png: 8-bit sRGB; .pfm: linear float)")
	fl.StringVar(&f.linear, "linear", "", "also write the linear radiance to this .pfm file")
	fl.StringVar(&f.aovDir, "aov-dir", "", "write albedo.pfm, normal.pfm and depth.pfm (first-hit AOVs) into this directory; raster modes add motion.pfm (motion vectors in pixels from one frame interval, 1/--fps, earlier: R x right, G y down, B coverage)")
	fl.StringVar(&f.size, "size", "256x256", "image size WxH")
	fl.StringVar(&f.mode, "mode", modeAuto, "renderer: path (the MSL path tracer), raster (the MSL forward rasterizer: a preview in a fraction of a second), mesh (the rasterizer fed by culled meshlets through an object/mesh pipeline; the same image), deferred (the rasterizer as a single-pass deferred renderer: G-buffer in tile memory, lights culled per tile; the raster image at --msaa 1) or auto (raster for --spp 0, else path)")
	fl.Float64Var(&f.lod, "lod", 0, "--mode mesh: draw each geometry at the coarsest level of detail (vertex clustering) whose error projects to at most this many pixels (0: full detail)")
	fl.IntVar(&f.msaa, "msaa", 0, "samples per pixel of --mode raster and mesh (1, 2, 4 or 8; 0: 4, and 1 with --mode deferred, which supports only 1)")
	fl.IntVar(&f.spp, "spp", 8, "samples per pixel of the path tracer (0: --mode auto rasterizes)")
	fl.IntVar(&f.maxBounces, "max-bounces", render.DefaultMaxBounces, "maximum path length (bounces after the camera ray; 0: emitters seen directly only)")
	f.lobeBounces.register(cmd)
	fl.Float64Var(&f.time, "time", 0, "scene time in seconds (animation)")
	fl.StringVar(&f.shutter, "shutter", "", "shutter interval OPEN,CLOSE in seconds (motion blur)")
	fl.StringVar(&f.camera, "camera", "", "scene camera by NAME or INDEX (default: the first placed camera, else an automatic view)")
	fl.StringVar(&f.eye, "eye", "", "explicit camera position x,y,z (with --target)")
	fl.StringVar(&f.target, "target", "", "explicit camera target x,y,z")
	fl.StringVar(&f.up, "up", "0,1,0", "explicit camera up vector x,y,z")
	fl.Float64Var(&f.fov, "fov", 45, "vertical field of view in degrees (explicit camera)")
	fl.Float64Var(&f.aperture, "aperture", 0, "lens radius in scene units (depth of field; 0: pinhole)")
	fl.Float64Var(&f.focus, "focus", 0, "focus distance (default: the target's distance)")
	fl.Float64Var(&f.exposure, "exposure", 0, "exposure in stops (EV)")
	fl.StringVar(&f.tonemap, "tonemap", "pbr-neutral", "tone mapping: pbr-neutral, aces or none")
	fl.Uint32Var(&f.seed, "seed", 0, "sample pattern seed")
	fl.IntVar(&f.threads, "threads", 0, "worker goroutines (0: all cores); the image does not depend on it")
	fl.StringVar(&f.env, "env", "", "environment: an equirectangular FILE.hdr or a constant colour r,g,b (default: black, or for a scene without lights the studio environment: white above, a grey floor below)")
	fl.Float64Var(&f.envIntensity, "env-intensity", 1, "environment multiplier")
	fl.Float64Var(&f.envRotation, "env-rotation", 0, "environment rotation about +Y in degrees")
	fl.StringArrayVar(&f.materials, "material", nil, "replace material NAME (or * for all) with the [[visible]] function of an MSL file: NAME=file.metal (repeatable; every mode: the rasterizer calls it where it evaluates the glTF material)")
	fl.DurationVar(&f.timeLimit, "time-limit", 0, "stop after this long and write what was accumulated (e.g. 10s)")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar (the summary line is still printed)")
	fl.IntVar(&f.tile, "tile", 0, "tile edge in pixels (scheduling only; 0: from the thread count)")
	fl.Float64Var(&f.clamp, "clamp", 0, "clamp each sample's luminance (0: off)")
	fl.StringVar(&f.sceneSel, "scene", "", "glTF scene to load, by name or index")
	fl.Int64Var(&f.sampleBudget, "sample-budget", 0, fmt.Sprintf("instruction budget of a tile per pixel sample: a material that runs past it fails the render (0: %d; -1: none)", render.DefaultSampleBudget))
	f.filter.register(cmd)
	f.job.register(cmd)
	return cmd
}

// parseVec3 parses "x,y,z".
func parseVec3(flag, s string) ([3]float32, error) {
	var v [3]float32
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return v, fmt.Errorf("--%s %q: want x,y,z", flag, s)
	}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil {
			return v, fmt.Errorf("--%s %q: component %d: %w", flag, s, i, err)
		}
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > math.MaxFloat32 {
			return v, fmt.Errorf("--%s %q: component %d is not a finite number", flag, s, i)
		}
		v[i] = float32(x)
	}
	return v, nil
}

// maxImageSide is the largest image side render.Frame accepts.
const maxImageSide = 1 << 14

// parseSize parses "WxH".
func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("--size %q: want WxH with positive integers", s)
	}
	if w > maxImageSide || h > maxImageSide {
		return 0, 0, fmt.Errorf("--size %s: at most %d per side", s, maxImageSide)
	}
	return w, h, nil
}

// parseEnv reads --env: a .hdr file or a constant colour.
func parseEnv(f *renderFlags) (*render.Environment, error) {
	if f.env == "" {
		return nil, nil
	}
	var env *render.Environment
	if c, err := parseVec3("env", f.env); err == nil {
		env = &render.Environment{Color: c, Intensity: 1}
	} else {
		if !strings.EqualFold(filepath.Ext(f.env), ".hdr") {
			return nil, fmt.Errorf("--env %q: want a .hdr file or r,g,b", f.env)
		}
		env, err = render.LoadHDR(f.env)
		if err != nil {
			return nil, err
		}
	}
	env.Intensity *= float32(f.envIntensity)
	env.Rotation = float32(f.envRotation * 3.141592653589793 / 180)
	return env, nil
}

// renderSetup turns the flags into renderer options and a frame.
func renderSetup(f *renderFlags) (render.Options, render.Frame, error) {
	var opts render.Options
	frame := render.DefaultFrame()
	mode, err := renderMode(f)
	if err != nil {
		return opts, frame, err
	}
	if mode == modeRaster {
		if err := checkRasterFlags(f); err != nil {
			return opts, frame, err
		}
	} else if f.lod != 0 {
		return opts, frame, fmt.Errorf("--lod %v: a setting of --mode mesh", f.lod)
	}
	if err := checkNumbers(f); err != nil {
		return opts, frame, err
	}
	w, h, err := parseSize(f.size)
	if err != nil {
		return opts, frame, err
	}
	frame.Width, frame.Height = w, h
	if frame.Region, err = parseRegion(f.job.region, w, h); err != nil {
		return opts, frame, err
	}
	if err := checkJobFlags(f); err != nil {
		return opts, frame, err
	}
	if f.spp < 0 || (f.spp == 0 && mode == modePath) {
		return opts, frame, fmt.Errorf("--spp %d: want ≥ 1 (0 only with --mode raster or auto)", f.spp)
	}
	frame.SPP = f.spp
	if f.maxBounces < 0 || f.maxBounces > 1<<16 {
		return opts, frame, fmt.Errorf("--max-bounces %d: want 0..65536", f.maxBounces)
	}
	frame.MaxBounces = f.maxBounces // 0: emitters seen directly only
	if err := f.lobeBounces.apply(&frame); err != nil {
		return opts, frame, err
	}
	frame.Time = float32(f.time)
	if f.shutter != "" {
		a, b, ok := strings.Cut(f.shutter, ",")
		o, err1 := strconv.ParseFloat(strings.TrimSpace(a), 32)
		c, err2 := strconv.ParseFloat(strings.TrimSpace(b), 32)
		if !ok || err1 != nil || err2 != nil || !(c >= o) || o < 0 || math.IsInf(c, 0) {
			return opts, frame, fmt.Errorf("--shutter %q: want OPEN,CLOSE with 0 ≤ OPEN ≤ CLOSE", f.shutter)
		}
		frame.Shutter = [2]float32{float32(o), float32(c)}
		opts.Shutter = frame.Shutter
	} else {
		opts.Shutter = [2]float32{frame.Time, frame.Time}
	}
	frame.CameraName = f.camera
	if f.eye != "" || f.target != "" {
		if f.eye == "" || f.target == "" {
			return opts, frame, errors.New("--eye and --target go together")
		}
		if f.camera != "" {
			return opts, frame, errors.New("--camera and --eye/--target exclude each other")
		}
		eye, err := parseVec3("eye", f.eye)
		if err != nil {
			return opts, frame, err
		}
		target, err := parseVec3("target", f.target)
		if err != nil {
			return opts, frame, err
		}
		up, err := parseVec3("up", f.up)
		if err != nil {
			return opts, frame, err
		}
		if f.fov <= 0 || f.fov >= 180 {
			return opts, frame, fmt.Errorf("--fov %v: want 0 < fov < 180", f.fov)
		}
		d := mgl32.Vec3(target).Sub(mgl32.Vec3(eye))
		if d.Len() == 0 {
			return opts, frame, fmt.Errorf("--eye %s --target %s: the same point", f.eye, f.target)
		}
		if d.Cross(mgl32.Vec3(up)).Len() == 0 {
			return opts, frame, fmt.Errorf("--up %s: parallel to the view direction from --eye to --target (or zero)", f.up)
		}
		frame.LookAt = &render.Camera{Eye: eye, Target: target, Up: up, FovY: float32(f.fov)}
	}
	if f.aperture < 0 || f.focus < 0 {
		return opts, frame, errors.New("--aperture and --focus must be ≥ 0")
	}
	frame.Aperture, frame.FocusDistance = float32(f.aperture), float32(f.focus)
	frame.Exposure = float32(f.exposure)
	tm, err := render.ParseToneMap(f.tonemap)
	if err != nil {
		return opts, frame, fmt.Errorf("--tonemap: %w", err)
	}
	frame.ToneMap = tm
	frame.Seed = f.seed
	frame.AOVs = f.aovDir != ""
	if f.tile < 0 {
		return opts, frame, fmt.Errorf("--tile %d: want ≥ 0", f.tile)
	}
	frame.TileSize = f.tile
	if f.clamp < 0 {
		return opts, frame, fmt.Errorf("--clamp %v: want ≥ 0", f.clamp)
	}
	frame.ClampRadiance = float32(f.clamp)
	if err := f.filter.apply(&frame, mode == modeRaster); err != nil {
		return opts, frame, err
	}
	env, err := parseEnv(f)
	if err != nil {
		return opts, frame, err
	}
	opts.Env = env
	if f.sampleBudget < -1 {
		return opts, frame, fmt.Errorf("--sample-budget %d: want ≥ 0, or -1 for none", f.sampleBudget)
	}
	opts.SampleBudget = f.sampleBudget
	for _, m := range f.materials {
		name, file, ok := strings.Cut(m, "=")
		if !ok || name == "" || file == "" {
			return opts, frame, fmt.Errorf("--material %q: want NAME=file.metal", m)
		}
		src, err := os.ReadFile(file)
		if err != nil {
			return opts, frame, fmt.Errorf("--material %s: %w", name, err)
		}
		opts.Materials = append(opts.Materials, render.UserMaterial{Material: name, File: file, Source: src})
	}
	return opts, frame, nil
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// checkOutputs checks -o, --linear and --aov-dir before anything is
// rendered (creating --aov-dir).
func checkOutputs(f *renderFlags) error {
	if f.job.animated() {
		return checkFrameOutputs(f)
	}
	if err := checkOutputFile("-o", f.out, ".png", ".pfm"); err != nil {
		return err
	}
	if f.linear != "" {
		if err := checkOutputFile("--linear", f.linear, ".pfm"); err != nil {
			return err
		}
		if a, b := filepath.Clean(f.out), filepath.Clean(f.linear); a == b {
			return fmt.Errorf("--linear %s: the same file as -o", f.linear)
		}
	}
	if f.aovDir != "" {
		return checkOutputDir("--aov-dir", f.aovDir)
	}
	return nil
}

// runRender renders scene name with flags f and returns the exit code of
// a render that ran (exitOK, or the code of a stopped one whose partial
// image was written), or the error that kept it from running or writing.
func runRender(cmd *cobra.Command, name string, f *renderFlags) (int, error) {
	opts, frame, err := renderSetup(f)
	if err != nil {
		return 0, err
	}
	if f.threads < 0 {
		return 0, fmt.Errorf("--threads %d: want ≥ 0", f.threads)
	}
	if err := checkOutputs(f); err != nil {
		return 0, err
	}
	if f.threads > 0 && f.threads > runtime.GOMAXPROCS(0) {
		runtime.GOMAXPROCS(f.threads)
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	stderr := cmd.ErrOrStderr()
	s, err := scenes.Open(ctx, name, scenes.Options{Scene: f.sceneSel})
	if err != nil {
		return 0, err
	}
	if s, _, err = selectAnimation(s, f.job.animation); err != nil {
		return 0, err
	}
	if err := checkSceneFlags(f, s); err != nil {
		return 0, err
	}
	printWarnings(stderr, s.Warnings)
	if opts.Env == nil && unlit(s) {
		// A model exported without lights would render black; light it
		// the way a viewer would, and say so.
		opts.Env = render.StudioEnvironment()
		fmt.Fprintln(stderr, "ingot render: the scene has no light sources; lighting it with the studio environment, white above and a grey floor below (choose another with --env)")
	}
	mode, _ := renderMode(f)
	if f.job.animated() {
		return runFrames(ctx, stderr, s, f, opts, frame, mode)
	}
	if mode == modeRaster {
		return runRaster(ctx, stderr, s, f, &opts, frame)
	}
	dev, err := render.NewDevice(f.threads)
	if err != nil {
		return 0, err
	}
	setup := time.Now()
	r, err := render.NewRenderer(ctx, dev, s, opts)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	setupTime := time.Since(setup)
	rctx, cancel := withTimeLimit(ctx, f.timeLimit)
	defer cancel()
	var bar *progressbar.ProgressBar
	var progress func(render.Progress)
	desc := fmt.Sprintf("rendering %dx%d, %d spp", frame.Width, frame.Height, frame.SPP)
	switch {
	case f.quiet:
	case isTerminal(stderr):
		total := int64(frame.Width) * int64(frame.Height) * int64(frame.SPP)
		bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("samples"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
		progress = func(p render.Progress) { _ = bar.Set64(p.Samples) }
	default:
		fmt.Fprintf(stderr, "ingot render: %s (setup %.1fs)\n", desc, setupTime.Seconds())
	}
	img, rerr := r.Render(rctx, frame, progress)
	if bar != nil {
		_ = bar.Finish()
	}
	code := exitOK
	if rerr != nil {
		switch {
		case img == nil:
			return 0, rerr
		case ctx.Err() != nil:
			code = exitInterrupted
		case errors.Is(rerr, context.DeadlineExceeded) && rctx.Err() != nil:
			code = exitTimeLimit
		default:
			return 0, rerr
		}
	}
	if err := writeOutputs(img, f.out, f.linear, f.aovDir); err != nil {
		return 0, err
	}
	if code != exitOK {
		fmt.Fprintln(stderr, "ingot render:", stopReport(f, img, rerr, code))
		return code, nil
	}
	samples := float64(frame.Width*frame.Height) * float64(img.SPP)
	fmt.Fprintf(stderr, "wrote %s: %dx%d, %d spp, %.1fs (+%.1fs setup), %.3g samples/s\n", f.out, frame.Width, frame.Height,
		img.SPP, img.Elapsed.Seconds(), setupTime.Seconds(), samples/img.Elapsed.Seconds())
	return exitOK, nil
}

// stopReport says why and where a render stopped, what it has and what was
// written.
func stopReport(f *renderFlags, img *render.Image, err error, code int) string {
	var b strings.Builder
	if code == exitInterrupted {
		b.WriteString("interrupted")
	} else {
		fmt.Fprintf(&b, "--time-limit %v reached", f.timeLimit)
	}
	fmt.Fprintf(&b, " after %.1fs: stopped at %d spp", img.Elapsed.Seconds(), img.SPP)
	if img.SPP == 0 {
		fmt.Fprintf(&b, " (first pass: %d of %d tiles of %dx%d px done, row-major from the top left; the other pixels have at most part of a tile's samples)",
			img.TilesDone, img.Tiles, min(img.TileSize, img.Width), min(img.TileSize, img.Height))
	}
	var se *render.ShaderError
	if errors.As(err, &se) && se.Material >= 0 {
		fmt.Fprintf(&b, "; it was running material function %s (--material %s) at %s:%d:%d",
			se.Function, se.MaterialName, se.File, se.Line, se.Column)
	}
	fmt.Fprintf(&b, "; wrote %s", f.out)
	for _, o := range []string{f.linear, f.aovDir} {
		if o != "" {
			b.WriteString(", " + o)
		}
	}
	return b.String()
}

// maxWarnings is how many scene warnings ingot render prints.
const maxWarnings = 10

// printWarnings prints the loader's warnings (at most maxWarnings).
func printWarnings(w io.Writer, warnings []string) {
	for i, msg := range warnings {
		if i == maxWarnings {
			fmt.Fprintf(w, "ingot render: warning: %d more warnings (ingot scene info lists them all)\n", len(warnings)-maxWarnings)
			break
		}
		fmt.Fprintln(w, "ingot render: warning:", msg)
	}
}

// unlit reports whether s has no light source at time 0: no punctual
// lights and no emitter of uniform colour. Emissive textures (glowing
// details such as a helmet's displays) do not count: a model lit only by
// them would render nearly black without an environment.
func unlit(s *scenes.Scene) bool {
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

// withTimeLimit is ctx cancelled after limit (--time-limit), or ctx itself
// when limit is 0.
func withTimeLimit(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	if limit > 0 {
		return context.WithTimeout(ctx, limit)
	}
	return ctx, func() {}
}
