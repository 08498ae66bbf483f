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
