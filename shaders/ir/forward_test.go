package ir_test

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// countSets counts the OpSet instructions of f that write v.
func countSets(f *ir.Function, v ir.Reg) int {
	n := 0
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == ir.OpSet && in.Dst == v {
			n++
		}
		return true
	})
	return n
}

// readers returns the instructions of f with op that read r.
func readers(f *ir.Function, op ir.Op, r ir.Reg) []*ir.Instr {
	var out []*ir.Instr
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == op {
			for _, a := range in.Args {
				if a == r {
					out = append(out, in)
				}
			}
		}
		return true
	})
	return out
}

// TestForwardVariables checks what ForwardVariables may and may not
// forward, shape by shape.
func TestForwardVariables(t *testing.T) {
	t.Run("straight line", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v := b.Var(ir.U32, "v")
		b.Set(v, b.Param(0))
		w := b.Binary(ir.OpXor, ir.U32, v, b.ConstU32(7))
		b.Set(v, w)
		u := b.Binary(ir.OpMul, ir.U32, v, b.ConstU32(3))
		b.Set(v, u)
		b.Return(v)
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		// Every read of v is forwarded; only the last set survives (the
		// dead-code pass then removes it too: nothing reads v).
		if n := len(readers(b.Fn, ir.OpXor, v)) + len(readers(b.Fn, ir.OpMul, v)) + len(readers(b.Fn, ir.OpReturn, v)); n != 0 {
			t.Fatalf("%d reads of v left:\n%s", n, b.Fn.String(p))
		}
		if n := countSets(b.Fn, v); n != 1 {
			t.Fatalf("%d sets of v left, want 1:\n%s", n, b.Fn.String(p))
		}
	})
	t.Run("set in an if", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v := b.Var(ir.U32, "v")
		b.Set(v, b.Param(0))
		b.If(b.Binary(ir.OpEq, ir.U32, b.Param(0), b.ConstU32(0)))
		b.Set(v, b.ConstU32(5))
		b.EndIf()
		b.Return(b.Binary(ir.OpAdd, ir.U32, v, b.ConstU32(1)))
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		// The if may assign v: the read after it must stay a read of v,
		// and both sets stay.
		if len(readers(b.Fn, ir.OpAdd, v)) != 1 || countSets(b.Fn, v) != 2 {
			t.Fatalf("forwarded across an if that assigns:\n%s", b.Fn.String(p))
		}
	})
	t.Run("into an if that does not assign", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v := b.Var(ir.U32, "v")
		b.Set(v, b.Binary(ir.OpAdd, ir.U32, b.Param(0), b.ConstU32(2)))
		b.If(b.Binary(ir.OpEq, ir.U32, b.Param(0), b.ConstU32(0)))
		b.Return(b.Binary(ir.OpMul, ir.U32, v, b.ConstU32(3)))
		b.EndIf()
		b.Return(v)
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		if len(readers(b.Fn, ir.OpMul, v)) != 0 || len(readers(b.Fn, ir.OpReturn, v)) != 0 {
			t.Fatalf("reads of v not forwarded:\n%s", b.Fn.String(p))
		}
	})
	t.Run("loop-carried", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v := b.Var(ir.U32, "v")
		b.Set(v, b.Param(0))
		b.Loop()
		b.If(b.Binary(ir.OpGt, ir.U32, v, b.ConstU32(100)))
		b.Break()
		b.EndIf()
		b.Set(v, b.Binary(ir.OpShl, ir.U32, v, b.ConstU32(1)))
		b.EndLoop()
		b.Return(v)
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		// The loop assigns v: its reads inside (next iterations) and after
		// it must stay reads of v.
		if len(readers(b.Fn, ir.OpGt, v)) != 1 || len(readers(b.Fn, ir.OpShl, v)) != 1 || len(readers(b.Fn, ir.OpReturn, v)) != 1 {
			t.Fatalf("forwarded a loop-carried variable:\n%s", b.Fn.String(p))
		}
	})
	t.Run("overwritten across an if that does not touch it", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v, w := b.Var(ir.U32, "v"), b.Var(ir.U32, "w")
		b.Set(v, b.ConstU32(0)) // dead: overwritten below, unread between
		b.Set(w, b.ConstU32(1))
		b.If(b.Binary(ir.OpEq, ir.U32, b.Param(0), b.ConstU32(0)))
		b.Set(w, b.ConstU32(2))
		b.EndIf()
		b.Set(v, b.Param(0))
		b.Set(w, b.Binary(ir.OpAdd, ir.U32, w, v))
		b.Loop()
		b.If(b.Binary(ir.OpEq, ir.U32, w, b.ConstU32(9)))
		b.Break() // leaves the loop: w's pending set must stay
		b.EndIf()
		b.Set(w, b.ConstU32(9))
		b.EndLoop()
		b.Return(w)
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		if n := countSets(b.Fn, v); n != 1 {
			t.Fatalf("%d sets of v, want 1 (the first is dead):\n%s", n, b.Fn.String(p))
		}
		if n := countSets(b.Fn, w); n != 4 {
			t.Fatalf("%d sets of w, want 4 (every one may be read):\n%s", n, b.Fn.String(p))
		}
	})
	t.Run("switch fallthrough", func(t *testing.T) {
		p := ir.NewProgram(nil)
		b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		v := b.Var(ir.U32, "v")
		b.Set(v, b.ConstU32(1))
		b.Switch(b.Param(0))
		b.Case(0)
		b.Set(v, b.ConstU32(2))
		b.Case(1) // lanes of case 0 fall through with v = 2
		b.Return(b.Binary(ir.OpAdd, ir.U32, v, b.ConstU32(10)))
		b.EndSwitch()
		b.Return(v)
		must(t, b.Finish())
		ir.ForwardVariables(p)
		verify(t, p)
		if len(readers(b.Fn, ir.OpAdd, v)) != 1 {
			t.Fatalf("forwarded into a case that others fall into:\n%s", b.Fn.String(p))
		}
	})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
