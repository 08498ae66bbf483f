package accel

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
	"github.com/ingot-render/ingot/accel/internal/refbvh"
)

const benchRays = 262144

var bunnyOnce struct {
	sync.Once
	mesh *benchscene.Mesh
	err  error
}

func bunny(b testing.TB) *benchscene.Mesh {
	haveScenes(b)
	bunnyOnce.Do(func() {
		bunnyOnce.mesh, bunnyOnce.err = benchscene.LoadOBJ(filepath.Join(scenesDir, "bunny", "bunny.obj"))
	})
	if bunnyOnce.err != nil {
		b.Fatal(bunnyOnce.err)
	}
	return bunnyOnce.mesh
}

func bunnyStructure(b testing.TB, o BuildOptions) *Structure {
	m := bunny(b)
	s, err := BuildPrimitive(context.Background(), &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: o})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkBunnyBuild measures a medium-quality build; the baseline is the
// build of a plain binary binned-SAH BVH in Go (accel/internal/refbvh) on
// the same number of workers, timed in the same run (x-refbvh is its time
// over ingot's: the speed-up).
func BenchmarkBunnyBuild(b *testing.B) {
	for _, w := range []int{1, 2} {
		for _, width := range []int{4, 8} {
			b.Run(fmt.Sprintf("width=%d/workers=%d", width, w), func(b *testing.B) {
				m := bunny(b)
				d := &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: BuildOptions{Workers: w, Width: width}}
				base := refBuildTime(b, m, w)
				var s *Structure
				for b.Loop() {
					s, _ = BuildPrimitive(context.Background(), d)
				}
				ms := float64(b.Elapsed().Microseconds()) / 1000 / float64(b.N)
				b.ReportMetric(ms, "ms/build")
				b.ReportMetric(base/ms, "x-refbvh")
				b.ReportMetric(s.Sizes().NodeBytesPerPrimitive(), "nodeB/tri")
				b.ReportMetric(s.Sizes().BytesPerPrimitive(), "B/tri")
			})
		}
	}
}

// refBuildTime returns the milliseconds of the baseline's build of m on w
// workers, best of 3.
func refBuildTime(b *testing.B, m *benchscene.Mesh, w int) float64 {
	best := time.Duration(math.MaxInt64)
	for range 3 {
		t0 := time.Now()
		if _, err := refbvh.Build(m.Positions, m.Indices, w); err != nil {
			b.Fatal(err)
		}
		best = min(best, time.Since(t0))
	}
	return ms(best)
}

// benchRaysRate measures IntersectRays on workers goroutines; x-refbvh is
// its rate over the baseline's (refbvh, same rays and workers, best of 3
// in the same run).
func benchRaysRate(b *testing.B, s *Structure, ref *refbvh.BVH, rays []Ray, o *Options, workers int) {
	hits := make([]Hit, len(rays))
	refRays, refHits := toRefRays(rays), make([]refbvh.Hit, len(rays))
	best := time.Duration(math.MaxInt64)
	for range 3 {
		t0 := time.Now()
		if err := refIntersect(context.Background(), ref, refRays, refHits, o.AcceptAny, workers); err != nil {
			b.Fatal(err)
		}
		best = min(best, time.Since(t0))
	}
	base := float64(len(rays)) / best.Seconds() / 1e6
	b.ResetTimer()
	for b.Loop() {
		if err := IntersectRays(context.Background(), s, o, rays, hits, workers, nil); err != nil {
			b.Fatal(err)
		}
	}
	rate := float64(len(rays)) * float64(b.N) / b.Elapsed().Seconds() / 1e6
	b.ReportMetric(rate, "Mrays/s")
	b.ReportMetric(base, "refbvh-Mrays/s")
	b.ReportMetric(rate/base, "x-refbvh")
}

// BenchmarkBunnyRays measures Mrays/s; the baseline is refbvh on the same
// rays and workers (x-refbvh is the speed-up over it).
func BenchmarkBunnyRays(b *testing.B) {
	m := bunny(b)
	lo, hi := m.Bounds()
	sets := []struct {
		name string
		rays []Ray
		o    Options
	}{
		{"primary/closest", toRays(benchscene.CameraRays(lo, hi, 512, benchRays/512)), Options{}},
		{"incoherent/closest", toRays(benchscene.IncoherentRays(m, benchRays, 1)), Options{}},
		{"incoherent/shadow", toRays(benchscene.IncoherentRays(m, benchRays, 1)), Options{AcceptAny: true}},
	}
	ref, err := refbvh.Build(m.Positions, m.Indices, 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, width := range []int{4, 8} {
		s := bunnyStructure(b, BuildOptions{Width: width})
		for _, set := range sets {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/width=%d/workers=%d", set.name, width, w), func(b *testing.B) {
					benchRaysRate(b, s, ref, set.rays, &set.o, w)
				})
			}
		}
	}
}
