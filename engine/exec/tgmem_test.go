package exec_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildTGCopy stages in[gid] in threadgroup memory at word tid*stride
// (only for tid%3 != 0 when masked), then after a barrier writes
// out[2*gid] = tg[(tid^1)*stride] and out[2*gid+1] = tg[tid*stride]: full
// and partial masks, consecutive and permuted threadgroup indices.
func buildTGCopy(stride uint64, masked bool) *ir.Program {
	p := ir.NewProgram(nil)
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := fb{ir.NewFunction(p, "tgcopy", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	tgAddr := func(i ir.Reg) ir.Reg {
		return b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, i), b.ConstU64(4*stride))
	}
	v := b.Load(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(0), gid, 4), 4)
	if masked {
		b.If(b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpRem, ir.U32, tid, b.u(3)), b.u(0)))
	}
	b.Store(ir.Threadgroup, ir.F32, tgAddr(tid), v, 4)
	if masked {
		b.EndIf()
	}
	b.Intrinsic(bar, b.u(2))
	x := b.Load(ir.Threadgroup, ir.F32, tgAddr(b.Binary(ir.OpXor, ir.U32, tid, b.u(1))), 4)
	y := b.Load(ir.Threadgroup, ir.F32, tgAddr(tid), 4)
	o := b.Binary(ir.OpMul, ir.U32, gid, b.u(2))
	b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), o, 4), x, 4)
	b.Store(ir.Device, ir.F32, elemAddr(b.Builder, b.Param(1), b.Binary(ir.OpAdd, ir.U32, o, b.u(1)), 4), y, 4)
	must(b.Finish())
	return p
}

// TestThreadgroupMemoryPaths compares threadgroup loads and stores (whole
// batches of consecutive words, single lanes) with refexec.
func TestThreadgroupMemoryPaths(t *testing.T) {
	var cases []kcase
	for _, stride := range []uint64{1, 2} {
		for _, masked := range []bool{false, true} {
			for _, tg := range []uint32{128, 100} {
				stride, masked, tg := stride, masked, tg
				const n = 400
				cases = append(cases, kcase{
					name:  fmt.Sprintf("stride%d_masked%v_tg%d", stride, masked, tg),
					prog:  func() *ir.Program { return buildTGCopy(stride, masked) },
					entry: "tgcopy",
					grid:  exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{tg, 1, 1}),
					tgMem: uint32(4 * stride * uint64(tg)),
					bufs: func() []exec.Buffer {
						in := make([]float32, n)
						for i := range in {
							in[i] = float32(i) + 0.5
						}
						return []exec.Buffer{{Addr: 0x1000, Data: f32bytes(in)}, {Addr: 0x100000, Data: make([]byte, 8*n)}}
					},
					args: addrArgs,
					check: func(t *testing.T, b []exec.Buffer) {
						got := bytesF32(b[1].Data)
						for i := 0; i < n; i++ {
							tid := i % int(tg)
							size := min(int(tg), n-i+tid) // threads in i's threadgroup
							src := func(t int) float32 {
								if t >= size || (masked && t%3 == 0) {
									return 0
								}
								return float32(i-tid+t) + 0.5
							}
							if got[2*i] != src(tid^1) || got[2*i+1] != src(tid) {
								t.Fatalf("thread %d: %v %v, want %v %v", i, got[2*i], got[2*i+1], src(tid^1), src(tid))
							}
						}
					},
				})
			}
		}
	}
	runCases(t, cases)
}

// TestThreadgroupMemoryFault: threadgroup memory too small for the last
// threads faults as in refexec (kind, thread, offset).
func TestThreadgroupMemoryFault(t *testing.T) {
	const n, tg = 128, 128
	for _, masked := range []bool{false, true} {
		for _, tgMem := range []uint32{4 * 100, 4 * 64} { // even thread counts: the lowest faulting thread faults first
			name := fmt.Sprintf("masked=%v tgMem=%d", masked, tgMem)
			bufs := func() []exec.Buffer {
				return []exec.Buffer{{Addr: 0x1000, Data: make([]byte, 4*n)}, {Addr: 0x100000, Data: make([]byte, 8*n)}}
			}
			grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{tg, 1, 1})
			rb := bufs()
			refErr := refexec.Run(context.Background(), buildTGCopy(1, masked), "tgcopy", exec.Dispatch{Grid: grid, Args: addrArgs(rb), Memory: mustMem(t, rb), ThreadgroupMemory: tgMem}, refexec.Options{})
			var rf *exec.Fault
			if !errors.As(refErr, &rf) {
				t.Fatalf("%s: refexec: %v, want a fault", name, refErr)
			}
			for _, w := range []int{32, 64} {
				pl, err := exec.Compile(buildTGCopy(1, masked), "tgcopy", exec.Options{Width: w, Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				b := bufs()
				err = pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(b), Memory: mustMem(t, b), ThreadgroupMemory: tgMem})
				var f *exec.Fault
				if !errors.As(err, &f) {
					t.Fatalf("%s W=%d: %v, want a fault", name, w, err)
				}
				if f.Kind != rf.Kind || f.Thread != rf.Thread || f.Addr != rf.Addr {
					t.Errorf("%s W=%d: fault %v at %v addr %#x, refexec %v at %v addr %#x", name, w, f.Kind, f.Thread, f.Addr, rf.Kind, rf.Thread, rf.Addr)
				}
			}
		}
	}
}
