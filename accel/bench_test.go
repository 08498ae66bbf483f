package accel

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

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

// BenchmarkBunnyBuild measures a medium-quality build; the baseline is a
// naive binary median-split build (sorting centroids at every level) in the
// same run.
func BenchmarkBunnyBuild(b *testing.B) {
	for _, w := range []int{1, 2} {
		for _, width := range []int{4, 8} {
			b.Run(fmt.Sprintf("width=%d/workers=%d", width, w), func(b *testing.B) {
				m := bunny(b)
				d := &PrimitiveDescriptor{Geometries: []Geometry{MeshGeometry(m.Positions, m.Indices)}, Build: BuildOptions{Workers: w, Width: width}}
				naive := naiveBuildTime(m)
				var s *Structure
				for b.Loop() {
					s, _ = BuildPrimitive(context.Background(), d)
				}
				ms := float64(b.Elapsed().Microseconds()) / 1000 / float64(b.N)
				b.ReportMetric(ms, "ms/build")
				b.ReportMetric(naive/ms, "x-naive-median-build")
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
		{"primary/closest", toRays(benchscene.CameraRays(lo, hi, 512, benchRays/512)), Options{}},
		{"incoherent/closest", toRays(benchscene.IncoherentRays(m, benchRays, 1)), Options{}},
		{"incoherent/shadow", toRays(benchscene.IncoherentRays(m, benchRays, 1)), Options{AcceptAny: true}},
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

// naiveBuildTime returns the milliseconds of a naive binary BVH build over
// the mesh: object median split on the largest axis by sorting.
func naiveBuildTime(m *benchscene.Mesh) float64 {
	t0 := time.Now()
	type ref struct {
		box aabb
		c   [3]float32
	}
	refs := make([]ref, m.Triangles())
	for i := range refs {
		b := emptyBox()
		for j := 0; j < 3; j++ {
			v := m.Indices[3*i+j]
			b.growPoint(m.Positions[3*v], m.Positions[3*v+1], m.Positions[3*v+2])
		}
		refs[i] = ref{box: b, c: [3]float32{b.lo[0] + b.hi[0], b.lo[1] + b.hi[1], b.lo[2] + b.hi[2]}}
	}
	var nodes []aabb
	var rec func(rs []ref)
	rec = func(rs []ref) {
		b := emptyBox()
		for i := range rs {
			b.grow(&rs[i].box)
		}
		nodes = append(nodes, b)
		if len(rs) <= 4 {
			return
		}
		k := 0
		for a := 1; a < 3; a++ {
			if b.hi[a]-b.lo[a] > b.hi[k]-b.lo[k] {
				k = a
			}
		}
		sort.Slice(rs, func(i, j int) bool { return rs[i].c[k] < rs[j].c[k] })
		rec(rs[:len(rs)/2])
		rec(rs[len(rs)/2:])
	}
	rec(refs)
	return float64(time.Since(t0).Microseconds()) / 1000
}
