package kernel

import (
	"math"
	"testing"

	"github.com/chewxy/math32"
)

func testEnvMap() []float32 {
	const w, h = 32, 16
	rgb := make([]float32, 3*w*h)
	for y := range h {
		for x := range w {
			v := float32(0.1)
			if x >= 20 && x < 23 && y >= 4 && y < 6 {
				v = 50 // a small bright "sun"
			}
			i := 3 * (y*w + x)
			rgb[i], rgb[i+1], rgb[i+2] = v, v*0.9, v*0.8
		}
	}
	return rgb
}

func TestEnvUVRoundTrip(t *testing.T) {
	for _, rot := range []float32{0, 1.3} {
		for _, uv := range [][2]float32{{0.1, 0.2}, {0.5, 0.5}, {0.9, 0.95}, {0.25, 0.01}} {
			got := EnvUV(EnvDir(uv, rot), rot)
			if math.Abs(float64(got[0]-uv[0])) > 1e-4 || math.Abs(float64(got[1]-uv[1])) > 1e-4 {
				t.Errorf("rot %v: uv %v → %v", rot, uv, got)
			}
		}
	}
}

// TestEnvSampling: sampled pdfs match Pdf, the pdf integrates to one, and
// the estimator of the map's radiance integral with importance sampling
// matches the direct sum.
func TestEnvSampling(t *testing.T) {
	rgb := testEnvMap()
	c, err := BuildEnvCDF(32, 16, rgb)
	if err != nil {
		t.Fatal(err)
	}
	if c.Marginal[16] != 1 || c.Conditional[32] != 1 {
		t.Fatal("CDFs do not end at 1")
	}
	lum := func(d Vec3) float32 {
		uv := EnvUV(d, 0.4)
		x, y := min(int(uv[0]*32), 31), min(int(uv[1]*16), 15)
		i := 3 * (y*32 + x)
		return Luminance(Vec3{rgb[i], rgb[i+1], rgb[i+2]})
	}
	var est float64
	const n = 1 << 14
	for i := range uint32(n) {
		u := Sample4(11, i, 0)
		d, pdf := c.Sample(u[0], u[1], 0.4)
		if p2 := c.Pdf(d, 0.4); math.Abs(float64(p2/pdf-1)) > 2e-3 {
			t.Fatalf("sample %d: pdf %v, Pdf %v", i, pdf, p2)
		}
		est += float64(lum(d) / pdf)
	}
	est /= n
	// Exact ∫ L dω of the piecewise-constant map.
	var want float64
	for y := range 16 {
		t0, t1 := math.Pi*float64(y)/16, math.Pi*float64(y+1)/16
		band := 2 * math.Pi / 32 * (math.Cos(t0) - math.Cos(t1))
		for x := range 32 {
			i := 3 * (y*32 + x)
			want += band * float64(Luminance(Vec3{rgb[i], rgb[i+1], rgb[i+2]}))
		}
	}
	if math.Abs(est/want-1) > 0.02 {
		t.Errorf("importance-sampled integral %v, want %v", est, want)
	}
	// ∫ pdf dω = 1.
	var s float64
	const nz, np = 200, 400
	for iz := range nz {
		z := -1 + 2*(float32(iz)+0.5)/nz
		r := math32.Sqrt(1 - z*z)
		for ip := range np {
			phi := 2 * math32.Pi * (float32(ip) + 0.5) / np
			s += float64(c.Pdf(Vec3{r * math32.Cos(phi), z, r * math32.Sin(phi)}, 0.4))
		}
	}
	if integral := s * 4 * math.Pi / (nz * np); math.Abs(integral-1) > 0.02 {
		t.Errorf("∫pdf = %v", integral)
	}
}

func TestBuildEnvCDFErrors(t *testing.T) {
	if _, err := BuildEnvCDF(0, 4, nil); err == nil {
		t.Error("accepted size 0")
	}
	if _, err := BuildEnvCDF(2, 2, make([]float32, 5)); err == nil {
		t.Error("accepted short data")
	}
	c, err := BuildEnvCDF(4, 2, make([]float32, 24)) // black map: uniform tables
	if err != nil || c.Marginal[1] != 0.5 || c.Conditional[2] != 0.5 {
		t.Errorf("black map: %v %+v", err, c)
	}
}
