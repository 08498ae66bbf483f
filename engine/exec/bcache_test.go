package exec_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildBuiltinsBarrier is buildBuiltins with a threadgroup barrier before
// the stores, so that every batch of a threadgroup runs in its own frame.
func buildBuiltinsBarrier(ids []ir.BuiltinID, gridX, gridY uint32) *ir.Program {
	p := buildBuiltins(ids, gridX, gridY)
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	f := p.Func("builtins")
	c := &ir.Instr{Op: ir.OpConst, Kind: ir.U32, Imm: 1, Dst: ir.Reg(len(f.Regs))}
	f.Regs = append(f.Regs, ir.RegInfo{Kind: ir.U32})
	f.Body = append(ir.Block{c, {Op: ir.OpIntrinsic, Imm: uint64(bar), Args: []ir.Reg{c.Dst}}}, f.Body...)
	return p
}

// TestBuiltinsCachedAcrossDispatches runs one pipeline over grids of
// different shapes in turn (cached built-in vectors must follow the
// threadgroup shape and the batch), with and without barriers.
func TestBuiltinsCachedAcrossDispatches(t *testing.T) {
	ids := allBuiltins()
	shapes := []struct{ grid, tpt [3]uint32 }{
		{[3]uint32{37, 5, 3}, [3]uint32{8, 4, 2}},
		{[3]uint32{200, 2, 1}, [3]uint32{128, 1, 1}},
		{[3]uint32{37, 5, 3}, [3]uint32{8, 4, 2}},
		{[3]uint32{70, 3, 1}, [3]uint32{96, 2, 1}},
		{[3]uint32{200, 2, 1}, [3]uint32{128, 1, 1}},
	}
	const gx, gy = 256, 8 // linearization used by the kernel
	for _, barrier := range []bool{false, true} {
		prog := buildBuiltins(ids, gx, gy)
		if barrier {
			prog = buildBuiltinsBarrier(ids, gx, gy)
			if err := ir.Verify(prog); err != nil {
				t.Fatal(err)
			}
		}
		for _, width := range []int{32, 64} {
			pl, err := exec.Compile(prog, "builtins", exec.Options{Width: width, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for si, sh := range shapes {
				name := fmt.Sprintf("barrier=%v W=%d shape %d", barrier, width, si)
				out := outBuf(gx * gy * 4 * len(ids))()
				if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid(sh.grid, sh.tpt), Args: addrArgs(out), Memory: mustMem(t, out)}); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got := bytesU32(out[0].Data)
				for z := uint32(0); z < sh.grid[2]; z++ {
					for y := uint32(0); y < sh.grid[1]; y++ {
						for x := uint32(0); x < sh.grid[0]; x++ {
							lin := (z*gy+y)*gx + x
							for k, id := range ids {
								if w := wantBuiltin(id, [3]uint32{x, y, z}, sh.grid, sh.tpt); got[int(lin)*len(ids)+k] != w {
									t.Fatalf("%s: thread (%d,%d,%d) %v = %d, want %d", name, x, y, z, id, got[int(lin)*len(ids)+k], w)
								}
							}
						}
					}
				}
			}
		}
	}
}

// buildBuiltinIfs: out[gid] = (lid == 5 ? 1 : 0) | (sg < 1 ? 2 : 0) |
// (tid >= 70 ? 4 : 0) | (local.x == lid ? 8 : 0), branches on
// batch-invariant comparisons (cached masks), optionally after a barrier.
func buildBuiltinIfs(barrier bool) *ir.Program {
	p := ir.NewProgram(nil)
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := fb{ir.NewFunction(p, "ifs", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	if barrier {
		b.Intrinsic(bar, b.u(1))
	}
	gid := b.Builtin(ir.ThreadPositionInGrid)
	lid := b.Builtin(ir.ThreadIndexInSimdgroup)
	sg := b.Builtin(ir.SimdgroupIndexInThreadgroup)
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	lx := b.Builtin(ir.ThreadPositionInThreadgroup)
	v := b.Var(ir.U32, "v")
	b.Set(v, b.u(0))
	for _, c := range []struct {
		op   ir.Op
		x, y ir.Reg
		bit  uint32
	}{{ir.OpEq, lid, b.u(5), 1}, {ir.OpLt, sg, b.u(1), 2}, {ir.OpGe, tid, b.u(70), 4}, {ir.OpEq, lx, lid, 8}} {
		b.If(b.Binary(c.op, ir.U32, c.x, c.y))
		b.Set(v, b.Binary(ir.OpOr, ir.U32, v, b.u(c.bit)))
		b.EndIf()
	}
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), gid, 4), v, 4)
	must(b.Finish())
	return p
}

// TestCachedCompareMasks runs buildBuiltinIfs over threadgroups of
// different sizes in turn on one pipeline and compares with refexec.
func TestCachedCompareMasks(t *testing.T) {
	const n = 300
	for _, barrier := range []bool{false, true} {
		prog := buildBuiltinIfs(barrier)
		for _, width := range []int{32, 64} {
			pl, err := exec.Compile(prog, "ifs", exec.Options{Width: width, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !exec.UsesCachedCompare(pl) {
				t.Fatal("no cached comparison compiled")
			}
			for _, tg := range []uint32{128, 100, 128, 64, 96, 300, 100} {
				grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{tg, 1, 1})
				ref, got := outBuf(n)(), outBuf(n)()
				if err := refexec.Run(context.Background(), prog, "ifs", exec.Dispatch{Grid: grid, Args: addrArgs(ref), Memory: mustMem(t, ref)}, refexec.Options{}); err != nil {
					t.Fatal(err)
				}
				if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(got), Memory: mustMem(t, got)}); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got[0].Data, ref[0].Data) {
					t.Fatalf("barrier=%v W=%d tg=%d: %s", barrier, width, tg, firstDiff(got[0].Data, ref[0].Data))
				}
			}
		}
	}
}
