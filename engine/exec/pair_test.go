package exec_test

import (
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildPairs: consecutive float ops of the kinds the compiler runs two at
// a time (products, differences, multiply-adds), and a masked set right
// before the end of a varying if.
//
//	float x = in[i], a = x * 1.5, b = x * x, c = a - b, d = b - x;
//	float v = c;
//	if (x < 0.5) { v = d * a + c; }
//	out[2i] = v; out[2i+1] = a * c / (b + 1);
func buildPairs() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "pairs", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	f := func(op ir.Op, x, y ir.Reg) ir.Reg { return b.Binary(op, ir.F32, x, y) }
	x := b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), i, 4), 4)
	a := f(ir.OpMul, x, b.f(1.5))
	bb := f(ir.OpMul, x, x)
	c := f(ir.OpSub, a, bb)
	d := f(ir.OpSub, bb, x)
	v := b.Var(ir.F32, "v")
	b.Set(v, c)
	b.If(b.Binary(ir.OpLt, ir.F32, x, b.f(0.5)))
	b.Set(v, f(ir.OpAdd, f(ir.OpMul, d, a), c))
	b.EndIf()
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(2))
	b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), o, 4), v, 4)
	w := f(ir.OpDiv, f(ir.OpMul, a, c), f(ir.OpAdd, bb, b.f(1)))
	b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(1)), 4), w, 4)
	must(b.Finish())
	return p
}

// TestPairFusion: the pairs run as one dispatch each in 64-lane batches,
// with the bits of the instructions run one by one (refexec).
func TestPairFusion(t *testing.T) {
	const n = 200
	in := make([]float32, n)
	for k := range in {
		in[k] = float32(k)/float32(n)*2 - 0.5
	}
	in[3], in[4] = float32(math.Inf(1)), float32(math.NaN())
	runCases(t, []kcase{{
		name: "pairs", prog: buildPairs, entry: "pairs",
		grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}),
		bufs: func() []exec.Buffer {
			return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 8*n)}}
		},
		args:  addrArgs,
		check: func(*testing.T, []exec.Buffer) {},
	}})
	if !exec.Direct64() {
		t.Skip("no direct 64-lane kernels on this CPU: no pairs")
	}
	pl, err := exec.Compile(buildPairs(), "pairs", exec.Options{Width: 64})
	if err != nil {
		t.Fatal(err)
	}
	if k := exec.PairOps(pl); k < 2 {
		t.Errorf("%d pairs compiled, want at least 2", k)
	}
}
