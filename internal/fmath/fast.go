package fmath

import "math"

// This file holds the fast:: scalar float32 math functions (Table 8.2
// accuracy). They evaluate short float32 polynomials (Cephes-style
// kernels); where Table 8.2 says "implemented as" a formula, that formula is
// used, so results follow Metal's fast-math shape. Unlike Metal, NaN and ±∞
// inputs still give sensible IEEE results wherever that costs no more than
// one predictable branch.
//
// Determinism: every product that is followed by an addition is wrapped in
// an explicit float32 conversion, which the Go specification says prevents
// fusing it into an FMA. The same bits come out on amd64, arm64 and others.

const (
	log2e    = 1.44269504088896340736
	ln2Hi    = 0.693359375
	ln2Lo    = -2.12194440e-4
	sqrtHalf = 0.707106781186547524
	pi32     = float32(math.Pi)
	piOver2  = float32(math.Pi / 2)
	piOver4  = float32(math.Pi / 4)
	// roundMagic rounds |x| < 2^22 to the nearest integer, ties to even, by (x+m)−m.
	roundMagic = 0x1.8p23
)

// pow2i returns 2^i as float32 for −126 ≤ i ≤ 127.
func pow2i(i int32) float32 { return math.Float32frombits(uint32(i+127) << 23) }

// scale2 returns p·2^i for a p in [0.5, 2] and any i, correctly handling
// results that overflow or become subnormal.
func scale2(p float32, i int32) float32 {
	if i >= -126 && i <= 127 {
		return p * pow2i(i)
	}
	if i > 127 {
		return p * pow2i(127) * pow2i(min(i-127, 127))
	}
	return p * pow2i(-126) * pow2i(max(i+126, -126))
}

// FastExp2 returns 2**x (fast::exp2). Measured error ≤ 1 ulp.
func FastExp2(x float32) float32 {
	if !(x >= -151) { // also NaN
		if x != x {
			return x
		}
		return 0
	}
	if x > 129 {
		return float32(math.Inf(1))
	}
	r := (x + roundMagic) - roundMagic
	f := x - r // exact, in [−0.5, 0.5]
	p := float32(1.535336188319500e-4*f) + 1.339887440266574e-3
	p = float32(p*f) + 9.618437357674640e-3
	p = float32(p*f) + 5.550332471162809e-2
	p = float32(p*f) + 2.402264791363012e-1
	p = float32(p*f) + 6.931472028550421e-1
	p = float32(p*f) + 1
	return scale2(p, int32(r))
}

// FastExp returns e**x (fast::exp).
func FastExp(x float32) float32 {
	if !(x >= -104) {
		if x != x {
			return x
		}
		return 0
	}
	if x > 89 {
		return float32(math.Inf(1))
	}
	n := (float32(x*log2e) + roundMagic) - roundMagic
	r := x - float32(n*ln2Hi)
	r = r - float32(n*ln2Lo)
	z := float32(r * r)
	p := float32(1.9875691500e-4*r) + 1.3981999507e-3
	p = float32(p*r) + 8.3334519073e-3
	p = float32(p*r) + 4.1665795894e-2
	p = float32(p*r) + 1.6666665459e-1
	p = float32(p*r) + 5.0000001201e-1
	p = float32(p*z) + r
	p = p + 1
	return scale2(p, int32(n))
}

// FastExp10 returns 10**x (fast::exp10): exp2 of x·log2(10) with the
// product split so that it adds no error (Table 8.2's plain exp2(x·log2(10))
// loses up to 70 ulp at large |x|).
func FastExp10(x float32) float32 {
	const (
		log2of10 = 3.32192809488736234787
		lg2Hi    = 0.301025390625 // log10(2), 11 significant bits: n·lg2Hi is exact
		lg2Lo    = 4.6050389811952137e-06
	)
	if !(x >= -46 && x <= 39) {
		return FastExp2(x * log2of10) // NaN, underflow, overflow
	}
	n := (float32(x*log2of10) + roundMagic) - roundMagic
	d := x - float32(n*lg2Hi)
	d = d - float32(n*lg2Lo)
	f := float32(d * log2of10) // |f| ≤ ~0.51
	p := float32(1.535336188319500e-4*f) + 1.339887440266574e-3
	p = float32(p*f) + 9.618437357674640e-3
	p = float32(p*f) + 5.550332471162809e-2
	p = float32(p*f) + 2.402264791363012e-1
	p = float32(p*f) + 6.931472028550421e-1
	p = float32(p*f) + 1
	return scale2(p, int32(n))
}

// logKernel splits x > 0 (finite) into m−1 in [√½−1, √2−1) and exponent e,
// and returns f = m−1, e, and the polynomial tail y so that
// log(1+f) ≈ f + y.
func logKernel(x float32) (f, e, y float32) {
	b := math.Float32bits(x)
	var adj int32
	if b < 0x00800000 { // subnormal: scale up by 2^23
		b = math.Float32bits(x * 0x1p23)
		adj = -23
	}
	// Branch-free split (as musl's logf): shift the mantissa range so that
	// m = x·2^-k lands in [√½, √2).
	ix := b + (0x3f800000 - 0x3f3504f3)
	k := int32(ix>>23) - 0x7f + adj
	f = math.Float32frombits(ix&0x007fffff+0x3f3504f3) - 1
	e = float32(k)
	z := float32(f * f)
	p := float32(7.0376836292e-2*f) - 1.1514610310e-1
	p = float32(p*f) + 1.1676998740e-1
	p = float32(p*f) - 1.2420140846e-1
	p = float32(p*f) + 1.4249322787e-1
	p = float32(p*f) - 1.6668057665e-1
	p = float32(p*f) + 2.0000714765e-1
	p = float32(p*f) - 2.4999993993e-1
	p = float32(p*f) + 3.3333331174e-1
	y = float32(float32(p*f)*z) - float32(0.5*z)
	return f, e, y
}

// logSpecial handles x ≤ 0, ±∞ and NaN for the log family.
func logSpecial(x float32) float32 {
	switch {
	case x == 0:
		return float32(math.Inf(-1))
	case x < 0 || x != x:
		return float32(math.NaN())
	}
	return x // +∞
}

// FastLog returns the natural logarithm of x (fast::log).
func FastLog(x float32) float32 {
	if !(x > 0 && x <= math.MaxFloat32) {
		return logSpecial(x)
	}
	f, e, y := logKernel(x)
	y = y + float32(e*ln2Lo)
	return (f + y) + float32(e*ln2Hi)
}

// FastLog2 returns the binary logarithm of x (fast::log2).
func FastLog2(x float32) float32 {
	if !(x > 0 && x <= math.MaxFloat32) {
		return logSpecial(x)
	}
	const log2eA = 0.44269504088896340736 // log2(e) − 1
	f, e, y := logKernel(x)
	z := float32(y * log2eA)
	z = z + float32(f*log2eA)
	z = z + y
	z = z + f
	return z + e
}

// FastLog10 returns the decimal logarithm of x, implemented as
// log2(x)·log10(2) (fast::log10).
func FastLog10(x float32) float32 { return FastLog2(x) * 0.301029995663981195214 }

// FastPow returns x**y, implemented as exp2(y·log2(x)) (fast::pow): NaN for
// x < 0 as on Metal.
func FastPow(x, y float32) float32 { return FastExp2(y * FastLog2(x)) }

// FastPowr returns x**y for x ≥ 0, implemented as exp2(y·log2(x)) (fast::powr).
func FastPowr(x, y float32) float32 { return FastExp2(y * FastLog2(x)) }

// FastRsqrt returns 1/sqrt(x) (fast::rsqrt); ≤ 1 ulp.
func FastRsqrt(x float32) float32 { return 1 / float32(math.Sqrt(f64(x))) }

// FastSqrt returns sqrt(x) (fast::sqrt); correctly rounded.
func FastSqrt(x float32) float32 { return float32(math.Sqrt(f64(x))) }

// FastDivide returns x / y (fast::divide); correctly rounded.
func FastDivide(x, y float32) float32 { return x / y }

// sinPoly evaluates sin(x) for |x| ≤ π/4.
func sinPoly(x, z float32) float32 {
	p := float32(-1.9515295891e-4*z) + 8.3321608736e-3
	p = float32(p*z) - 1.6666654611e-1
	return float32(float32(p*z)*x) + x
}

// cosPoly evaluates cos(x) for |x| ≤ π/4 given z = x².
func cosPoly(z float32) float32 {
	p := float32(2.443315711809948e-5*z) - 1.388731625493765e-3
	p = float32(p*z) + 4.166664568298827e-2
	return (float32(float32(p*z)*z) - float32(0.5*z)) + 1
}

// fastTrigMax bounds the float32 Cody–Waite reduction; larger arguments are
// reduced exactly by the precise path.
const fastTrigMax = 8192

// reduceQuarter reduces 0 ≤ ax ≤ fastTrigMax: returns r in [−π/4, π/4] and
// the quadrant q (0..3) with ax = r + q·π/2 (mod 2π). Branch-free.
func reduceQuarter(ax float32) (r float32, q uint32) {
	j := uint32(ax * 1.27323954473516) // octant: ⌊ax·4/π⌋
	j += j & 1                         // round up to even: the nearest multiple of π/2
	y := float32(j)
	r = ((ax - float32(y*0.78515625)) - float32(y*2.4187564849853515625e-4)) - float32(y*3.77489497744594108e-8)
	return r, (j >> 1) & 3
}

// pick returns b if the low bit of q is set, else a, without branching
// (random quadrants would mispredict a branch half the time).
func pick(a, b float32, q uint32) uint32 {
	m := -(q & 1)
	return math.Float32bits(a)&^m | math.Float32bits(b)&m
}

// FastSin returns the sine of x (fast::sin). Absolute error ≤ 2^-22 on
// [−π, π]; arguments beyond ±8192 take the precise path.
func FastSin(x float32) float32 {
	ax := Fabs(x)
	if !(ax <= fastTrigMax) {
		return Sin(x)
	}
	r, q := reduceQuarter(ax)
	z := float32(r * r)
	y := pick(sinPoly(r, z), cosPoly(z), q)
	sign := (math.Float32bits(x) ^ q<<30) & (1 << 31) // quadrants 2, 3 negate
	return math.Float32frombits(y ^ sign)
}

// FastCos returns the cosine of x (fast::cos).
func FastCos(x float32) float32 {
	ax := Fabs(x)
	if !(ax <= fastTrigMax) {
		return Cos(x)
	}
	r, q := reduceQuarter(ax)
	z := float32(r * r)
	y := pick(cosPoly(z), sinPoly(r, z), q)
	sign := ((q + 1) << 30) & (1 << 31) // quadrants 1, 2 negate
	return math.Float32frombits(y ^ sign)
}

// FastSincos returns fast::sin(x) and fast::cos(x) with one reduction.
func FastSincos(x float32) (sin, cos float32) {
	ax := Fabs(x)
	if !(ax <= fastTrigMax) {
		return Sincos(x)
	}
	r, q := reduceQuarter(ax)
	z := float32(r * r)
	sp, cp := sinPoly(r, z), cosPoly(z)
	ssign := (math.Float32bits(x) ^ q<<30) & (1 << 31)
	csign := ((q + 1) << 30) & (1 << 31)
	return math.Float32frombits(pick(sp, cp, q) ^ ssign), math.Float32frombits(pick(cp, sp, q) ^ csign)
}

// FastTan returns tan(x), implemented as sin(x)·(1/cos(x)) (fast::tan).
func FastTan(x float32) float32 {
	s, c := FastSincos(x)
	return s * (1 / c)
}

// piReduce reduces x exactly for the π-scaled trig functions: x = n/2 + r
// with r in [−0.25, 0.25]; returns π·r, its square and n mod 4. Requires
// |x| < 2^22.
func piReduce(x float32) (pr, z float32, q uint32) {
	n := (float32(x*2) + roundMagic) - roundMagic
	r := x - n*0.5 // exact
	pr = float32(r * pi32)
	return pr, float32(pr * pr), uint32(int32(n)) & 3
}

// FastSinpi returns sin(π·x) (fast::sinpi), exact at integers and
// half-integers.
func FastSinpi(x float32) float32 {
	if !(Fabs(x) < 0x1p22) {
		return Sinpi(x)
	}
	pr, z, q := piReduce(x)
	y := math.Float32frombits(pick(sinPoly(pr, z), cosPoly(z), q) ^ (q<<30)&(1<<31))
	if y == 0 {
		return Copysign(0, x) // sinpi(±n) = ±0
	}
	return y
}

// FastCospi returns cos(π·x) (fast::cospi), exact at integers and
// half-integers (+0 there).
func FastCospi(x float32) float32 {
	if !(Fabs(x) < 0x1p22) {
		return Cospi(x)
	}
	pr, z, q := piReduce(x)
	return math.Float32frombits(pick(cosPoly(z), sinPoly(pr, z), q)^((q+1)<<30)&(1<<31)) + 0
}

// FastTanpi returns tan(π·x) (fast::tanpi) as sinpi(x)·(1/cospi(x)) with one
// exact reduction.
func FastTanpi(x float32) float32 {
	if !(Fabs(x) < 0x1p22) {
		return Tanpi(x)
	}
	pr, z, q := piReduce(x)
	s, c := sinPoly(pr, z), cosPoly(z)
	switch q {
	case 0, 2:
		return s * (1 / c)
	}
	if pr == 0 {
		return Tanpi(x)
	}
	return -c * (1 / s)
}

// FastSinh returns the hyperbolic sine of x (fast::sinh): a polynomial for
// |x| ≤ 1, else 0.5·(e^x − e^−x).
func FastSinh(x float32) float32 {
	ax := Fabs(x)
	if ax > 1 {
		e := FastExp(ax)
		return Copysign(float32(0.5*e)-0.5/e, x)
	}
	z := float32(x * x)
	p := float32(2.03721912945e-4*z) + 8.33028376239e-3
	p = float32(p*z) + 1.66667160211e-1
	return float32(float32(p*z)*x) + x
}

// FastCosh returns the hyperbolic cosine of x, 0.5·(e^x + e^−x) (fast::cosh).
func FastCosh(x float32) float32 {
	e := FastExp(Fabs(x))
	return float32(0.5*e) + 0.5/e
}

// FastTanh returns the hyperbolic tangent of x (fast::tanh): a polynomial
// for |x| < 0.625, else (t−1)/(t+1) with t = e^(2x), saturating to ±1.
func FastTanh(x float32) float32 {
	ax := Fabs(x)
	if ax >= 0.625 {
		if !(ax <= 9) { // also NaN
			if x != x {
				return x
			}
			return Copysign(1, x)
		}
		t := FastExp(ax + ax)
		return Copysign(1-2/(t+1), x)
	}
	z := float32(x * x)
	p := float32(-5.70498872745e-3*z) + 2.06390887954e-2
	p = float32(p*z) - 5.37397155531e-2
	p = float32(p*z) + 1.33314422036e-1
	p = float32(p*z) - 3.33332819422e-1
	return float32(float32(p*z)*x) + x
}

// FastAsinh returns the inverse hyperbolic sine of x (fast::asinh):
// log(|x| + sqrt(x²+1)) with the sign of x, a polynomial for |x| < 0.5.
func FastAsinh(x float32) float32 {
	ax := Fabs(x)
	if ax >= 0.5 {
		var y float32
		if ax > 1500 {
			y = FastLog(ax) + float32(math.Ln2)
		} else {
			y = FastLog(ax + FastSqrt(float32(ax*ax)+1))
		}
		return Copysign(y, x)
	}
	z := float32(x * x)
	p := float32(2.0122003309e-2*z) - 4.2699340972e-2
	p = float32(p*z) + 7.4847586088e-2
	p = float32(p*z) - 1.6666288134e-1
	return float32(float32(p*z)*x) + x
}

// FastAcosh returns the inverse hyperbolic cosine of x (fast::acosh):
// log(x + sqrt(x²−1)), a series near 1.
func FastAcosh(x float32) float32 {
	if !(x >= 1) {
		return float32(math.NaN())
	}
	if x > 1500 {
		return FastLog(x) + float32(math.Ln2)
	}
	z := x - 1
	if z < 0.5 {
		p := float32(1.7596881071e-3*z) - 7.5272886713e-3
		p = float32(p*z) + 2.6454905019e-2
		p = float32(p*z) - 1.1784741703e-1
		p = float32(p*z) + 1.4142135263
		return p * FastSqrt(z)
	}
	return FastLog(x + FastSqrt(float32(z*(x+1))))
}

// FastAtanh returns the inverse hyperbolic tangent of x (fast::atanh):
// 0.5·log((1+x)/(1−x)), a polynomial for |x| < 0.5.
func FastAtanh(x float32) float32 {
	ax := Fabs(x)
	if ax >= 0.5 {
		if ax >= 1 {
			return Atanh(x)
		}
		return 0.5 * FastLog((1+x)/(1-x))
	}
	z := float32(x * x)
	p := float32(1.81740078349e-1*z) + 8.24370301058e-2
	p = float32(p*z) + 1.46691431730e-1
	p = float32(p*z) + 1.99782164500e-1
	p = float32(p*z) + 3.33337300303e-1
	return float32(float32(p*z)*x) + x
}

// FastAtan returns the arc tangent of x (fast::atan).
func FastAtan(x float32) float32 {
	ax := Fabs(x)
	var y float32
	switch {
	case ax > 2.414213562373095:
		y = piOver2
		ax = -1 / ax
	case ax > 0.4142135623730950:
		y = piOver4
		ax = (ax - 1) / (ax + 1)
	}
	z := float32(ax * ax)
	p := float32(8.05374449538e-2*z) - 1.38776856032e-1
	p = float32(p*z) + 1.99777106478e-1
	p = float32(p*z) - 3.33329491539e-1
	y = y + (float32(float32(p*z)*ax) + ax)
	return Copysign(y, x)
}

// FastAtan2 returns the arc tangent of y/x in the quadrant of (x, y)
// (fast::atan2): atan(y/x), ±π when x < 0. Where Metal leaves the result
// undefined (x or y zero or infinite, NaN) the precise result is returned.
func FastAtan2(y, x float32) float32 {
	if x == 0 || y == 0 || x-x != 0 || y-y != 0 {
		return Atan2(y, x)
	}
	a := FastAtan(y / x)
	if x < 0 {
		if y > 0 {
			return a + pi32
		}
		return a - pi32
	}
	return a
}

// asinKernel evaluates asin(a) for 0 ≤ a ≤ 1.
func asinKernel(a float32) float32 {
	var z, s float32
	big := a > 0.5
	if big {
		z = 0.5 * (1 - a)
		s = FastSqrt(z)
	} else {
		s = a
		z = float32(a * a)
	}
	p := float32(4.2163199048e-2*z) + 2.4181311049e-2
	p = float32(p*z) + 4.5470025998e-2
	p = float32(p*z) + 7.4953002686e-2
	p = float32(p*z) + 1.6666752422e-1
	r := float32(float32(p*z)*s) + s
	if big {
		r = piOver2 - (r + r)
	}
	return r
}

// FastAsin returns the arc sine of x (fast::asin); NaN outside [−1, 1].
func FastAsin(x float32) float32 {
	ax := Fabs(x)
	if !(ax <= 1) {
		return float32(math.NaN())
	}
	return Copysign(asinKernel(ax), x)
}

// FastAcos returns the arc cosine of x (fast::acos); NaN outside [−1, 1].
func FastAcos(x float32) float32 {
	switch {
	case !(Fabs(x) <= 1):
		return float32(math.NaN())
	case x < -0.5:
		return pi32 - float32(2*asinKernel(FastSqrt(0.5*(1+x))))
	case x > 0.5:
		return 2 * asinKernel(FastSqrt(0.5*(1-x)))
	}
	return piOver2 - Copysign(asinKernel(Fabs(x)), x)
}
