package raster

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkSkinnedFrames measures frames of an animated skinned and
// morphed scene (skinnedSceneN: a tube of 33 × 32, 257 × 128 and
// 1025 × 128 vertices, 2 048 to 262 144 triangles, at 256×256, 4× MSAA,
// one worker), each at a new time, with the vertex
// functions deforming the geometry (shader) and with the host's
// deformation and re-upload (host, Options.hostDeform), the two
// interleaved frame by frame at each of three times. It reports the
// process CPU time per frame of each at each time (cpu-ms), their ratio
// host/shader, and the CPU time of the time change alone (the upload
// and bounds of a new time, before any pass: change-ms).
func BenchmarkSkinnedFrames(b *testing.B) {
	for _, size := range [][2]int{{33, 32}, {257, 128}, {1025, 128}} {
		b.Run(fmt.Sprintf("vertices=%d", size[0]*size[1]), func(b *testing.B) {
			s := skinnedSceneN(size[0], size[1])
			modes := []struct {
				name string
				opts Options
			}{{"shader", Options{Env: skinnedEnv}}, {"host", Options{Env: skinnedEnv, hostDeform: true}}}
			rs := make([]*Renderer, len(modes))
			for i, m := range modes {
				rs[i] = newTestRenderer(b, s, 1, m.opts)
				mustRender(b, rs[i], skinnedFrame(256, 0))
			}
			times := []float32{0.2, 0.5, 0.8}
			cpu := make([][]time.Duration, len(modes))
			for i := range cpu {
				cpu[i] = make([]time.Duration, len(times))
			}
			change := make([]time.Duration, len(modes))
			rounds := 0
			for b.Loop() {
				for ti, tm := range times {
					for i, r := range rs {
						// The time change alone, then a frame at a new time.
						c0 := cpuTime()
						if err := r.uploadFor(context.Background(), tm+float32(rounds)*1e-4-1e-5, r.cur.env); err != nil {
							b.Fatal(err)
						}
						r.boundsAt(tm + float32(rounds)*1e-4 - 1e-5)
						change[i] += cpuTime() - c0
						f := skinnedFrame(256, tm+float32(rounds)*1e-4)
						c0 = cpuTime()
						mustRender(b, r, f)
						cpu[i][ti] += cpuTime() - c0
					}
				}
				rounds++
			}
			for ti, tm := range times {
				ms := func(i int) float64 { return float64(cpu[i][ti].Microseconds()) / 1e3 / float64(rounds) }
				for i, m := range modes {
					b.ReportMetric(ms(i), fmt.Sprintf("t%.1f-%s-cpu-ms", tm, m.name))
				}
				b.ReportMetric(ms(1)/ms(0), fmt.Sprintf("t%.1f-host/shader", tm))
			}
			for i, m := range modes {
				b.ReportMetric(float64(change[i].Microseconds())/1e3/float64(rounds*len(times)), m.name+"-change-ms")
			}
		})
	}
}
