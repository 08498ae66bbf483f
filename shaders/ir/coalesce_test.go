package ir_test

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// TestCoalesceVariables: each case builds f(c bool, s u32) -> u32 with
// variables u and v and one copy "set v = u"; the copy must disappear
// (the variables merged) exactly when they never interfere.
func TestCoalesceVariables(t *testing.T) {
	type body func(b *ir.Builder, u, v ir.Reg)
	add := func(b *ir.Builder, x, y ir.Reg) ir.Reg { return b.Binary(ir.OpAdd, ir.U32, x, y) }
	cases := []struct {
		name   string
		body   body
		merged bool
	}{
		{"source dead after the copy", func(b *ir.Builder, u, v ir.Reg) {
			b.Set(u, b.Param(1))
			b.If(b.Param(0))
			b.Set(u, add(b, u, b.ConstU32(1)))
			b.EndIf()
			b.Set(v, u)
			b.Return(add(b, v, b.ConstU32(2)))
		}, true},
		{"source reassigned while the copy is live", func(b *ir.Builder, u, v ir.Reg) {
			b.Set(u, b.Param(1))
			b.If(b.Param(0))
			b.Set(u, add(b, u, b.ConstU32(1)))
			b.EndIf()
			b.Set(v, u)
			b.If(b.Param(0))
			b.Set(u, b.ConstU32(5))
			b.EndIf()
			b.Return(add(b, v, u))
		}, false},
		{"destination assigned while the source is live", func(b *ir.Builder, u, v ir.Reg) {
			b.Set(u, b.Param(1))
			b.If(b.Param(0))
			b.Set(v, b.ConstU32(7))
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.EndIf()
			b.Store(ir.Device, ir.U32, b.ConstU64(64), u, 4)
			b.Set(v, u)
			b.Return(v)
		}, false},
		{"source still read after the copy, neither reassigned", func(b *ir.Builder, u, v ir.Reg) {
			b.If(b.Param(0))
			b.Set(u, b.Param(1))
			b.Else()
			b.Set(u, b.ConstU32(3))
			b.EndIf()
			b.Set(v, u)
			b.Return(add(b, v, u))
		}, true},
		{"loop-carried source copied every iteration", func(b *ir.Builder, u, v ir.Reg) {
			b.Set(u, b.Param(1))
			b.Loop()
			b.Set(u, add(b, u, b.ConstU32(1)))
			b.Set(v, u)
			b.If(b.Binary(ir.OpGt, ir.U32, v, b.ConstU32(9)))
			b.Break()
			b.EndIf()
			b.EndLoop()
			b.Return(v)
		}, true},
		{"destination read across iterations", func(b *ir.Builder, u, v ir.Reg) {
			b.Set(u, b.Param(1))
			b.Loop()
			b.Store(ir.Device, ir.U32, b.ConstU64(64), v, 4)
			b.Set(u, add(b, u, b.ConstU32(1)))
			b.Set(v, u)
			b.Set(u, add(b, u, b.ConstU32(2)))
			b.If(b.Binary(ir.OpGt, ir.U32, u, b.ConstU32(9)))
			b.Break()
			b.EndIf()
			b.EndLoop()
			b.Return(add(b, v, u))
		}, false},
		{"both read before any assignment", func(b *ir.Builder, u, v ir.Reg) {
			b.If(b.Param(0))
			b.Set(v, u)
			b.EndIf()
			b.Return(add(b, v, u))
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := ir.NewProgram(nil)
			b := ir.NewFunction(p, "f", []ir.Kind{ir.Bool, ir.U32}, []ir.Kind{ir.U32})
			u, v := b.Var(ir.U32, "u"), b.Var(ir.U32, "v")
			tc.body(b, u, v)
			if err := b.Finish(); err != nil {
				t.Fatal(err)
			}
			before := p.String()
			changed := ir.CoalesceVariables(p)
			verify(t, p)
			copies, usesV := 0, false
			ir.Walk(b.Fn.Body, func(in *ir.Instr) bool {
				if in.Op == ir.OpSet && in.Dst == v && len(in.Args) == 1 && in.Args[0] == u {
					copies++
				}
				usesV = usesV || in.Dst == v
				for _, a := range in.Args {
					usesV = usesV || a == v
				}
				return true
			})
			if changed != tc.merged || (copies == 0) != tc.merged || usesV == tc.merged {
				t.Errorf("merged %v (copies left %d, v still used %v), want merged %v:\n%s\nafter:\n%s", changed, copies, usesV, tc.merged, before, p)
			}
		})
	}
}
