package exec_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildUniformIfs: per threadgroup a uniform v = table[tg] (a shadowed
// uniform load whose value changes from batch to batch), then
//
//	acc = gid
//	if (v & 1) != 0 { for i := 0; ; i++ { if i >= 3 { break }; acc += v } } else { acc *= v }
//	if v < 10 { out[gid] = acc; return }
//	out[gid] = acc + 1000
//
// The first if is uniform and nothing leaves its arms (the break is the
// inner loop's); the inner one and the last one are uniform but are left
// by a break and a return.
func buildUniformIfs() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "uifs", []ir.Kind{ir.U64, ir.U64}, nil)}
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tg := b.Builtin(ir.ThreadgroupPositionInGrid)
	v := b.Load(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), tg, 4), 4)
	acc := b.Var(ir.U32, "acc")
	b.Set(acc, gid)
	b.If(b.Binary(ir.OpNe, ir.U32, b.Binary(ir.OpAnd, ir.U32, v, b.u(1)), b.u(0)))
	i := b.Var(ir.U32, "i")
	b.Set(i, b.u(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, i, b.u(3)))
	b.Break()
	b.EndIf()
	b.Set(acc, b.Binary(ir.OpAdd, ir.U32, acc, v))
	b.Set(i, b.Binary(ir.OpAdd, ir.U32, i, b.u(1)))
	b.EndLoop()
	b.Else()
	b.Set(acc, b.Binary(ir.OpMul, ir.U32, acc, v))
	b.EndIf()
	out := elemAddr(b.Builder, b.Param(1), gid, 4)
	b.If(b.Binary(ir.OpLt, ir.U32, v, b.u(10)))
	b.Store(ir.Device, ir.U32, out, acc, 4)
	b.Return()
	b.EndIf()
	b.Store(ir.Device, ir.U32, out, b.Binary(ir.OpAdd, ir.U32, acc, b.u(1000)), 4)
	b.Return()
	must(b.Finish())
	return p
}

// TestUniformIfJumps checks that a uniform if nothing leaves compiles to a
// fused compare-and-jump without masks, that uniform ifs left by a break
// or return keep the masked form, and the results against native Go and
// refexec over batches whose uniform value differs (odd and even, below
// and above 10), widths and worker counts.
func TestUniformIfJumps(t *testing.T) {
	const threads = 256
	table := []uint32{3, 4, 11, 12, 7, 7, 20, 1}
	want := func(i uint32) uint32 {
		v := table[int(i)/64%len(table)]
		acc := i
		if v&1 != 0 {
			acc += 3 * v
		} else {
			acc *= v
		}
		if v < 10 {
			return acc
		}
		return acc + 1000
	}
	for _, w := range []int{32, 64} {
		for _, workers := range []int{1, 2} {
			pl, err := exec.Compile(buildUniformIfs(), "uifs", exec.Options{Width: w, Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			if n := exec.CountOps(pl, "ifucmp"); n != 1 {
				t.Errorf("W=%d: %d fused uniform compare-and-jumps, want 1 (the first if)", w, n)
			}
			if n := exec.CountOps(pl, "ifu"); n != 2 {
				t.Errorf("W=%d: %d masked uniform ifs, want 2 (the ifs left by break and return)", w, n)
			}
			if n := exec.CountOps(pl, "else"); n != 0 {
				t.Errorf("W=%d: %d else ops, want none (the only else is the jump form's)", w, n)
			}
			grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{64, 1, 1})
			mk := func() []exec.Buffer {
				tb := make([]byte, 4*len(table))
				for i, x := range table {
					binary.LittleEndian.PutUint32(tb[4*i:], x)
				}
				return []exec.Buffer{{Addr: 0x1000, Data: tb}, {Addr: 0x100000, Data: make([]byte, 4*threads)}}
			}
			bufs := mk()
			if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(bufs), Memory: mustMem(t, bufs)}); err != nil {
				t.Fatal(err)
			}
			perThread(threads, func(i uint32) uint32 { return want(i) })(t, bufs)
			rb := mk()
			if err := refexec.Run(context.Background(), buildUniformIfs(), "uifs", exec.Dispatch{Grid: grid, Args: addrArgs(rb), Memory: mustMem(t, rb)}, refexec.Options{}); err != nil {
				t.Fatal(err)
			}
			perThread(threads, func(i uint32) uint32 { return want(i) })(t, rb)
		}
	}
}

// TestMemberLoadChains: loads through chains of constant offsets on a
// uniform pointer (q = s + 16; q + 4, q + 8; (q + 8) + 4) fold into the
// loads, the adds gone, with the right values.
func TestMemberLoadChains(t *testing.T) {
	build := func() *ir.Program {
		p := ir.NewProgram(nil)
		b := fb{ir.NewFunction(p, "chains", []ir.Kind{ir.U64, ir.U64}, nil)}
		b.Fn.Kernel = true
		gid := b.Builtin(ir.ThreadPositionInGrid)
		q := b.Binary(ir.OpAdd, ir.U64, b.Param(0), b.ConstU64(16))
		x := b.Load(ir.Device, ir.U32, b.Binary(ir.OpAdd, ir.U64, q, b.ConstU64(4)), 4)
		r := b.Binary(ir.OpAdd, ir.U64, b.ConstU64(8), q)
		y := b.Load(ir.Device, ir.U32, r, 4)
		z := b.Load(ir.Device, ir.U32, b.Binary(ir.OpAdd, ir.U64, r, b.ConstU64(4)), 4)
		v := b.Binary(ir.OpAdd, ir.U32, b.Binary(ir.OpMul, ir.U32, b.Binary(ir.OpAdd, ir.U32, gid, x), y), z)
		b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(1), gid, 4), v, 4)
		must(b.Finish())
		return p
	}
	const threads = 100
	pl, err := exec.Compile(build(), "chains", exec.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if n := exec.CountOps(pl, "ugen"); n != 0 {
		t.Errorf("%d uniform arithmetic ops, want the offset chains folded into the loads", n)
	}
	st := make([]byte, 32)
	binary.LittleEndian.PutUint32(st[20:], 5)  // x at 16+4
	binary.LittleEndian.PutUint32(st[24:], 3)  // y at 16+8
	binary.LittleEndian.PutUint32(st[28:], 11) // z at 16+8+4
	bufs := []exec.Buffer{{Addr: 0x1000, Data: st}, {Addr: 0x100000, Data: make([]byte, 4*threads)}}
	grid := exec.ThreadsGrid([3]uint32{threads, 1, 1}, [3]uint32{64, 1, 1})
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(bufs), Memory: mustMem(t, bufs)}); err != nil {
		t.Fatal(err)
	}
	perThread(threads, func(i uint32) uint32 { return (i+5)*3 + 11 })(t, bufs)
}
