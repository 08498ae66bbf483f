package fmath

import (
	"math"
	"math/big"
)

// This file holds the precise:: (IEEE, Table 8.1) scalar float32 math
// functions. Most evaluate in float64 with Go's math package and round once
// to float32, which gives at most 0.5 ulp + 2^-29 ulp of error; the measured
// figures are in the package documentation. Go's float64 math is written in
// Go (or exact instructions) and gives the same bits on every platform.

// f64 widens x to float64 exactly. It builds the float64 from the bits
// (integer ops and one full register write) instead of CVTSS2SD: that
// instruction merges into the upper half of its destination register, and
// in lane loops the destination still holds the previous element's result,
// which chains every iteration to the previous one (measured 3–4× slower).
func f64(x float32) float64 {
	b := math.Float32bits(x)
	if e := b & 0x7f800000; e == 0 || e == 0x7f800000 { // zero, subnormal, ∞, NaN
		return float64(x)
	}
	return math.Float64frombits(uint64(b&0x80000000)<<32 | (uint64(b&0x7fffffff)<<29 + (1023-127)<<52))
}

// Acos returns the arc cosine of x in radians.
func Acos(x float32) float32 { return float32(math.Acos(f64(x))) }

// Acosh returns the inverse hyperbolic cosine of x.
func Acosh(x float32) float32 { return float32(math.Acosh(f64(x))) }

// Asin returns the arc sine of x in radians.
func Asin(x float32) float32 { return float32(math.Asin(f64(x))) }

// Asinh returns the inverse hyperbolic sine of x.
func Asinh(x float32) float32 { return float32(math.Asinh(f64(x))) }

// Atan returns the arc tangent of x in radians.
func Atan(x float32) float32 { return float32(math.Atan(f64(x))) }

// Atan2 returns the arc tangent of y/x using the signs of both to pick the
// quadrant (C99 special cases).
func Atan2(y, x float32) float32 { return float32(math.Atan2(f64(y), f64(x))) }

// Atanh returns the inverse hyperbolic tangent of x.
func Atanh(x float32) float32 { return float32(math.Atanh(f64(x))) }

// Ceil returns the least integer value not less than x.
func Ceil(x float32) float32 { return float32(math.Ceil(f64(x))) }

// Copysign returns x with the sign of y.
func Copysign(x, y float32) float32 {
	return math.Float32frombits(math.Float32bits(x)&^(1<<31) | math.Float32bits(y)&(1<<31))
}

// Cos returns the cosine of x (radians), with exact range reduction.
func Cos(x float32) float32 {
	if !(Fabs(x) <= trigMax64) {
		return float32(math.Cos(f64(x)))
	}
	_, c := sincos64(f64(x))
	return float32(c)
}

// Cosh returns the hyperbolic cosine of x.
func Cosh(x float32) float32 { return float32(math.Cosh(f64(x))) }

// Divide returns x / y, correctly rounded.
func Divide(x, y float32) float32 { return x / y }

// Exp returns e**x.
func Exp(x float32) float32 { return exp2f64(float64(f64(x) * math.Log2E)) }

// Exp2 returns 2**x.
func Exp2(x float32) float32 { return exp2f64(f64(x)) }

// Exp10 returns 10**x.
func Exp10(x float32) float32 { return exp2f64(float64(f64(x) * (math.Ln10 / math.Ln2))) }

// Fabs returns the absolute value of x (clears the sign bit, also of NaN).
func Fabs(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }

// Fdim returns x − y if x > y, else +0; NaN if either is NaN.
func Fdim(x, y float32) float32 {
	switch {
	case x != x || y != y:
		return float32(math.NaN())
	case x > y:
		return x - y
	}
	return 0
}

// Floor returns the greatest integer value not greater than x.
func Floor(x float32) float32 { return float32(math.Floor(f64(x))) }

// Fma returns a·b + c computed with a single rounding.
//
// The product is exact in float64; the sum is formed with round-to-odd
// (TwoSum error term), so the final rounding to float32 is correct.
func Fma(a, b, c float32) float32 {
	p := f64(a) * f64(b) // exact: 48 significand bits
	cc := f64(c)
	s := p + cc
	if s-s != 0 { // inf or NaN: follow IEEE through float64
		return float32(s)
	}
	// TwoSum: exact error of p + cc.
	bv := s - p
	e := (p - (s - bv)) + (cc - bv)
	if e != 0 {
		bits := math.Float64bits(s)
		if bits&1 == 0 {
			if (e > 0) == (s > 0) {
				bits++
			} else {
				bits--
			}
			s = math.Float64frombits(bits)
		}
	}
	// An exact zero sum keeps the IEEE sign of p + cc (e is 0 then).
	return float32(s)
}

// Fmax returns the larger of x and y; if one is NaN, the other; fmax(−0, +0) = +0.
func Fmax(x, y float32) float32 {
	switch {
	case x != x:
		return y
	case y != y:
		return x
	case x > y:
		return x
	case y > x:
		return y
	}
	// equal (possibly ±0): prefer +0
	return math.Float32frombits(math.Float32bits(x) & math.Float32bits(y))
}

// Fmin returns the smaller of x and y; if one is NaN, the other; fmin(−0, +0) = −0.
func Fmin(x, y float32) float32 {
	switch {
	case x != x:
		return y
	case y != y:
		return x
	case x < y:
		return x
	case y < x:
		return y
	}
	return math.Float32frombits(math.Float32bits(x) | math.Float32bits(y))
}

// Fmax3 returns the largest of x, y, z with NaN treated as missing.
func Fmax3(x, y, z float32) float32 { return Fmax(Fmax(x, y), z) }

// Fmin3 returns the smallest of x, y, z with NaN treated as missing.
func Fmin3(x, y, z float32) float32 { return Fmin(Fmin(x, y), z) }

// Fmedian3 returns the middle value of x, y, z. NaN arguments are treated as
// missing: with one NaN the smaller of the other two is returned (the
// lower median), with two NaNs the remaining value, with three NaN.
func Fmedian3(x, y, z float32) float32 {
	switch {
	case x != x:
		return Fmin(y, z)
	case y != y:
		return Fmin(x, z)
	case z != z:
		return Fmin(x, y)
	}
	return Fmax(Fmin(x, y), Fmin(Fmax(x, y), z))
}

// Fmod returns x − y·trunc(x/y), exactly.
func Fmod(x, y float32) float32 { return float32(math.Mod(f64(x), f64(y))) }

// fractMax is the largest float32 below 1, the upper clamp of fract.
const fractMax = 0x1.fffffep-1

// Fract returns x − floor(x) clamped to [0, 0x1.fffffep-1]. fract(±∞) = +0
// and fract(NaN) = NaN.
func Fract(x float32) float32 {
	switch {
	case x != x:
		return x
	case x-x != 0:
		return 0
	}
	r := float32(f64(x) - math.Floor(f64(x)))
	return min(r, fractMax)
}

// Frexp splits x into a mantissa in [0.5, 1) (with the sign of x) and a power
// of two. Zero, infinities and NaN return themselves and exponent 0.
func Frexp(x float32) (frac float32, exp int32) {
	f, e := math.Frexp(f64(x))
	return float32(f), int32(e)
}

// Ilogb constants follow OpenCL: ilogb(0) = FP_ILOGB0, ilogb(NaN) = FP_ILOGBNAN.
const (
	ILogB0   = math.MinInt32 // ilogb(±0)
	ILogBNaN = math.MaxInt32 // ilogb(NaN); also ilogb(±∞)
)

// Ilogb returns the unbiased binary exponent of x as an integer (subnormals
// give their true exponent).
func Ilogb(x float32) int32 {
	switch {
	case x == 0:
		return ILogB0
	case x != x || x-x != 0:
		return ILogBNaN
	}
	return int32(math.Ilogb(f64(x)))
}

// Ldexp returns x·2^k, correctly rounded (also into the subnormal range).
func Ldexp(x float32, k int32) float32 {
	k = max(min(k, 400), -400) // beyond ±400 every float32 overflows or underflows
	return float32(math.Ldexp(f64(x), int(k)))
}

// Log returns the natural logarithm of x.
func Log(x float32) float32 {
	if !(x > 0 && x <= math.MaxFloat32) {
		return logSpecial(x)
	}
	return float32(logk(f64(x)))
}

// Log2 returns the binary logarithm of x.
func Log2(x float32) float32 {
	if !(x > 0 && x <= math.MaxFloat32) {
		return logSpecial(x)
	}
	return float32(log2k(f64(x)))
}

// Log10 returns the decimal logarithm of x.
func Log10(x float32) float32 {
	if !(x > 0 && x <= math.MaxFloat32) {
		return logSpecial(x)
	}
	return float32(float64(logk(f64(x)) * (1 / math.Ln10)))
}

// Modf splits x into a fractional part with the sign of x and an integral
// part: modf(±∞) = (±0, ±∞).
func Modf(x float32) (frac, ip float32) {
	i, f := math.Modf(f64(x))
	if x-x != 0 && x == x {
		f = math.Copysign(0, f64(x))
	}
	return float32(f), float32(i)
}

// Nextafter returns the next representable float32 after x toward y.
func Nextafter(x, y float32) float32 { return math.Nextafter32(x, y) }

// Pow returns x**y with the C99 special cases.
func Pow(x, y float32) float32 {
	ax := Fabs(x)
	if !(ax > 0 && ax <= math.MaxFloat32 && y-y == 0 && ax != 1) {
		return float32(math.Pow(f64(x), f64(y))) // zeros, ±∞, NaN, ±1: C99 table
	}
	if x < 0 {
		yi := Trunc(y)
		if yi != y {
			return float32(math.NaN())
		}
		r := exp2f64(float64(f64(y) * log2k(f64(ax))))
		if Fabs(y) < 0x1p24 && int32(yi)&1 == 1 { // odd integer exponent
			return -r
		}
		return r
	}
	return exp2f64(float64(f64(y) * log2k(f64(x))))
}

// Powr returns x**y for x ≥ 0, with the OpenCL powr special cases: NaN for
// x < 0, for powr(±0, ±0), powr(+∞, ±0) and powr(1, ±∞).
func Powr(x, y float32) float32 {
	switch {
	case x < 0 || x != x || y != y:
		return float32(math.NaN())
	case x == 0 && y == 0, x-x != 0 && y == 0, x == 1 && y-y != 0:
		return float32(math.NaN())
	case x == 0:
		x = 0 // powr(−0, y) is powr(+0, y): +0 or +∞, never negative
	}
	return Pow(x, y)
}

// Rint rounds x to the nearest integer, ties to even.
func Rint(x float32) float32 { return float32(math.RoundToEven(f64(x))) }

// Round rounds x to the nearest integer, ties away from zero.
func Round(x float32) float32 { return float32(math.Round(f64(x))) }

// Rsqrt returns 1/sqrt(x), correctly rounded.
func Rsqrt(x float32) float32 {
	y := 1 / math.Sqrt(f64(x))
	if !(x > 0) || y-y != 0 {
		return float32(y)
	}
	// y carries ≤ 1.5 float64 ulp of error. Only if it lies within a few
	// float64 ulps of a float32 rounding midpoint (the 29 low bits close to
	// 1<<28) can float32(y) be wrong; decide those rare cases exactly.
	b := math.Float64bits(y)
	if d := int64(b&(1<<29-1)) - 1<<28; d > 8 || d < -8 {
		return float32(y)
	}
	return rsqrtExact(x, math.Float64frombits(b&^(1<<29-1)|1<<28))
}

// rsqrtExact decides on which side of the midpoint mid the true 1/sqrt(x)
// lies: 1/sqrt(x) > mid  ⇔  mid²·x < 1.
func rsqrtExact(x float32, mid float64) float32 {
	m := new(big.Float).SetPrec(200).SetFloat64(mid)
	v := new(big.Float).SetPrec(200).Mul(m, m)
	v.Mul(v, new(big.Float).SetPrec(200).SetFloat64(f64(x)))
	cmp := v.Cmp(big.NewFloat(1))
	if cmp == 0 { // exact midpoint: cannot happen for rsqrt, keep RNE anyway
		return float32(mid)
	}
	above := cmp < 0 // true value above mid
	lo := float32(math.Nextafter(mid, 0))
	hi := float32(math.Nextafter(mid, math.Inf(1)))
	if above {
		return hi
	}
	return lo
}

// Sin returns the sine of x (radians), with exact range reduction.
func Sin(x float32) float32 {
	if !(Fabs(x) <= trigMax64) {
		return float32(math.Sin(f64(x)))
	}
	s, _ := sincos64(f64(x))
	return float32(s)
}

// Sincos returns the sine and cosine of x.
func Sincos(x float32) (sin, cos float32) {
	if !(Fabs(x) <= trigMax64) {
		s, c := math.Sincos(f64(x))
		return float32(s), float32(c)
	}
	s, c := sincos64(f64(x))
	return float32(s), float32(c)
}

// Sinh returns the hyperbolic sine of x.
func Sinh(x float32) float32 { return float32(math.Sinh(f64(x))) }

// Sqrt returns the square root of x, correctly rounded.
func Sqrt(x float32) float32 { return float32(math.Sqrt(f64(x))) }

// Tan returns the tangent of x (radians).
func Tan(x float32) float32 {
	if !(Fabs(x) <= trigMax64) {
		return float32(math.Tan(f64(x)))
	}
	s, c := sincos64(f64(x))
	return float32(s / c)
}

// Tanh returns the hyperbolic tangent of x.
func Tanh(x float32) float32 { return float32(math.Tanh(f64(x))) }

// Trunc rounds x toward zero.
func Trunc(x float32) float32 { return float32(math.Trunc(f64(x))) }

// piQuadrant reduces x exactly: x = n/2 + r with r in [−0.25, 0.25] and
// returns sin(πr), cos(πr) and n mod 4.
func piQuadrant(x float32) (s, c float64, q int) {
	n := math.RoundToEven(2 * f64(x)) // exact
	r := f64(x) - n/2                 // exact
	pr := math.Pi * r                 // |πr| ≤ π/4: the float64 kernels need no reduction
	z := pr * pr
	return sink(pr, z), cosk(z), int(int64(n) & 3)
}

// Sinpi returns sin(π·x), exact at integers (±0 with the sign of x) and
// half-integers.
func Sinpi(x float32) float32 {
	if x-x != 0 {
		return float32(math.NaN())
	}
	if Fabs(x) >= 0x1p23 || x == Trunc(x) {
		return Copysign(0, x)
	}
	s, c, q := piQuadrant(x)
	switch q {
	case 0:
		return float32(s)
	case 1:
		return float32(c)
	case 2:
		return float32(-s)
	}
	return float32(-c)
}

// Cospi returns cos(π·x), exact at integers and +0 at half-integers.
func Cospi(x float32) float32 {
	if x-x != 0 {
		return float32(math.NaN())
	}
	ax := Fabs(x)
	if ax >= 0x1p24 {
		return 1
	}
	s, c, q := piQuadrant(x)
	switch q {
	case 0:
		return float32(c)
	case 1:
		return float32(-s + 0)
	case 2:
		return float32(-c)
	}
	return float32(s + 0)
}

// Tanpi returns tan(π·x): ±0 at integers (sign of x), ±∞ at half-integers.
func Tanpi(x float32) float32 {
	if x-x != 0 {
		return float32(math.NaN())
	}
	if Fabs(x) >= 0x1p23 || x == Trunc(x) {
		// tan(nπ) = ±0; follow OpenCL: sign of x for even n, opposite for odd n.
		if Fabs(x) < 0x1p24 && int64(x)&1 == 1 {
			return Copysign(0, -x)
		}
		return Copysign(0, x)
	}
	s, c, q := piQuadrant(x)
	switch {
	case q == 0 || q == 2:
		return float32(s / c)
	case s != 0:
		return float32(-c / s)
	case q == 1: // n + 0.5 with n even
		return float32(math.Inf(1))
	}
	return float32(math.Inf(-1))
}
