package sema

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Value is a compile-time constant: a scalar (bool, integer, enum,
// floating), a vector of scalars, or a string literal. Integers are held
// in I already wrapped to the width and signedness of Type (unsigned
// values are stored as their bit pattern reinterpreted as int64, so
// uint64 max is -1); bools as 0/1; floats in F already rounded to the
// precision of Type.
type Value struct {
	Type  *Type
	I     int64
	F     float64
	Elems []Value // vector components
	Str   string  // string literal
}

// String returns the MSL spelling of v.
func (v Value) String() string {
	switch {
	case v.Type == nil:
		return "?"
	case v.Type.Kind == KVector:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = e.String()
		}
		return v.Type.String() + "(" + strings.Join(parts, ", ") + ")"
	case v.Type.Kind == KStruct || v.Type.Kind == KArray:
		// An aggregate constant (a class-type template argument): its
		// members in order, so that distinct values spell differently.
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = e.String()
		}
		return v.Type.String() + "{" + strings.Join(parts, ", ") + "}"
	case v.Type.Kind == KString:
		return strconv.Quote(v.Str)
	case v.Type.Kind == KBool:
		if v.I != 0 {
			return "true"
		}
		return "false"
	case v.Type.IsFloat():
		return strconv.FormatFloat(v.F, 'g', -1, 64)
	case v.Type.Kind == KULong || v.Type.Kind == KSizeT:
		return strconv.FormatUint(uint64(v.I), 10)
	}
	return strconv.FormatInt(v.I, 10)
}

// IntVal returns an integer constant of type t (wrapped to t's width).
func IntVal(t *Type, x int64) Value { return Value{Type: t, I: wrapInt(t, x)} }

// FloatVal returns a floating constant of type t (rounded to t's precision).
func FloatVal(t *Type, x float64) Value { return Value{Type: t, F: roundFloat(t, x)} }

// BoolVal returns a bool constant.
func BoolVal(b bool) Value {
	if b {
		return Value{Type: Bool, I: 1}
	}
	return Value{Type: Bool}
}

// AsInt returns the value as an integer (floats truncate toward zero;
// unsigned 64-bit values keep their bit pattern).
func (v Value) AsInt() int64 {
	if v.Type != nil && v.Type.IsFloat() {
		return int64(v.F)
	}
	return v.I
}

// AsFloat returns the value as a float64.
func (v Value) AsFloat() float64 {
	if v.Type != nil && v.Type.IsFloat() {
		return v.F
	}
	if v.Type != nil && (v.Type.Kind == KULong || v.Type.Kind == KSizeT) {
		return float64(uint64(v.I))
	}
	return float64(v.I)
}

// AsBool returns v != 0.
func (v Value) AsBool() bool {
	if v.Type != nil && v.Type.IsFloat() {
		return v.F != 0
	}
	return v.I != 0
}

// IsUnsigned64 reports whether v's (scalar) type is a 64-bit unsigned type.
func (v Value) isU64() bool {
	return v.Type != nil && (v.Type.Kind == KULong || v.Type.Kind == KSizeT)
}

func wrapInt(t *Type, x int64) int64 {
	if t.Kind == KEnum {
		t = t.Enum.Underlying
	}
	switch t.Kind {
	case KBool:
		if x != 0 {
			return 1
		}
		return 0
	case KChar:
		return int64(int8(x))
	case KUChar:
		return int64(uint8(x))
	case KShort:
		return int64(int16(x))
	case KUShort:
		return int64(uint16(x))
	case KInt:
		return int64(int32(x))
	case KUInt:
		return int64(uint32(x))
	}
	return x
}

func roundFloat(t *Type, x float64) float64 {
	switch t.Kind {
	case KFloat:
		return float64(float32(x))
	case KHalf:
		return roundHalf(x)
	case KBFloat:
		return roundBFloat(x)
	}
	return x
}

// roundHalf rounds x to the nearest IEEE binary16 value (ties to even).
func roundHalf(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return x
	}
	a := math.Abs(x)
	if a >= 65520 { // rounds to infinity
		return math.Copysign(math.Inf(1), x)
	}
	exp := math.Floor(math.Log2(a))
	if exp < -14 {
		exp = -14 // subnormal spacing
	}
	ulp := math.Ldexp(1, int(exp)-10)
	return math.Copysign(math.RoundToEven(a/ulp)*ulp, x)
}

// roundBFloat rounds x to the nearest bfloat16 value (ties to even).
func roundBFloat(x float64) float64 {
	f := float32(x)
	if f != f {
		return x
	}
	b := math.Float32bits(f)
	b += 0x7fff + (b>>16)&1
	b &= 0xffff0000
	return float64(math.Float32frombits(b))
}

// ConvertValue converts v to type t as an explicit or implicit conversion
// would (float→int truncates toward zero, int→bool tests != 0, scalars
// splat to vectors, vectors convert per component). It returns false when
// no value conversion exists (e.g. vector width mismatch).
func ConvertValue(v Value, t *Type) (Value, bool) {
	if v.Type == nil || t == nil {
		return Value{}, false
	}
	if t.Kind == KStruct || v.Type.Kind == KStruct {
		// Struct values (of constexpr evaluation) convert only to their own type.
		return v, v.Type == t
	}
	if t.Kind == KVector || t.Kind == KPacked {
		elems := make([]Value, t.N)
		if v.Type.Kind == KVector || v.Type.Kind == KPacked {
			if v.Type.N != t.N {
				return Value{}, false
			}
			for i := range elems {
				e, ok := ConvertValue(v.Elems[i], t.Elem)
				if !ok {
					return Value{}, false
				}
				elems[i] = e
			}
		} else {
			e, ok := ConvertValue(v, t.Elem)
			if !ok {
				return Value{}, false
			}
			for i := range elems {
				elems[i] = e
			}
		}
		return Value{Type: t, Elems: elems}, true
	}
	if v.Type.Kind == KVector || v.Type.Kind == KPacked {
		return Value{}, false
	}
	switch {
	case t.Kind == KBool:
		return BoolVal(v.AsBool()), true
	case t.IsFloat():
		return FloatVal(t, v.AsFloat()), true
	case t.IsInteger() || t.Kind == KEnum:
		if v.Type.IsFloat() {
			f := v.F
			if math.IsNaN(f) {
				return IntVal(t, 0), true
			}
			// Out-of-range values saturate, as the executors convert them
			// (ir.F32ToInt): int(1e20f) is INT_MAX, uint(-1.0f) is 0.
			bits := 8 * SizeOf(t)
			if t.Kind == KEnum || bits <= 0 || bits > 64 {
				bits = 32
			}
			if t.IsSigned() {
				lo, hi := -math.Ldexp(1, bits-1), math.Ldexp(1, bits-1)
				switch {
				case f <= lo:
					return IntVal(t, -1<<(bits-1)), true
				case f >= hi:
					return IntVal(t, 1<<(bits-1)-1), true
				}
				return IntVal(t, int64(f)), true
			}
			hi := math.Ldexp(1, bits)
			switch {
			case f <= -1 || f != f:
				return IntVal(t, 0), true
			case f >= hi:
				return Value{Type: t, I: int64(uint64(1<<(bits-1)-1)<<1 | 1)}, true
			case f >= 9.223372036854775807e18:
				return Value{Type: t, I: int64(uint64(f))}, true
			}
			return IntVal(t, int64(f)), true
		}
		return IntVal(t, v.I), true
	}
	if v.Type == t {
		return v, true
	}
	return Value{}, false
}

// Op is an operator for constant evaluation and operator typing.
type Op uint8

// Operators.
const (
	OpAdd Op = iota
	OpSub
	OpMul
	OpDiv
	OpRem
	OpShl
	OpShr
	OpAnd
	OpOr
	OpXor
	OpLAnd
	OpLOr
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpNeg
	OpPlus
	OpNot   // !
	OpCompl // ~
)

var opNames = [...]string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "==", "!=", "<", "<=", ">", ">=", "-", "+", "!", "~"}

// String names o.
func (o Op) String() string { return opNames[o] }

// IsComparison reports whether o yields bool(s).
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }

// EvalError describes why a constant expression could not be evaluated.
type EvalError struct{ Msg string }

// Error implements error.
func (e *EvalError) Error() string { return e.Msg }

// EvalBinary evaluates a op b where both are already converted to the
// operand type t (for comparisons the result is bool or a bool vector).
func EvalBinary(op Op, a, b Value) (Value, error) {
	if a.Type.Kind == KVector {
		if b.Type.Kind != KVector || len(b.Elems) != len(a.Elems) {
			return Value{}, &EvalError{"vector operand width mismatch"}
		}
		elems := make([]Value, len(a.Elems))
		for i := range elems {
			e, err := EvalBinary(op, a.Elems[i], b.Elems[i])
			if err != nil {
				return Value{}, err
			}
			elems[i] = e
		}
		rt := a.Type
		if op.IsComparison() || op == OpLAnd || op == OpLOr {
			rt = Vec(Bool, a.Type.N)
		}
		return Value{Type: rt, Elems: elems}, nil
	}
	t := a.Type
	switch op {
	case OpLAnd:
		return BoolVal(a.AsBool() && b.AsBool()), nil
	case OpLOr:
		return BoolVal(a.AsBool() || b.AsBool()), nil
	}
	if t.IsFloat() {
		x, y := a.F, b.F
		switch op {
		case OpAdd:
			return FloatVal(t, x+y), nil
		case OpSub:
			return FloatVal(t, x-y), nil
		case OpMul:
			return FloatVal(t, x*y), nil
		case OpDiv:
			return FloatVal(t, x/y), nil
		case OpEq:
			return BoolVal(x == y), nil
		case OpNe:
			return BoolVal(x != y), nil
		case OpLt:
			return BoolVal(x < y), nil
		case OpLe:
			return BoolVal(x <= y), nil
		case OpGt:
			return BoolVal(x > y), nil
		case OpGe:
			return BoolVal(x >= y), nil
		}
		return Value{}, &EvalError{fmt.Sprintf("invalid operands to binary %s (%s)", op, t)}
	}
	x, y := a.I, b.I
	unsigned := !t.IsSigned()
	switch op {
	case OpAdd:
		return IntVal(t, x+y), nil
	case OpSub:
		return IntVal(t, x-y), nil
	case OpMul:
		return IntVal(t, x*y), nil
	case OpDiv, OpRem:
		if y == 0 {
			return Value{}, &EvalError{"division by zero in constant expression"}
		}
		if unsigned {
			ux, uy := uint64(x), uint64(y) // narrower unsigned values are stored non-negative
			if op == OpDiv {
				return IntVal(t, int64(ux/uy)), nil
			}
			return IntVal(t, int64(ux%uy)), nil
		}
		if op == OpDiv {
			return IntVal(t, x/y), nil
		}
		return IntVal(t, x%y), nil
	case OpShl, OpShr:
		bits := uint(scalarSize(t.Kind) * 8)
		if bits == 0 {
			bits = 32
		}
		s := uint(y) & (bits - 1) // MSL: only the low log2(N) bits count
		if op == OpShl {
			return IntVal(t, x<<s), nil
		}
		if unsigned {
			u := uint64(x)
			if bits < 64 {
				u &= 1<<bits - 1
			}
			return IntVal(t, int64(u>>s)), nil
		}
		return IntVal(t, x>>s), nil
	case OpAnd:
		return IntVal(t, x&y), nil
	case OpOr:
		return IntVal(t, x|y), nil
	case OpXor:
		return IntVal(t, x^y), nil
	case OpEq:
		return BoolVal(x == y), nil
	case OpNe:
		return BoolVal(x != y), nil
	}
	var less, eq bool
	if unsigned {
		less, eq = uint64(x) < uint64(y), x == y
	} else {
		less, eq = x < y, x == y
	}
	switch op {
	case OpLt:
		return BoolVal(less), nil
	case OpLe:
		return BoolVal(less || eq), nil
	case OpGt:
		return BoolVal(!less && !eq), nil
	case OpGe:
		return BoolVal(!less), nil
	}
	return Value{}, &EvalError{fmt.Sprintf("invalid operator %s in constant expression", op)}
}

// EvalUnary evaluates op a (a already promoted).
func EvalUnary(op Op, a Value) (Value, error) {
	if a.Type.Kind == KVector {
		elems := make([]Value, len(a.Elems))
		for i := range elems {
			e, err := EvalUnary(op, a.Elems[i])
			if err != nil {
				return Value{}, err
			}
			elems[i] = e
		}
		rt := a.Type
		if op == OpNot {
			rt = Vec(Bool, a.Type.N)
		}
		return Value{Type: rt, Elems: elems}, nil
	}
	switch op {
	case OpPlus:
		return a, nil
	case OpNeg:
		if a.Type.IsFloat() {
			return FloatVal(a.Type, -a.F), nil
		}
		return IntVal(a.Type, -a.I), nil
	case OpNot:
		return BoolVal(!a.AsBool()), nil
	case OpCompl:
		if a.Type.IsInteger() {
			return IntVal(a.Type, ^a.I), nil
		}
	}
	return Value{}, &EvalError{fmt.Sprintf("invalid operand to unary %s (%s)", op, a.Type)}
}
