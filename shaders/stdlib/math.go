package stdlib

import (
	"math"

	"github.com/ingot-render/ingot/shaders/ir"
)

// E emits the metal_stdlib float functions as IR on one float32 component.
// Half arguments are widened by the caller and the result rounded back
// (a float32 computation rounded to binary16 stays within MSL's half
// bounds). Fast selects the metal::fast formulas of MSL Table 8.2 where
// they differ from the precise ones, built on the fast:: IR ops
// (ir.OpFastExp2, ir.OpFastLog2, ir.OpFastSin, ...): fast pow(x, y) is
// fast exp2(y·fast log2(x)), as MSL defines it.
type E struct {
	B    *ir.Builder
	Fast bool
}

// exp2 and log2 are the base functions of the exponential family: the
// fast:: ops (internal/fmath's Fast* kernels) in fast-math mode, the
// correctly rounded ones otherwise.
func (e E) exp2(x ir.Reg) ir.Reg {
	if e.Fast {
		return e.un(ir.OpFastExp2, x)
	}
	return e.un(ir.OpExp2, x)
}

func (e E) log2(x ir.Reg) ir.Reg {
	if e.Fast {
		return e.un(ir.OpFastLog2, x)
	}
	return e.un(ir.OpLog2, x)
}

// fastOps maps the functions with a distinct fast:: op to it.
var fastOps = map[string]ir.Op{"sin": ir.OpFastSin, "cos": ir.OpFastCos, "tan": ir.OpFastTan,
	"exp2": ir.OpFastExp2, "log2": ir.OpFastLog2, "rsqrt": ir.OpFastRsqrt}

func (e E) c(x float32) ir.Reg               { return e.B.ConstF32(x) }
func (e E) add(x, y ir.Reg) ir.Reg           { return e.B.Binary(ir.OpAdd, ir.F32, x, y) }
func (e E) sub(x, y ir.Reg) ir.Reg           { return e.B.Binary(ir.OpSub, ir.F32, x, y) }
func (e E) mul(x, y ir.Reg) ir.Reg           { return e.B.Binary(ir.OpMul, ir.F32, x, y) }
func (e E) div(x, y ir.Reg) ir.Reg           { return e.B.Binary(ir.OpDiv, ir.F32, x, y) }
func (e E) un(op ir.Op, x ir.Reg) ir.Reg     { return e.B.Unary(op, ir.F32, x) }
func (e E) cmp(op ir.Op, x, y ir.Reg) ir.Reg { return e.B.Binary(op, ir.F32, x, y) }
func (e E) sel(c, x, y ir.Reg) ir.Reg        { return e.B.Select(ir.F32, c, x, y) }
func (e E) and(x, y ir.Reg) ir.Reg           { return e.B.Binary(ir.OpAnd, ir.Bool, x, y) }
func (e E) or(x, y ir.Reg) ir.Reg            { return e.B.Binary(ir.OpOr, ir.Bool, x, y) }
func (e E) not(x ir.Reg) ir.Reg              { return e.B.Unary(ir.OpNot, ir.Bool, x) }
func (e E) fma(x, y, z ir.Reg) ir.Reg        { return e.B.Fma(ir.F32, x, y, z) }
func (e E) bits(x ir.Reg) ir.Reg             { return e.B.Bitcast(ir.U32, ir.F32, x) }
func (e E) fromBits(x ir.Reg) ir.Reg         { return e.B.Bitcast(ir.F32, ir.U32, x) }
func (e E) u(x uint32) ir.Reg                { return e.B.ConstU32(x) }
func (e E) uop(op ir.Op, x, y ir.Reg) ir.Reg { return e.B.Binary(op, ir.U32, x, y) }

// IsNaN, IsInf and IsFinite classify x.
func (e E) IsNaN(x ir.Reg) ir.Reg { return e.cmp(ir.OpNe, x, x) }

// IsInf reports whether x is ±∞.
func (e E) IsInf(x ir.Reg) ir.Reg {
	return e.cmp(ir.OpEq, e.un(ir.OpAbs, x), e.c(float32(math.Inf(1))))
}

// IsFinite reports whether x is neither ∞ nor NaN.
func (e E) IsFinite(x ir.Reg) ir.Reg {
	return e.cmp(ir.OpLt, e.un(ir.OpAbs, x), e.c(float32(math.Inf(1))))
}

// IsNormal reports whether x is a normal number.
func (e E) IsNormal(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	return e.and(e.IsFinite(x), e.cmp(ir.OpGe, a, e.c(0x1p-126)))
}

// SignBit reports whether x has its sign bit set.
func (e E) SignBit(x ir.Reg) ir.Reg {
	return e.B.Binary(ir.OpNe, ir.U32, e.uop(ir.OpAnd, e.bits(x), e.u(0x80000000)), e.u(0))
}

// CopySign returns |x| with the sign of y.
func (e E) CopySign(x, y ir.Reg) ir.Reg {
	m := e.uop(ir.OpAnd, e.bits(x), e.u(0x7fffffff))
	s := e.uop(ir.OpAnd, e.bits(y), e.u(0x80000000))
	return e.fromBits(e.uop(ir.OpOr, m, s))
}

// mulSplit returns hi + lo = x*c exactly enough (c given as hi+lo).
func (e E) mulSplit(x ir.Reg, chi, clo float32) (ir.Reg, ir.Reg) {
	hi := e.mul(x, e.c(chi))
	lo := e.add(e.fma(x, e.c(chi), e.un(ir.OpNeg, hi)), e.mul(x, e.c(clo)))
	return hi, lo
}

// exp2c returns 2^(hi+lo) for a small correction lo.
func (e E) exp2c(hi, lo ir.Reg) ir.Reg {
	r := e.un(ir.OpExp2, hi)
	ok := e.cmp(ir.OpLt, e.un(ir.OpAbs, hi), e.c(200))
	lo = e.sel(ok, lo, e.c(0))
	return e.fma(r, e.mul(lo, e.c(float32(math.Ln2))), r)
}

func split(c float64) (float32, float32) {
	hi := float32(c)
	return hi, float32(c - float64(hi))
}

// Exp is e^x.
func (e E) Exp(x ir.Reg) ir.Reg {
	if e.Fast {
		return e.exp2(e.mul(x, e.c(float32(math.Log2E))))
	}
	hi, lo := split(math.Log2E)
	h, l := e.mulSplit(x, hi, lo)
	return e.exp2c(h, l)
}

// Exp10 is 10^x.
func (e E) Exp10(x ir.Reg) ir.Reg {
	hi, lo := split(math.Log2(10))
	h, l := e.mulSplit(x, hi, lo)
	return e.exp2c(h, l)
}

// Log is the natural logarithm.
func (e E) Log(x ir.Reg) ir.Reg { return e.mul(e.log2(x), e.c(float32(math.Ln2))) }

// Log10 is the base-10 logarithm.
func (e E) Log10(x ir.Reg) ir.Reg {
	return e.mul(e.log2(x), e.c(float32(math.Log10(2))))
}

// log2Split returns log2(a) as e + l with e an integer-valued float and
// |l| <= 0.5, each correctly rounded (a > 0 finite; others give IEEE
// results through l).
func (e E) log2Split(a ir.Reg) (ir.Reg, ir.Reg) {
	m, ex := e.Frexp(a)
	small := e.cmp(ir.OpLt, m, e.c(float32(math.Sqrt2/2)))
	m = e.sel(small, e.mul(m, e.c(2)), m)
	ex = e.B.Select(ir.I32, small, e.B.Binary(ir.OpSub, ir.I32, ex, e.B.ConstI32(1)), ex)
	special := e.or(e.cmp(ir.OpEq, a, e.c(0)), e.not(e.IsFinite(a)))
	l := e.sel(special, e.un(ir.OpLog2, a), e.un(ir.OpLog2, m))
	ef := e.sel(special, e.c(0), e.B.Conv(ir.F32, ir.I32, ex))
	return ef, l
}

// expLog returns 2^(y·log2 a) with the exponent carried in extra precision.
func (e E) expLog(y, a ir.Reg) ir.Reg {
	ex, l := e.log2Split(a)
	p1 := e.mul(y, ex)
	p1e := e.fma(y, ex, e.un(ir.OpNeg, p1))
	p2 := e.mul(y, l)
	p2e := e.fma(y, l, e.un(ir.OpNeg, p2))
	s := e.add(p1, p2)
	bb := e.sub(s, p1)
	err := e.add(e.sub(p1, e.sub(s, bb)), e.sub(p2, bb))
	lo := e.add(err, e.add(p1e, p2e))
	r := e.exp2c(s, lo)
	return e.sel(e.IsFinite(s), r, e.un(ir.OpExp2, s))
}

// Pow is pow(x, y) with the C special cases (fast: exp2(y*log2 x)).
func (e E) Pow(x, y ir.Reg) ir.Reg {
	if e.Fast {
		return e.exp2(e.mul(y, e.log2(x)))
	}
	ax := e.un(ir.OpAbs, x)
	r := e.expLog(y, ax)
	yInt := e.cmp(ir.OpEq, e.un(ir.OpTrunc, y), y)
	half := e.mul(y, e.c(0.5))
	yOdd := e.and(yInt, e.and(e.cmp(ir.OpNe, e.un(ir.OpTrunc, half), half), e.cmp(ir.OpLt, e.un(ir.OpAbs, y), e.c(0x1p25))))
	r = e.sel(e.and(e.SignBit(x), yOdd), e.un(ir.OpNeg, r), r)
	bad := e.and(e.cmp(ir.OpLt, x, e.c(0)), e.and(e.not(yInt), e.IsFinite(x)))
	r = e.sel(bad, e.c(float32(math.NaN())), r)
	one := e.or(e.cmp(ir.OpEq, y, e.c(0)), e.cmp(ir.OpEq, x, e.c(1)))
	one = e.or(one, e.and(e.cmp(ir.OpEq, ax, e.c(1)), e.IsInf(y)))
	return e.sel(one, e.c(1), r)
}

// Powr is pow for x >= 0 (NaN for negative x).
func (e E) Powr(x, y ir.Reg) ir.Reg {
	if e.Fast {
		return e.exp2(e.mul(y, e.log2(x)))
	}
	r := e.expLog(y, x)
	return e.sel(e.cmp(ir.OpLt, x, e.c(0)), e.c(float32(math.NaN())), r)
}

// Expm1 is e^x - 1 (Kahan's method).
func (e E) Expm1(x ir.Reg) ir.Reg {
	u := e.Exp(x)
	um1 := e.sub(u, e.c(1))
	r := e.div(e.mul(um1, x), e.Log(u))
	r = e.sel(e.cmp(ir.OpEq, u, e.c(1)), x, r)
	r = e.sel(e.cmp(ir.OpEq, um1, e.c(-1)), e.c(-1), r)
	return e.sel(e.IsInf(u), u, r)
}

// Log1p is log(1+x) (Kahan's method).
func (e E) Log1p(x ir.Reg) ir.Reg {
	u := e.add(x, e.c(1))
	r := e.div(e.mul(e.Log(u), x), e.sub(u, e.c(1)))
	r = e.sel(e.cmp(ir.OpEq, u, e.c(1)), x, r)
	return e.sel(e.IsInf(u), u, r)
}

// Sinh is the hyperbolic sine.
func (e E) Sinh(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	m := e.Expm1(a)
	small := e.mul(e.c(0.5), e.add(m, e.div(m, e.add(m, e.c(1)))))
	ea := e.Exp(a)
	big := e.sub(e.mul(e.c(0.5), ea), e.div(e.c(0.5), ea))
	r := e.sel(e.cmp(ir.OpLt, a, e.c(1)), small, big)
	return e.CopySign(r, x)
}

// Cosh is the hyperbolic cosine.
func (e E) Cosh(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	ea := e.Exp(a)
	return e.add(e.mul(e.c(0.5), ea), e.div(e.c(0.5), ea))
}

// Tanh is the hyperbolic tangent.
func (e E) Tanh(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	m := e.Expm1(e.mul(a, e.c(2)))
	r := e.div(m, e.add(m, e.c(2)))
	r = e.sel(e.cmp(ir.OpGt, a, e.c(9)), e.c(1), r)
	return e.CopySign(r, x)
}

// Asinh is the inverse hyperbolic sine.
func (e E) Asinh(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	a2 := e.mul(a, a)
	r := e.Log1p(e.add(a, e.div(a2, e.add(e.c(1), e.un(ir.OpSqrt, e.add(a2, e.c(1)))))))
	big := e.add(e.Log(a), e.c(float32(math.Ln2)))
	r = e.sel(e.cmp(ir.OpGt, a, e.c(0x1p40)), big, r)
	return e.CopySign(r, x)
}

// Acosh is the inverse hyperbolic cosine.
func (e E) Acosh(x ir.Reg) ir.Reg {
	t := e.sub(x, e.c(1))
	r := e.Log1p(e.add(t, e.un(ir.OpSqrt, e.add(e.mul(t, t), e.mul(e.c(2), t)))))
	big := e.add(e.Log(x), e.c(float32(math.Ln2)))
	return e.sel(e.cmp(ir.OpGt, x, e.c(0x1p40)), big, r)
}

// Atanh is the inverse hyperbolic tangent.
func (e E) Atanh(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	r := e.mul(e.c(0.5), e.Log1p(e.div(e.mul(e.c(2), a), e.sub(e.c(1), a))))
	return e.CopySign(r, x)
}

// piQuadrant reduces x (in half-turns) to r ∈ [-¼, ¼] and quadrant q:
// x = r + q/2.
func (e E) piQuadrant(x ir.Reg) (ir.Reg, ir.Reg) {
	n := e.un(ir.OpRint, e.mul(x, e.c(2)))
	r := e.fma(n, e.c(-0.5), x)
	big := e.cmp(ir.OpGe, e.un(ir.OpAbs, n), e.c(0x1p30))
	n = e.sel(big, e.c(0), n)
	q := e.B.Binary(ir.OpAnd, ir.I32, e.B.Conv(ir.I32, ir.F32, n), e.B.ConstI32(3))
	return r, q
}

func (e E) pihi(r ir.Reg) ir.Reg {
	hi, lo := split(math.Pi)
	return e.fma(r, e.c(hi), e.mul(r, e.c(lo)))
}

// SinPi is sin(πx).
func (e E) SinPi(x ir.Reg) ir.Reg {
	r, q := e.piQuadrant(x)
	pr := e.pihi(r)
	s, c := e.un(ir.OpSin, pr), e.un(ir.OpCos, pr)
	is := func(k int32) ir.Reg { return e.B.Binary(ir.OpEq, ir.I32, q, e.B.ConstI32(k)) }
	v := e.sel(is(0), s, e.sel(is(1), c, e.sel(is(2), e.un(ir.OpNeg, s), e.un(ir.OpNeg, c))))
	return e.sel(e.IsFinite(x), v, e.c(float32(math.NaN())))
}

// CosPi is cos(πx).
func (e E) CosPi(x ir.Reg) ir.Reg {
	r, q := e.piQuadrant(x)
	pr := e.pihi(r)
	s, c := e.un(ir.OpSin, pr), e.un(ir.OpCos, pr)
	is := func(k int32) ir.Reg { return e.B.Binary(ir.OpEq, ir.I32, q, e.B.ConstI32(k)) }
	v := e.sel(is(0), c, e.sel(is(1), e.un(ir.OpNeg, s), e.sel(is(2), e.un(ir.OpNeg, c), s)))
	return e.sel(e.IsFinite(x), v, e.c(float32(math.NaN())))
}

// TanPi is tan(πx).
func (e E) TanPi(x ir.Reg) ir.Reg { return e.div(e.SinPi(x), e.CosPi(x)) }

// Round rounds half away from zero.
func (e E) Round(x ir.Reg) ir.Reg {
	t := e.un(ir.OpTrunc, x)
	d := e.un(ir.OpAbs, e.sub(x, t))
	return e.sel(e.cmp(ir.OpGe, d, e.c(0.5)), e.add(t, e.CopySign(e.c(1), x)), t)
}

// Fract is fmin(x - floor(x), 0x1.fffffep-1).
func (e E) Fract(x ir.Reg) ir.Reg {
	return e.B.Binary(ir.OpMin, ir.F32, e.sub(x, e.un(ir.OpFloor, x)), e.c(0x1.fffffep-1))
}

// Cbrt is the cube root.
func (e E) Cbrt(x ir.Reg) ir.Reg {
	a := e.un(ir.OpAbs, x)
	r := e.un(ir.OpExp2, e.div(e.un(ir.OpLog2, a), e.c(3)))
	r2 := e.mul(r, r)
	r = e.sub(r, e.div(e.sub(e.mul(r2, r), a), e.mul(e.c(3), r2)))
	r = e.sel(e.or(e.cmp(ir.OpEq, a, e.c(0)), e.not(e.IsFinite(a))), a, r)
	return e.CopySign(r, x)
}

// Fdim is x > y ? x - y : +0 (NaN propagating).
func (e E) Fdim(x, y ir.Reg) ir.Reg {
	r := e.sub(x, y)
	return e.sel(e.cmp(ir.OpGt, r, e.c(0)), r, e.sel(e.cmp(ir.OpEq, r, r), e.c(0), r))
}

// Hypot is sqrt(x²+y²) without undue overflow.
func (e E) Hypot(x, y ir.Reg) ir.Reg {
	ax, ay := e.un(ir.OpAbs, x), e.un(ir.OpAbs, y)
	m := e.B.Binary(ir.OpMax, ir.F32, ax, ay)
	n := e.B.Binary(ir.OpMin, ir.F32, ax, ay)
	q := e.div(n, m)
	r := e.mul(m, e.un(ir.OpSqrt, e.fma(q, q, e.c(1))))
	r = e.sel(e.cmp(ir.OpEq, m, e.c(0)), e.c(0), r)
	return e.sel(e.or(e.IsInf(x), e.IsInf(y)), e.c(float32(math.Inf(1))), r)
}

// Frexp splits x into a mantissa in [0.5, 1) and an exponent.
func (e E) Frexp(x ir.Reg) (ir.Reg, ir.Reg) {
	a := e.un(ir.OpAbs, x)
	sub := e.cmp(ir.OpLt, a, e.c(0x1p-126))
	xs := e.sel(sub, e.mul(x, e.c(0x1p32)), x)
	bias := e.B.Select(ir.I32, sub, e.B.ConstI32(126+32), e.B.ConstI32(126))
	b := e.bits(xs)
	ex := e.B.Bitcast(ir.I32, ir.U32, e.uop(ir.OpAnd, e.uop(ir.OpShr, b, e.u(23)), e.u(0xff)))
	ex = e.B.Binary(ir.OpSub, ir.I32, ex, bias)
	m := e.fromBits(e.uop(ir.OpOr, e.uop(ir.OpAnd, b, e.u(0x807fffff)), e.u(0x3f000000)))
	special := e.or(e.cmp(ir.OpEq, x, e.c(0)), e.not(e.IsFinite(x)))
	m = e.sel(special, x, m)
	ex = e.B.Select(ir.I32, special, e.B.ConstI32(0), ex)
	return m, ex
}

// Ldexp is x·2^n (n an I32).
func (e E) Ldexp(x, n ir.Reg) ir.Reg {
	n = e.B.Binary(ir.OpMax, ir.I32, e.B.Binary(ir.OpMin, ir.I32, n, e.B.ConstI32(300)), e.B.ConstI32(-300))
	n1 := e.B.Binary(ir.OpDiv, ir.I32, n, e.B.ConstI32(3))
	n2 := e.B.Binary(ir.OpSub, ir.I32, n, e.B.Binary(ir.OpMul, ir.I32, n1, e.B.ConstI32(2)))
	pw := func(k ir.Reg) ir.Reg {
		b := e.B.Binary(ir.OpShl, ir.I32, e.B.Binary(ir.OpAdd, ir.I32, k, e.B.ConstI32(127)), e.B.ConstI32(23))
		return e.fromBits(e.B.Bitcast(ir.U32, ir.I32, b))
	}
	p1 := pw(n1)
	return e.mul(e.mul(e.mul(x, p1), p1), pw(n2))
}

// Ilogb is the unbiased exponent of x (as I32).
func (e E) Ilogb(x ir.Reg) ir.Reg {
	_, ex := e.Frexp(x)
	r := e.B.Binary(ir.OpSub, ir.I32, ex, e.B.ConstI32(1))
	r = e.B.Select(ir.I32, e.cmp(ir.OpEq, x, e.c(0)), e.B.ConstI32(math.MinInt32), r)
	r = e.B.Select(ir.I32, e.IsInf(x), e.B.ConstI32(math.MaxInt32), r)
	return e.B.Select(ir.I32, e.IsNaN(x), e.B.ConstI32(math.MinInt32), r)
}

// Logb is the exponent of x as a float.
func (e E) Logb(x ir.Reg) ir.Reg {
	r := e.B.Conv(ir.F32, ir.I32, e.Ilogb(x))
	r = e.sel(e.cmp(ir.OpEq, x, e.c(0)), e.c(float32(math.Inf(-1))), r)
	r = e.sel(e.IsInf(x), e.c(float32(math.Inf(1))), r)
	return e.sel(e.IsNaN(x), x, r)
}

// Nextafter is the next float after x toward y.
func (e E) Nextafter(x, y ir.Reg) ir.Reg {
	b := e.bits(x)
	up := e.cmp(ir.OpLt, x, y)
	pos := e.not(e.SignBit(x))
	inc := e.B.Binary(ir.OpEq, ir.Bool, up, pos)
	nb := e.B.Select(ir.U32, inc, e.uop(ir.OpAdd, b, e.u(1)), e.uop(ir.OpSub, b, e.u(1)))
	r := e.fromBits(nb)
	tiny := e.B.Select(ir.U32, up, e.u(1), e.u(0x80000001))
	r = e.sel(e.cmp(ir.OpEq, x, e.c(0)), e.fromBits(tiny), r)
	r = e.sel(e.cmp(ir.OpEq, x, y), y, r)
	return e.sel(e.or(e.IsNaN(x), e.IsNaN(y)), e.c(float32(math.NaN())), r)
}

// Remainder is x - n·y with n = rint(x/y) (approximate for huge quotients).
func (e E) Remainder(x, y ir.Reg) ir.Reg {
	n := e.un(ir.OpRint, e.div(x, y))
	return e.fma(e.un(ir.OpNeg, n), y, x)
}

// Sign is 1, -1, ±0 or 0 (NaN).
func (e E) Sign(x ir.Reg) ir.Reg {
	r := e.sel(e.cmp(ir.OpEq, x, x), x, e.c(0))
	r = e.sel(e.cmp(ir.OpLt, x, e.c(0)), e.c(-1), r)
	return e.sel(e.cmp(ir.OpGt, x, e.c(0)), e.c(1), r)
}

// Unary evaluates a one-argument float function by MSL name; ok is false
// for names it does not know.
func (e E) Unary(name string, x ir.Reg) (ir.Reg, bool) {
	direct := map[string]ir.Op{"sin": ir.OpSin, "cos": ir.OpCos, "tan": ir.OpTan, "asin": ir.OpAsin,
		"acos": ir.OpAcos, "atan": ir.OpAtan, "sqrt": ir.OpSqrt, "rsqrt": ir.OpRsqrt, "ceil": ir.OpCeil,
		"floor": ir.OpFloor, "trunc": ir.OpTrunc, "rint": ir.OpRint, "nearbyint": ir.OpRint,
		"exp2": ir.OpExp2, "log2": ir.OpLog2, "fabs": ir.OpAbs, "abs": ir.OpAbs}
	if op, ok := fastOps[name]; ok && e.Fast {
		return e.un(op, x), true
	}
	if op, ok := direct[name]; ok {
		return e.un(op, x), true
	}
	invPi := e.c(float32(1 / math.Pi))
	switch name {
	case "exp":
		return e.Exp(x), true
	case "exp10":
		return e.Exp10(x), true
	case "log":
		return e.Log(x), true
	case "log10":
		return e.Log10(x), true
	case "sinh":
		return e.Sinh(x), true
	case "cosh":
		return e.Cosh(x), true
	case "tanh":
		return e.Tanh(x), true
	case "asinh":
		return e.Asinh(x), true
	case "acosh":
		return e.Acosh(x), true
	case "atanh":
		return e.Atanh(x), true
	case "sinpi":
		return e.SinPi(x), true
	case "cospi":
		return e.CosPi(x), true
	case "tanpi":
		return e.TanPi(x), true
	case "asinpi":
		return e.mul(e.un(ir.OpAsin, x), invPi), true
	case "acospi":
		return e.mul(e.un(ir.OpAcos, x), invPi), true
	case "atanpi":
		return e.mul(e.un(ir.OpAtan, x), invPi), true
	case "round":
		return e.Round(x), true
	case "fract":
		return e.Fract(x), true
	case "cbrt":
		return e.Cbrt(x), true
	case "logb":
		return e.Logb(x), true
	case "saturate":
		return e.B.Binary(ir.OpMin, ir.F32, e.B.Binary(ir.OpMax, ir.F32, x, e.c(0)), e.c(1)), true
	case "sign":
		return e.Sign(x), true
	}
	return ir.NoReg, false
}

// Binary evaluates a two-argument float function by MSL name.
func (e E) Binary(name string, x, y ir.Reg) (ir.Reg, bool) {
	switch name {
	case "atan2":
		return e.B.Binary(ir.OpAtan2, ir.F32, x, y), true
	case "atan2pi":
		return e.mul(e.B.Binary(ir.OpAtan2, ir.F32, x, y), e.c(float32(1/math.Pi))), true
	case "pow":
		return e.Pow(x, y), true
	case "powr":
		return e.Powr(x, y), true
	case "fmax", "max":
		return e.B.Binary(ir.OpMax, ir.F32, x, y), true
	case "fmin", "min":
		return e.B.Binary(ir.OpMin, ir.F32, x, y), true
	case "fdim":
		return e.Fdim(x, y), true
	case "copysign":
		return e.CopySign(x, y), true
	case "fmod":
		return e.B.Binary(ir.OpRem, ir.F32, x, y), true
	case "divide":
		return e.div(x, y), true
	case "nextafter":
		return e.Nextafter(x, y), true
	case "hypot":
		return e.Hypot(x, y), true
	case "remainder":
		return e.Remainder(x, y), true
	case "step":
		return e.sel(e.cmp(ir.OpLt, y, x), e.c(0), e.c(1)), true
	}
	return ir.NoReg, false
}

// Ternary evaluates a three-argument float function by MSL name.
func (e E) Ternary(name string, x, y, z ir.Reg) (ir.Reg, bool) {
	mx := func(a, b ir.Reg) ir.Reg { return e.B.Binary(ir.OpMax, ir.F32, a, b) }
	mn := func(a, b ir.Reg) ir.Reg { return e.B.Binary(ir.OpMin, ir.F32, a, b) }
	switch name {
	case "fma":
		return e.fma(x, y, z), true
	case "clamp":
		return mn(mx(x, y), z), true
	case "mix":
		return e.add(x, e.mul(e.sub(y, x), z)), true
	case "fmax3", "max3":
		return mx(mx(x, y), z), true
	case "fmin3", "min3":
		return mn(mn(x, y), z), true
	case "fmedian3", "median3":
		return mx(mn(x, y), mn(mx(x, y), z)), true
	case "smoothstep":
		t := mn(mx(e.div(e.sub(z, x), e.sub(y, x)), e.c(0)), e.c(1))
		return e.mul(e.mul(t, t), e.sub(e.c(3), e.mul(e.c(2), t))), true
	}
	return ir.NoReg, false
}
