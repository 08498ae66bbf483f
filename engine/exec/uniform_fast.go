package exec

import (
	"math"

	"github.com/ingot-render/ingot/shaders/ir"
)

// uniformFast evaluates the uniform ops that dominate address and loop
// counter arithmetic (64-bit adds and multiplies, 32-bit integer adds,
// float adds and multiplies) without going through ir.Eval's general
// dispatch; ok is false for every other op, which the caller hands to
// ir.Eval. The results are ir.Eval's bit for bit (TestUniformFastMatchesEval).
func uniformFast(op ir.Op, k ir.Kind, a, b uint64) (v uint64, ok bool) {
	if op.IsCompare() {
		return uniformCompare(op, k, a, b)
	}
	switch k {
	case ir.U64, ir.I64, ir.I32, ir.U32, ir.Bool:
		// Normalized operands (sign- or zero-extended) give a normalized
		// result.
		switch op {
		case ir.OpAnd:
			return a & b, true
		case ir.OpOr:
			return a | b, true
		case ir.OpXor:
			return a ^ b, true
		}
	}
	switch k {
	case ir.U64, ir.I64:
		switch op {
		case ir.OpAdd:
			return a + b, true
		case ir.OpMul:
			return a * b, true
		}
	case ir.I32:
		switch op {
		case ir.OpAdd:
			return uint64(int64(int32(a + b))), true
		case ir.OpSub:
			return uint64(int64(int32(a - b))), true
		}
	case ir.U32:
		switch op {
		case ir.OpAdd:
			return uint64(uint32(a + b)), true
		case ir.OpSub:
			return uint64(uint32(a - b)), true
		}
	case ir.F32:
		x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
		switch op {
		case ir.OpAdd:
			return uint64(math.Float32bits(x + y)), true
		case ir.OpSub:
			return uint64(math.Float32bits(x - y)), true
		case ir.OpMul:
			return uint64(math.Float32bits(x * y)), true
		}
	}
	return 0, false
}

// uniformCompare is uniformFast for the comparisons (kind k is the
// operands'): the flag material and texture-slot tests of shaders branch
// on, 1 or 0.
func uniformCompare(op ir.Op, k ir.Kind, a, b uint64) (uint64, bool) {
	var lt, eq, gt bool
	switch k {
	case ir.U32, ir.U64, ir.Bool:
		lt, eq, gt = a < b, a == b, a > b
	case ir.I32, ir.I64:
		x, y := int64(a), int64(b)
		lt, eq, gt = x < y, x == y, x > y
	case ir.F32:
		x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
		lt, eq, gt = x < y, x == y, x > y
	default:
		return 0, false
	}
	var r bool
	switch op {
	case ir.OpEq:
		r = eq
	case ir.OpNe:
		r = !eq
	case ir.OpLt:
		r = lt
	case ir.OpLe:
		r = lt || eq
	case ir.OpGt:
		r = gt
	case ir.OpGe:
		r = gt || eq
	default:
		return 0, false
	}
	if r {
		return 1, true
	}
	return 0, true
}
