package exec_test

import (
	"github.com/ingot-render/ingot/shaders/ir"
)

// Hand-built IR kernels shared by the tests and benchmarks. Each mirrors
// what the MSL lowering would produce for the kernel in its comment.

// elemAddr returns base + zext(i)*size.
func elemAddr(b *ir.Builder, base, i ir.Reg, size uint64) ir.Reg {
	i64 := b.Conv(ir.U64, ir.U32, i)
	off := b.Binary(ir.OpMul, ir.U64, i64, b.ConstU64(size))
	return b.Binary(ir.OpAdd, ir.U64, base, off)
}

// buildSaxpy: kernel void saxpy(constant float& a, device const float* x,
// device float* y, uint i [[thread_position_in_grid]]) { y[i] = a*x[i] + y[i]; }
// (a is passed by value as a float parameter here).
func buildSaxpy() *ir.Program {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "saxpy", []ir.Kind{ir.F32, ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	xa := elemAddr(b, b.Param(1), i, 4)
	ya := elemAddr(b, b.Param(2), i, 4)
	x := b.Load(ir.Device, ir.F32, xa, 4)
	y := b.Load(ir.Device, ir.F32, ya, 4)
	r := b.Binary(ir.OpAdd, ir.F32, b.Binary(ir.OpMul, ir.F32, b.Param(0), x), y)
	b.Store(ir.Device, ir.F32, ya, r, 4)
	b.Return()
	must(b.Finish())
	return p
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
