package texel

import (
	"math"
	"testing"
)

// naiveBilinear is the plain scalar Go baseline: bilinear, clamp to edge,
// RGBA8 unorm, one sample per call.
func naiveBilinear(pix []byte, w, h int, u, v float32) (r, g, b, a float32) {
	x := u*float32(w) - 0.5
	y := v*float32(h) - 0.5
	fx0 := float32(math.Floor(float64(x)))
	fy0 := float32(math.Floor(float64(y)))
	ax, ay := x-fx0, y-fy0
	x0, y0 := int(fx0), int(fy0)
	cl := func(i, n int) int { return min(max(i, 0), n-1) }
	x1, y1 := cl(x0+1, w), cl(y0+1, h)
	x0, y0 = cl(x0, w), cl(y0, h)
	var out [4]float32
	for c := range 4 {
		t00 := float32(pix[(y0*w+x0)*4+c]) / 255
		t10 := float32(pix[(y0*w+x1)*4+c]) / 255
		t01 := float32(pix[(y1*w+x0)*4+c]) / 255
		t11 := float32(pix[(y1*w+x1)*4+c]) / 255
		out[c] = (1-ay)*((1-ax)*t00+ax*t10) + ay*((1-ax)*t01+ax*t11)
	}
	return out[0], out[1], out[2], out[3]
}

type benchSetup struct {
	tex        *Texture
	s          *Sampler
	u, v       []float32
	r, g, b, a []float32
}

func newBenchSetup(b *testing.B, mips bool) *benchSetup {
	tex := randomTexture(b, Texture2DDescriptor(RGBA8Unorm, 1024, 1024, mips), 1)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	if mips {
		d.MipFilter = MipLinear
	}
	const n = 1 << 14
	st := &benchSetup{tex: tex, s: mustSampler(b, d), u: make([]float32, n), v: make([]float32, n),
		r: make([]float32, n), g: make([]float32, n), b: make([]float32, n), a: make([]float32, n)}
	// A fragment stream: a 128×128-pixel screen block in 2×2 quads, rows of
	// quads in order, mapped onto the texture rotated by ~17° at 1.5 texels
	// per pixel, so neighbouring lanes touch neighbouring texels.
	const sc, cs, sn = 1.5 / 1024, 0.9563, 0.2924
	i := 0
	for qy := 0; qy < 64; qy++ {
		for qx := 0; qx < 64; qx++ {
			for l := range 4 {
				px, py := float32(2*qx+l&1), float32(2*qy+l>>1)
				st.u[i] = 0.1 + sc*(cs*px-sn*py)
				st.v[i] = 0.3 + sc*(sn*px+cs*py)
				i++
			}
		}
	}
	return st
}

// BenchmarkBilinearRGBA8 compares the lane-batch sampler (64-lane calls,
// the executor's batch) with naive scalar Go on a 1024×1024 RGBA8 texture;
// the batch sub-benchmark reports its time relative to the naive one.
func BenchmarkBilinearRGBA8(b *testing.B) {
	st := newBenchSetup(b, false)
	n := len(st.u)
	pix := st.tex.Data()
	var naiveNs float64
	b.Run("naive", func(b *testing.B) {
		for b.Loop() {
			for i := range n {
				st.r[i], st.g[i], st.b[i], st.a[i] = naiveBilinear(pix, 1024, 1024, st.u[i], st.v[i])
			}
		}
		naiveNs = float64(b.Elapsed().Nanoseconds()) / float64(b.N*n)
		b.ReportMetric(naiveNs, "ns/sample")
	})
	b.Run("batch64", func(b *testing.B) {
		for b.Loop() {
			for base := 0; base < n; base += 64 {
				a := SampleArgs{U: st.u[base : base+64], V: st.v[base : base+64]}
				_ = st.tex.SampleBatch(st.s, &a, nil, Out{st.r[base : base+64], st.g[base : base+64], st.b[base : base+64], st.a[base : base+64]})
			}
		}
		ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N*n)
		b.ReportMetric(ns, "ns/sample")
		if naiveNs > 0 {
			b.ReportMetric(ns/naiveNs, "x-naive")
		}
	})
}

// BenchmarkTrilinearQuadRGBA8 measures implicit-LOD trilinear sampling
// (derivatives from quads) on a mipmapped 1024×1024 RGBA8 texture.
func BenchmarkTrilinearQuadRGBA8(b *testing.B) {
	st := newBenchSetup(b, true)
	n := len(st.u)
	for b.Loop() {
		for base := 0; base < n; base += 64 {
			a := SampleArgs{U: st.u[base : base+64], V: st.v[base : base+64], Mode: LodQuad}
			_ = st.tex.SampleBatch(st.s, &a, nil, Out{st.r[base : base+64], st.g[base : base+64], st.b[base : base+64], st.a[base : base+64]})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sample")
}
