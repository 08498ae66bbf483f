package kernel

import (
	"fmt"
	"math"
	"testing"
)

// filterDensity is the 1D (separable filters) or radial (gaussian)
// unnormalised filter of width w at offset x (radius for gaussian).
func filterDensity(f PixelFilter, w, x float64) float64 {
	h := w / 2
	if math.Abs(x) > h {
		return 0
	}
	switch f {
	case FilterBox:
		return 1
	case FilterGaussian:
		s := w / 6
		return math.Exp(-x * x / (2 * s * s))
	case FilterBlackmanHarris:
		t := x / w
		return bhA0 + bhA1*math.Cos(2*math.Pi*t) + bhA2*math.Cos(4*math.Pi*t) + bhA3*math.Cos(6*math.Pi*t)
	}
	return 1 - math.Abs(x)/h
}

// TestFilterOffsetDistribution: every filter's offsets stay inside its
// footprint, are centred, and have the second moment of the filter's own
// density (numerical quadrature), over a 256×256 grid of film numbers;
// for the separable ones the histogram of one axis matches the density
// within 1.5% of its peak per bin (65536 strata of that axis).
func TestFilterOffsetDistribution(t *testing.T) {
	const n = 256
	for _, c := range []struct {
		f PixelFilter
		w float32
	}{{FilterTent, 0}, {FilterTent, 3}, {FilterBox, 0}, {FilterBox, 2}, {FilterGaussian, 0}, {FilterGaussian, 1.5}, {FilterBlackmanHarris, 0}, {FilterBlackmanHarris, 4}} {
		t.Run(fmt.Sprintf("%v/%v", c.f, c.w), func(t *testing.T) {
			w := float64(c.w)
			if w == 0 {
				w = float64(c.f.DefaultWidth())
			}
			// Reference moment: E[x²] of one axis.
			var m0, m2 float64
			const q = 20000
			for k := range q {
				x := (float64(k)+0.5)/q*w - w/2
				d := filterDensity(c.f, w, x)
				if c.f == FilterGaussian { // radial: weight by r, E[x²] = E[r²]/2
					if x < 0 {
						continue
					}
					d *= x
					m2 += d * x * x / 2
				} else {
					m2 += d * x * x
				}
				m0 += d
			}
			want := m2 / m0
			const bins = 16
			var hist [bins]float64
			var sum, sum2 [2]float64
			for j := range n {
				for i := range n {
					u := [2]float32{(float32(i) + 0.5) / n, (float32(j) + 0.5) / n}
					o := FilterOffset(c.f, c.w, u)
					r := math.Hypot(float64(o[0]), float64(o[1]))
					for a := range 2 {
						x := float64(o[a])
						if math.Abs(x) > w/2+1e-5 || c.f == FilterGaussian && r > w/2+1e-5 {
							t.Fatalf("u %v: offset %v outside the footprint %v", u, o, w)
						}
						sum[a] += x
						sum2[a] += x * x
					}
				}
			}
			for k := range n * n { // one axis, 65536 strata
				o := FilterOffset(c.f, c.w, [2]float32{(float32(k) + 0.5) / (n * n), 0.5})
				hist[min(int((float64(o[0])/w+0.5)*bins), bins-1)]++
			}
			for a := range 2 {
				mean, m := sum[a]/(n*n), sum2[a]/(n*n)
				if math.Abs(mean) > 1e-3*w || math.Abs(m/want-1) > 0.01 {
					t.Errorf("axis %d: mean %v, E[x²] %v, filter's %v", a, mean, m, want)
				}
			}
			if c.f == FilterGaussian {
				return
			}
			peak := filterDensity(c.f, w, 0)
			for b := range bins {
				var d float64
				for k := range 64 {
					d += filterDensity(c.f, w, ((float64(b)+(float64(k)+0.5)/64)/bins-0.5)*w) / 64
				}
				got := hist[b] / (n * n) * bins / w // density per pixel
				ref := d / (m0 * w / q)
				if math.Abs(got-ref) > 0.015*peak/(m0*w/q) {
					t.Errorf("bin %d: density %v, filter %v", b, got, ref)
				}
			}
		})
	}
}

// TestSampleBlackmanHarrisCDF: the Newton inversion lands within 2e-5 of
// the window's CDF everywhere.
func TestSampleBlackmanHarrisCDF(t *testing.T) {
	cdf := func(x float64) float64 {
		return (bhA0*x+bhA1*math.Sin(2*math.Pi*x)/(2*math.Pi)+bhA2*math.Sin(4*math.Pi*x)/(4*math.Pi)+bhA3*math.Sin(6*math.Pi*x)/(6*math.Pi))/bhA0 + 0.5
	}
	worst := 0.0
	for k := range 100001 {
		u := float32(k) / 100001
		worst = max(worst, math.Abs(cdf(float64(sampleBlackmanHarris(u)))-float64(u)))
	}
	t.Logf("largest CDF error %.2g", worst)
	if worst > 2e-5 {
		t.Errorf("CDF error %v", worst)
	}
}
