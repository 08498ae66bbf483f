package exec_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Example builds "out[i] = in[i] * 2" by hand, compiles it and runs it on
// four threads.
func Example() {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "twice", []ir.Kind{ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	off := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(4))
	x := b.Load(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, b.Param(0), off), 4)
	y := b.Binary(ir.OpMul, ir.F32, x, b.ConstF32(2))
	b.Store(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, b.Param(1), off), y, 4)
	if err := b.Finish(); err != nil {
		fmt.Println(err)
		return
	}

	in, out := make([]byte, 16), make([]byte, 16)
	for k := range 4 {
		binary.LittleEndian.PutUint32(in[4*k:], math.Float32bits(float32(k)+0.5))
	}
	mem, _ := exec.NewMemory(exec.Buffer{Addr: 0x1000, Data: in, Name: "in"}, exec.Buffer{Addr: 0x2000, Data: out, Name: "out"})
	pl, err := exec.Compile(p, "twice", exec.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = pl.Run(context.Background(), exec.Dispatch{
		Grid:   exec.ThreadsGrid([3]uint32{4, 1, 1}, [3]uint32{32, 1, 1}),
		Args:   []uint64{0x1000, 0x2000},
		Memory: mem,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := range 4 {
		fmt.Print(math.Float32frombits(binary.LittleEndian.Uint32(out[4*k:])), " ")
	}
	fmt.Println()
	// Output: 1 3 5 7
}
