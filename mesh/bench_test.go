package mesh_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ingot-render/ingot/mesh"
)

// naiveMeshlets is the baseline: cut the index list in input order, closing
// a meshlet whenever the next triangle does not fit.
func naiveMeshlets(idx []uint32, maxV, maxT int) (meshlets, verts int) {
	local := map[uint32]bool{}
	tris := 0
	for i := 0; i < len(idx); i += 3 {
		extra := 0
		for _, v := range idx[i : i+3] {
			if !local[v] {
				extra++
			}
		}
		if len(local)+extra > maxV || tris == maxT {
			meshlets++
			verts += len(local)
			clear(local)
			tris = 0
		}
		for _, v := range idx[i : i+3] {
			local[v] = true
		}
		tris++
	}
	if tris > 0 {
		meshlets++
		verts += len(local)
	}
	return meshlets, verts
}

// BenchmarkBuildBunny builds the bunny's meshlets and reports their fill and
// the vertex reuse against cutting the index list in order (verts/tri ratio:
// lower is better, < 1 means fewer vertex shader invocations than naive).
func BenchmarkBuildBunny(b *testing.B) {
	pos, idx := loadBunny(b)
	var s *mesh.Meshlets
	for b.Loop() {
		var err error
		if s, err = mesh.Build(context.Background(), pos, idx, mesh.DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
	nm, nv := naiveMeshlets(idx, 64, 124)
	tris := float64(len(idx) / 3)
	b.ReportMetric(s.AverageVertices(), "verts/meshlet")
	b.ReportMetric(s.AverageTriangles(), "tris/meshlet")
	b.ReportMetric(float64(len(s.Meshlets)), "meshlets")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/tris, "ns/tri")
	b.ReportMetric((float64(len(s.Vertices))/tris)/(float64(nv)/tris), "verts-vs-naive")
	b.ReportMetric(float64(nm), "naive-meshlets")
}

// BenchmarkBuildScaling builds meshlets of tori of two sizes (16× apart);
// ns/tri staying flat shows linear growth.
func BenchmarkBuildScaling(b *testing.B) {
	for _, n := range []int{128, 512} {
		pos, idx := torusMesh(2*n, n)
		b.Run(fmt.Sprintf("tris=%d", len(idx)/3), func(b *testing.B) {
			for b.Loop() {
				if _, err := mesh.Build(context.Background(), pos, idx, mesh.DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(idx)/3), "ns/tri")
		})
	}
}

// BenchmarkNaiveBaseline times the in-order cut, for the build-time ratio.
func BenchmarkNaiveBaseline(b *testing.B) {
	pos, idx := loadBunny(b)
	_ = pos
	for b.Loop() {
		naiveMeshlets(idx, 64, 124)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(idx)/3), "ns/tri")
}

// BenchmarkBuildLinear builds tori of about 65 k, 262 k and 1 M triangles
// in each iteration and reports the build time per triangle of each and
// the ratio largest/smallest (1 for linear growth; the naive baseline is
// BenchmarkNaiveBaseline's ns/tri).
func BenchmarkBuildLinear(b *testing.B) {
	sizes := []int{128, 256, 512}
	type mesh3 struct {
		pos [][3]float32
		idx []uint32
	}
	var ms []mesh3
	for _, n := range sizes {
		pos, idx := torusMesh(2*n, n)
		ms = append(ms, mesh3{pos, idx})
	}
	per := make([]time.Duration, len(ms))
	for b.Loop() {
		for i, m := range ms {
			start := time.Now()
			if _, err := mesh.Build(context.Background(), m.pos, m.idx, mesh.DefaultOptions()); err != nil {
				b.Fatal(err)
			}
			per[i] += time.Since(start)
		}
	}
	nsTri := func(i int) float64 { return float64(per[i].Nanoseconds()) / float64(b.N) / float64(len(ms[i].idx)/3) }
	for i := range ms {
		b.ReportMetric(nsTri(i), fmt.Sprintf("ns/tri@%dk", len(ms[i].idx)/3/1000))
	}
	b.ReportMetric(nsTri(len(ms)-1)/nsTri(0), "growth-1M/65k")
}
