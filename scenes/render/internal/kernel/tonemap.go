package kernel

import (
	"math"
)

// ToneMap selects the resolve kernel's tone-mapping operator
// (RenderSettings.toneMap in scene_types.h); render.ToneMap is its
// public face.
type ToneMap uint32

// Tone-mapping operators; the values are those of scene_types.h.
const (
	// ToneNone clamps linear radiance to [0, 1].
	ToneNone ToneMap = 0
	// TonePBRNeutral is the Khronos PBR Neutral operator (the default).
	TonePBRNeutral ToneMap = 1
	// ToneACES is Stephen Hill's fit of the ACES RRT+ODT (sRGB primaries).
	ToneACES ToneMap = 2
)

// PBRNeutral is the Khronos PBR Neutral tone mapper (reference GLSL of
// the Khronos specification, transcribed; tonemap.h pbr_neutral).
func PBRNeutral(c [3]float32) [3]float32 {
	const start = 0.8 - 0.04
	const desat = 0.15
	x := min(c[0], c[1], c[2])
	var offset float32 = 0.04
	if x < 0.08 {
		offset = x - 6.25*x*x
	}
	for i := range c {
		c[i] -= offset
	}
	peak := max(c[0], c[1], c[2])
	if peak < start {
		return c
	}
	const d = 1 - start
	newPeak := 1 - d*d/(peak+d-start)
	s := newPeak / peak
	g := 1 - 1/(desat*(peak-newPeak)+1)
	for i := range c {
		c[i] = c[i]*s*(1-g) + newPeak*g
	}
	return c
}

// ACESFitted is Stephen Hill's ACES fit (input matrix, RRT+ODT rational
// fit, output matrix, saturate); tonemap.h aces_fitted.
func ACESFitted(c [3]float32) [3]float32 {
	in := [3][3]float32{{0.59719, 0.35458, 0.04823}, {0.07600, 0.90834, 0.01566}, {0.02840, 0.13383, 0.83777}}
	out := [3][3]float32{{1.60475, -0.53108, -0.07367}, {-0.10208, 1.10813, -0.00605}, {-0.00327, -0.07276, 1.07602}}
	var v, r [3]float32
	for i := range 3 {
		v[i] = in[i][0]*c[0] + in[i][1]*c[1] + in[i][2]*c[2]
	}
	for i := range 3 {
		a := v[i]*(v[i]+0.0245786) - 0.000090537
		b := v[i]*(0.983729*v[i]+0.4329510) + 0.238081
		v[i] = a / b
	}
	for i := range 3 {
		r[i] = clamp01(out[i][0]*v[0] + out[i][1]*v[1] + out[i][2]*v[2])
	}
	return r
}

// Tone applies exposure (in stops) and operator t to linear radiance and
// returns display-linear values in [0, 1] (tonemap.h tone_map).
func Tone(t ToneMap, exposure float32, c [3]float32) [3]float32 {
	k := float32(math.Exp2(float64(exposure)))
	for i := range c {
		c[i] = max(c[i]*k, 0)
	}
	switch t {
	case TonePBRNeutral:
		c = PBRNeutral(c)
	case ToneACES:
		c = ACESFitted(c)
	}
	for i := range c {
		c[i] = clamp01(c[i])
	}
	return c
}

// EncodeSRGB converts a display-linear value to an 8-bit sRGB code
// (IEC 61966-2-1 transfer function, round to nearest).
func EncodeSRGB(v float32) uint8 {
	v = clamp01(v)
	var e float32
	if v <= 0.0031308 {
		e = 12.92 * v
	} else {
		e = 1.055*float32(math.Pow(float64(v), 1/2.4)) - 0.055
	}
	return uint8(clamp01(e)*255 + 0.5)
}

// DecodeSRGB converts an 8-bit sRGB code back to linear.
func DecodeSRGB(c uint8) float32 {
	v := float32(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return float32(math.Pow(float64((v+0.055)/1.055), 2.4))
}

func clamp01(v float32) float32 {
	if !(v > 0) { // also NaN
		return 0
	}
	return min(v, 1)
}
