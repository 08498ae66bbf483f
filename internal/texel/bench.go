package texel

import (
	"math"
	"sync"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// This file holds the benchmark workloads, shared by `go test -bench`
// (bench_test.go, which times each against its baseline alternately) and
// `ingot bench` (BenchCases): bilinear and implicit-LOD trilinear sampling
// of 1024×1024 textures by the lane-batch sampler in 64-lane calls (the
// executor's batch), against naive scalar Go doing the same filtering.

const benchLanes = 1 << 14 // samples per benchmark operation (a 128×128 block of pixels)

// benchScene is the shared benchmark input, built once.
type benchScene struct {
	rgba8, rgba8Mip, rgba16f *Texture
	linear, trilinear        *Sampler
	nearest                  *Sampler // nearest, clamp to edge, no mips
	u, v                     []float32
	r, g, b, a               []float32
	levels                   [][]byte // rgba8Mip's levels, for the naive trilinear
	sizes                    []int
}

var (
	sceneOnce sync.Once
	scene     *benchScene
)

func benchFill(t *Texture, seed uint32) {
	s := seed*2654435761 + 1
	rnd := func() float32 {
		s = s*1664525 + 1013904223
		return float32(s>>8)/(1<<24)*2 - 0.5
	}
	for i := 0; i < t.Size(); i += t.bpp {
		encodeFloat(t.format, t.data[i:], [4]float32{rnd(), rnd(), rnd(), rnd()})
	}
}

func getBenchScene() *benchScene {
	sceneOnce.Do(func() {
		sc := &benchScene{}
		var err error
		must := func(t *Texture, e error) *Texture {
			if e != nil && err == nil {
				err = e
			}
			return t
		}
		sc.rgba8 = must(New(Texture2DDescriptor(RGBA8Unorm, 1024, 1024, false)))
		sc.rgba8Mip = must(New(Texture2DDescriptor(RGBA8Unorm, 1024, 1024, true)))
		sc.rgba16f = must(New(Texture2DDescriptor(RGBA16Float, 1024, 1024, false)))
		if err != nil {
			panic(err) // constant descriptors: cannot fail
		}
		benchFill(sc.rgba8, 1)
		benchFill(sc.rgba8Mip, 1)
		benchFill(sc.rgba16f, 2)
		d := DefaultSamplerDescriptor()
		sc.nearest, _ = NewSampler(d)
		d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
		sc.linear, _ = NewSampler(d)
		d.MipFilter = MipLinear
		sc.trilinear, _ = NewSampler(d)
		for l := 0; l < sc.rgba8Mip.MipLevels(); l++ {
			off, _, img, _ := sc.rgba8Mip.LevelLayout(0, l)
			sc.levels = append(sc.levels, sc.rgba8Mip.data[off:off+img])
			sc.sizes = append(sc.sizes, sc.rgba8Mip.Width(l))
		}
		// A fragment stream: a 128×128-pixel block in 2×2 quads, rows of
		// quads in order, mapped onto the texture rotated by ~17° at 1.5
		// texels per pixel, so neighbouring lanes touch neighbouring texels.
		const sc0, cs, sn = 1.5 / 1024, 0.9563, 0.2924
		for _, p := range []*[]float32{&sc.u, &sc.v, &sc.r, &sc.g, &sc.b, &sc.a} {
			*p = make([]float32, benchLanes)
		}
		i := 0
		for qy := 0; qy < 64; qy++ {
			for qx := 0; qx < 64; qx++ {
				for l := range 4 {
					px, py := float32(2*qx+l&1), float32(2*qy+l>>1)
					sc.u[i] = 0.1 + sc0*(cs*px-sn*py)
					sc.v[i] = 0.3 + sc0*(sn*px+cs*py)
					i++
				}
			}
		}
		scene = sc
	})
	return scene
}

// batch samples all lanes of the scene from t in 64-lane calls.
func (sc *benchScene) batch(t *Texture, s *Sampler, mode LodMode) {
	for base := 0; base < benchLanes; base += 64 {
		a := SampleArgs{U: sc.u[base : base+64], V: sc.v[base : base+64], Mode: mode}
		_ = t.SampleBatch(s, &a, nil, Out{sc.r[base : base+64], sc.g[base : base+64], sc.b[base : base+64], sc.a[base : base+64]})
	}
}

func (sc *benchScene) naiveBilinearRGBA8() {
	pix := sc.rgba8.data
	for i := range benchLanes {
		sc.r[i], sc.g[i], sc.b[i], sc.a[i] = naiveBilinear(pix, 1024, 1024, sc.u[i], sc.v[i])
	}
}

func (sc *benchScene) naiveNearestRGBA8() {
	pix := sc.rgba8.data
	for i := range benchLanes {
		sc.r[i], sc.g[i], sc.b[i], sc.a[i] = naiveNearest(pix, 1024, 1024, sc.u[i], sc.v[i])
	}
}

// naiveNearest is the plain scalar Go baseline of nearest filtering, clamp
// to edge, RGBA8 unorm, one sample per call.
func naiveNearest(pix []byte, w, h int, u, v float32) (r, g, b, a float32) {
	x := int(math.Floor(float64(u * float32(w))))
	y := int(math.Floor(float64(v * float32(h))))
	x, y = min(max(x, 0), w-1), min(max(y, 0), h-1)
	p := pix[(y*w+x)*4:]
	return float32(p[0]) / 255, float32(p[1]) / 255, float32(p[2]) / 255, float32(p[3]) / 255
}

func (sc *benchScene) naiveBilinearRGBA16F() {
	pix := sc.rgba16f.data
	for i := range benchLanes {
		sc.r[i], sc.g[i], sc.b[i], sc.a[i] = naiveBilinearHalf(pix, 1024, 1024, sc.u[i], sc.v[i])
	}
}

func (sc *benchScene) naiveTrilinearQuad() {
	for q := 0; q < benchLanes; q += 4 {
		dudx, dvdx := sc.u[q+1]-sc.u[q], sc.v[q+1]-sc.v[q]
		dudy, dvdy := sc.u[q+2]-sc.u[q], sc.v[q+2]-sc.v[q]
		for i := q; i < q+4; i++ {
			sc.r[i], sc.g[i], sc.b[i], sc.a[i] = naiveTrilinear(sc.levels, sc.sizes, sc.u[i], sc.v[i], dudx, dvdx, dudy, dvdy)
		}
	}
}

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

// naiveBilinearHalf is the scalar baseline for RGBA16Float.
func naiveBilinearHalf(pix []byte, w, h int, u, v float32) (r, g, b, a float32) {
	x := u*float32(w) - 0.5
	y := v*float32(h) - 0.5
	fx0 := float32(math.Floor(float64(x)))
	fy0 := float32(math.Floor(float64(y)))
	ax, ay := x-fx0, y-fy0
	x0, y0 := int(fx0), int(fy0)
	cl := func(i, n int) int { return min(max(i, 0), n-1) }
	x1, y1 := cl(x0+1, w), cl(y0+1, h)
	x0, y0 = cl(x0, w), cl(y0, h)
	at := func(x, y, c int) float32 { return halfToFloat(le.Uint16(pix[(y*w+x)*8+2*c:])) }
	var out [4]float32
	for c := range 4 {
		out[c] = (1-ay)*((1-ax)*at(x0, y0, c)+ax*at(x1, y0, c)) + ay*((1-ax)*at(x0, y1, c)+ax*at(x1, y1, c))
	}
	return out[0], out[1], out[2], out[3]
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

// BenchCases returns this package's benchmark cases for `ingot bench`:
// 16384 samples per operation by the lane-batch sampler against naive
// scalar Go, in Msamples/s.
func BenchCases() []benchkit.Case {
	loop := func(f func()) func(b *testing.B) {
		return func(b *testing.B) {
			getBenchScene()
			b.ResetTimer()
			for range b.N {
				f()
			}
		}
	}
	ingot := func(f func()) func(b *testing.B, _ int) {
		l := loop(f)
		return func(b *testing.B, _ int) { l(b) }
	}
	return []benchkit.Case{
		{Name: "texel/bilinear-rgba8", Unit: "Msamples/s", PerOp: benchLanes,
			Ingot:  ingot(func() { sc := getBenchScene(); sc.batch(sc.rgba8, sc.linear, LodZero) }),
			Native: loop(func() { getBenchScene().naiveBilinearRGBA8() }), Baseline: "plain Go bilinear"},
		{Name: "texel/trilinear-quad-rgba8", Unit: "Msamples/s", PerOp: benchLanes,
			Ingot:  ingot(func() { sc := getBenchScene(); sc.batch(sc.rgba8Mip, sc.trilinear, LodQuad) }),
			Native: loop(func() { getBenchScene().naiveTrilinearQuad() }), Baseline: "plain Go trilinear"},
		{Name: "texel/bilinear-rgba16f", Unit: "Msamples/s", PerOp: benchLanes,
			Ingot:  ingot(func() { sc := getBenchScene(); sc.batch(sc.rgba16f, sc.linear, LodZero) }),
			Native: loop(func() { getBenchScene().naiveBilinearRGBA16F() }), Baseline: "plain Go bilinear"},
	}
}
