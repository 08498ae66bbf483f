package texel

import (
	"math/rand/v2"
	"testing"
	"time"
)

// pairBench runs the naive baseline and the batch version alternately in
// every iteration, timing each, so load on a shared machine affects both
// alike; it reports ns/sample of each and their ratio (batch / naive).
func pairBench(b *testing.B, naive, batch func()) {
	var tn, tb time.Duration
	for b.Loop() {
		t0 := time.Now()
		naive()
		t1 := time.Now()
		batch()
		tb += time.Since(t1)
		tn += t1.Sub(t0)
	}
	per := float64(b.N * benchLanes)
	b.ReportMetric(float64(tn.Nanoseconds())/per, "naive-ns/sample")
	b.ReportMetric(float64(tb.Nanoseconds())/per, "batch-ns/sample")
	b.ReportMetric(float64(tb)/float64(tn), "batch/naive")
}

// BenchmarkBilinearRGBA8 compares the lane-batch sampler (64-lane calls,
// the executor's batch) with naive scalar Go on a 1024×1024 RGBA8 texture.
func BenchmarkBilinearRGBA8(b *testing.B) {
	sc := getBenchScene()
	pairBench(b, sc.naiveBilinearRGBA8, func() { sc.batch(sc.rgba8, sc.linear, LodZero) })
}

// BenchmarkNearestRGBA8 does the same with nearest filtering (the
// convolution benchmark's sampler).
func BenchmarkNearestRGBA8(b *testing.B) {
	sc := getBenchScene()
	pairBench(b, sc.naiveNearestRGBA8, func() { sc.batch(sc.rgba8, sc.nearest, LodZero) })
}

// BenchmarkTrilinearQuadRGBA8 compares implicit-LOD trilinear sampling
// (derivatives from 2×2 quads) on a mipmapped 1024×1024 RGBA8 texture with
// a naive scalar Go version.
func BenchmarkTrilinearQuadRGBA8(b *testing.B) {
	sc := getBenchScene()
	pairBench(b, sc.naiveTrilinearQuad, func() { sc.batch(sc.rgba8Mip, sc.trilinear, LodQuad) })
}

// BenchmarkBilinearRGBA16F does the same on a 1024×1024 RGBA16Float texture.
func BenchmarkBilinearRGBA16F(b *testing.B) {
	sc := getBenchScene()
	pairBench(b, sc.naiveBilinearRGBA16F, func() { sc.batch(sc.rgba16f, sc.linear, LodZero) })
}

// The benchmark baselines compute the same values as the sampler (up to
// float rounding), so the ratios compare like with like.
func TestBenchBaselinesAgree(t *testing.T) {
	sc := getBenchScene()
	check := func(name string, naive, batch func()) {
		naive()
		want := [4][]float32{append([]float32(nil), sc.r...), append([]float32(nil), sc.g...), append([]float32(nil), sc.b...), append([]float32(nil), sc.a...)}
		batch()
		got := [4][]float32{sc.r, sc.g, sc.b, sc.a}
		for c := range 4 {
			for i := 0; i < benchLanes; i += 97 {
				if d := got[c][i] - want[c][i]; d > 2e-3 || d < -2e-3 {
					t.Fatalf("%s lane %d ch %d: batch %v naive %v", name, i, c, got[c][i], want[c][i])
				}
			}
		}
	}
	check("bilinear-rgba8", sc.naiveBilinearRGBA8, func() { sc.batch(sc.rgba8, sc.linear, LodZero) })
	check("nearest-rgba8", sc.naiveNearestRGBA8, func() { sc.batch(sc.rgba8, sc.nearest, LodZero) })
	check("trilinear-quad", sc.naiveTrilinearQuad, func() { sc.batch(sc.rgba8Mip, sc.trilinear, LodQuad) })
	check("bilinear-rgba16f", sc.naiveBilinearRGBA16F, func() { sc.batch(sc.rgba16f, sc.linear, LodZero) })
	if cs := BenchCases(); len(cs) != 3 || cs[0].Native == nil {
		t.Fatalf("BenchCases: %d cases", len(cs))
	}
}

// BenchmarkBilinearSRGBRepeat samples a 1024×1024 RGBA8Unorm_sRGB texture
// bilinearly with Repeat addressing in 64-lane batches of random
// coordinates, inside [0, 1)² and one period away (as UV sets offset by
// whole periods give), all lanes active and with a mask of about half.
func BenchmarkBilinearSRGBRepeat(b *testing.B) {
	tex, err := New(Texture2DDescriptor(RGBA8Unorm_sRGB, 1024, 1024, false))
	if err != nil {
		b.Fatal(err)
	}
	benchFill(tex, 3)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	d.SAddressMode, d.TAddressMode = Repeat, Repeat
	s, err := NewSampler(d)
	if err != nil {
		b.Fatal(err)
	}
	const batches = 256
	r := rand.New(rand.NewPCG(1, 2))
	var r0, g0, b0, a0 [64]float32
	out := Out{R: r0[:], G: g0[:], B: b0[:], A: a0[:]}
	for _, c := range []struct {
		name string
		off  float32
		mask []uint64
	}{{"inside", 0, nil}, {"wrapped", 1, nil}, {"wrapped/masked", 1, []uint64{0x5a3cf00f96e1c33c}}} {
		u, v := make([]float32, 64*batches), make([]float32, 64*batches)
		for i := range u {
			u[i], v[i] = r.Float32()+c.off, r.Float32()-c.off
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for j := 0; j < len(u); j += 64 {
					a := SampleArgs{U: u[j : j+64], V: v[j : j+64], Mode: LodZero}
					if err := tex.SampleBatchTo(s, &a, c.mask, &out); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(u)), "ns/sample")
		})
	}
}

// BenchmarkTrilinearRGBA32FClamp samples a 128×128 RGBA32Float texture
// with its 8 levels (a pre-filtered environment's) trilinearly at an
// explicit level, clamped to the edge, in 64-lane batches of random
// coordinates and levels in [0, 5], all lanes active.
func BenchmarkTrilinearRGBA32FClamp(b *testing.B) {
	tex, err := New(Texture2DDescriptor(RGBA32Float, 128, 128, true))
	if err != nil {
		b.Fatal(err)
	}
	benchFill(tex, 5)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter, d.MipFilter = FilterLinear, FilterLinear, MipLinear
	s, err := NewSampler(d)
	if err != nil {
		b.Fatal(err)
	}
	const batches = 256
	r := rand.New(rand.NewPCG(3, 4))
	u, v, lod := make([]float32, 64*batches), make([]float32, 64*batches), make([]float32, 64*batches)
	for i := range u {
		u[i], v[i], lod[i] = r.Float32(), r.Float32(), 5*r.Float32()
	}
	var r0, g0, b0, a0 [64]float32
	out := Out{R: r0[:], G: g0[:], B: b0[:], A: a0[:]}
	for b.Loop() {
		for j := 0; j < len(u); j += 64 {
			a := SampleArgs{U: u[j : j+64], V: v[j : j+64], Mode: LodLevel, Level: lod[j : j+64]}
			if err := tex.SampleBatchTo(s, &a, nil, &out); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(u)), "ns/sample")
}

// BenchmarkBilinearRGBA32FEnv samples a 64×32 RGBA32Float texture (an
// equirectangular environment's: Repeat in u, ClampToEdge in v, linear,
// no mips) at an explicit level 0 in 64-lane batches of random
// coordinates, all lanes active or a partial mask, and all active
// without the AVX2 kernel (the Go loop other CPUs run).
func BenchmarkBilinearRGBA32FEnv(b *testing.B) {
	tex, err := New(Texture2DDescriptor(RGBA32Float, 64, 32, false))
	if err != nil {
		b.Fatal(err)
	}
	benchFill(tex, 6)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	d.SAddressMode, d.TAddressMode = Repeat, ClampToEdge
	s, err := NewSampler(d)
	if err != nil {
		b.Fatal(err)
	}
	const batches = 256
	r := rand.New(rand.NewPCG(5, 6))
	u, v, lod := make([]float32, 64*batches), make([]float32, 64*batches), make([]float32, 64*batches)
	for i := range u {
		u[i], v[i] = r.Float32(), r.Float32()
	}
	var r0, g0, b0, a0 [64]float32
	out := Out{R: r0[:], G: g0[:], B: b0[:], A: a0[:]}
	for _, c := range []struct {
		name  string
		mask  []uint64
		noAsm bool
	}{{"full", nil, false}, {"masked", []uint64{0x5a3cf00f96e1c33c}, false}, {"full/go", nil, true}} {
		b.Run(c.name, func(b *testing.B) {
			asm := useBilinearAsm
			useBilinearAsm = asm && !c.noAsm
			defer func() { useBilinearAsm = asm }()
			for b.Loop() {
				for j := 0; j < len(u); j += 64 {
					a := SampleArgs{U: u[j : j+64], V: v[j : j+64], Mode: LodLevel, Level: lod[j : j+64]}
					if err := tex.SampleBatchTo(s, &a, c.mask, &out); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(u)), "ns/sample")
		})
	}
}
