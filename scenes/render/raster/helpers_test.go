package raster

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// sharedScenes is ../shared/scenes relative to the repository root.
const sharedScenes = "../../../../shared/scenes"

var (
	devOnce sync.Once
	devs    [3]*engine.Device
)

// testDevice returns a shared device with workers workers (1 or 2).
func testDevice(t testing.TB, workers int) *engine.Device {
	t.Helper()
	devOnce.Do(func() {
		for _, w := range []int{1, 2} {
			d, err := render.NewDevice(w)
			if err != nil {
				panic(err)
			}
			devs[w] = d
		}
	})
	return devs[workers]
}

// openScene opens a built-in scene or a shared model (skipping the test
// when the shared scenes are absent).
func openScene(t testing.TB, name string) *model.Scene {
	t.Helper()
	if filepath.Ext(name) != "" {
		if _, err := os.Stat(name); err != nil {
			t.Skipf("shared scene %s not present", name)
		}
	}
	s, err := scenes.Open(context.Background(), name, scenes.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// newTestRenderer makes a rasterizer, closed at the end of the test.
func newTestRenderer(t testing.TB, s *model.Scene, workers int, opts Options) *Renderer {
	t.Helper()
	r, err := NewRenderer(context.Background(), testDevice(t, workers), s, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// smallFrame is a w×h PBR Neutral frame.
func smallFrame(w, h int) render.Frame {
	f := render.DefaultFrame()
	f.Width, f.Height = w, h
	return f
}

func mustRender(t testing.TB, r *Renderer, f render.Frame) *render.Image {
	t.Helper()
	img, err := r.Render(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// meanLuminance is the mean Rec. 709 luminance of the linear image.
func meanLuminance(im *render.Image) float64 {
	var s float64
	for i := range im.Width * im.Height {
		s += 0.2126*float64(im.Linear[4*i]) + 0.7152*float64(im.Linear[4*i+1]) + 0.0722*float64(im.Linear[4*i+2])
	}
	return s / float64(im.Width*im.Height)
}

// ssim is the mean structural similarity of two images' tone-mapped
// luminance over 8×8 windows (stride 4), constants of Wang et al. 2004
// for [0, 1] values.
func ssim(a, b *render.Image) float64 {
	lum := func(im *render.Image, x, y int) float64 {
		c := im.RGBA8.NRGBAAt(x, y)
		return (0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)) / 255
	}
	const c1, c2 = 0.01 * 0.01, 0.03 * 0.03
	var sum float64
	n := 0
	for y := 0; y+8 <= a.Height; y += 4 {
		for x := 0; x+8 <= a.Width; x += 4 {
			var ma, mb, va, vb, cov float64
			for j := range 8 {
				for i := range 8 {
					p, q := lum(a, x+i, y+j), lum(b, x+i, y+j)
					ma, mb = ma+p, mb+q
					va, vb, cov = va+p*p, vb+q*q, cov+p*q
				}
			}
			ma, mb = ma/64, mb/64
			va, vb, cov = va/64-ma*ma, vb/64-mb*mb, cov/64-ma*mb
			sum += (2*ma*mb + c1) * (2*cov + c2) / ((ma*ma + mb*mb + c1) * (va + vb + c2))
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}
