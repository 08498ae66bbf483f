package refbvh

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkBuild measures the serial build on a 100k-triangle soup. The
// baseline (x-bounds-pass) is the pass every build starts with, computing
// each triangle's bounds: the build's cost in such passes.
func BenchmarkBuild(b *testing.B) {
	pos, idx := soupMesh(rand.New(rand.NewPCG(1, 1)), 100000, 0.01)
	t0 := time.Now()
	var sink box
	for i := 0; i+2 < len(idx); i += 3 {
		bx := emptyBox()
		for j := range 3 {
			v := idx[i+j]
			bx.growPoint([3]float32{pos[3*v], pos[3*v+1], pos[3*v+2]})
		}
		sink.grow(&bx)
	}
	pass := time.Since(t0)
	for b.Loop() {
		if _, err := Build(pos, idx, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(pass), "x-bounds-pass")
}

// BenchmarkIntersect measures closest-hit rays through a 20k-triangle
// soup; x-bruteforce is the speed-up over brute force with the same
// triangle test (on a subset of the rays) in the same run.
func BenchmarkIntersect(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	pos, idx := soupMesh(rng, 20000, 0.02)
	bv, err := Build(pos, idx, 1)
	if err != nil {
		b.Fatal(err)
	}
	rays := randomRays(rng, 4096)
	t0 := time.Now()
	for i := range 64 {
		bruteForce(bv, &rays[i], false)
	}
	brute := time.Since(t0).Seconds() / 64
	var h Hit
	for b.Loop() {
		for i := range rays {
			bv.Intersect(&rays[i], &h)
		}
	}
	per := b.Elapsed().Seconds() / float64(b.N) / float64(len(rays))
	b.ReportMetric(1/per/1e6, "Mrays/s")
	b.ReportMetric(brute/per, "x-bruteforce")
}
