package render

import (
	"context"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// BenchmarkRenderCornell renders the Cornell box (64×64, 8 spp, 12
// bounces, 2 workers) with the MSL path tracer and, as the native
// baseline, with the pure-Go Reference on the same packed scene (brute
// force intersection: fine for the box's 36 triangles). Reports
// samples/s of both and their time ratio.
func BenchmarkRenderCornell(b *testing.B) {
	const w, h, spp = 64, 64, 8
	r := testRenderer(b, builtin.Cornell(), 2, Options{})
	f := smallFrame(w, h, spp)
	ref, err := kernel.NewReference(r.cur.packed)
	if err != nil {
		b.Fatal(err)
	}
	cam, err := r.camera(&f)
	if err != nil {
		b.Fatal(err)
	}
	fp := kernel.FrameParams{Camera: cam, Settings: kernel.RenderSettings{Width: w, Height: h, TileWidth: w, TileHeight: h,
		SamplesPerPass: spp, MaxBounces: 12, RRStartBounce: 3}}
	accum := make([]kernel.Float4, w*h)
	start := time.Now()
	for range b.N {
		clear(accum)
		if err := ref.Render(context.Background(), &fp, accum, 2); err != nil {
			b.Fatal(err)
		}
	}
	base := time.Since(start)
	b.ResetTimer()
	start = time.Now()
	for range b.N {
		mustRender(b, r, f)
	}
	ours := time.Since(start)
	b.StopTimer()
	samples := float64(w*h*spp) * float64(b.N)
	b.ReportMetric(samples/ours.Seconds(), "samples/s")
	b.ReportMetric(samples/base.Seconds(), "baseline-samples/s")
	b.ReportMetric(float64(ours)/float64(base), "x_baseline")
}
