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
// the adds gone, the three in one run of uniform ops; in constant memory hoisted into the
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
				if n := exec.CountOps(pl, "urun"); n != 1 {
					t.Errorf("%v W=%d: %d runs of uniform ops, want the three loads in one", space, w, n)
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

// buildManyBufferLoads: out[i] = i + *p0 + 2·*p1 + ... + 6·*p5 for six
// device pointers to buffers of their own: uniform loads alternating
// between more buffers than the worker's memCache remembers, so that
// from the second batch on each load finds its buffer through the one it
// read last.
func buildManyBufferLoads() *ir.Program {
	p := ir.NewProgram(nil)
	kinds := make([]ir.Kind, 7)
	for i := range kinds {
		kinds[i] = ir.U64
	}
	b := fb{ir.NewFunction(p, "many", kinds, nil)}
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	v := gid
	for k := range 6 {
		x := b.Load(ir.Device, ir.U32, b.Param(k), 4)
		v = b.Binary(ir.OpAdd, ir.U32, v, b.Binary(ir.OpMul, ir.U32, x, b.ConstU32(uint32(k+1))))
	}
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(6), gid, 4), v, 4)
	must(b.Finish())
	return p
}

// TestUniformLoadBuffers checks uniform loads from many buffers over
// several batches and dispatches whose memories hold the same addresses
// in different buffers (a buffer remembered from an earlier dispatch must
// not be used), and that a load beyond its buffer still faults at its
// address, as in refexec.
func TestUniformLoadBuffers(t *testing.T) {
	const threads = 300
	grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{64, 1, 1})
	mk := func(seed uint32, extra bool, short int) []exec.Buffer {
		var bufs []exec.Buffer
		if extra {
			// Shifts the index of every buffer after it.
			bufs = append(bufs, exec.Buffer{Addr: 0x100, Data: make([]byte, 16)})
		}
		for k := range 6 {
			n := 8
			if k == short {
				n = 2
			}
			d := make([]byte, n)
			if n >= 4 {
				binary.LittleEndian.PutUint32(d, seed+uint32(k)*10)
			}
			bufs = append(bufs, exec.Buffer{Addr: 0x1000 * uint64(k+1), Data: d})
		}
		return append(bufs, exec.Buffer{Addr: 0x100000, Data: make([]byte, 4*threads)})
	}
	args := func(bufs []exec.Buffer) []uint64 {
		a := addrArgs(bufs)
		return a[len(a)-7:]
	}
	for _, w := range []int{32, 64} {
		for _, workers := range []int{1, 2} {
			pl, err := exec.Compile(buildManyBufferLoads(), "many", exec.Options{Width: w, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for d, seed := range []uint32{5, 70, 900} {
				bufs := mk(seed, d == 1, -1)
				if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: args(bufs), Memory: mustMem(t, bufs)}); err != nil {
					t.Fatal(err)
				}
				want := uint32(0)
				for k := range uint32(6) {
					want += (seed + k*10) * (k + 1)
				}
				perThread(threads, func(i uint32) uint32 { return i + want })(t, bufs)
			}
			rb := mk(1, false, 4)
			refErr := refexec.Run(context.Background(), buildManyBufferLoads(), "many", exec.Dispatch{Grid: grid, Args: args(rb), Memory: mustMem(t, rb)}, refexec.Options{})
			var rf *exec.Fault
			if !errors.As(refErr, &rf) {
				t.Fatalf("refexec: %v, want a fault", refErr)
			}
			sb := mk(1, false, 4)
			err = pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: args(sb), Memory: mustMem(t, sb)})
			var f *exec.Fault
			if !errors.As(err, &f) {
				t.Fatalf("W=%d: %v, want a fault", w, err)
			}
			if f.Kind != rf.Kind || f.Addr != rf.Addr || f.Addr != 0x5000 {
				t.Errorf("W=%d: fault %v addr %#x, refexec %v addr %#x, want out of bounds at %#x", w, f.Kind, f.Addr, rf.Kind, rf.Addr, 0x5000)
			}
		}
	}
}
