package texel

import (
	"math"

	"github.com/ingot-render/ingot/internal/fmath"
)

// This file holds the small-float conversions: binary16 through
// internal/fmath, and the unsigned 10/11-bit floats of RG11B10Float, which
// share packSmallFloat's rounding.

// roundShiftRTNE returns m >> shift rounded to nearest, ties to even.
func roundShiftRTNE(m uint32, shift uint) uint32 {
	if shift == 0 {
		return m
	}
	if shift > 31 {
		return 0
	}
	q := m >> shift
	rem := m & (1<<shift - 1)
	half := uint32(1) << (shift - 1)
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	return q
}

// packSmallFloat converts the magnitude bits of a finite, positive float32
// (sign cleared) to a float with 5 exponent bits (bias 15) and mbits
// mantissa bits, rounding to nearest even; overflow gives +Inf.
func packSmallFloat(b uint32, mbits uint) uint32 {
	exp := int(b >> 23 & 0xff)
	man := b & 0x7fffff
	e := exp - 127 + 15
	if e >= 31 {
		return 31 << mbits
	}
	if e <= 0 {
		if exp == 0 { // float32 subnormal: far below the target's range
			return 0
		}
		// Target subnormal: value in units of 2^(-14-mbits).
		return roundShiftRTNE(man|0x800000, uint(23-int(mbits)+1-e))
	}
	// Normal; a carry out of the mantissa correctly bumps the exponent (to Inf at most).
	return roundShiftRTNE(uint32(e)<<23|man, uint(23-mbits))
}

// floatToHalf converts f to binary16 bits, rounding to nearest even
// (internal/fmath; infinities kept, NaN stays NaN, overflow gives Inf).
func floatToHalf(f float32) uint16 { return fmath.Float32ToHalf(f) }

// halfToFloat converts binary16 bits to float32 exactly (internal/fmath).
func halfToFloat(h uint16) float32 { return fmath.HalfToFloat32(h) }

// encodeUFloat encodes f as an unsigned float with 5 exponent bits and mbits
// mantissa bits (RG11B10Float channels): negative values and -0 become 0,
// NaN a NaN, +Inf and overflow +Inf, otherwise round to nearest even.
func encodeUFloat(f float32, mbits uint) uint32 {
	b := math.Float32bits(f)
	switch {
	case f != f:
		return 31<<mbits | 1<<(mbits-1)
	case b&0x80000000 != 0:
		return 0
	case b == 0x7f800000:
		return 31 << mbits
	}
	return packSmallFloat(b, mbits)
}

// decodeUFloat decodes an unsigned 5-bit-exponent float with mbits mantissa bits.
func decodeUFloat(v uint32, mbits uint) float32 {
	e := v >> mbits & 31
	m := v & (1<<mbits - 1)
	switch {
	case e == 31 && m != 0:
		return float32(math.NaN())
	case e == 31:
		return float32(math.Inf(1))
	case e == 0:
		return float32(m) * float32(math.Ldexp(1, -14-int(mbits)))
	}
	return math.Float32frombits((e+112)<<23 | m<<(23-mbits))
}
