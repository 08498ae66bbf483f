package texel

import (
	"math"
	"testing"
	"time"
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

// pairBench runs the naive baseline and the batch version alternately in
// every iteration, timing each, so load on a shared machine affects both
// alike; it reports ns/sample of each and their ratio (batch / naive).
func pairBench(b *testing.B, samples int, naive, batch func()) {
	var tn, tb time.Duration
	for b.Loop() {
		t0 := time.Now()
		naive()
		t1 := time.Now()
		batch()
		tb += time.Since(t1)
		tn += t1.Sub(t0)
	}
	per := float64(b.N * samples)
	b.ReportMetric(float64(tn.Nanoseconds())/per, "naive-ns/sample")
	b.ReportMetric(float64(tb.Nanoseconds())/per, "batch-ns/sample")
	b.ReportMetric(float64(tb)/float64(tn), "batch/naive")
}

// BenchmarkBilinearRGBA8 compares the lane-batch sampler (64-lane calls,
// the executor's batch) with naive scalar Go on a 1024×1024 RGBA8 texture.
func BenchmarkBilinearRGBA8(b *testing.B) {
	st := newBenchSetup(b, false)
	n := len(st.u)
	pix := st.tex.Data()
	pairBench(b, n, func() {
		for i := range n {
			st.r[i], st.g[i], st.b[i], st.a[i] = naiveBilinear(pix, 1024, 1024, st.u[i], st.v[i])
		}
	}, func() {
		for base := 0; base < n; base += 64 {
			a := SampleArgs{U: st.u[base : base+64], V: st.v[base : base+64]}
			_ = st.tex.SampleBatch(st.s, &a, nil, Out{st.r[base : base+64], st.g[base : base+64], st.b[base : base+64], st.a[base : base+64]})
		}
	})
}

// naiveTrilinear is the scalar baseline for implicit-LOD trilinear
// sampling: λ from the quad's coarse derivatives, two bilinear samples,
// a lerp.
func naiveTrilinear(levels [][]byte, sizes []int, u, v, dudx, dvdx, dudy, dvdy float32) (r, g, b, a float32) {
	n0 := float32(sizes[0])
	rx := math.Hypot(float64(dudx*n0), float64(dvdx*n0))
	ry := math.Hypot(float64(dudy*n0), float64(dvdy*n0))
	lambda := float32(math.Log2(math.Max(rx, ry)))
	q := float32(len(levels) - 1)
	lambda = min(max(lambda, 0), q)
	l0 := int(lambda)
	f := lambda - float32(l0)
	r, g, b, a = naiveBilinear(levels[l0], sizes[l0], sizes[l0], u, v)
	if f > 0 {
		r1, g1, b1, a1 := naiveBilinear(levels[l0+1], sizes[l0+1], sizes[l0+1], u, v)
		r, g, b, a = r+f*(r1-r), g+f*(g1-g), b+f*(b1-b), a+f*(a1-a)
	}
	return
}

// BenchmarkTrilinearQuadRGBA8 compares implicit-LOD trilinear sampling
// (derivatives from 2×2 quads) on a mipmapped 1024×1024 RGBA8 texture with
// a naive scalar Go version.
func BenchmarkTrilinearQuadRGBA8(b *testing.B) {
	st := newBenchSetup(b, true)
	n := len(st.u)
	var levels [][]byte
	var sizes []int
	for l := 0; l < st.tex.MipLevels(); l++ {
		off, _, img, _ := st.tex.LevelLayout(0, l)
		levels = append(levels, st.tex.Data()[off:off+img])
		sizes = append(sizes, st.tex.Width(l))
	}
	pairBench(b, n, func() {
		for q := 0; q < n; q += 4 {
			dudx, dvdx := st.u[q+1]-st.u[q], st.v[q+1]-st.v[q]
			dudy, dvdy := st.u[q+2]-st.u[q], st.v[q+2]-st.v[q]
			for i := q; i < q+4; i++ {
				st.r[i], st.g[i], st.b[i], st.a[i] = naiveTrilinear(levels, sizes, st.u[i], st.v[i], dudx, dvdx, dudy, dvdy)
			}
		}
	}, func() {
		for base := 0; base < n; base += 64 {
			a := SampleArgs{U: st.u[base : base+64], V: st.v[base : base+64], Mode: LodQuad}
			_ = st.tex.SampleBatch(st.s, &a, nil, Out{st.r[base : base+64], st.g[base : base+64], st.b[base : base+64], st.a[base : base+64]})
		}
	})
}
