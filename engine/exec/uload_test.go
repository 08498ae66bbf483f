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

// buildMemberLoads: out[i] = (i + s->x) * s->y + s->z for a struct s in
// space at param 0 with x, y, z at byte offsets 4, 12 and 0: uniform loads
// through a uniform pointer plus constant member offsets.
func buildMemberLoads(space ir.Space) *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "members", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	s := b.Param(0)
	x := b.Load(space, ir.U32, b.Binary(ir.OpAdd, ir.U64, s, b.ConstU64(4)), 4)
	y := b.Load(space, ir.U32, b.Binary(ir.OpAdd, ir.U64, b.ConstU64(12), s), 4)
	z := b.Load(space, ir.U32, s, 4)
	v := b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, b.Binary(ir.OpAdd, ir.U32, gid, x), y), z)
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(1), gid, 4), v, 4)
	must(b.Finish())
	return p
}

// TestMemberLoads checks uniform member loads (base + constant offset,
// one op each, the adds gone; in constant memory hoisted into the
// dispatch-invariant prologue) against native Go over several batches,
// widths and worker counts, and that an out-of-bounds member faults at
// the member's address, as in refexec.
func TestMemberLoads(t *testing.T) {
	const threads = 200
	grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{64, 1, 1})
	for _, space := range []ir.Space{ir.Device, ir.Constant} {
		for _, w := range []int{32, 64} {
			for _, workers := range []int{1, 2} {
				pl, err := exec.Compile(buildMemberLoads(space), "members", exec.Options{Width: w, Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				if n := exec.CountOps(pl, "ugen"); n != 0 {
					t.Errorf("%v W=%d: %d uniform arithmetic ops, want the member offsets folded into the loads", space, w, n)
				}
				if n := exec.CountOps(pl, "uload"); n != 3 {
					t.Errorf("%v W=%d: %d uniform loads, want 3", space, w, n)
				}
				wantPro := 0
				if space == ir.Constant {
					wantPro = 3
				}
				if n := exec.PrologueLoads(pl); n != wantPro {
					t.Errorf("%v W=%d: %d loads in the invariant prologue, want %d", space, w, n, wantPro)
				}
				st := make([]byte, 16)
				binary.LittleEndian.PutUint32(st[4:], 1000)
				binary.LittleEndian.PutUint32(st[12:], 3)
				bufs := []exec.Buffer{{Addr: 0x1000, Data: st}, {Addr: 0x100000, Data: make([]byte, 4*threads)}}
				// Twice, z changed in between: the second dispatch runs the
				// prologue again.
				for _, z := range []uint32{7, 9} {
					binary.LittleEndian.PutUint32(st[0:], z)
					if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(bufs), Memory: mustMem(t, bufs)}); err != nil {
						t.Fatal(err)
					}
					perThread(threads, func(i uint32) uint32 { return (i+1000)*3 + z })(t, bufs)
				}

				// The struct ends before y.
				short := func() []exec.Buffer {
					return []exec.Buffer{{Addr: 0x1000, Data: make([]byte, 12)}, {Addr: 0x100000, Data: make([]byte, 4*threads)}}
				}
				rb := short()
				refErr := refexec.Run(context.Background(), buildMemberLoads(space), "members", exec.Dispatch{Grid: grid, Args: addrArgs(rb), Memory: mustMem(t, rb)}, refexec.Options{})
				var rf *exec.Fault
				if !errors.As(refErr, &rf) {
					t.Fatalf("%v: refexec: %v, want a fault", space, refErr)
				}
				sb := short()
				err = pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(sb), Memory: mustMem(t, sb)})
				var f *exec.Fault
				if !errors.As(err, &f) {
					t.Fatalf("%v W=%d: %v, want a fault", space, w, err)
				}
				if f.Kind != rf.Kind || f.Addr != rf.Addr || f.Addr != 0x1000+12 {
					t.Errorf("%v W=%d: fault %v addr %#x, refexec %v addr %#x, want out of bounds at %#x", space, w, f.Kind, f.Addr, rf.Kind, rf.Addr, 0x1000+12)
				}
			}
		}
	}
}
