package render

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"unsafe"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestCameraRaysKernel runs the camera_rays kernel over a tile with depth
// of field and a shutter and compares every ray with the Go reference
// (CameraData.Ray on Sample4): origins and directions within 1e-5, for
// every pixel filter at its default width and one custom width.
func TestCameraRaysKernel(t *testing.T) {
	r := testRenderer(t, builtin.Cornell(), 2, Options{})
	f := smallFrame(20, 12, 1)
	f.Aperture, f.FocusDistance, f.Shutter = 0.05, 3, [2]float32{0, 0.5}
	cam, err := r.camera(&f)
	if err != nil {
		t.Fatal(err)
	}
	for _, fc := range []struct {
		f PixelFilter
		w float32
	}{{FilterTent, 0}, {FilterBox, 0}, {FilterGaussian, 0}, {FilterBlackmanHarris, 0}, {FilterCenter, 0}, {FilterBlackmanHarris, 3.5}, {FilterTent, 1}} {
		t.Run(fmt.Sprintf("%v/%v", fc.f, fc.w), func(t *testing.T) {
			cameraRaysCase(t, r, cam, fc.f, fc.w)
		})
	}
}

func cameraRaysCase(t *testing.T, r *Renderer, cam kernel.CameraData, filter PixelFilter, width float32) {
	const tx, ty, tw, th = 4, 2, 16, 8
	st := kernel.RenderSettings{Width: 20, Height: 12, TileX: tx, TileY: ty, TileWidth: tw, TileHeight: th, SampleStart: 5, Seed: 3,
		Filter: uint32(filter), FilterWidth: width}
	fp := kernel.FrameParams{Camera: cam, Settings: st}
	rays, err := r.dev.NewBuffer(tw * th * int(unsafe.Sizeof(kernel.CameraRay{})))
	if err != nil {
		t.Fatal(err)
	}
	cb := r.queue.CommandBuffer(context.Background())
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(enc.SetComputePipelineState(r.pl.cameraRays), enc.SetBytes(bytesOf([]kernel.FrameParams{fp}), kernel.BufferFrame),
		enc.SetBuffer(rays, 0, kernel.BufferRays), enc.DispatchThreads(engine.Sz(tw, th, 1), engine.Sz(8, 8, 1)), enc.EndEncoding(), cb.Commit()); err != nil {
		t.Fatal(err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		t.Fatal(err)
	}
	got := unsafe.Slice((*kernel.CameraRay)(unsafe.Pointer(&rays.Contents()[0])), tw*th)
	worst := 0.0
	for y := range uint32(th) {
		for x := range uint32(tw) {
			px, py := tx+x, ty+y
			seed := kernel.PixelSeed(px, py, kernel.HashCombine(st.Seed, st.FrameIndex))
			film := kernel.Sample4(seed, st.SampleStart, kernel.DimCamera)
			tu := kernel.Sample4(seed, st.SampleStart, kernel.DimTime)
			o, d, tm := cam.Ray(&st, px, py, film, tu[0])
			g := got[y*tw+x]
			for c := range 3 {
				worst = max(worst, math.Abs(float64(g.Origin[c]-o[c])), math.Abs(float64(g.Direction[c]-d[c])))
			}
			if math.Abs(float64(g.Time-tm)) > 1e-6 || g.Weight != 1 {
				t.Errorf("pixel (%d,%d): time %v weight %v, want %v 1", px, py, g.Time, g.Weight, tm)
			}
		}
	}
	t.Logf("largest origin/direction difference %.3g", worst)
	if worst > 1e-5 {
		t.Errorf("camera_rays differs from CameraData.Ray by %v", worst)
	}
}
