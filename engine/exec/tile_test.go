package exec_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildTileProbe: tg[tid] += lx | ly<<8 | tgx<<16 | tgy<<24; barrier;
// out[tid] = tg[tid ^ 1] — positions in quads, barriers across batches and
// memory kept between runs.
func buildTileProbe() *ir.Program {
	p := ir.NewProgram(nil)
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := fb{ir.NewFunction(p, "probe", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	lx, ly := b.Builtin(ir.ThreadPositionInThreadgroup), b.Builtin(ir.ThreadPositionInThreadgroup.Component(1))
	gx, gy := b.Builtin(ir.ThreadgroupPositionInGrid), b.Builtin(ir.ThreadgroupPositionInGrid.Component(1))
	sh := func(r ir.Reg, n uint32) ir.Reg { return b.Binary(ir.OpShl, ir.U32, r, b.u(n)) }
	v := b.Binary(ir.OpOr, ir.U32, b.Binary(ir.OpOr, ir.U32, lx, sh(ly, 8)), b.Binary(ir.OpOr, ir.U32, sh(gx, 16), sh(gy, 24)))
	addr := func(i ir.Reg) ir.Reg { return b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(4)) }
	old := b.Load(ir.Threadgroup, ir.U32, addr(tid), 4)
	b.Store(ir.Threadgroup, ir.U32, addr(tid), b.Binary(ir.OpAdd, ir.U32, old, v), 4)
	b.Intrinsic(bar, b.u(2))
	x := b.Load(ir.Threadgroup, ir.U32, addr(b.Binary(ir.OpXor, ir.U32, tid, b.u(1))), 4)
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), tid, 4), x, 4)
	must(b.Finish())
	return p
}

func TestRunGroupQuadsAndSharedMemory(t *testing.T) {
	const sx, sy = 16, 8 // two batches of 64
	for _, width := range []int{32, 64} {
		pl, err := exec.Compile(buildTileProbe(), "probe", exec.Options{Width: width, Workers: 1, Intrinsics: mathIntrinsics})
		if err != nil {
			t.Fatal(err)
		}
		out := outBuf(sx * sy * 4)()
		run, err := pl.NewRunner(context.Background(), exec.Dispatch{Args: addrArgs(out), Memory: mustMem(t, out)})
		if err != nil {
			t.Fatal(err)
		}
		tg := make([]byte, sx*sy*4)
		if err := run.UseThreadgroupMemory(tg); err != nil {
			t.Fatal(err)
		}
		g := exec.Grid{Threadgroups: [3]uint32{3, 2, 1}, ThreadsPerThreadgroup: [3]uint32{32, 32, 1}}
		for rep := uint32(1); rep <= 2; rep++ {
			if err := run.RunGroup(g, [3]uint32{2, 1, 0}, [3]uint32{sx, sy, 1}, true); err != nil {
				t.Fatal(err)
			}
			got := bytesU32(out[0].Data)
			for l := range uint32(sx * sy) {
				o := l ^ 1 // the neighbour's value
				q := o / 4
				x, y := 2*(q%(sx/2))+o&1, 2*(q/(sx/2))+(o>>1)&1
				if want := rep * (x | y<<8 | 2<<16 | 1<<24); got[l] != want {
					t.Fatalf("W=%d run %d: thread %d read %#x, want %#x", width, rep, l, got[l], want)
				}
			}
		}
		if err := run.RunGroup(g, [3]uint32{3, 0, 0}, [3]uint32{sx, sy, 1}, true); err == nil {
			t.Error("threadgroup outside the grid accepted")
		}
		if err := run.UseThreadgroupMemory(make([]byte, 0)); err != nil {
			t.Errorf("empty memory for a kernel without static threadgroup memory: %v", err)
		}
		run.Close()
		if err := run.RunGroup(g, [3]uint32{0, 0, 0}, [3]uint32{sx, sy, 1}, true); err == nil {
			t.Error("RunGroup after Close accepted")
		}
	}
}
