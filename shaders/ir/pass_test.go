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

// TestFoldInvolutions: neg, not and reverse_bits applied twice to a
// temporary fold to it; through a variable (which may change) or across
// kinds they stay.
func TestFoldInvolutions(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   ir.Op
		kind ir.Kind
	}{{"reverse_bits", ir.OpReverseBits, ir.U32}, {"neg float", ir.OpNeg, ir.F32}, {"neg int", ir.OpNeg, ir.I32}, {"not", ir.OpNot, ir.U32}} {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			b := ir.NewFunction(p, "f", []ir.Kind{tc.kind}, []ir.Kind{tc.kind, tc.kind})
			twice := b.Unary(tc.op, tc.kind, b.Unary(tc.op, tc.kind, b.Param(0)))
			v := b.Var(tc.kind, "v")
			b.Set(v, b.Param(0))
			inner := b.Unary(tc.op, tc.kind, v)
			b.Set(v, inner)                          // v changes after inner read it
			viaVar := b.Unary(tc.op, tc.kind, inner) // op(op(v)) is the old v, not v: must stay
			b.Return(twice, viaVar)
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			ir.FoldConstants(p)
			verify(t, p)
			ret := b.Fn.Body[len(b.Fn.Body)-1]
			if ret.Args[0] != b.Param(0) {
				t.Errorf("op(op(x)) not folded to x:\n%s", p)
			}
			if ret.Args[1] == b.Param(0) || ret.Args[1] == v {
				t.Errorf("op applied to a reassigned variable folded:\n%s", p)
			}
		})
	}
}

// TestCSELoads: a repeated load is merged with the earlier one unless
// something that may write its memory runs in between.
func TestCSELoads(t *testing.T) {
	tests := []struct {
		name    string
		between func(b *ir.Builder, addr ir.Reg, sp ir.Space)
		sp      ir.Space
		merged  bool
	}{
		{"nothing", func(*ir.Builder, ir.Reg, ir.Space) {}, ir.Device, true},
		{"device store", func(b *ir.Builder, a ir.Reg, _ ir.Space) { b.Store(ir.Device, ir.U32, a, b.ConstU32(1), 4) }, ir.Device, false},
		{"thread store, device load", func(b *ir.Builder, _ ir.Reg, _ ir.Space) {
			b.Store(ir.Thread, ir.U32, b.Alloca(4, 4), b.ConstU32(1), 4)
		}, ir.Device, true},
		{"device store, thread load", func(b *ir.Builder, a ir.Reg, _ ir.Space) { b.Store(ir.Device, ir.U32, a, b.ConstU32(1), 4) }, ir.Thread, true},
		{"device store, constant load", func(b *ir.Builder, a ir.Reg, _ ir.Space) { b.Store(ir.Device, ir.U32, a, b.ConstU32(1), 4) }, ir.Constant, true},
		{"side-effect intrinsic", func(b *ir.Builder, a ir.Reg, _ ir.Space) { b.Intrinsic(0, a) }, ir.Device, false},
		{"pure intrinsic", func(b *ir.Builder, a ir.Reg, _ ir.Space) { b.Intrinsic(1, a) }, ir.Device, true},
		{"store in an if", func(b *ir.Builder, a ir.Reg, _ ir.Space) {
			b.If(b.Binary(ir.OpEq, ir.U32, b.Param(1), b.ConstU32(0)))
			b.Store(ir.Device, ir.U32, a, b.ConstU32(1), 4)
			b.EndIf()
		}, ir.Device, false},
		{"loop without stores", func(b *ir.Builder, a ir.Reg, _ ir.Space) {
			b.Loop()
			b.Break()
			b.EndLoop()
		}, ir.Device, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			p.Intrinsics = []ir.IntrinsicDecl{
				{Name: "writes", Params: []ir.Kind{ir.U64}, Flags: ir.SideEffects},
				{Name: "pure", Params: []ir.Kind{ir.U64}},
			}
			b := ir.NewFunction(p, "f", []ir.Kind{ir.U64, ir.U32}, []ir.Kind{ir.U32, ir.U32})
			addr := b.Param(0)
			x := b.Load(tc.sp, ir.U32, addr, 4)
			tc.between(b, addr, tc.sp)
			y := b.Load(tc.sp, ir.U32, addr, 4)
			b.Return(x, y)
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			ir.EliminateCommonSubexpressions(p)
			verify(t, p)
			text := p.String()
			want := 2
			if tc.merged {
				want = 1
			}
			if n := strings.Count(text, "= load "); n != want {
				t.Fatalf("%d loads left, want %d:\n%s", n, want, text)
			}
		})
	}
	// A loop that stores: the load inside is not the one before it.
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "f", []ir.Kind{ir.U64}, []ir.Kind{ir.U32})
	addr := b.Param(0)
	v := b.Var(ir.U32, "v")
	b.Set(v, b.Load(ir.Device, ir.U32, addr, 4))
	b.Loop()
	y := b.Load(ir.Device, ir.U32, addr, 4)
	b.Store(ir.Device, ir.U32, addr, b.Binary(ir.OpAdd, ir.U32, y, b.ConstU32(1)), 4)
	b.If(b.Binary(ir.OpGt, ir.U32, y, b.ConstU32(10)))
	b.Break()
	b.EndIf()
	b.EndLoop()
	b.Return(v)
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	ir.EliminateCommonSubexpressions(p)
	if n := strings.Count(p.String(), "= load "); n != 2 {
		t.Fatalf("%d loads left, want 2 (the loop stores):\n%s", n, p.String())
	}
}

// TestInlineSingleCallSite: with an entry, a callee larger than MaxSize is
// inlined where the entry's reach calls it once, and kept where it is
// called twice.
func TestInlineSingleCallSite(t *testing.T) {
	big := func(p *ir.Program, name string) *ir.Builder {
		b := ir.NewFunction(p, name, []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
		x := b.Param(0)
		for i := 0; i < 50; i++ {
			x = b.Binary(ir.OpMul, ir.U32, b.Binary(ir.OpAdd, ir.U32, x, b.ConstU32(uint32(i))), b.ConstU32(3))
		}
		b.Return(x)
		if err := b.Finish(); err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, tc := range []struct {
		name   string
		calls  int
		entry  bool
		inline bool
	}{
		{"once, entry", 1, true, true},
		{"twice, entry", 2, true, false},
		{"once, no entry", 1, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			once := big(p, "once")
			k := ir.NewFunction(p, "k", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
			x := k.Param(0)
			for i := 0; i < tc.calls; i++ {
				x = k.Call(once.Fn, x)[0]
			}
			k.Return(x)
			if err := k.Finish(); err != nil {
				t.Fatal(err)
			}
			opt := ir.InlineOptions{MaxSize: 10}
			if tc.entry {
				opt.Entry = p.Func("k")
			}
			ir.Inline(p, opt)
			verify(t, p)
			text := p.Func("k").String(p)
			if got := !strings.Contains(text, "call once("); got != tc.inline {
				t.Fatalf("inlined = %v, want %v:\n%s", got, tc.inline, text)
			}
		})
	}
}
