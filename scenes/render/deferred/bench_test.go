package deferred_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ingot-render/ingot/scenes/render/deferred"
)

// BenchmarkDeferred renders the demo scene with 64 lights at 1024 × 1024
// with both renderers alternately, per worker count: ns/op is one frame of
// each; single-ms and multi-ms the frame times, speedup multi/single, the
// attachment bytes written per frame and their ratio, the shaders' buffer
// and texture bytes (read + written) and the total of both per frame.
func BenchmarkDeferred(b *testing.B) {
	const size = 1024
	s := deferred.DemoScene(64, 1)
	ctx := context.Background()
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			r := newRenderer(b, workers)
			var ts, tm time.Duration
			var ss, ms deferred.Stats
			for b.Loop() {
				t0 := time.Now()
				_, st, err := r.RenderSinglePass(ctx, s, size, size)
				if err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				_, mt, err := r.RenderMultiPass(ctx, s, size, size)
				if err != nil {
					b.Fatal(err)
				}
				ts, tm = ts+t1.Sub(t0), tm+time.Since(t1)
				ss, ms = st, mt
			}
			n := float64(b.N)
			b.ReportMetric(ts.Seconds()*1e3/n, "single-ms")
			b.ReportMetric(tm.Seconds()*1e3/n, "multi-ms")
			b.ReportMetric(tm.Seconds()/ts.Seconds(), "speedup")
			b.ReportMetric(float64(ss.BytesWritten)/(1<<20), "single-MiB-written")
			b.ReportMetric(float64(ms.BytesWritten)/(1<<20), "multi-MiB-written")
			b.ReportMetric(float64(ms.BytesWritten)/float64(ss.BytesWritten), "bytes-ratio")
			b.ReportMetric(float64(ss.ShaderBytesRead+ss.ShaderBytesWritten)/(1<<20), "single-shader-MiB")
			b.ReportMetric(float64(ms.ShaderBytesRead+ms.ShaderBytesWritten)/(1<<20), "multi-shader-MiB")
			b.ReportMetric(float64(ss.BytesRead+ss.BytesWritten+ss.ShaderBytesRead+ss.ShaderBytesWritten)/(1<<20), "single-total-MiB")
			b.ReportMetric(float64(ms.BytesRead+ms.BytesWritten+ms.ShaderBytesRead+ms.ShaderBytesWritten)/(1<<20), "multi-total-MiB")
		})
	}
}
