package ir_test

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestLiveVariables checks the liveness a register allocator asks for: on
// entry (a variable one branch leaves unassigned, read after the join, is
// live there; one both branches assign is not) and at a loop's head (a
// value carried to the next iteration, or through continue to the
// Continuing block, is live; one assigned at the top of every iteration
// before it is read is not).
func TestLiveVariables(t *testing.T) {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "f", []ir.Kind{ir.Bool, ir.U32}, []ir.Kind{ir.U32})
	c, s := b.Param(0), b.Param(1)
	both, one := b.Var(ir.U32, "both"), b.Var(ir.U32, "one")
	carried, fresh, viaCont := b.Var(ir.U32, "carried"), b.Var(ir.U32, "fresh"), b.Var(ir.U32, "viaCont")
	b.If(c)
	b.Set(both, s)
	b.Set(one, s)
	b.Else()
	b.Set(both, b.ConstU32(2))
	b.EndIf()
	b.Set(carried, b.ConstU32(0))
	b.Set(viaCont, b.ConstU32(0))
	b.Loop()
	b.Set(fresh, b.Binary(ir.OpAdd, ir.U32, carried, s))
	b.If(b.Binary(ir.OpGt, ir.U32, fresh, b.ConstU32(100)))
	b.Break()
	b.EndIf()
	b.If(c)
	b.Continue()
	b.EndIf()
	b.Set(viaCont, fresh)
	b.Continuing()
	b.Set(carried, b.Binary(ir.OpAdd, ir.U32, fresh, viaCont))
	b.EndLoop()
	b.Return(b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpAdd, ir.U32, both, one), carried))
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	f := b.Fn
	var loop *ir.Instr
	ir.Walk(f.Body, func(in *ir.Instr) bool {
		if in.Op == ir.OpLoop {
			loop = in
		}
		return true
	})
	live := ir.LiveVariables(f)
	for _, tc := range []struct {
		name      string
		got, want bool
	}{
		{"both on entry", live.OnEntry(both), false},
		{"one on entry", live.OnEntry(one), true},
		{"carried on entry", live.OnEntry(carried), false},
		{"carried at the loop head", live.AtLoopHead(loop, carried), true},
		{"fresh at the loop head", live.AtLoopHead(loop, fresh), false},
		{"viaCont at the loop head", live.AtLoopHead(loop, viaCont), true},
		{"a non-loop instruction", live.AtLoopHead(f.Body[0], fresh), true},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
