package ir_test

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestInlineSkipsRecursion: recursive functions stay calls, others go.
func TestInlineSkipsRecursion(t *testing.T) {
	p := ir.NewProgram(nil)
	rec := ir.NewFunction(p, "rec", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	rec.If(rec.Binary(ir.OpEq, ir.U32, rec.Param(0), rec.ConstU32(0)))
	rec.Return(rec.ConstU32(0))
	rec.EndIf()
	rec.Return(rec.Call(rec.Fn, rec.Binary(ir.OpSub, ir.U32, rec.Param(0), rec.ConstU32(1)))[0])
	if err := rec.Finish(); err != nil {
		t.Fatal(err)
	}
	leaf := ir.NewFunction(p, "leaf", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	leaf.Return(leaf.Binary(ir.OpMul, ir.U32, leaf.Param(0), leaf.ConstU32(2)))
	if err := leaf.Finish(); err != nil {
		t.Fatal(err)
	}
	k := ir.NewFunction(p, "k", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	a := k.Call(rec.Fn, k.Param(0))[0]
	k.Return(k.Call(leaf.Fn, a)[0])
	if err := k.Finish(); err != nil {
		t.Fatal(err)
	}
	ir.Inline(p, ir.InlineOptions{})
	verify(t, p)
	text := p.Func("k").String(p)
	if !strings.Contains(text, "call rec(") || strings.Contains(text, "call leaf(") {
		t.Fatalf("inlining kept/removed the wrong calls:\n%s", text)
	}
}

// TestCSERespectsAssignments: an expression of a variable is not reused
// after the variable changes, nor across a loop that changes it.
func TestCSERespectsAssignments(t *testing.T) {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32, ir.U32, ir.U32, ir.U32})
	v := b.Var(ir.U32, "v")
	b.Set(v, b.Param(0))
	one := b.ConstU32(1)
	x1 := b.Binary(ir.OpAdd, ir.U32, v, one)
	x2 := b.Binary(ir.OpAdd, ir.U32, v, one) // same as x1
	b.Set(v, x1)
	x3 := b.Binary(ir.OpAdd, ir.U32, v, one) // v changed: new value
	var x4 ir.Reg
	b.Loop()
	x4 = b.Binary(ir.OpAdd, ir.U32, v, one) // changes every iteration
	b.Set(v, x4)
	b.If(b.Binary(ir.OpGt, ir.U32, v, b.ConstU32(10)))
	b.Break()
	b.EndIf()
	b.EndLoop()
	b.Return(x1, x2, x3, v)
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	ir.EliminateCommonSubexpressions(p)
	verify(t, p)
	text := p.String()
	if n := strings.Count(text, "add u32"); n != 3 {
		t.Fatalf("%d adds left, want 3 (x2 merged into x1 only):\n%s", n, text)
	}
}

func TestFoldAndDCE(t *testing.T) {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "f", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	c := b.Binary(ir.OpMul, ir.U32, b.ConstU32(6), b.ConstU32(7))
	unused := b.Binary(ir.OpAdd, ir.U32, b.Param(0), c)
	_ = unused
	b.If(b.Binary(ir.OpEq, ir.U32, c, b.ConstU32(42)))
	b.Return(c)
	b.Else()
	b.Return(b.Param(0))
	b.EndIf()
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	ir.Simplify(p)
	verify(t, p)
	text := p.String()
	if strings.Contains(text, "if ") || strings.Contains(text, "mul") || strings.Contains(text, "add") || !strings.Contains(text, "const 42") {
		t.Fatalf("not folded:\n%s", text)
	}
}
