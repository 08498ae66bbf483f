package fmath

import "math"

// Half is an IEEE 754 binary16 value stored as its bit pattern.
type Half = uint16

// Half constants (bit patterns).
const (
	HalfPosInf   Half = 0x7c00 // +∞
	HalfNegInf   Half = 0xfc00 // −∞
	HalfNaN      Half = 0x7e00 // canonical quiet NaN
	HalfMax      Half = 0x7bff // 65504, MAXHALF
	HalfMinNorm  Half = 0x0400 // 2^−14
	HalfSignMask Half = 0x8000
)

// HalfToFloat32 converts a binary16 bit pattern to float32 exactly.
// NaN payloads are kept (shifted into the top of the float32 mantissa).
func HalfToFloat32(h Half) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // inf or NaN
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
	case mant == 0: // ±0
		return math.Float32frombits(sign)
	default: // subnormal: value = mant · 2^−24, exact in float32
		return math.Float32frombits(sign | math.Float32bits(float32(mant)*(1.0/16777216)))
	}
}

// Float32ToHalf converts f to binary16 rounding to nearest, ties to even.
// Overflow gives ±∞; results below half the smallest subnormal give ±0;
// NaN stays NaN (quiet, with the top payload bits kept).
func Float32ToHalf(f float32) Half {
	b := math.Float32bits(f)
	sign := Half(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00 | Half(mant>>13)
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 31 {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		m := mant | 0x800000
		shift := uint(14 - e)
		h := m >> shift
		rem := m & (1<<shift - 1)
		halfway := uint32(1) << (shift - 1)
		if rem > halfway || (rem == halfway && h&1 == 1) {
			h++
		}
		return sign | Half(h)
	}
	h := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // may carry into the exponent, up to +∞: correct
	}
	return sign | Half(h)
}

// Float32ToHalfRTZ converts f to binary16 rounding toward zero. Finite
// overflow gives ±65504 (the largest finite half), as IEEE RTZ requires;
// ±∞ stays ±∞ and NaN stays NaN.
func Float32ToHalfRTZ(f float32) Half {
	b := math.Float32bits(f)
	sign := Half(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00 | Half(mant>>13)
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 31 {
		return sign | HalfMax
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		return sign | Half((mant|0x800000)>>uint(14-e))
	}
	return sign | Half(uint32(e)<<10|mant>>13)
}

// Float64ToHalf converts f to binary16 with a single rounding (to nearest,
// ties to even), avoiding the double rounding of float64→float32→half.
func Float64ToHalf(f float64) Half {
	b := math.Float64bits(f)
	sign := Half(b>>48) & 0x8000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0x7ff {
		if mant != 0 {
			return sign | 0x7e00 | Half(mant>>42)
		}
		return sign | 0x7c00
	}
	e := exp - 1023 + 15
	if e >= 31 {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		m := mant | 1<<52
		shift := uint(43 - e)
		h := m >> shift
		rem := m & (1<<shift - 1)
		halfway := uint64(1) << (shift - 1)
		if rem > halfway || (rem == halfway && h&1 == 1) {
			h++
		}
		return sign | Half(h)
	}
	h := uint64(e)<<10 | mant>>42
	rem := mant & (1<<42 - 1)
	if rem > 1<<41 || (rem == 1<<41 && h&1 == 1) {
		h++
	}
	return sign | Half(h)
}

// RoundHalf rounds f to the nearest binary16 value (ties to even) and
// returns it as float32. It is what the executor applies after every
// half-typed operation computed in float32.
//
// It works on the float32 bits directly and equals
// HalfToFloat32(Float32ToHalf(f)) for every input (tested).
func RoundHalf(f float32) float32 {
	b := math.Float32bits(f)
	a := b & 0x7fffffff
	s := b &^ 0x7fffffff
	switch {
	case a < 0x38800000: // |f| < 2^-14: half subnormals, steps of 2^-24
		// 0.5 has a float32 ulp of 2^-24, so the add rounds to the step (RNE).
		r := (math.Float32frombits(a) + 0.5) - 0.5
		return math.Float32frombits(math.Float32bits(r) | s)
	case a < 0x477ff000: // < 65520: normal half, keep 10 fraction bits (RNE)
		a = (a + 0xfff + (a>>13)&1) &^ 0x1fff
		return math.Float32frombits(a | s)
	case a <= 0x7f800000: // rounds to ±∞
		return math.Float32frombits(0x7f800000 | s)
	}
	return math.Float32frombits((b | 0x00400000) &^ 0x1fff) // NaN: quiet, as the half NaN decodes
}

// RoundHalfs sets dst[i] = RoundHalf(src[i]) for i < len(dst).
// src must be at least as long as dst; dst and src may be the same slice.
//
// It is RoundHalfLanes under the name the executor uses; GOEXPERIMENT=simd
// builds on AVX2 CPUs round 8 lanes at a time, bit-identically.
func RoundHalfs(dst, src []float32) { RoundHalfLanes(dst, src) }

// HalfsToFloat32s sets dst[i] = HalfToFloat32(src[i]) for i < len(dst).
func HalfsToFloat32s(dst []float32, src []Half) {
	src = src[:len(dst)]
	for i, h := range src {
		dst[i] = HalfToFloat32(h)
	}
}

// Float32sToHalfs sets dst[i] = Float32ToHalf(src[i]) for i < len(dst).
func Float32sToHalfs(dst []Half, src []float32) {
	src = src[:len(dst)]
	for i, f := range src {
		dst[i] = Float32ToHalf(f)
	}
}

// BFloat16 is a bfloat16 value (the top 16 bits of a float32) stored as its
// bit pattern.
type BFloat16 = uint16

// BFloat16ToFloat32 converts a bfloat16 bit pattern to float32 exactly.
func BFloat16ToFloat32(b BFloat16) float32 { return math.Float32frombits(uint32(b) << 16) }

// Float32ToBFloat16 converts f to bfloat16 rounding to nearest, ties to
// even; NaN stays a quiet NaN with the top payload bits kept.
func Float32ToBFloat16(f float32) BFloat16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return BFloat16(b>>16) | 0x40
	}
	b += 0x7fff + (b>>16)&1
	return BFloat16(b >> 16)
}

// Float32ToBFloat16RTZ converts f to bfloat16 rounding toward zero
// (truncation); NaN stays a quiet NaN. Note that finite values never
// overflow under truncation.
func Float32ToBFloat16RTZ(f float32) BFloat16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return BFloat16(b>>16) | 0x40
	}
	return BFloat16(b >> 16)
}

// RoundBFloat16 rounds f to the nearest bfloat16 (ties to even) and returns
// it as float32.
func RoundBFloat16(f float32) float32 { return BFloat16ToFloat32(Float32ToBFloat16(f)) }

// NextafterHalf returns the next binary16 value after x toward y (MSL
// nextafter on half). NaN in either gives NaN.
func NextafterHalf(x, y Half) Half {
	fx, fy := HalfToFloat32(x), HalfToFloat32(y)
	switch {
	case fx != fx || fy != fy:
		return HalfNaN
	case fx == fy:
		return y
	case x&0x7fff == 0: // ±0 → smallest subnormal toward y
		return y&0x8000 | 1
	case (fy > fx) == (x&0x8000 == 0): // away from zero
		return x + 1
	}
	return x - 1
}

// FractHalf is fract for half values carried as float32: x − floor(x)
// rounded to half and clamped below 1 (to 0x1.ffcp-1, the largest half
// below 1).
func FractHalf(x float32) float32 {
	return min(RoundHalf(Fract(x)), 0x1.ffcp-1)
}
