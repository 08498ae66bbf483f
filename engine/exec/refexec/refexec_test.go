package refexec_test

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildCollatz: out[i] = number of Collatz steps of i+1 (a data-dependent
// loop), through a helper function.
func buildCollatz() *ir.Program {
	p := ir.NewProgram(nil)
	h := ir.NewFunction(p, "steps", []ir.Kind{ir.U32}, []ir.Kind{ir.U32})
	x, n := h.Var(ir.U32, "x"), h.Var(ir.U32, "n")
	h.Set(x, h.Param(0))
	h.Set(n, h.ConstU32(0))
	h.Loop()
	h.If(h.Binary(ir.OpLe, ir.U32, x, h.ConstU32(1)))
	h.Break()
	h.EndIf()
	h.If(h.Binary(ir.OpEq, ir.U32, h.Binary(ir.OpAnd, ir.U32, x, h.ConstU32(1)), h.ConstU32(0)))
	h.Set(x, h.Binary(ir.OpShr, ir.U32, x, h.ConstU32(1)))
	h.Else()
	h.Set(x, h.Binary(ir.OpAdd, ir.U32, h.Binary(ir.OpMul, ir.U32, x, h.ConstU32(3)), h.ConstU32(1)))
	h.EndIf()
	h.Set(n, h.Binary(ir.OpAdd, ir.U32, n, h.ConstU32(1)))
	h.EndLoop()
	h.Return(n)
	if err := h.Finish(); err != nil {
		panic(err)
	}
	b := ir.NewFunction(p, "collatz", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	r := b.Call(h.Fn, b.Binary(ir.OpAdd, ir.U32, i, b.ConstU32(1)))[0]
	off := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(4))
	b.Store(ir.Device, ir.U32, b.Binary(ir.OpAdd, ir.U64, b.Param(0), off), r, 4)
	if err := b.Finish(); err != nil {
		panic(err)
	}
	return p
}

func collatz(x uint32) uint32 {
	n := uint32(0)
	for x > 1 {
		if x%2 == 0 {
			x /= 2
		} else {
			x = 3*x + 1
		}
		n++
	}
	return n
}

func TestCollatz(t *testing.T) {
	const n = 200
	out := make([]byte, 4*n)
	mem, err := exec.NewMemory(exec.Buffer{Addr: 0x100, Data: out})
	if err != nil {
		t.Fatal(err)
	}
	d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}), Args: []uint64{0x100}, Memory: mem}
	if err := refexec.Run(context.Background(), buildCollatz(), "collatz", d, refexec.Options{}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if got, want := binary.LittleEndian.Uint32(out[4*i:]), collatz(uint32(i+1)); got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	p := buildCollatz()
	g := exec.ThreadsGrid([3]uint32{4, 1, 1}, [3]uint32{4, 1, 1})
	if err := refexec.Run(ctx, p, "nope", exec.Dispatch{Grid: g}, refexec.Options{}); err == nil {
		t.Error("unknown function accepted")
	}
	if err := refexec.Run(ctx, p, "collatz", exec.Dispatch{Grid: g}, refexec.Options{}); err == nil {
		t.Error("missing argument accepted")
	}
	var f *exec.Fault
	if err := refexec.Run(ctx, p, "collatz", exec.Dispatch{Grid: g, Args: []uint64{0x100}}, refexec.Options{}); !errors.As(err, &f) || f.Kind != exec.FaultOutOfBounds {
		t.Errorf("store without memory: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := refexec.Run(cctx, p, "collatz", exec.Dispatch{Grid: g, Args: []uint64{0x100}}, refexec.Options{}); !errors.As(err, &f) || f.Kind != exec.FaultCancelled {
		t.Errorf("cancelled context: %v", err)
	}
}
