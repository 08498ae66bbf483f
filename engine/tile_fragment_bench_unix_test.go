//go:build unix

package engine_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/ingot-render/ingot/engine"
)

// cpuNow returns the process's user + system CPU time.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The tone map of a 512 × 512 RGBA16Float pass (cleared, tone-mapped,
// stored) as a fragment-based tile function, as a kernel-based one and as
// a full-screen draw reading [[color(0)]], on one worker: each iteration
// runs the three in turn and the CPU time of each is reported per pass.
func BenchmarkTileFragmentToneMap(b *testing.B) {
	const w, h = 512, 512
	r := newFragTileRig(b, w, h, 1, engine.PixelFormatRGBA16Float, 1)
	screen := r.draw("tonemap", false)
	frag, kern := r.tile("tonemap"), r.tile("tonemap_kernel")
	exp := f32Bytes([]float32{1.5})
	variants := []struct {
		name   string
		encode func(e *engine.RenderCommandEncoder) error
	}{
		{"fragment-tile", func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileBytes(exp, 0); err != nil {
				return err
			}
			return tileDispatch(e, frag, 32, 32)
		}},
		{"kernel-tile", func(e *engine.RenderCommandEncoder) error {
			if err := e.SetTileBytes(exp, 0); err != nil {
				return err
			}
			return tileDispatch(e, kern, 32, 32)
		}},
		{"fullscreen-draw", func(e *engine.RenderCommandEncoder) error {
			if err := e.SetFragmentBytes(exp, 0); err != nil {
				return err
			}
			return r.triangle(e, screen, [6]float32{-1, -1, 3, -1, -1, 3}, [4]float32{})
		}},
	}
	cpu := make([]time.Duration, len(variants))
	edit := func(d *engine.RenderPassDescriptor) { d.TileWidth, d.TileHeight = 32, 32 }
	n := 0
	for b.Loop() {
		for i, v := range variants {
			t0 := cpuNow()
			if err := r.run(false, [4]float64{2, 1, 0.5, 1}, edit, v.encode); err != nil {
				b.Fatal(err)
			}
			cpu[i] += cpuNow() - t0
		}
		n++
	}
	for i, v := range variants {
		b.ReportMetric(float64(cpu[i].Microseconds())/1000/float64(n), "cpu-ms/"+v.name)
	}
}
