package kernel

import (
	"fmt"

	"github.com/chewxy/math32"
)

// EnvCDF is the importance-sampling table of an equirectangular
// environment map (SceneResources envMarginalCdf / envConditionalCdf):
// texel (x, y) is chosen with probability ∝ luminance × sin θ.
type EnvCDF struct {
	Width, Height int
	// Marginal has Height+1 values from 0 to 1 (row y spans
	// [Marginal[y], Marginal[y+1])).
	Marginal []float32
	// Conditional has Height rows of Width+1 values from 0 to 1.
	Conditional []float32
	// Integral is the mean of luminance × sin θ over the texels.
	Integral float32
}

// BuildEnvCDF builds the tables of a width×height linear RGB map (rgb has
// 3 floats per texel, rows top (θ = 0, +Y) to bottom).
func BuildEnvCDF(width, height int, rgb []float32) (*EnvCDF, error) {
	if width <= 0 || height <= 0 {
		return nil, fmt.Errorf("environment map size %dx%d: must be positive", width, height)
	}
	if len(rgb) != 3*width*height {
		return nil, fmt.Errorf("environment map: %d floats, want 3×%d×%d", len(rgb), width, height)
	}
	c := &EnvCDF{Width: width, Height: height, Marginal: make([]float32, height+1),
		Conditional: make([]float32, height*(width+1))}
	rowSum := make([]float64, height)
	var total float64
	for y := range height {
		s := math32.Sin(math32.Pi * (float32(y) + 0.5) / float32(height))
		row := c.Conditional[y*(width+1) : (y+1)*(width+1)]
		var acc float64
		for x := range width {
			i := 3 * (y*width + x)
			l := Luminance(Vec3{rgb[i], rgb[i+1], rgb[i+2]})
			if !(l > 0) || math32.IsInf(l, 0) {
				l = 0
			}
			acc += float64(l * s)
			row[x+1] = float32(acc)
		}
		normalizeCDF(row, acc)
		rowSum[y] = acc
		total += acc
	}
	var acc float64
	for y := range height {
		acc += rowSum[y]
		c.Marginal[y+1] = float32(acc)
	}
	normalizeCDF(c.Marginal, total)
	c.Integral = float32(total / float64(width*height))
	return c, nil
}

// normalizeCDF divides a prefix sum by its total (uniform when the total
// is zero) and pins the ends to exactly 0 and 1.
func normalizeCDF(cdf []float32, total float64) {
	n := len(cdf) - 1
	for i := range cdf {
		if total > 0 {
			cdf[i] = float32(float64(cdf[i]) / total)
		} else {
			cdf[i] = float32(i) / float32(n)
		}
	}
	cdf[0], cdf[n] = 0, 1
}

// findInterval is pathtrace.metal find_interval: i with cdf[i] ≤ u <
// cdf[i+1] among n intervals.
func findInterval(cdf []float32, n int, u float32) int {
	lo, hi := 0, n-1
	for lo < hi {
		mid := (lo + hi + 1) >> 1
		if cdf[mid] <= u {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// EnvUV is pathtrace.metal env_uv: direction → equirectangular (u, v).
func EnvUV(d Vec3, rotation float32) [2]float32 {
	phi := math32.Atan2(d[0], -d[2]) + rotation
	u := phi*(0.5/math32.Pi) + 0.5
	u -= math32.Floor(u)
	v := math32.Acos(min(max(d[1], -1), 1)) / math32.Pi
	return [2]float32{u, v}
}

// EnvDir is pathtrace.metal env_dir, the inverse of EnvUV.
func EnvDir(uv [2]float32, rotation float32) Vec3 {
	phi := (uv[0]-0.5)*2*math32.Pi - rotation
	theta := uv[1] * math32.Pi
	s := math32.Sin(theta)
	return Vec3{s * math32.Sin(phi), math32.Cos(theta), -s * math32.Cos(phi)}
}

// Sample is the environment branch of pathtrace.metal sample_light
// without the selection probability: a direction and its solid-angle pdf.
func (c *EnvCDF) Sample(v, u float32, rotation float32) (Vec3, float32) {
	w, h := c.Width, c.Height
	v = min(v, 0.99999994)
	y := findInterval(c.Marginal, h, v)
	m0, m1 := c.Marginal[y], c.Marginal[y+1]
	dv := float32(0.5)
	if m1 > m0 {
		dv = (v - m0) / (m1 - m0)
	}
	row := c.Conditional[y*(w+1):]
	uu := min(u, 0.99999994)
	x := findInterval(row, w, uu)
	c0, c1 := row[x], row[x+1]
	du := float32(0.5)
	if c1 > c0 {
		du = (uu - c0) / (c1 - c0)
	}
	uv := [2]float32{(float32(x) + du) / float32(w), (float32(y) + dv) / float32(h)}
	d := EnvDir(uv, rotation)
	s := math32.Sin(uv[1] * math32.Pi)
	if s <= 0 {
		return d, 0
	}
	return d, (c1 - c0) * float32(w) * (m1 - m0) * float32(h) / (2 * math32.Pi * math32.Pi * s)
}

// Pdf is pathtrace.metal env_pdf without the selection probability.
func (c *EnvCDF) Pdf(d Vec3, rotation float32) float32 {
	uv := EnvUV(d, rotation)
	w, h := c.Width, c.Height
	x := min(int(uv[0]*float32(w)), w-1)
	y := min(int(uv[1]*float32(h)), h-1)
	row := c.Conditional[y*(w+1):]
	pu := (row[x+1] - row[x]) * float32(w)
	pv := (c.Marginal[y+1] - c.Marginal[y]) * float32(h)
	s := math32.Sin(uv[1] * math32.Pi)
	if s <= 0 {
		return 0
	}
	return pu * pv / (2 * math32.Pi * math32.Pi * s)
}
