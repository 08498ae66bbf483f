package exec_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Device atomics count their element per active lane: read when they
// return the old value, written when they store (a compare-exchange only
// where it swaps); threadgroup atomics count nothing.
func TestTrafficAtomics(t *testing.T) {
	p := ir.NewProgram(nil)
	add := p.Intrinsic(mustDecl("atomic_fetch_add_explicit.device.u32"))
	ld := p.Intrinsic(mustDecl("atomic_load_explicit.device.u64"))
	st := p.Intrinsic(mustDecl("atomic_store_explicit.device.u32"))
	cas := p.Intrinsic(mustDecl("atomic_compare_exchange_weak_explicit.device.u32"))
	addT := p.Intrinsic(mustDecl("atomic_fetch_add_explicit.threadgroup.u32"))
	b := ir.NewFunction(p, "atomics", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	b.Fn.ThreadgroupMemory = 16
	gid := b.Builtin(ir.ThreadPositionInGrid)
	base := b.Param(0)
	at := func(off uint64) ir.Reg { return b.Binary(ir.OpAdd, ir.U64, base, b.ConstU64(off)) }
	// Every thread: a fetch-add (4 read, 4 written), a 64-bit load (8
	// read) and a threadgroup add (nothing).
	b.Intrinsic(add, at(0), b.ConstU32(1))
	b.Intrinsic(ld, at(8))
	b.Intrinsic(addT, b.ConstU64(0), b.ConstU32(1))
	// Odd threads: a store (4 written).
	b.If(b.Binary(ir.OpEq, ir.U32, b.Binary(ir.OpAnd, ir.U32, gid, b.ConstU32(1)), b.ConstU32(1)))
	b.Intrinsic(st, at(16), gid)
	b.EndIf()
	// Every thread: compare-exchange 0 → 1 on word 5 (4 read each, 4
	// written once: the first lane to find 0).
	b.Intrinsic(cas, at(20), b.ConstU32(0), b.ConstU32(1))
	must(b.Finish())
	const n = 300
	for _, workers := range []int{1, 2} {
		pl, err := exec.Compile(p, "atomics", exec.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		out := outBuf(8)()
		var tr exec.Traffic
		d := exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}), Args: addrArgs(out), Memory: mustMem(t, out), Traffic: &tr}
		if err := pl.Run(context.Background(), d); err != nil {
			t.Fatal(err)
		}
		rd, wr := tr.Bytes()
		wantRd, wantWr := int64(n*(4+8+4)), int64(n*4+n/2*4+4)
		if rd != wantRd || wr != wantWr {
			t.Errorf("%d workers: counted %d read, %d written; want %d, %d", workers, rd, wr, wantRd, wantWr)
		}
		if got := bytesU32(out[0].Data); got[0] != n || got[5] != 1 {
			t.Errorf("%d workers: counters %v", workers, got)
		}
	}
}
