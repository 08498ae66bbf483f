package texel

import (
	"math"

	"github.com/ingot-render/ingot/internal/fmath"
)

// Conversion rules of the MSL specification §8.7 (reference:
// msl-types-layout.md §8.1).

var (
	unorm8LUT [256]float32 // c/255
	snorm8LUT [256]float32 // max(-1, int8(c)/127)
	srgb8LUT  [256]float32 // sRGB-decoded c/255
)

func init() {
	for i := range 256 {
		unorm8LUT[i] = float32(i) / 255
		snorm8LUT[i] = max(-1, float32(int8(i))/127)
		srgb8LUT[i] = float32(srgbToLinear64(float64(i) / 255))
	}
}

// unormToFloat returns c/max as float32 (correctly rounded).
func unormToFloat(c, maxv uint32) float32 { return float32(c) / float32(maxv) }

// snormToFloat returns max(-1, c/max) for a signed c.
func snormToFloat(c int32, maxv int32) float32 { return max(-1, float32(c)/float32(maxv)) }

// floatToUnorm converts f to an n-bit unorm (maxv = 2^n-1): clamp(f*maxv),
// round to nearest even, NaN to 0.
func floatToUnorm(f float32, maxv uint32) uint32 {
	x := float64(f) * float64(maxv) // exact: 24-bit mantissa times at most 24 bits
	if !(x > 0) {
		return 0
	}
	if x >= float64(maxv) {
		return maxv
	}
	return uint32(math.RoundToEven(x))
}

// floatToSnorm converts f to an n-bit snorm (maxv = 2^(n-1)-1): clamp to
// [-maxv, maxv], round to nearest even, NaN to 0.
func floatToSnorm(f float32, maxv int32) int32 {
	x := float64(f) * float64(maxv)
	if x != x {
		return 0
	}
	if x <= -float64(maxv) {
		return -maxv
	}
	if x >= float64(maxv) {
		return maxv
	}
	return int32(math.RoundToEven(x))
}

func srgbToLinear64(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// SRGBToLinear decodes one sRGB-encoded component in [0,1]
// (internal/fmath.SRGBToLinear).
func SRGBToLinear(c float32) float32 { return fmath.SRGBToLinear(c) }

// LinearToSRGB encodes one linear component as sRGB, unquantised (NaN → 0,
// clamped to [0,1]; internal/fmath.LinearToSRGB).
func LinearToSRGB(c float32) float32 { return fmath.LinearToSRGB(c) }

// floatToSRGB8Formula encodes a linear component as an 8-bit sRGB value
// with the spec's formula — linear→sRGB, then c*255 + 0.5 truncated — as
// internal/fmath evaluates it (pack_float_to_srgb_unorm4x8), so texture
// writes and the pack functions agree bit for bit.
func floatToSRGB8Formula(f float32) uint32 { return uint32(fmath.LinearToSRGB8(f)) }

// srgb8Thresholds[k] is the smallest float32 that encodes to sRGB byte k
// or more. The formula is non-decreasing in its input, so the encoding of
// x is the largest k with srgb8Thresholds[k] <= x — a table search that
// gives the formula's exact result without calling math.Pow.
var srgb8Thresholds [256]float32

func init() {
	for k := 1; k < 256; k++ {
		// Bisect over the bit patterns of positive float32s (ordered like
		// integers) in [0, 1].
		lo, hi := uint32(0), math.Float32bits(1)
		for lo < hi {
			mid := lo + (hi-lo)/2
			if floatToSRGB8Formula(math.Float32frombits(mid)) >= uint32(k) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		srgb8Thresholds[k] = math.Float32frombits(lo)
	}
}

// floatToSRGB8 encodes a linear component as an 8-bit sRGB value (NaN and
// values ≤ 0 give 0, ≥ 1 give 255), bit-exact with floatToSRGB8Formula.
func floatToSRGB8(f float32) uint32 {
	if !(f > 0) {
		return 0
	}
	if f >= 1 {
		return 255
	}
	k := 0
	for step := 128; step > 0; step >>= 1 {
		if srgb8Thresholds[k+step] <= f { // k+step ≤ 255: k sums distinct larger steps
			k += step
		}
	}
	return uint32(k)
}

// Shared-exponent RGB9E5 (N=9 mantissa bits, bias B=15, Emax=31).
const rgb9e5Max = 511.0 / 512.0 * 65536.0

func encodeRGB9E5(r, g, b float32) uint32 {
	clampc := func(c float32) float64 {
		x := float64(c)
		if !(x > 0) {
			return 0
		}
		return min(x, rgb9e5Max)
	}
	rc, gc, bc := clampc(r), clampc(g), clampc(b)
	maxc := max(rc, gc, bc)
	fl := -16 // floor(log2(0)) = -inf, clamped by max(-B-1, .)
	if maxc > 0 {
		_, e := math.Frexp(maxc) // maxc = frac·2^e, frac in [0.5,1)
		fl = max(-16, e-1)
	}
	expp := fl + 1 + 15
	maxs := math.Floor(maxc/math.Ldexp(1, expp-15-9) + 0.5)
	exps := expp
	if maxs == 512 {
		exps = expp + 1
	}
	scale := math.Ldexp(1, exps-15-9)
	q := func(c float64) uint32 { return uint32(math.Floor(c/scale + 0.5)) }
	return q(rc) | q(gc)<<9 | q(bc)<<18 | uint32(exps)<<27
}

func decodeRGB9E5(w uint32) (r, g, b float32) {
	s := float32(math.Ldexp(1, int(w>>27)-24))
	return float32(w&511) * s, float32(w>>9&511) * s, float32(w>>18&511) * s
}

// saturating integer conversions for writes to integer formats.
func satU(v uint32, maxv uint32) uint32 { return min(v, maxv) }

func satS(v int32, lo, hi int32) int32 { return min(max(v, lo), hi) }
