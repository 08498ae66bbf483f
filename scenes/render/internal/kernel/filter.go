package kernel

import (
	"github.com/chewxy/math32"
)

// PixelFilter is the reconstruction filter (RenderSettings.filter,
// scene_types.h FILTER_*); render.PixelFilter is its public face.
type PixelFilter uint32

// Pixel filters (scene_types.h FILTER_*). The zero value, FilterTent of
// width 2, is the default and what every earlier release used.
const (
	// FilterTent is the separable tent (triangle) of radius Width/2.
	FilterTent PixelFilter = iota
	// FilterBox is the separable box of side Width.
	FilterBox
	// FilterGaussian is the radially symmetric Gaussian of σ = Width/6,
	// truncated at radius Width/2 (3σ).
	FilterGaussian
	// FilterBlackmanHarris is the separable four-term Blackman–Harris
	// window of width Width (Cycles' default pixel filter at width 1.5).
	FilterBlackmanHarris
	// FilterCenter sends every camera ray through its pixel centre (no
	// anti-aliasing: for comparisons against references that do the same).
	FilterCenter
)

// DefaultWidth is the filter's width when Frame.FilterWidth is 0: tent 2
// (radius one pixel), box 1, gaussian 3 (σ = 0.5), blackman-harris 1.5.
func (f PixelFilter) DefaultWidth() float32 {
	switch f {
	case FilterBox:
		return 1
	case FilterGaussian:
		return 3
	case FilterBlackmanHarris:
		return 1.5
	case FilterCenter:
		return 0
	}
	return 2
}

// Blackman–Harris coefficients (centred form: a0 + a1 cos 2πt + …, t ∈
// [−½, ½]).
const (
	bhA0 = 0.35875
	bhA1 = 0.48829
	bhA2 = 0.14128
	bhA3 = 0.01168
)

// sampleBlackmanHarris maps u ∈ [0, 1) to t ∈ [−½, ½] distributed as the
// unit-width Blackman–Harris window: four clamped Newton steps on its
// closed-form CDF from a tent-shaped first guess, a fixed count so that
// every lane runs the same instructions (pathtrace.metal
// sample_blackman_harris). The CDF error stays below 1e-5.
func sampleBlackmanHarris(u float32) float32 {
	t := SampleTent(u) * 0.4
	for range 4 {
		s1, c1 := math32.Sin(2*math32.Pi*t), math32.Cos(2*math32.Pi*t)
		s2, c2 := 2*s1*c1, 1-2*s1*s1
		s3, c3 := s1*(3-4*s1*s1), c1*(4*c1*c1-3)
		cdf := (bhA0*t+(bhA1/(2*math32.Pi))*s1+(bhA2/(4*math32.Pi))*s2+(bhA3/(6*math32.Pi))*s3)/bhA0 + 0.5
		pdf := (bhA0 + bhA1*c1 + bhA2*c2 + bhA3*c3) / bhA0
		t -= (cdf - u) / max(pdf, 1e-3)
		t = min(max(t, -0.5), 0.5)
	}
	return t
}

// FilterOffset returns the camera-ray offset from the pixel centre (in
// pixels) of filter f of width w (≤ 0: its DefaultWidth) for the film
// random numbers u (pathtrace.metal filter_offset).
func FilterOffset(f PixelFilter, w float32, u [2]float32) [2]float32 {
	if !(w > 0) {
		w = f.DefaultWidth()
	}
	switch f {
	case FilterBox:
		return [2]float32{(u[0] - 0.5) * w, (u[1] - 0.5) * w}
	case FilterGaussian:
		// r² ~ exponential truncated at (w/2)² = (3σ)²: 1 − e^{−4.5}.
		sigma := w * (1.0 / 6)
		r := sigma * math32.Sqrt(-2*math32.Log(1-u[0]*0.98889100))
		s, c := math32.Sin(2*math32.Pi*u[1]), math32.Cos(2*math32.Pi*u[1])
		return [2]float32{r * c, r * s}
	case FilterBlackmanHarris:
		return [2]float32{sampleBlackmanHarris(u[0]) * w, sampleBlackmanHarris(u[1]) * w}
	case FilterCenter:
		return [2]float32{}
	}
	h := w * 0.5
	return [2]float32{SampleTent(u[0]) * h, SampleTent(u[1]) * h}
}
