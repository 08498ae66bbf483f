package engine_test

import (
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/engine/internal/rasterbench"
	"github.com/ingot-render/ingot/internal/testkit"
)

func loadBunny(tb testing.TB) *rasterbench.Mesh {
	tb.Helper()
	m, err := rasterbench.LoadOBJ(rasterbench.BunnyPath())
	if err != nil {
		tb.Skipf("bunny mesh: %v", err)
	}
	return m
}

// BenchmarkRenderBunny renders the peers' bunny frame (69,451 triangles,
// per-pixel Phong in MSL, depth test, back-face culling) and reports wall
// and process CPU time per frame.
func BenchmarkRenderBunny(b *testing.B) {
	m := loadBunny(b)
	for _, size := range []int{512, 1024} {
		ws := []int{1, 2}
		if n := runtime.NumCPU(); n > 2 {
			ws = append(ws, n)
		}
		for _, workers := range ws {
			b.Run(fmt.Sprintf("size=%d/workers=%d", size, workers), func(b *testing.B) {
				f, err := engine.NewBunnyFrameForTest(m, size, size, workers)
				if err != nil {
					b.Fatal(err)
				}
				ms := timeFrames(b, f)
				b.ReportMetric(float64(m.Triangles())/ms/1e3, "Mtris/s")
			})
		}
	}
	b.Run("native-go/size=512", func(b *testing.B) {
		n := rasterbench.NewNative(m, 512, 512)
		for b.Loop() {
			n.Frame()
		}
	})
}

// timeFrames draws f once, then b.N times, reporting wall and process CPU
// milliseconds per frame (means) and the median frame's wall time, the
// statistic the peers' harnesses report; it returns the mean wall time per
// frame.
func timeFrames(b *testing.B, f interface{ Frame() error }) float64 {
	b.Helper()
	if err := f.Frame(); err != nil {
		b.Fatal(err)
	}
	frames := make([]time.Duration, 0, 64)
	b.ResetTimer()
	start, cpu0 := time.Now(), processCPU()
	for b.Loop() {
		t0 := time.Now()
		if err := f.Frame(); err != nil {
			b.Fatal(err)
		}
		frames = append(frames, time.Since(t0))
	}
	ms := float64(time.Since(start).Nanoseconds()) / 1e6 / float64(b.N)
	b.ReportMetric(ms, "ms/frame")
	slices.Sort(frames)
	b.ReportMetric(float64(frames[len(frames)/2].Nanoseconds())/1e6, "median-ms/frame")
	b.ReportMetric(float64((processCPU()-cpu0).Nanoseconds())/1e6/float64(b.N), "cpu-ms/frame")
	return ms
}

// processCPU returns the process's user and system CPU time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestRenderBunnyMatchesNative renders the bunny frame through the MSL
// pipeline and compares it with the plain Go rasterizer of the same frame
// (rasterbench.Native): at most 0.5 % of the pixels may differ by more
// than 2 units in a channel (silhouette pixels, where the native
// rasterizer has no sub-pixel snapping or fill rule, and float32 rounding
// of pow and normalize), and the golden PNG must match within 2 units.
func TestRenderBunnyMatchesNative(t *testing.T) {
	const w, h = 256, 256
	m := loadBunny(t)
	f, err := engine.NewBunnyFrameForTest(m, w, h, 0)
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
	n := rasterbench.NewNative(m, w, h)
	n.Frame()
	ref := image.NewNRGBA(image.Rect(0, 0, w, h))
	copy(ref.Pix, n.Color)
	bad := 0
	for y := range h {
		for x := range w {
			g, r := got.At(x, y).(color.NRGBA), ref.NRGBAAt(x, y)
			if d := max(absDiff(g.R, r.R), absDiff(g.G, r.G), absDiff(g.B, r.B)); d > 2 {
				bad++
			}
		}
	}
	t.Logf("%d of %d pixels differ from the native rasterizer by more than 2", bad, w*h)
	if bad > w*h/200 {
		testkit.WritePNG(filepath.Join(testkit.FailureDir(), "bunny_native.png"), ref)
		testkit.WritePNG(filepath.Join(testkit.FailureDir(), "bunny_got.png"), got)
		t.Errorf("%d pixels differ from the native rasterizer by more than 2 (images in %s)", bad, testkit.FailureDir())
	}
	testkit.GoldenImage(t, filepath.Join("testdata", "bunny_phong.png"), got, testkit.Tolerance{PerChannel: 2})
	for _, workers := range []int{1, 3, 16} {
		fw, err := engine.NewBunnyFrameForTest(m, w, h, workers)
		if err != nil {
			t.Fatal(err)
		}
		if err := fw.Frame(); err != nil {
			t.Fatal(err)
		}
		img, _ := fw.Color().Image(0, 0, 0)
		if string(img.(*image.NRGBA).Pix) != string(got.(*image.NRGBA).Pix) {
			t.Errorf("%d workers: the bunny differs from the default worker count's", workers)
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
