package fmath

import "math"

// SRGBToLinear converts an sRGB-encoded value in [0, 1] to linear (§8.7.7):
// c ≤ 0.04045 ? c/12.92 : powr((c+0.055)/1.055, 2.4), evaluated in float64
// and rounded once. Values outside [0, 1] follow the same formula
// (negative inputs use the linear segment); NaN stays NaN.
func SRGBToLinear(c float32) float32 { return float32(srgbToLinear64(f64(c))) }

func srgbToLinear64(x float64) float64 {
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

// LinearToSRGB converts a linear value to sRGB encoding without
// quantization (§8.7.7): NaN → 0, clamp to [0, 1], then
// c < 0.0031308 ? 12.92c : 1.055·powr(c, 1/2.4) − 0.055.
func LinearToSRGB(c float32) float32 {
	x := f64(c)
	switch {
	case !(x > 0): // also NaN
		return 0
	case x >= 1:
		return 1
	case x < 0.0031308:
		return float32(12.92 * x)
	}
	return float32(float64(1.055*math.Pow(x, 1/2.4)) - 0.055)
}

// LinearToSRGB8 converts a linear value to an 8-bit sRGB code exactly as
// §8.7.7 prescribes: LinearToSRGB, then ·255, +0.5, truncate.
func LinearToSRGB8(c float32) uint8 {
	return uint8(float32(LinearToSRGB(c)*255) + 0.5)
}

// srgb8Table holds the linear value of every 8-bit sRGB code, computed from
// the exact code value i/255 and rounded once.
var srgb8Table = func() (t [256]float32) {
	for i := range t {
		t[i] = float32(srgbToLinear64(float64(i) / 255))
	}
	return t
}()

// SRGB8ToLinear decodes an 8-bit sRGB code to a linear float (table lookup).
func SRGB8ToLinear(c uint8) float32 { return srgb8Table[c] }
