package fmath

import "math"

// This file implements the normalized-integer conversions of §8.7.1 and
// the pack/unpack functions of §6.14. Component 0 (x, r) occupies the least
// significant bits of every packed word, except 565 (see PackUnorm565).

// UnormToFloat converts an n-bit unsigned normalized code to [0, 1]:
// float(c)/(2^n − 1), correctly rounded (0 → 0, max → 1 exactly).
func UnormToFloat(c uint32, n uint) float32 {
	return float32(c) / float32(uint32(1)<<n-1)
}

// SnormToFloat converts an n-bit signed normalized code (two's complement
// value c) to [−1, 1]: max(−1, float(c)/(2^(n−1) − 1)).
func SnormToFloat(c int32, n uint) float32 {
	return max(-1, float32(c)/float32(int32(1)<<(n-1)-1))
}

// FloatToUnorm converts f to an n-bit unsigned normalized code (Table 8.7):
// x = clamp(f·(2^n − 1), 0, 2^n − 1), round to nearest even; NaN → 0.
func FloatToUnorm(f float32, n uint) uint32 {
	m := float32(uint32(1)<<n - 1)
	x := f * m
	if !(x > 0) { // also NaN
		return 0
	}
	if x >= m {
		return uint32(m)
	}
	return uint32(Rint(x))
}

// FloatToSnorm converts f to an n-bit signed normalized value (Table 8.7):
// x = clamp(f·(2^(n−1) − 1), −(2^(n−1) − 1), 2^(n−1) − 1), RTNE; NaN → 0.
// The result is the signed value; mask it to n bits to store it.
func FloatToSnorm(f float32, n uint) int32 {
	m := float32(int32(1)<<(n-1) - 1)
	x := f * m
	switch {
	case x != x:
		return 0
	case x >= m:
		return int32(m)
	case x <= -m:
		return -int32(m)
	}
	return int32(Rint(x))
}

// signExtend sign-extends the low n bits of v.
func signExtend(v uint32, n uint) int32 { return int32(v<<(32-n)) >> (32 - n) }

// PackUnorm4x8 packs four floats as 8-bit unorm (pack_float_to_unorm4x8).
func PackUnorm4x8(v [4]float32) uint32 {
	return FloatToUnorm(v[0], 8) | FloatToUnorm(v[1], 8)<<8 | FloatToUnorm(v[2], 8)<<16 | FloatToUnorm(v[3], 8)<<24
}

// UnpackUnorm4x8 unpacks four 8-bit unorm values (unpack_unorm4x8_to_float).
func UnpackUnorm4x8(p uint32) [4]float32 {
	return [4]float32{UnormToFloat(p&0xff, 8), UnormToFloat(p>>8&0xff, 8), UnormToFloat(p>>16&0xff, 8), UnormToFloat(p>>24, 8)}
}

// PackSnorm4x8 packs four floats as 8-bit snorm (pack_float_to_snorm4x8).
func PackSnorm4x8(v [4]float32) uint32 {
	var p uint32
	for i, f := range v {
		p |= uint32(FloatToSnorm(f, 8)) & 0xff << (8 * i)
	}
	return p
}

// UnpackSnorm4x8 unpacks four 8-bit snorm values (unpack_snorm4x8_to_float).
func UnpackSnorm4x8(p uint32) [4]float32 {
	var v [4]float32
	for i := range v {
		v[i] = SnormToFloat(signExtend(p>>(8*i), 8), 8)
	}
	return v
}

// PackSRGBUnorm4x8 packs RGB as 8-bit sRGB (§8.7.7 rule) and alpha as
// linear 8-bit unorm (pack_float_to_srgb_unorm4x8).
func PackSRGBUnorm4x8(v [4]float32) uint32 {
	return uint32(LinearToSRGB8(v[0])) | uint32(LinearToSRGB8(v[1]))<<8 | uint32(LinearToSRGB8(v[2]))<<16 | FloatToUnorm(v[3], 8)<<24
}

// UnpackSRGBUnorm4x8 unpacks 8-bit sRGB RGB to linear and a linear alpha
// (unpack_unorm4x8_srgb_to_float).
func UnpackSRGBUnorm4x8(p uint32) [4]float32 {
	return [4]float32{SRGB8ToLinear(uint8(p)), SRGB8ToLinear(uint8(p >> 8)), SRGB8ToLinear(uint8(p >> 16)), UnormToFloat(p>>24, 8)}
}

// PackUnorm2x16 packs two floats as 16-bit unorm (pack_float_to_unorm2x16).
func PackUnorm2x16(v [2]float32) uint32 {
	return FloatToUnorm(v[0], 16) | FloatToUnorm(v[1], 16)<<16
}

// UnpackUnorm2x16 unpacks two 16-bit unorm values (unpack_unorm2x16_to_float).
func UnpackUnorm2x16(p uint32) [2]float32 {
	return [2]float32{UnormToFloat(p&0xffff, 16), UnormToFloat(p>>16, 16)}
}

// PackSnorm2x16 packs two floats as 16-bit snorm (pack_float_to_snorm2x16).
func PackSnorm2x16(v [2]float32) uint32 {
	return uint32(FloatToSnorm(v[0], 16))&0xffff | uint32(FloatToSnorm(v[1], 16))<<16
}

// UnpackSnorm2x16 unpacks two 16-bit snorm values (unpack_snorm2x16_to_float).
func UnpackSnorm2x16(p uint32) [2]float32 {
	return [2]float32{SnormToFloat(signExtend(p, 16), 16), SnormToFloat(signExtend(p>>16, 16), 16)}
}

// PackUnorm10A2 packs RGB as 10-bit and A as 2-bit unorm, R in bits 0–9,
// G 10–19, B 20–29, A 30–31 (pack_float_to_unorm10a2).
func PackUnorm10A2(v [4]float32) uint32 {
	return FloatToUnorm(v[0], 10) | FloatToUnorm(v[1], 10)<<10 | FloatToUnorm(v[2], 10)<<20 | FloatToUnorm(v[3], 2)<<30
}

// UnpackUnorm10A2 unpacks the layout of PackUnorm10A2 (unpack_unorm10a2_to_float).
func UnpackUnorm10A2(p uint32) [4]float32 {
	return [4]float32{UnormToFloat(p&0x3ff, 10), UnormToFloat(p>>10&0x3ff, 10), UnormToFloat(p>>20&0x3ff, 10), UnormToFloat(p>>30, 2)}
}

// PackSnorm10A2 packs RGB as 10-bit and A as 2-bit snorm in the layout of
// PackUnorm10A2 (pack_float_to_snorm10a2, Metal 4).
func PackSnorm10A2(v [4]float32) uint32 {
	return uint32(FloatToSnorm(v[0], 10))&0x3ff | uint32(FloatToSnorm(v[1], 10))&0x3ff<<10 |
		uint32(FloatToSnorm(v[2], 10))&0x3ff<<20 | uint32(FloatToSnorm(v[3], 2))&3<<30
}

// UnpackSnorm10A2 unpacks the layout of PackSnorm10A2 (unpack_snorm10a2_to_float).
func UnpackSnorm10A2(p uint32) [4]float32 {
	return [4]float32{SnormToFloat(signExtend(p, 10), 10), SnormToFloat(signExtend(p>>10, 10), 10),
		SnormToFloat(signExtend(p>>20, 10), 10), SnormToFloat(signExtend(p>>30, 2), 2)}
}

// PackUnorm565 packs RGB as 5:6:5 unorm with R in bits 11–15, G in 5–10 and
// B in 0–4 (the MTLPixelFormatB5G6R5Unorm order; unverified against
// hardware for pack_float_to_unorm565).
func PackUnorm565(v [3]float32) uint16 {
	return uint16(FloatToUnorm(v[0], 5)<<11 | FloatToUnorm(v[1], 6)<<5 | FloatToUnorm(v[2], 5))
}

// UnpackUnorm565 unpacks the layout of PackUnorm565 (unpack_unorm565_to_float).
func UnpackUnorm565(p uint16) [3]float32 {
	q := uint32(p)
	return [3]float32{UnormToFloat(q>>11, 5), UnormToFloat(q>>5&0x3f, 6), UnormToFloat(q&0x1f, 5)}
}

// PackHalf2x16 packs two floats as binary16 (RTNE), x in the low half.
func PackHalf2x16(v [2]float32) uint32 {
	return uint32(Float32ToHalf(v[0])) | uint32(Float32ToHalf(v[1]))<<16
}

// UnpackHalf2x16 unpacks two binary16 values, x from the low half.
func UnpackHalf2x16(p uint32) [2]float32 {
	return [2]float32{HalfToFloat32(Half(p)), HalfToFloat32(Half(p >> 16))}
}

// Float11 and Float10 are the unsigned small floats of RG11B10Float (§8.7.4):
// 5-bit exponent (bias 15), 6- or 5-bit mantissa, no sign.

// SmallFloatToFloat32 decodes an unsigned float with a 5-bit exponent and an
// m-bit mantissa (m = 6 for 11-bit, 5 for 10-bit floats), losslessly.
func SmallFloatToFloat32(v uint32, m uint) float32 {
	e := v >> m & 0x1f
	f := v & (1<<m - 1)
	switch {
	case e == 0x1f && f == 0:
		return float32(math.Inf(1))
	case e == 0x1f:
		return float32(math.NaN())
	case e == 0:
		return float32(math.Ldexp(float64(f), -14-int(m)))
	}
	return float32(math.Ldexp(1+float64(f)/float64(uint32(1)<<m), int(e)-15))
}

// Float32ToSmallFloat encodes f as an unsigned float with a 5-bit exponent
// and m-bit mantissa, rounding to nearest even (≤ 0.5 ulp); negative values
// and −0 give 0, NaN gives a NaN code, overflow +∞.
func Float32ToSmallFloat(f float32, m uint) uint32 {
	switch {
	case f != f:
		return 0x1f<<m | 1<<(m-1)
	case !(f > 0):
		return 0
	}
	// Reuse the binary16 rounder: half has the same exponent range with a
	// 10-bit mantissa; round directly to m bits via float64 scaling.
	x := float64(f)
	if x >= math.Ldexp(2-math.Ldexp(1, -int(m)-1), 15) { // ≥ max + ½ ulp
		return 0x1f << m
	}
	_, e := math.Frexp(x) // x = frac·2^e, frac in [0.5, 1)
	exp := e - 1          // x = 1.x·2^exp
	if exp < -14 {
		exp = -14 // subnormal range shares the minimum exponent
	}
	q := math.RoundToEven(math.Ldexp(x, int(m)-exp)) // units of 2^(exp−m)
	if q >= float64(uint32(2)<<m) {                  // rounding carried to the next binade
		q /= 2
		exp++
	}
	if q < float64(uint32(1)<<m) { // subnormal (only when exp == −14)
		return uint32(q)
	}
	return uint32(exp+15)<<m | uint32(q)&(1<<m-1)
}

// RGB9E5 constants (§8.7.5): 9-bit mantissas, 5-bit shared exponent, bias 15.
const (
	rgb9e5N    = 9
	rgb9e5B    = 15
	rgb9e5Emax = 31
	// rgb9e5Max is sharedexpmax = (2^N − 1)/2^N · 2^(Emax − B).
	rgb9e5Max = float32((1<<rgb9e5N - 1) * (1 << (rgb9e5Emax - rgb9e5B - rgb9e5N)))
)

// PackRGB9E5 encodes RGB as RGB9E5 (MTLPixelFormatRGB9E5Float) following
// §8.7.5 step by step: red in bits 0–8, green 9–17, blue 18–26, shared
// exponent 27–31. NaN and negative components become 0.
func PackRGB9E5(rgb [3]float32) uint32 {
	var c [3]float64
	maxc := 0.0
	for i, v := range rgb {
		if !(v > 0) { // NaN, negative, zero
			v = 0
		}
		c[i] = float64(min(v, rgb9e5Max))
		maxc = max(maxc, c[i])
	}
	expp := -rgb9e5B - 1
	if maxc > 0 {
		_, e := math.Frexp(maxc) // floor(log2(maxc)) = e − 1, exactly
		expp = max(expp, e-1)
	}
	expp += 1 + rgb9e5B
	maxs := math.Floor(maxc/math.Ldexp(1, expp-rgb9e5B-rgb9e5N) + 0.5)
	exps := expp
	if maxs == 1<<rgb9e5N {
		exps++
	}
	scale := math.Ldexp(1, exps-rgb9e5B-rgb9e5N)
	p := uint32(exps) << 27
	for i, v := range c {
		p |= uint32(math.Floor(v/scale+0.5)) << (9 * i)
	}
	return p
}

// UnpackRGB9E5 decodes RGB9E5 losslessly: 2^(e−15)·(m/512) per channel.
func UnpackRGB9E5(p uint32) [3]float32 {
	s := math.Ldexp(1, int(p>>27)-rgb9e5B-rgb9e5N)
	return [3]float32{float32(float64(p&0x1ff) * s), float32(float64(p>>9&0x1ff) * s), float32(float64(p>>18&0x1ff) * s)}
}
