package ir

import (
	"math"
	"math/bits"

	"github.com/ingot-render/ingot/internal/fmath"
)

// Values are carried as uint64 bit patterns:
//   - F32: the float32 bits in the low 32 bits; F16: the float32 bits of a
//     value already rounded to binary16;
//   - signed kinds: the value sign-extended to 64 bits; unsigned kinds and
//     Bool (0 or 1): zero-extended.
// A 32-bit register holds the low 32 bits of this pattern.

// Normalize returns v truncated to kind k and re-extended (sign-extended
// for signed kinds, zero-extended otherwise; Bool becomes 0 or 1; F16 is
// rounded to binary16).
func Normalize(k Kind, v uint64) uint64 {
	switch k {
	case Bool:
		if v != 0 {
			return 1
		}
		return 0
	case I8:
		return uint64(int64(int8(v)))
	case I16:
		return uint64(int64(int16(v)))
	case I32:
		return uint64(int64(int32(v)))
	case U8:
		return uint64(uint8(v))
	case U16:
		return uint64(uint16(v))
	case U32, F32:
		return uint64(uint32(v))
	case F16:
		return uint64(math.Float32bits(fmath.RoundHalf(math.Float32frombits(uint32(v)))))
	}
	return v
}

// FromReg32 extends the 32-bit register contents r of kind k to a value
// pattern.
func FromReg32(k Kind, r uint32) uint64 {
	if k.IsSigned() {
		return uint64(int64(int32(r)))
	}
	return uint64(r)
}

// F32Value returns the pattern of float32 x.
func F32Value(x float32) uint64 { return uint64(math.Float32bits(x)) }

// AsF32 returns the float32 held in pattern v.
func AsF32(v uint64) float32 { return math.Float32frombits(uint32(v)) }

// MathF32 evaluates a float math op (OpSqrt .. OpFastRsqrt) on x. It
// is the single definition shared by every executor and by constant folding:
// the precise ops are computed in float64 and rounded once, the OpFast* ops
// are internal/fmath's fast:: functions (deterministic float32 code).
func MathF32(op Op, x float32) float32 {
	switch op {
	case OpSqrt:
		return fmath.Sqrt(x)
	case OpRsqrt:
		return fmath.Rsqrt(x)
	case OpFloor:
		return fmath.Floor(x)
	case OpCeil:
		return fmath.Ceil(x)
	case OpTrunc:
		return fmath.Trunc(x)
	case OpRint:
		return fmath.Rint(x)
	case OpExp2:
		return fmath.Exp2(x)
	case OpLog2:
		return fmath.Log2(x)
	case OpSin:
		return fmath.Sin(x)
	case OpCos:
		return fmath.Cos(x)
	case OpTan:
		return fmath.Tan(x)
	case OpAsin:
		return fmath.Asin(x)
	case OpAcos:
		return fmath.Acos(x)
	case OpAtan:
		return fmath.Atan(x)
	case OpFastExp2:
		return fmath.FastExp2(x)
	case OpFastLog2:
		return fmath.FastLog2(x)
	case OpFastSin:
		return fmath.FastSin(x)
	case OpFastCos:
		return fmath.FastCos(x)
	case OpFastTan:
		return fmath.FastTan(x)
	case OpFastRsqrt:
		return fmath.FastRsqrt(x)
	}
	return float32(math.NaN())
}

// FMin and FMax are fmin/fmax: a NaN operand yields the other operand.
func FMin(a, b float32) float32 {
	if b < a || a != a {
		return b
	}
	return a
}

// FMax is the counterpart of FMin.
func FMax(a, b float32) float32 {
	if b > a || a != a {
		return b
	}
	return a
}

// F32ToInt converts x to an integer of kind k: truncation toward zero,
// saturation at the limits of k, NaN gives 0.
func F32ToInt(k Kind, x float32) uint64 {
	if x != x {
		return 0
	}
	t := math.Trunc(float64(x))
	if k.IsSigned() {
		lo := -math.Ldexp(1, k.Bits()-1)
		hi := math.Ldexp(1, k.Bits()-1) - 1
		if t < lo {
			t = lo
		}
		if t > hi {
			return Normalize(k, uint64(int64(hi)))
		}
		return Normalize(k, uint64(int64(t)))
	}
	if t <= 0 {
		return 0
	}
	if t >= math.Ldexp(1, k.Bits()) {
		return Normalize(k, math.MaxUint64)
	}
	return Normalize(k, uint64(t))
}

// Eval evaluates a pure arithmetic, comparison, select, conversion or
// bitcast op on value patterns. kind is the instruction's Kind (for
// comparisons: the operand kind); from is the source kind of OpConv and
// OpBitcast. The result is a normalized pattern. Ops outside these groups
// return 0.
func Eval(op Op, kind, from Kind, a, b, c uint64) uint64 {
	switch {
	case op == OpConv:
		return convert(kind, from, a)
	case op == OpBitcast:
		return bitcast(kind, from, a)
	case op == OpSelect:
		if a&1 != 0 {
			return b
		}
		return c
	case op.IsCompare():
		if compare(op, kind, a, b) {
			return 1
		}
		return 0
	}
	switch {
	case kind.IsFloat():
		x, y, z := AsF32(a), AsF32(b), AsF32(c)
		var r float32
		switch op {
		case OpNeg:
			r = -x
		case OpAbs:
			r = math.Float32frombits(math.Float32bits(x) &^ (1 << 31))
		case OpAdd:
			r = x + y
		case OpSub:
			r = x - y
		case OpMul:
			r = x * y
		case OpDiv:
			r = x / y
		case OpRem:
			r = float32(math.Mod(float64(x), float64(y)))
		case OpMin:
			r = FMin(x, y)
		case OpMax:
			r = FMax(x, y)
		case OpAtan2:
			r = float32(math.Atan2(float64(x), float64(y)))
		case OpFma:
			r = fmath.Fma(x, y, z) // one rounding of the exact x*y + z
		default:
			r = MathF32(op, x)
		}
		return Normalize(kind, F32Value(r))
	case kind == Bool:
		switch op {
		case OpNot:
			return (a ^ 1) & 1
		case OpAnd:
			return a & b & 1
		case OpOr:
			return (a | b) & 1
		case OpXor, OpNe:
			return (a ^ b) & 1
		}
		return 0
	}
	// Integers: compute on 64-bit patterns, then normalize.
	n := uint(kind.Bits())
	signed := kind.IsSigned()
	var r uint64
	switch op {
	case OpNeg:
		r = -a
	case OpNot:
		r = ^a
	case OpAbs:
		if signed && int64(a) < 0 {
			r = -a
		} else {
			r = a
		}
	case OpClz:
		if a&maskN(n) == 0 {
			r = uint64(n)
		} else {
			r = uint64(bits.LeadingZeros64(a << (64 - n)))
		}
	case OpCtz:
		if a&maskN(n) == 0 {
			r = uint64(n)
		} else {
			r = uint64(bits.TrailingZeros64(a))
		}
	case OpPopcount:
		r = uint64(bits.OnesCount64(a & maskN(n)))
	case OpReverseBits:
		r = bits.Reverse64(a) >> (64 - n)
	case OpAdd:
		r = a + b
	case OpSub:
		r = a - b
	case OpMul:
		r = a * b
	case OpDiv:
		switch {
		case b&maskN(n) == 0:
			r = 0
		case signed:
			if int64(b) == -1 {
				r = -a
			} else {
				r = uint64(int64(a) / int64(b))
			}
		default:
			r = a / b
		}
	case OpRem:
		switch {
		case b&maskN(n) == 0:
			r = 0
		case signed:
			if int64(b) == -1 {
				r = 0
			} else {
				r = uint64(int64(a) % int64(b))
			}
		default:
			r = a % b
		}
	case OpMin:
		if lessInt(signed, b, a) {
			r = b
		} else {
			r = a
		}
	case OpMax:
		if lessInt(signed, a, b) {
			r = b
		} else {
			r = a
		}
	case OpAnd:
		r = a & b
	case OpOr:
		r = a | b
	case OpXor:
		r = a ^ b
	case OpShl:
		r = a << (b % uint64(n))
	case OpShr:
		if signed {
			r = uint64(int64(a) >> (b % uint64(n)))
		} else {
			r = (a & maskN(n)) >> (b % uint64(n))
		}
	case OpMulHi:
		if n == 64 {
			if signed {
				hi, _ := bits.Mul64(a, b)
				// signed correction
				if int64(a) < 0 {
					hi -= b
				}
				if int64(b) < 0 {
					hi -= a
				}
				r = hi
			} else {
				r, _ = bits.Mul64(a, b)
			}
		} else if signed {
			r = uint64((int64(a) * int64(b)) >> n)
		} else {
			r = ((a & maskN(n)) * (b & maskN(n))) >> n
		}
	case OpFma:
		r = a*b + c
	}
	return Normalize(kind, r)
}

func maskN(n uint) uint64 {
	if n >= 64 {
		return math.MaxUint64
	}
	return 1<<n - 1
}

func lessInt(signed bool, a, b uint64) bool {
	if signed {
		return int64(a) < int64(b)
	}
	return a < b
}

func compare(op Op, k Kind, a, b uint64) bool {
	if k.IsFloat() {
		x, y := AsF32(a), AsF32(b)
		switch op {
		case OpEq:
			return x == y
		case OpNe:
			return x != y
		case OpLt:
			return x < y
		case OpLe:
			return x <= y
		case OpGt:
			return x > y
		case OpGe:
			return x >= y
		}
		return false
	}
	s := k.IsSigned()
	switch op {
	case OpEq:
		return a == b
	case OpNe:
		return a != b
	case OpLt:
		return lessInt(s, a, b)
	case OpLe:
		return !lessInt(s, b, a)
	case OpGt:
		return lessInt(s, b, a)
	case OpGe:
		return !lessInt(s, a, b)
	}
	return false
}

func convert(to, from Kind, a uint64) uint64 {
	switch {
	case from == to:
		return Normalize(to, a)
	case to == Bool:
		if from.IsFloat() {
			if AsF32(a) != 0 {
				return 1
			}
			return 0
		}
		if a != 0 {
			return 1
		}
		return 0
	case from.IsFloat() && to.IsFloat():
		return Normalize(to, a)
	case from.IsFloat():
		return F32ToInt(to, AsF32(a))
	case to.IsFloat():
		var f float32
		if from.IsSigned() {
			f = float32(int64(a))
		} else {
			f = float32(a)
		}
		return Normalize(to, F32Value(f))
	}
	return Normalize(to, a)
}

func bitcast(to, from Kind, a uint64) uint64 {
	// Raw bits of the source.
	var raw uint64
	switch from {
	case F16:
		raw = uint64(fmath.Float32ToHalf(AsF32(a)))
	default:
		raw = a & maskN(uint(from.Bits()))
	}
	if to == F16 {
		return F32Value(fmath.HalfToFloat32(uint16(raw)))
	}
	return Normalize(to, raw)
}
