package raster

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes/render"
)

// BenchmarkDamagedHelmet512 measures a 512×512 raster frame of
// DamagedHelmet on 1 and 2 workers: 4× MSAA through the vertex pipeline
// and through meshlets (Options.Meshlets), one sample per pixel, and
// deferred mode (Options.Deferred, one sample). It reports steady-state
// frames (ns/op, ms/frame), the process CPU time per frame (cpu-ms/frame:
// all workers together, steadier than wall time on a loaded machine) and,
// once per run, the first frame of a fresh device including pipeline
// compilation, upload and IBL pre-filtering (first-ms). The baseline is
// the path tracer's 1-sample frame of the same view on the same device
// (path-1spp-ms, and the ratio path1spp/raster).
func BenchmarkDamagedHelmet512(b *testing.B) {
	for _, c := range []struct {
		name    string
		workers int
		opts    Options
	}{{"workers=1", 1, Options{}}, {"workers=2", 2, Options{}},
		{"meshlets/workers=1", 1, Options{Meshlets: true}}, {"meshlets/workers=2", 2, Options{Meshlets: true}},
		{"msaa1/workers=1", 1, Options{SampleCount: 1}}, {"msaa1/workers=2", 2, Options{SampleCount: 1}},
		{"deferred/workers=1", 1, Options{Deferred: true}}, {"deferred/workers=2", 2, Options{Deferred: true}}} {
		workers := c.workers
		b.Run(c.name, func(b *testing.B) {
			s := openScene(b, filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"))
			f := smallFrame(512, 512)
			dev, err := render.NewDevice(workers)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			r, err := NewRenderer(context.Background(), dev, s, c.opts)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			mustRender(b, r, f)
			first := time.Since(start)
			pr, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer pr.Close()
			pf := f
			pf.SPP = 1
			pt := time.Now()
			if _, err := pr.Render(context.Background(), pf, nil); err != nil {
				b.Fatal(err)
			}
			path := time.Since(pt)
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				mustRender(b, r, f)
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1e3/float64(b.N), "cpu-ms/frame")
			b.ReportMetric(float64(first.Microseconds())/1e3, "first-ms")
			b.ReportMetric(float64(per.Microseconds())/1e3, "ms/frame")
			b.ReportMetric(float64(path.Microseconds())/1e3, "path-1spp-ms")
			b.ReportMetric(float64(path)/float64(per), "path1spp/raster")
		})
	}
}

// cpuTime is the process's user + system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
