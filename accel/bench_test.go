package accel

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/accel/internal/benchscene"
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
// fast-quality build in the same run.
func BenchmarkBunnyBuild(b *testing.B) {
	for _, w := range []int{1, 2} {
		for _, width := range []int{4, 8} {
			b.Run(fmt.Sprintf("width=%d/workers=%d", width, w), func(b *testing.B) {
				m := bunny(b)
				d := &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: BuildOptions{Workers: w, Width: width}}
				var s *Structure
				for b.Loop() {
					s, _ = BuildPrimitive(context.Background(), d)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/build")
				b.ReportMetric(s.Sizes().NodeBytesPerPrimitive(), "nodeB/tri")
				b.ReportMetric(s.Sizes().BytesPerPrimitive(), "B/tri")
			})
		}
	}
}

func benchRaysRate(b *testing.B, s *Structure, rays []Ray, o *Options, workers int) {
	hits := make([]Hit, len(rays))
	brute := bruteRate(s, rays, o)
	for b.Loop() {
		if err := IntersectRays(context.Background(), s, o, rays, hits, workers, nil); err != nil {
			b.Fatal(err)
		}
	}
	rate := float64(len(rays)) * float64(b.N) / b.Elapsed().Seconds() / 1e6
	b.ReportMetric(rate, "Mrays/s")
	b.ReportMetric(rate/brute, "x-bruteforce")
}

// BenchmarkBunnyRays measures Mrays/s; the baseline is brute force over all
// triangles (x-bruteforce is the speed-up over it).
func BenchmarkBunnyRays(b *testing.B) {
	m := bunny(b)
	lo, hi := m.Bounds()
	sets := []struct {
		name string
		rays []Ray
		o    Options
	}{
		{"primary/closest", toRays(benchscene.CameraRays(lo, hi, 512, benchRays/512), false), Options{}},
		{"incoherent/closest", toRays(benchscene.IncoherentRays(m, benchRays, 1), false), Options{}},
		{"incoherent/shadow", toRays(benchscene.IncoherentRays(m, benchRays, 1), true), Options{AcceptAny: true}},
	}
	for _, width := range []int{4, 8} {
		s := bunnyStructure(b, BuildOptions{Width: width})
		for _, set := range sets {
			for _, w := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/width=%d/workers=%d", set.name, width, w), func(b *testing.B) {
					benchRaysRate(b, s, set.rays, &set.o, w)
				})
			}
		}
	}
}
