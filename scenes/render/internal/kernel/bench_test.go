package kernel

import (
	"math/rand/v2"
	"testing"
	"time"
)

// benchRatio times f and baseline b.N times each and reports ns/op of
// both and their ratio (x_baseline = ours / baseline).
func benchRatio(b *testing.B, f, baseline func(i int)) {
	b.Helper()
	start := time.Now()
	for i := range b.N {
		baseline(i)
	}
	base := time.Since(start)
	b.ResetTimer()
	start = time.Now()
	for i := range b.N {
		f(i)
	}
	ours := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(base.Nanoseconds())/float64(b.N), "baseline-ns/op")
	b.ReportMetric(float64(ours)/float64(base), "x_baseline")
}

var sinkV Vec3
var sinkF float32

// BenchmarkBSDFSample: a full glTF BSDF sample (lobe choice, VNDF,
// mixture pdf, energy-compensated eval) against a bare Lambert sample.
func BenchmarkBSDFSample(b *testing.B) {
	p := BSDFParams{BaseColor: Vec3{0.8, 0.6, 0.4}, Metallic: 0.3, Roughness: 0.5, IOR: 1.5, Clearcoat: 0.5, ClearcoatRoughness: 0.2}.DefaultSpecular()
	wo := dirFromCos(0.7, 0.3)
	ggxTables()
	benchRatio(b, func(i int) {
		u := float32(i&1023) / 1024
		s, _ := p.Sample(wo, [3]float32{u, 1 - u, u * 0.5})
		sinkV = s.Weight
	}, func(i int) {
		u := float32(i&1023) / 1024
		wi := cosineHemisphere(1-u, u*0.5)
		sinkV = p.BaseColor.scale(wi[2])
	})
}

// BenchmarkBSDFEval: Eval (value and pdf) against a Lambert eval.
func BenchmarkBSDFEval(b *testing.B) {
	p := BSDFParams{BaseColor: Vec3{0.8, 0.6, 0.4}, Metallic: 0.3, Roughness: 0.5, IOR: 1.5}.DefaultSpecular()
	wo := dirFromCos(0.7, 0.3)
	wi := dirFromCos(0.4, 2)
	ggxTables()
	benchRatio(b, func(int) {
		f, pdf := p.Eval(wo, wi)
		sinkV, sinkF = f, pdf
	}, func(int) {
		sinkV, sinkF = p.BaseColor.scale(1/3.14159), wi[2]/3.14159
	})
}

// BenchmarkSample4: one Owen-scrambled 4-D Sobol point against four
// math/rand/v2 PCG floats.
func BenchmarkSample4(b *testing.B) {
	seed := PixelSeed(3, 4, 5)
	r := rand.New(rand.NewPCG(1, 2))
	benchRatio(b, func(i int) {
		v := Sample4(seed, uint32(i), uint32(i&7))
		sinkF = v[0] + v[1] + v[2] + v[3]
	}, func(int) {
		sinkF = r.Float32() + r.Float32() + r.Float32() + r.Float32()
	})
}
