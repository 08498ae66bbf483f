package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
)

// frameRenderer is the path tracer or the rasterizer behind a frame job.
type frameRenderer interface {
	render(ctx context.Context, f render.Frame, progress func(render.Progress)) (*render.Image, error)
	close()
}

type pathRenderer struct{ r *render.Renderer }

func (p pathRenderer) render(ctx context.Context, f render.Frame, progress func(render.Progress)) (*render.Image, error) {
	return p.r.Render(ctx, f, progress)
}
func (p pathRenderer) close() { p.r.Close() }

type rasterRenderer struct{ r *raster.Renderer }

func (p rasterRenderer) render(ctx context.Context, f render.Frame, _ func(render.Progress)) (*render.Image, error) {
	return p.r.Render(ctx, f)
}
func (p rasterRenderer) close() { p.r.Close() }

// checkFrameOutputs checks the output patterns of a frame job before
// anything is rendered: each holds one frame number verb, and the first
// frame's files can be created.
func checkFrameOutputs(f *renderFlags) error {
	if err := checkPattern("-o", f.out); err != nil {
		return err
	}
	if err := checkOutputFile("-o", frameName(f.out, 0), ".png", ".pfm"); err != nil {
		return err
	}
	if f.linear != "" {
		if err := checkPattern("--linear", f.linear); err != nil {
			return err
		}
		if err := checkOutputFile("--linear", frameName(f.linear, 0), ".pfm"); err != nil {
			return err
		}
		if filepath.Clean(f.out) == filepath.Clean(f.linear) {
			return fmt.Errorf("--linear %s: the same files as -o", f.linear)
		}
	}
	if f.aovDir != "" {
		if err := checkPattern("--aov-dir", f.aovDir); err != nil {
			return err
		}
		return checkOutputDir("--aov-dir", filepath.Dir(filepath.Clean(frameName(f.aovDir, 0))))
	}
	return nil
}

// frameOutputs are the files of frame n: -o, --linear, --aov-dir.
func frameOutputs(f *renderFlags, n int) (out, linear, aovDir string) {
	out = frameName(f.out, n)
	if f.linear != "" {
		linear = frameName(f.linear, n)
	}
	if f.aovDir != "" {
		aovDir = frameName(f.aovDir, n)
	}
	return out, linear, aovDir
}

// framesDone reports whether every output of frame n exists (images are
// written atomically, so an existing file is a complete one).
func framesDone(f *renderFlags, n int) bool {
	out, linear, aov := frameOutputs(f, n)
	paths := []string{out}
	if linear != "" {
		paths = append(paths, linear)
	}
	if aov != "" {
		paths = append(paths, filepath.Join(aov, "albedo.pfm"), filepath.Join(aov, "normal.pfm"), filepath.Join(aov, "depth.pfm"))
		if m, err := renderMode(f); err == nil && m == modeRaster {
			paths = append(paths, filepath.Join(aov, motionFile))
		}
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return false
		}
	}
	return true
}

// writeOutputs writes img to -o, --linear and --aov-dir (those set).
func writeOutputs(img *render.Image, out, linear, aovDir string) error {
	if err := img.WriteFile(out); err != nil {
		return err
	}
	if linear != "" {
		if err := img.WriteFile(linear); err != nil {
			return err
		}
	}
	if aovDir != "" {
		if err := img.WriteAOVs(aovDir); err != nil {
			return err
		}
	}
	return nil
}

// frameList resolves --frames (or the frames of --animation) for s.
func frameList(f *renderFlags, s *scenes.Scene) ([]int, error) {
	if f.job.frames != "" {
		r, err := parseFrames(f.job.frames)
		if err != nil {
			return nil, err
		}
		return r.numbers(), nil
	}
	if len(s.Animations) != 1 {
		return nil, fmt.Errorf("--animation %s: give --frames too", f.job.animation)
	}
	return animationFrames(&s.Animations[0], f.job.fps).numbers(), nil
}

// runFrames renders the frame sequence of f (runRender's --frames and
// --animation branch) with one renderer and one progress bar. A stopped
// job (Ctrl-C, --time-limit) keeps the frames it finished and writes
// nothing of the frame it was in, so --skip-existing resumes it.
func runFrames(ctx context.Context, stderr io.Writer, s *scenes.Scene, f *renderFlags, opts render.Options, frame render.Frame, mode string) (int, error) {
	nums, err := frameList(f, s)
	if err != nil {
		return 0, err
	}
	if len(s.Animations) == 0 {
		fmt.Fprintln(stderr, "ingot render: warning: the scene has no animations; every frame is the same")
	}
	var todo []int
	for _, n := range nums {
		if f.job.skipExisting && framesDone(f, n) {
			continue
		}
		todo = append(todo, n)
	}
	skipped := len(nums) - len(todo)
	if len(todo) == 0 {
		fmt.Fprintf(stderr, "ingot render: all %d frames exist (--skip-existing)\n", len(nums))
		return exitOK, nil
	}
	sh := frameTimes(todo[0], f.job.fps, f.job.shutterAngle)
	opts.Shutter = sh
	dev, err := render.NewDevice(f.threads)
	if err != nil {
		return 0, err
	}
	setup := time.Now()
	var r frameRenderer
	if mode == modeRaster {
		rr, err := raster.NewRenderer(ctx, dev, s, rasterOptions(f, &opts))
		if err != nil {
			return 0, err
		}
		r = rasterRenderer{rr}
	} else {
		pr, err := render.NewRenderer(ctx, dev, s, opts)
		if err != nil {
			return 0, err
		}
		r = pathRenderer{pr}
	}
	defer r.close()
	setupTime := time.Since(setup)
	rctx, cancel := withTimeLimit(ctx, f.timeLimit)
	defer cancel()
	w, h := frame.Width, frame.Height
	if !frame.Region.Empty() {
		w, h = frame.Region.Dx(), frame.Region.Dy()
	}
	perFrame := int64(w) * int64(h) * int64(max(frame.SPP, 1))
	if mode == modeRaster {
		perFrame = 1
	}
	var bar *progressbar.ProgressBar
	desc := fmt.Sprintf("rendering %d frames of %dx%d", len(todo), w, h)
	switch {
	case f.quiet:
	case isTerminal(stderr):
		unit := "samples"
		if mode == modeRaster {
			unit = "frames"
		}
		bar = progressbar.NewOptions64(int64(len(todo))*perFrame,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(unit),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	default:
		fmt.Fprintf(stderr, "ingot render: %s (setup %.1fs)\n", desc, setupTime.Seconds())
	}
	start := time.Now()
	for i, n := range todo {
		fr := frame
		sh := frameTimes(n, f.job.fps, f.job.shutterAngle)
		fr.Time = sh[0]
		if sh[1] > sh[0] {
			fr.Shutter = sh
		}
		base := int64(i) * perFrame
		var progress func(render.Progress)
		if bar != nil {
			progress = func(p render.Progress) { _ = bar.Set64(base + p.Samples) }
		}
		img, rerr := r.render(rctx, fr, progress)
		if rerr != nil {
			code := 0
			switch {
			case ctx.Err() != nil:
				code = exitInterrupted
			case errors.Is(rerr, context.DeadlineExceeded) && rctx.Err() != nil:
				code = exitTimeLimit
			default:
				if bar != nil {
					_ = bar.Finish()
				}
				return 0, fmt.Errorf("frame %d: %w", n, rerr)
			}
			if bar != nil {
				_ = bar.Finish()
			}
			why := "interrupted"
			if code == exitTimeLimit {
				why = fmt.Sprintf("--time-limit %v reached", f.timeLimit)
			}
			fmt.Fprintf(stderr, "ingot render: %s in frame %d: wrote %s; frame %d and later were not written (--skip-existing resumes)\n",
				why, n, doneFrames(todo[:i], skipped), n)
			return code, nil
		}
		out, linear, aov := frameOutputs(f, n)
		if err := writeOutputs(img, out, linear, aov); err != nil {
			return 0, fmt.Errorf("frame %d: %w", n, err)
		}
		if rr, ok := r.(rasterRenderer); ok && aov != "" {
			if err := writeMotion(rctx, rr.r, fr, f.job.fps, aov); err != nil {
				return 0, fmt.Errorf("frame %d: %w", n, err)
			}
		}
		if bar != nil {
			_ = bar.Set64(base + perFrame)
		} else if !f.quiet {
			fmt.Fprintf(stderr, "ingot render: frame %d (time %gs): wrote %s\n", n, fr.Time, out)
		}
	}
	if bar != nil {
		_ = bar.Finish()
	}
	el := time.Since(start)
	fmt.Fprintf(stderr, "wrote %d frames %s..%s (%d skipped): %dx%d, %.1fs (+%.1fs setup), %.3fs a frame\n", len(todo),
		frameName(f.out, todo[0]), frameName(f.out, todo[len(todo)-1]), skipped, w, h, el.Seconds(), setupTime.Seconds(), el.Seconds()/float64(len(todo)))
	return exitOK, nil
}

// doneFrames describes the frames a stopped job wrote.
func doneFrames(done []int, skipped int) string {
	var b strings.Builder
	switch len(done) {
	case 0:
		b.WriteString("no frames")
	case 1:
		fmt.Fprintf(&b, "frame %d", done[0])
	default:
		fmt.Fprintf(&b, "%d frames (%d to %d)", len(done), done[0], done[len(done)-1])
	}
	if skipped > 0 {
		fmt.Fprintf(&b, ", %d existed before", skipped)
	}
	return b.String()
}
