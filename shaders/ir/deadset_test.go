package ir_test

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestEliminateDeadSets: each case builds f(c bool, s u32) -> u32 with a
// variable v and lists which of its assignments (by the constant they
// store) must survive; the others must go.
func TestEliminateDeadSets(t *testing.T) {
	type body func(b *ir.Builder, v ir.Reg, set func(int))
	cases := []struct {
		name string
		body body
		keep []int
	}{
		{"both branches overwrite", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.If(b.Param(0))
			set(2)
			b.Else()
			set(3)
			b.EndIf()
			b.Return(v)
		}, []int{2, 3}},
		{"one branch overwrites", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.If(b.Param(0))
			set(2)
			b.EndIf()
			b.Return(v)
		}, []int{1, 2}},
		{"set after the last read", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			set(2)
			b.Return(b.ConstU32(0))
		}, []int{1}},
		{"loop-carried", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Loop()
			b.If(b.Binary(ir.OpGt, ir.U32, v, b.Param(1)))
			b.Break()
			b.EndIf()
			b.Set(v, b.Binary(ir.OpAdd, ir.U32, v, b.ConstU32(1))) // "0": not a constant
			b.EndLoop()
			b.Return(v)
		}, []int{0, 1}},
		{"overwritten in every iteration before the read", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Loop()
			set(2)
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.If(b.Param(0))
			b.Break()
			b.EndIf()
			b.EndLoop()
			b.Return(b.ConstU32(0))
		}, []int{2}},
		{"read in continuing through continue", func(b *ir.Builder, v ir.Reg, set func(int)) {
			b.Loop()
			set(7)
			b.If(b.Param(0))
			b.Continue()
			b.EndIf()
			set(8)
			b.Continuing()
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.If(b.Binary(ir.OpGt, ir.U32, v, b.Param(1)))
			b.Break()
			b.EndIf()
			b.EndLoop()
			b.Return(b.ConstU32(0))
		}, []int{7, 8}},
		{"read after break", func(b *ir.Builder, v ir.Reg, set func(int)) {
			b.Loop()
			set(4)
			b.If(b.Param(0))
			b.Break()
			b.EndIf()
			set(5)
			b.EndLoop()
			b.Return(v)
		}, []int{4}},
		{"switch fallthrough reads", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Switch(b.Param(1))
			b.Case(1)
			set(2)
			b.Case(2)
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.Break()
			b.Default()
			set(3)
			b.Break()
			b.EndSwitch()
			b.Return(b.ConstU32(0))
		}, []int{1, 2}},
		{"switch without default keeps the value past it", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Switch(b.Param(1))
			b.Case(1)
			set(2)
			b.Break()
			b.EndSwitch()
			b.Return(v)
		}, []int{1, 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			b := ir.NewFunction(p, "f", []ir.Kind{ir.Bool, ir.U32}, []ir.Kind{ir.U32})
			v := b.Var(ir.U32, "v")
			consts := map[ir.Reg]int{}
			tc.body(b, v, func(k int) {
				c := b.ConstU32(uint32(100 + k))
				consts[c] = k
				b.Set(v, c)
			})
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			ir.EliminateDeadSets(p)
			verify(t, p)
			got := map[int]bool{}
			ir.Walk(b.Fn.Body, func(in *ir.Instr) bool {
				if in.Op == ir.OpSet && in.Dst == v {
					got[consts[in.Args[0]]] = true
				}
				return true
			})
			want := map[int]bool{}
			for _, k := range tc.keep {
				want[k] = true
			}
			for k := range want {
				if !got[k] {
					t.Errorf("set %d removed, but a path reads it:\n%s", k, p)
				}
			}
			for k := range got {
				if !want[k] {
					t.Errorf("set %d kept, but nothing reads it:\n%s", k, p)
				}
			}
		})
	}
}

// TestUnmaskedSets: an assignment may write every lane when the lanes
// inactive where it runs never read the variable again; it must merge
// under the mask when they may.
func TestUnmaskedSets(t *testing.T) {
	type body func(b *ir.Builder, v ir.Reg, set func(int))
	cases := []struct {
		name     string
		body     body
		unmasked []int // the other sets must stay masked
	}{
		{"top level of the function", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Return(v)
		}, []int{1}},
		{"then branch, read after the if", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.If(b.Param(0))
			set(2)
			b.EndIf()
			b.Return(v)
		}, []int{1}},
		{"then branch, the else assigns first", func(b *ir.Builder, v ir.Reg, set func(int)) {
			b.If(b.Param(0))
			set(2)
			b.Else()
			set(3)
			b.EndIf()
			b.Return(v)
		}, []int{2}},
		{"loop body, read after the loop", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Loop()
			set(2)
			b.If(b.Binary(ir.OpGt, ir.U32, v, b.Param(1)))
			b.Break()
			b.EndIf()
			b.EndLoop()
			b.Return(v)
		}, []int{1}},
		{"loop-local value", func(b *ir.Builder, v ir.Reg, set func(int)) {
			b.Loop()
			b.If(b.Param(0))
			b.Break()
			b.EndIf()
			set(2)
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.EndLoop()
			b.Return(b.ConstU32(0))
		}, []int{2}},
		{"later switch case reads it", func(b *ir.Builder, v ir.Reg, set func(int)) {
			set(1)
			b.Switch(b.Param(1))
			b.Case(1)
			set(2)
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.Break()
			b.Default()
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.Break()
			b.EndSwitch()
			b.Return(b.ConstU32(0))
		}, []int{1}},
		{"first switch case, every case assigns", func(b *ir.Builder, v ir.Reg, set func(int)) {
			b.Switch(b.Param(1))
			b.Case(1)
			set(2)
			b.Break()
			b.Default()
			set(3)
			b.Break()
			b.EndSwitch()
			b.Return(v)
		}, []int{2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			b := ir.NewFunction(p, "f", []ir.Kind{ir.Bool, ir.U32}, []ir.Kind{ir.U32})
			v := b.Var(ir.U32, "v")
			consts := map[ir.Reg]int{}
			tc.body(b, v, func(k int) {
				c := b.ConstU32(uint32(100 + k))
				consts[c] = k
				b.Set(v, c)
			})
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			ir.EliminateDeadSets(p)
			verify(t, p)
			want := map[int]bool{}
			for _, k := range tc.unmasked {
				want[k] = true
			}
			ir.Walk(b.Fn.Body, func(in *ir.Instr) bool {
				if in.Op == ir.OpSet && in.Dst == v {
					if k := consts[in.Args[0]]; in.Unmasked != want[k] {
						t.Errorf("set %d: unmasked %v, want %v:\n%s", k, in.Unmasked, want[k], p)
					}
				}
				return true
			})
		})
	}
}
