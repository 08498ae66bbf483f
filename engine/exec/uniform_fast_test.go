package exec

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestUniformFastMatchesEval checks the uniform fast path against ir.Eval
// on normalized operands of every kind and op it handles (and that it
// declines the others).
func TestUniformFastMatchesEval(t *testing.T) {
	kinds := []ir.Kind{ir.U64, ir.I64, ir.I32, ir.U32, ir.F32, ir.F16, ir.Bool, ir.I16}
	ops := []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpMin, ir.OpAnd, ir.OpOr, ir.OpXor,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe}
	edge := []uint64{0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 1 << 40, math.MaxUint64,
		uint64(math.Float32bits(1.5)), uint64(math.Float32bits(float32(math.Inf(-1)))), uint64(math.Float32bits(float32(math.NaN())))}
	for _, k := range kinds {
		for _, op := range ops {
			for _, x := range edge {
				for _, y := range edge {
					a, b := ir.Normalize(k, x), ir.Normalize(k, y)
					v, ok := uniformFast(op, k, a, b)
					if !ok {
						continue
					}
					if want := ir.Eval(op, k, k, a, b, 0); v != want {
						t.Fatalf("%v %v %#x %#x: fast %#x, Eval %#x", op, k, a, b, v, want)
					}
				}
			}
		}
	}
	if _, ok := uniformFast(ir.OpDiv, ir.I32, 1, 0); ok {
		t.Fatal("uniformFast took integer division")
	}
}
