package ir_test

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/ir"
)

// Example builds a helper with an if/else and a loop and prints it.
func Example() {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "sum_to", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	n := b.Param(0)
	acc, i := b.Var(ir.U32, "acc"), b.Var(ir.U32, "i")
	b.Set(acc, b.ConstU32(0))
	b.Set(i, b.ConstU32(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, i, n))
	b.Break()
	b.EndIf()
	b.Set(acc, b.Binary(ir.OpAdd, ir.U32, acc, i))
	b.Continuing()
	b.Set(i, b.Binary(ir.OpAdd, ir.U32, i, b.ConstU32(1)))
	b.EndLoop()
	b.Return(acc)
	if err := b.Finish(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(p)
	// Output:
	// func sum_to(r1: u32 "p0") -> (u32) {
	// 	var r2: u32 "acc"
	// 	var r3: u32 "i"
	// 	r4: u32 = const 0
	// 	set r2 = r4
	// 	r5: u32 = const 0
	// 	set r3 = r5
	// 	loop {
	// 		r6: bool = ge u32 r3, r1
	// 		if r6 {
	// 			break
	// 		}
	// 		r7: u32 = add u32 r2, r3
	// 		set r2 = r7
	// 	} continuing {
	// 		r8: u32 = const 1
	// 		r9: u32 = add u32 r3, r8
	// 		set r3 = r9
	// 	}
	// 	return r2
	// }
}
