package raster

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes/render"
)

// BenchmarkMotion512 measures Renderer.Motion of a 512×512 DamagedHelmet
// frame against a previous frame from a slightly moved camera, on 1 and
// 2 workers (ns/op, ms/frame, cpu-ms/frame). The baseline is the same
// renderer's 4× MSAA Render of the frame, timed in the same run
// (raster-ms, and the ratio motion/raster).
func BenchmarkMotion512(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			s := openScene(b, filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"))
			dev, err := render.NewDevice(workers)
			if err != nil {
				b.Fatal(err)
			}
			r, err := NewRenderer(context.Background(), dev, s, Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			f := smallFrame(512, 512)
			f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 3}, Up: [3]float32{0, 1, 0}, FovY: 45}
			prev := f
			prev.LookAt = &render.Camera{Eye: [3]float32{0.05, 0.02, 3}, Up: [3]float32{0, 1, 0}, FovY: 45}
			mustRender(b, r, f)
			if _, err := r.Motion(context.Background(), f, prev); err != nil {
				b.Fatal(err)
			}
			const reps = 3
			rt := time.Now()
			for range reps {
				mustRender(b, r, f)
			}
			raster := time.Since(rt) / reps
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				if _, err := r.Motion(context.Background(), f, prev); err != nil {
					b.Fatal(err)
				}
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
			b.ReportMetric(float64(per.Microseconds())/1e3, "ms/frame")
			b.ReportMetric(float64(raster.Microseconds())/1e3, "raster-ms")
			b.ReportMetric(float64(per)/float64(raster), "motion/raster")
		})
	}
}
