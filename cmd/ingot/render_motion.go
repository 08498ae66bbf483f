package main

import (
	"context"
	"path/filepath"

	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
)

// motionFile is the rasterizer's motion-vector AOV in --aov-dir.
const motionFile = "motion.pfm"

// writeMotion writes motion.pfm into aovDir (raster modes with
// --aov-dir): the screen-space motion of each pixel's surface from one
// frame interval (1/fps: the previous frame of a --frames job) before
// frame's time to its time, with the same camera settings (raster.Motion's
// convention: pixels, this frame's position minus the previous one's, x
// right, y down; B is 1 where a surface covers the pixel).
func writeMotion(ctx context.Context, r *raster.Renderer, frame render.Frame, fps float64, aovDir string) error {
	prev := frame
	prev.Time = frame.Time - float32(1/fps)
	mv, err := r.Motion(ctx, frame, prev)
	if err != nil {
		return err
	}
	return raster.WriteMotion(filepath.Join(aovDir, motionFile), frame.Width, frame.Height, mv)
}
