package engine_test

import (
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/internal/testkit"
)

type frame interface {
	Frame() error
	Color() *engine.Texture
}

// sceneFrames are the textured-triangles and full-screen benchmark frames
// at a given size, with their plain Go baselines.
var sceneFrames = []struct {
	name   string
	ingot  func(s, workers int) (frame, error)
	native func(s int) (func(), []uint8)
	work   float64 // triangles or fragments per frame at size s: work(s)
	unit   string
	size   int
}{
	{"textured-10k", func(s, w int) (frame, error) { return engine.NewTexturedFrameForTest(s, w) },
		func(s int) (func(), []uint8) {
			n := rasterbench.NewNativeTextured(rasterbench.SmallTriangles(10000, s, s), rasterbench.Checker(256), 256, s, s)
			return n.Frame, n.Color
		}, 10000, "Mtris/s", 512},
	{"fullscreen", func(s, w int) (frame, error) { return engine.NewFullScreenFrameForTest(s, w) },
		func(s int) (func(), []uint8) {
			n := rasterbench.NewNativeFullScreen(s, s)
			return n.Frame, n.Color
		}, 0, "Mfrags/s", 1024},
}

// TestRenderScenesMatchNative checks that the MSL frames of the textured
// and full-screen benchmarks draw what their Go baselines draw (at most
// 1 % of the pixels more than 3 apart: edge pixels, where the baseline's
// float edge functions and the rasterizer's fixed-point ones disagree, and
// float rounding of exp2 and the bilinear weights), and the same bits on 1
// and 3 workers.
func TestRenderScenesMatchNative(t *testing.T) {
	for _, sf := range sceneFrames {
		t.Run(sf.name, func(t *testing.T) {
			const s = 128
			f, err := sf.ingot(s, 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Frame(); err != nil {
				t.Fatal(err)
			}
			got, err := f.Color().Image(0, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			run, pix := sf.native(s)
			run()
			ref := image.NewNRGBA(image.Rect(0, 0, s, s))
			copy(ref.Pix, pix)
			bad := 0
			for y := range s {
				for x := range s {
					g, r := got.At(x, y).(color.NRGBA), ref.NRGBAAt(x, y)
					if max(absDiff(g.R, r.R), absDiff(g.G, r.G), absDiff(g.B, r.B), absDiff(g.A, r.A)) > 3 {
						bad++
					}
				}
			}
			t.Logf("%d of %d pixels differ from the Go baseline by more than 3", bad, s*s)
			if bad > s*s/100 {
				testkit.WritePNG(filepath.Join(testkit.FailureDir(), sf.name+"_native.png"), ref)
				testkit.WritePNG(filepath.Join(testkit.FailureDir(), sf.name+"_got.png"), got)
				t.Errorf("%d pixels differ from the Go baseline by more than 3 (images in %s)", bad, testkit.FailureDir())
			}
			f3, err := sf.ingot(s, 3)
			if err != nil {
				t.Fatal(err)
			}
			if err := f3.Frame(); err != nil {
				t.Fatal(err)
			}
			img, _ := f3.Color().Image(0, 0, 0)
			if string(img.(*image.NRGBA).Pix) != string(got.(*image.NRGBA).Pix) {
				t.Error("3 workers: the image differs from 1 worker's")
			}
		})
	}
}

// BenchmarkRenderScenes times the textured-triangles frame (512²) and the
// full-screen pass (1024²) on 1 and 2 workers beside their Go baselines.
func BenchmarkRenderScenes(b *testing.B) {
	for _, sf := range sceneFrames {
		work := sf.work
		if work == 0 {
			work = float64(sf.size * sf.size)
		}
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", sf.name, workers), func(b *testing.B) {
				f, err := sf.ingot(sf.size, workers)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(work/timeFrames(b, f)/1e3, sf.unit)
			})
		}
		b.Run(sf.name+"/native-go", func(b *testing.B) {
			run, _ := sf.native(sf.size)
			for b.Loop() {
				run()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(b.N), "ms/frame")
		})
	}
}
