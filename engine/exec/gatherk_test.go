package exec_test

import (
	"context"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildScattered: out[2i] = tab[idx[i]] (a uniform base plus a scattered
// index) and out[2i+1] = *ptrs[i] (a varying pointer per lane; the
// pointers alternate between two buffers), as 4-byte loads, and
// out64[i] = *(device ulong*)ptrs[i] & ~7 as an 8-byte one.
func buildScattered() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "scatter", []ir.Kind{ir.U64, ir.U64, ir.U64, ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	k := b.Load(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(1), i, 4), 4)
	x := b.Load(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), k, 4), 4)
	ptr := b.Load(ir.Device, ir.U64, elemAddr(b.Builder, b.Param(2), i, 8), 8)
	y := b.Load(ir.Device, ir.U32, ptr, 4)
	z := b.Load(ir.Device, ir.U64, b.Binary(ir.OpAnd, ir.U64, ptr, b.ConstU64(^uint64(7))), 8)
	o := b.Binary(ir.OpMul, ir.U32, i, b.u(2))
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(3), o, 4), x, 4)
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(3), b.Binary(ir.OpAdd, ir.U32, o, b.u(1)), 4), y, 4)
	b.Store(ir.Device, ir.U64, elemAddr(b.Builder, b.Param(4), i, 8), z, 8)
	must(b.Finish())
	return p
}

const (
	scatterN   = 200
	scatterTab = 0x1000
	scatterA   = 0x40000
	scatterB   = 0x80000
)

// scatterBufs: tab, idx, ptrs, out, out64, and the two buffers the
// pointers read (bad: lane 40 reads past tab and points outside every
// buffer; lane 50 too).
func scatterBufs(bad bool) []exec.Buffer {
	tab, idx := make([]uint32, 256), make([]uint32, scatterN)
	for k := range tab {
		tab[k] = uint32(k)*2654435761 + 1
	}
	ptrs := make([]byte, 8*scatterN)
	for k := range idx {
		idx[k] = uint32(k*37) % 256
		base := uint64(scatterA)
		if k%3 == 1 {
			base = scatterB
		}
		binary.LittleEndian.PutUint64(ptrs[8*k:], base+uint64(k*13%64)*8)
	}
	if bad {
		idx[40], idx[50] = 1<<20, 1<<21
		binary.LittleEndian.PutUint64(ptrs[8*40:], 0x7000000)
		binary.LittleEndian.PutUint64(ptrs[8*50:], 0x7000000)
	}
	a, bb := make([]byte, 8*64), make([]byte, 8*64)
	for k := range a {
		a[k], bb[k] = byte(k*7+3), byte(k*11+5)
	}
	return []exec.Buffer{{Addr: scatterTab, Data: u32bytes(tab)}, {Addr: 0x2000, Data: u32bytes(idx)}, {Addr: 0x4000, Data: ptrs},
		{Addr: 0x10000, Data: make([]byte, 8*scatterN)}, {Addr: 0x20000, Data: make([]byte, 8*scatterN)},
		{Addr: scatterA, Data: a}, {Addr: scatterB, Data: bb}}
}

// TestScatteredLoads: gathers whose lanes read scattered words of one
// buffer and of two buffers in turn load what refexec loads, at 32 and 64
// lanes; a lane outside every buffer faults, and the fault names the
// first such thread.
func TestScatteredLoads(t *testing.T) {
	runCases(t, []kcase{{
		name: "scatter", prog: buildScattered, entry: "scatter",
		grid:  exec.ThreadsGrid([3]uint32{scatterN, 1, 1}, [3]uint32{64, 1, 1}),
		bufs:  func() []exec.Buffer { return scatterBufs(false) },
		args:  func(b []exec.Buffer) []uint64 { return addrArgs(b)[:5] },
		check: func(*testing.T, []exec.Buffer) {},
	}})
	ctx := context.Background()
	bufs := scatterBufs(true)
	mem := mustMem(t, bufs)
	err := refexec.Run(ctx, buildScattered(), "scatter", exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{scatterN, 1, 1}, [3]uint32{64, 1, 1}), Args: addrArgs(bufs)[:5], Memory: mem},
		refexec.Options{})
	var want *exec.Fault
	if !errors.As(err, &want) || want.Kind != exec.FaultOutOfBounds || want.Thread[0] != 40 {
		t.Fatalf("refexec: %v, want an out-of-bounds fault of thread 40", err)
	}
	for _, width := range []int{32, 64} {
		pl, err := exec.Compile(buildScattered(), "scatter", exec.Options{Width: width, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		bufs := scatterBufs(true)
		err = pl.Run(ctx, exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{scatterN, 1, 1}, [3]uint32{64, 1, 1}), Args: addrArgs(bufs)[:5], Memory: mustMem(t, bufs)})
		var f *exec.Fault
		if !errors.As(err, &f) || f.Kind != want.Kind || f.Thread != want.Thread {
			t.Fatalf("W=%d: %v, want %v", width, err, want)
		}
	}
}
