package engine

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkMeshPipeline times every scene and view of meshBenchCases,
// alternating frames of the indexed vertex pipeline and of the meshlet
// pipeline in the same run, and reports both frame times, their ratio
// (meshlet/vertex: below 1 the meshlet pipeline is faster) and the
// fraction of meshlets the object stage culls; min-meshlet/vertex is the
// ratio of the fastest frames of each.
func BenchmarkMeshPipeline(b *testing.B) {
	for _, sc := range meshBenchScenes {
		for _, v := range meshBenchViews {
			b.Run(fmt.Sprintf("%s-512%s-%s", sc.name, v.suffix, v.mode), func(b *testing.B) {
				m, err := sc.load()
				if err != nil {
					b.Skip(err)
				}
				f, err := newMeshletFrame(m, v.cfg, 512, 512, 0)
				if err != nil {
					b.Fatal(err)
				}
				f.SetView(v.yaw, v.cull)
				frame := func(meshlets bool) time.Duration {
					start := time.Now()
					if err := f.Frame(meshlets); err != nil {
						b.Fatal(err)
					}
					return time.Since(start)
				}
				frame(true)
				frame(false)
				var tv, tm, minV, minM time.Duration
				for b.Loop() {
					v, m := frame(false), frame(true)
					tv, tm = tv+v, tm+m
					if minV == 0 || v < minV {
						minV = v
					}
					if minM == 0 || m < minM {
						minM = m
					}
				}
				b.ReportMetric(float64(tv.Nanoseconds())/1e6/float64(b.N), "vertex-ms")
				b.ReportMetric(float64(tm.Nanoseconds())/1e6/float64(b.N), "meshlet-ms")
				b.ReportMetric(float64(tm)/float64(tv), "meshlet/vertex")
				// The ratio of the fastest frames, steadier on a loaded machine.
				b.ReportMetric(float64(minM)/float64(minV), "min-meshlet/vertex")
				b.ReportMetric(f.CulledFraction(), "culled-frac")
			})
		}
	}
}

// TestMeshBenchCases checks that every mesh benchmark case draws the
// same image through both pipelines (the bunny at 128², skipped when the
// shared scenes are absent), the same on 1 and 2 workers, and that the
// cases are well formed.
func TestMeshBenchCases(t *testing.T) {
	cs := meshBenchCases()
	if len(cs) != len(meshBenchScenes)*len(meshBenchViews) {
		t.Fatalf("%d cases", len(cs))
	}
	for _, c := range cs {
		if c.Ingot == nil || c.Native == nil || c.PerOp <= 0 {
			t.Errorf("%s: incomplete case", c.Name)
		}
	}
	m, err := bunnyMesh()
	if err != nil {
		t.Skip(err)
	}
	frames := map[string]*meshletFrame{}
	for _, v := range meshBenchViews {
		f := frames[v.cfg.meshFn]
		if f == nil {
			if f, err = newMeshletFrame(m, v.cfg, 128, 128, 2); err != nil {
				t.Fatal(err)
			}
			frames[v.cfg.meshFn] = f
		}
		f.SetView(v.yaw, v.cull)
		px := func(meshlets bool) []byte {
			if err := f.Frame(meshlets); err != nil {
				t.Fatal(err)
			}
			b := make([]byte, 128*128*4)
			if err := f.color.GetBytes(b, 128*4, 0, Region{Width: 128, Height: 128, Depth: 1}, 0, 0); err != nil {
				t.Fatal(err)
			}
			return b
		}
		want, got := px(false), px(true)
		if v.cfg.meshFn == meshletDefault.meshFn && v.suffix != "" && v.cull {
			// The same frame on one worker: the same bits.
			one, err := newMeshletFrame(m, v.cfg, 128, 128, 1)
			if err != nil {
				t.Fatal(err)
			}
			one.SetView(v.yaw, v.cull)
			if err := one.Frame(true); err != nil {
				t.Fatal(err)
			}
			if string(one.pixels()) != string(got) {
				t.Errorf("%s%s: 1 and 2 workers differ", v.suffix, v.mode)
			}
		}
		diff, covered := 0, 0
		for i := 0; i < len(want); i += 4 {
			if want[i] != 0 || want[i+1] != 0 {
				covered++
			}
			if [4]byte(want[i:]) != [4]byte(got[i:]) {
				diff++
			}
		}
		if covered < 500 || diff != 0 {
			t.Errorf("%s%s: %d pixels covered, %d differ", v.suffix, v.mode, covered, diff)
		}
		if v.cull && f.CulledFraction() <= 0 {
			t.Errorf("%s%s: nothing culled", v.suffix, v.mode)
		}
	}
}
