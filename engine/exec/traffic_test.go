package exec_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// trafficKernel builds "if (i % 3 != 0) out[i] = in[i] * k[0]" over 4-byte
// (F32) or 16-byte (four F32 components) elements: a uniform constant load,
// a varying load and a store under divergence.
func trafficKernel(t *testing.T, comps int) *exec.Pipeline {
	t.Helper()
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "k", []ir.Kind{ir.U64, ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	k := b.Load(ir.Constant, ir.F32, b.Param(2), 4)
	b.If(b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpRem, ir.U32, i, b.ConstU32(3)), b.ConstU32(0)))
	off := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(uint64(4*comps)))
	for c := range comps {
		x := b.Load(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, b.Param(0), b.Binary(ir.OpAdd, ir.U64, off, b.ConstU64(uint64(4*c)))), 4)
		b.Store(ir.Device, ir.F32, b.Binary(ir.OpAdd, ir.U64, b.Param(1), b.Binary(ir.OpAdd, ir.U64, off, b.ConstU64(uint64(4*c)))), b.Binary(ir.OpMul, ir.F32, x, k), 4)
	}
	b.EndIf()
	if err := b.Finish(); err != nil {
		t.Fatal(err)
	}
	pl, err := exec.Compile(p, "k", exec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// Traffic counts the device and constant bytes of executed loads and
// stores: active lanes × element size, per instruction, on dispatches and
// Runners; nothing without Dispatch.Traffic.
func TestTraffic(t *testing.T) {
	const n = 200
	for _, comps := range []int{1, 4} {
		pl := trafficKernel(t, comps)
		in, out := make([]byte, 16*n), make([]byte, 16*n)
		mem, err := exec.NewMemory(exec.Buffer{Addr: 0x10000, Data: in, Name: "in"}, exec.Buffer{Addr: 0x20000, Data: out, Name: "out"},
			exec.Buffer{Addr: 0x30000, Data: make([]byte, 4), Name: "k"})
		if err != nil {
			t.Fatal(err)
		}
		active := 0
		for i := range n {
			if i%3 != 0 {
				active++
			}
		}
		groups := (n + 63) / 64
		var tr exec.Traffic
		d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}), Args: []uint64{0x10000, 0x20000, 0x30000}, Memory: mem, Traffic: &tr}
		if err := pl.Run(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		rd, wr := tr.Bytes()
		// The uniform load of k: once per batch (4 bytes), at most a few
		// batches per threadgroup depending on the width.
		el := int64(4 * comps * active)
		if wr != el || rd < el+4*int64(groups) || rd > el+4*int64(n) {
			t.Errorf("%d components: dispatch counted %d read, %d written; want %d written, %d + the uniform loads read", comps, rd, wr, el, el)
		}
		// Without Dispatch.Traffic nothing is counted, also not into the
		// counter of the previous dispatch of the same pipeline.
		d.Traffic = nil
		if err := pl.Run(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		if r1, w1 := tr.Bytes(); r1 != rd || w1 != wr {
			t.Errorf("%d components: a dispatch without Dispatch.Traffic changed the previous counter from %d/%d to %d/%d bytes", comps, rd, wr, r1, w1)
		}
		// A second counted dispatch adds the same bytes again.
		d.Traffic = &tr
		if err := pl.Run(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		if r2, w2 := tr.Bytes(); r2 != 2*rd || w2 != 2*wr {
			t.Errorf("%d components: two dispatches counted %d read, %d written; want %d, %d", comps, r2, w2, 2*rd, 2*wr)
		}
		// A Runner: one batch of 10 threads, positions 0..9.
		var rt exec.Traffic
		d.Traffic = &rt
		run, err := pl.NewRunner(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		if err := run.Run(10, 0); err != nil {
			t.Fatal(err)
		}
		if r, _ := rt.Bytes(); r != 0 {
			t.Errorf("Runner counted before Close")
		}
		run.Close()
		if r, w := rt.Bytes(); w != int64(4*comps*6) || r != int64(4*comps*6+4) {
			t.Errorf("%d components: Runner counted %d read, %d written; want %d, %d", comps, r, w, 4*comps*6+4, 4*comps*6)
		}
	}
}
