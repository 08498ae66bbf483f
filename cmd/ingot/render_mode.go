package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
)

// Render modes of --mode.
const (
	modePath     = "path"
	modeRaster   = "raster"
	modeMesh     = "mesh"     // the rasterizer fed by meshlets (raster.Options.Meshlets)
	modeDeferred = "deferred" // the rasterizer's tile-shading deferred pass (raster.Options.Deferred)
	modeAuto     = "auto"
)

// renderMode resolves --mode: path, raster, mesh (raster through
// meshlets), deferred (raster's deferred pass), or auto (raster for
// --spp 0, else path). Mesh and deferred resolve to modeRaster, the
// rasterizer; rasterOptions tells them apart.
func renderMode(f *renderFlags) (string, error) {
	switch f.mode {
	case modePath, modeRaster:
		return f.mode, nil
	case modeMesh, modeDeferred:
		return modeRaster, nil
	case modeAuto, "":
		if f.spp == 0 {
			return modeRaster, nil
		}
		return modePath, nil
	}
	return "", fmt.Errorf("--mode %q: want path, raster, mesh, deferred or auto (raster for --spp 0)", f.mode)
}

// checkRasterFlags rejects the path-tracing flags that mean nothing to
// the rasterizer, naming the flag.
func checkRasterFlags(f *renderFlags) error {
	for _, c := range []struct {
		set  bool
		flag string
	}{
		{f.shutter != "", "--shutter"},
		{f.aperture != 0, "--aperture"},
		{f.focus != 0, "--focus"},
		{f.clamp != 0, "--clamp"},
		{f.tile != 0, "--tile"},
		{f.sampleBudget != 0, "--sample-budget"},
		{f.job.region != "", "--region"},
		{f.job.shutterAngle != 0, "--shutter-angle"},
		{f.maxBounces != render.DefaultMaxBounces, "--max-bounces"},
		{f.lobeBounces.diffuse != 0, "--max-diffuse-bounces"},
		{f.lobeBounces.glossy != 0, "--max-glossy-bounces"},
		{f.lobeBounces.transmission != 0, "--max-transmission-bounces"},
	} {
		if c.set {
			return fmt.Errorf("%s: a path-tracing setting, not supported with --mode raster", c.flag)
		}
	}
	switch f.msaa {
	case 0, 1, 2, 4, 8:
	default:
		return fmt.Errorf("--msaa %d: want 1, 2, 4 or 8", f.msaa)
	}
	if f.lod != 0 && (f.mode != modeMesh || !(f.lod > 0) || math.IsInf(f.lod, 0)) {
		return fmt.Errorf("--lod %v: want a positive pixel count, with --mode mesh", f.lod)
	}
	if f.mode == modeDeferred && f.msaa > 1 {
		return fmt.Errorf("--msaa %d: --mode deferred shades one sample per pixel (want 1, or --mode raster for MSAA)", f.msaa)
	}
	return nil
}

// rasterOptions are the rasterizer's options for the flags: --msaa
// (0: the mode's default, 4 or 1 for deferred), --mode mesh or deferred,
// --lod, and of the path tracer's options the environment and the
// --material functions (the same files as the path mode's).
func rasterOptions(f *renderFlags, opts *render.Options) raster.Options {
	return raster.Options{Env: opts.Env, SampleCount: f.msaa, Meshlets: f.mode == modeMesh, Deferred: f.mode == modeDeferred,
		LOD: f.lod > 0, LODPixels: float32(f.lod), Materials: opts.Materials}
}

// runRaster renders frame with the forward rasterizer and writes the
// outputs (runRender's raster branch).
func runRaster(ctx context.Context, stderr io.Writer, s *scenes.Scene, f *renderFlags, opts *render.Options, frame render.Frame) (int, error) {
	dev, err := render.NewDevice(f.threads)
	if err != nil {
		return 0, err
	}
	setup := time.Now()
	r, err := raster.NewRenderer(ctx, dev, s, rasterOptions(f, opts))
	if err != nil {
		return 0, err
	}
	defer r.Close()
	setupTime := time.Since(setup)
	rctx, cancel := withTimeLimit(ctx, f.timeLimit)
	defer cancel()
	img, err := r.Render(rctx, frame)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return exitInterrupted, fmt.Errorf("interrupted: %w", err)
		case errors.Is(err, context.DeadlineExceeded) && rctx.Err() != nil:
			return exitTimeLimit, fmt.Errorf("--time-limit %v reached: %w", f.timeLimit, err)
		}
		return 0, err
	}
	if err := img.WriteFile(f.out); err != nil {
		return 0, err
	}
	if f.linear != "" {
		if err := img.WriteFile(f.linear); err != nil {
			return 0, err
		}
	}
	if f.aovDir != "" {
		if err := img.WriteAOVs(f.aovDir); err != nil {
			return 0, err
		}
		if err := writeMotion(rctx, r, frame, f.job.fps, f.aovDir); err != nil {
			return 0, err
		}
	}
	kind := fmt.Sprintf("raster %d× MSAA", img.SPP)
	if f.mode == modeDeferred {
		kind = "deferred"
	}
	fmt.Fprintf(stderr, "wrote %s: %dx%d, %s, %.3fs (+%.1fs setup)\n", f.out, frame.Width, frame.Height,
		kind, img.Elapsed.Seconds(), setupTime.Seconds())
	return exitOK, nil
}
