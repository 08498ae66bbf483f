package exec_test

import (
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildPrivate: a thread-local array indexed dynamically, passed by
// pointer to a recursive function that also has a local of its own.
//
//	uint sumrec(thread uint* p, int n) { uint t[1]; t[0] = n < 0 ? 0 : p[n];
//	    if (n < 0) return 0; return t[0] + sumrec(p, n - 1); }
//	kernel: uint arr[8]; for k: arr[k] = i*k + 1; out[i] = sumrec(arr, 7) + arr[i % 8];
func buildPrivate() *ir.Program {
	p := ir.NewProgram(nil)
	rec := ir.NewFunction(p, "sumrec", []ir.Kind{ir.U64, ir.I32}, []ir.Kind{ir.U32})
	{
		b := fb{rec}
		ptr, n := b.Param(0), b.Param(1)
		t := b.Alloca(4, 4)
		neg := b.Binary(ir.OpLt, ir.I32, n, b.ConstI32(0))
		b.If(neg)
		b.Return(b.u(0))
		b.EndIf()
		elem := b.Binary(ir.OpAdd, ir.U64, ptr, b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.I32, n), b.ConstU64(4)))
		b.Store(ir.Thread, ir.U32, t, b.Load(ir.Thread, ir.U32, elem, 4), 4)
		r := b.Call(rec.Fn, ptr, b.Binary(ir.OpSub, ir.I32, n, b.ConstI32(1)))[0]
		b.Return(b.Binary(ir.OpAdd, ir.U32, b.Load(ir.Thread, ir.U32, t, 4), r))
		must(b.Finish())
	}
	b := fb{ir.NewFunction(p, "private", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	arr := b.Alloca(32, 4)
	k := b.Var(ir.U32, "k")
	b.Set(k, b.u(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, k, b.u(8)))
	b.Break()
	b.EndIf()
	v := b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, i, k), b.u(1))
	b.Store(ir.Thread, ir.U32, elemAddr(b.Builder, arr, k, 4), v, 4)
	b.Set(k, b.Binary(ir.OpAdd, ir.U32, k, b.u(1)))
	b.EndLoop()
	s := b.Call(rec.Fn, arr, b.ConstI32(7))[0]
	x := b.Load(ir.Thread, ir.U32, elemAddr(b.Builder, arr, b.Binary(ir.OpRem, ir.U32, i, b.u(8)), 4), 4)
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), b.Binary(ir.OpAdd, ir.U32, s, x), 4)
	must(b.Finish())
	return p
}

// buildDiscard: lanes with i % 3 == 1 discard (through a helper) and do
// not store; the others store 5, then lanes with i % 3 == 2 store 6 more.
func buildDiscard() *ir.Program {
	p := ir.NewProgram(nil)
	h := ir.NewFunction(p, "maybe_discard", []ir.Kind{ir.U32}, nil)
	h.If(h.Binary(ir.OpEq, ir.U32, h.Binary(ir.OpRem, ir.U32, h.Param(0), h.ConstU32(3)), h.ConstU32(1)))
	h.Discard()
	h.EndIf()
	must(h.Finish())
	b := fb{ir.NewFunction(p, "disc", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	a := elemAddr(b.Builder, b.Param(0), i, 4)
	b.Call(h.Fn, i)
	b.Store(ir.Device, ir.U32, a, b.u(5), 4)
	b.If(b.Binary(ir.OpEq, ir.U32, b.Binary(ir.OpRem, ir.U32, i, b.u(3)), b.u(2)))
	b.Store(ir.Device, ir.U32, a, b.u(11), 4)
	b.EndIf()
	must(b.Finish())
	return p
}

func TestPrivateAndDiscard(t *testing.T) {
	const n = 150
	grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1})
	cases := []kcase{
		{name: "private", prog: buildPrivate, entry: "private", grid: grid, bufs: outBuf(n), args: addrArgs,
			check: perThread(n, func(i uint32) uint32 {
				var s uint32
				for k := uint32(0); k < 8; k++ {
					s += i*k + 1
				}
				return s + i*(i%8) + 1
			})},
		{name: "discard", prog: buildDiscard, entry: "disc", grid: grid, bufs: outBuf(n), args: addrArgs,
			check: perThread(n, func(i uint32) uint32 {
				switch i % 3 {
				case 1:
					return 0
				case 2:
					return 11
				}
				return 5
			})},
	}
	runCases(t, cases)
}
