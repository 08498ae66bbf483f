package exec_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// buildSimdOps applies each SIMD-group function to a per-thread value and
// writes the results to out[gid*len(names)+k]; threadgroups of 48 threads
// leave the second SIMD-group half empty.
func buildSimdOps(names []string) *ir.Program {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "simd", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	lid := b.Builtin(ir.ThreadIndexInSimdgroup)
	// v = (gid*7919) % 1000 as float and uint, a bool, a lane index.
	vu := b.Binary(ir.OpRem, ir.U32, b.Binary(ir.OpMul, ir.U32, gid, b.ConstU32(7919)), b.ConstU32(1000))
	vf := b.Binary(ir.OpMul, ir.F32, b.Conv(ir.F32, ir.U32, vu), b.ConstF32(0.125))
	vb := b.Binary(ir.OpLt, ir.U32, vu, b.ConstU32(300))
	sel := b.Binary(ir.OpRem, ir.U32, b.Binary(ir.OpAdd, ir.U32, lid, b.ConstU32(5)), b.ConstU32(32))
	base := b.Binary(ir.OpMul, ir.U32, gid, b.ConstU32(uint32(len(names))))
	for k, name := range names {
		d := mustDecl(name)
		id := p.Intrinsic(d)
		var args []ir.Reg
		for i, pk := range d.Params {
			switch {
			case i == 1:
				args = append(args, sel)
			case pk == ir.F32:
				args = append(args, vf)
			case pk == ir.U32:
				args = append(args, vu)
			case pk == ir.Bool:
				args = append(args, vb)
			}
		}
		r := b.Intrinsic(id, args...)
		var out ir.Reg
		switch k := d.Results[0]; k {
		case ir.F32:
			out = b.Bitcast(ir.U32, ir.F32, r[0])
		case ir.U32:
			out = r[0]
		case ir.Bool:
			out = b.Conv(ir.U32, ir.Bool, r[0])
		case ir.U64:
			out = b.Conv(ir.U32, ir.U64, b.Binary(ir.OpXor, ir.U64, r[0], b.Binary(ir.OpShr, ir.U64, r[0], b.ConstU64(32))))
		}
		idx := b.Binary(ir.OpAdd, ir.U32, base, b.ConstU32(uint32(k)))
		b.Store(ir.Device, ir.U32, elemAddr(b, b.Param(0), idx, 4), out, 4)
	}
	must(b.Finish())
	return p
}

func TestSimdGroupFunctions(t *testing.T) {
	names := []string{"simd_sum.f32", "simd_sum.u32", "simd_product.u32", "simd_min.f32", "simd_max.u32",
		"simd_and.u32", "simd_or.u32", "simd_xor.u32",
		"simd_prefix_inclusive_sum.f32", "simd_prefix_exclusive_sum.u32", "simd_prefix_exclusive_product.u32",
		"simd_shuffle.f32", "simd_broadcast.u32", "simd_shuffle_down.u32", "simd_shuffle_up.f32",
		"simd_shuffle_xor.u32", "simd_shuffle_rotate_down.u32", "simd_shuffle_rotate_up.u32",
		"simd_broadcast_first.f32", "simd_ballot", "simd_any", "simd_all", "simd_is_first", "simd_active_threads_mask",
		"quad_sum.f32", "quad_max.u32", "quad_prefix_exclusive_sum.u32", "quad_shuffle.u32", "quad_shuffle_xor.f32",
		"quad_broadcast.u32", "quad_ballot", "quad_all", "quad_is_first", "quad_broadcast_first.u32"}
	const n = 46 * 5
	grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{46, 1, 1})
	prog := buildSimdOps(names)
	ref := outBuf(n * len(names))()
	if err := refexec.Run(context.Background(), prog, "simd", exec.Dispatch{Grid: grid, Args: addrArgs(ref), Memory: mustMem(t, ref)}, refexec.Options{}); err != nil {
		t.Fatal(err)
	}
	// Spot-check against Go: simd_sum.u32 of the first SIMD-group, and the
	// ballot of the half-empty second one.
	vals := bytesU32(ref[0].Data)
	var sum uint32
	for g := uint32(0); g < 32; g++ {
		sum += g * 7919 % 1000
	}
	if vals[1] != sum {
		t.Fatalf("simd_sum.u32 = %d, want %d", vals[1], sum)
	}
	if got := vals[32*len(names)+23]; got != 0x3fff {
		t.Fatalf("active mask of a 14-thread SIMD-group folded = %#x, want 0x3fff", got)
	}
	for _, width := range []int{32, 64} {
		out := outBuf(n * len(names))()
		pl, err := exec.Compile(prog, "simd", exec.Options{Width: width})
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(out), Memory: mustMem(t, out)}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out[0].Data, ref[0].Data) {
			w := firstDiffWord(out[0].Data, ref[0].Data)
			t.Fatalf("W=%d: %s (thread %d, %s)", width, firstDiff(out[0].Data, ref[0].Data), w/len(names), names[w%len(names)])
		}
	}
}

func firstDiffWord(a, b []byte) int {
	for i := 0; i+4 <= len(a); i += 4 {
		if binary.LittleEndian.Uint32(a[i:]) != binary.LittleEndian.Uint32(b[i:]) {
			return i / 4
		}
	}
	return -1
}

// TestAtomics counts with atomic_fetch_add on device and threadgroup
// memory; the totals do not depend on the worker count.
func TestAtomics(t *testing.T) {
	p := ir.NewProgram(nil)
	addD := p.Intrinsic(mustDecl("atomic_fetch_add_explicit.device.u32"))
	addT := p.Intrinsic(mustDecl("atomic_fetch_add_explicit.threadgroup.u32"))
	maxD := p.Intrinsic(mustDecl("atomic_fetch_max_explicit.device.u32"))
	bar := p.Intrinsic(mustDecl("threadgroup_barrier"))
	b := ir.NewFunction(p, "count", []ir.Kind{ir.U64}, nil)
	b.Fn.Kernel = true
	b.Fn.ThreadgroupMemory = 16
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tid := b.Builtin(ir.ThreadIndexInThreadgroup)
	b.Intrinsic(addD, b.Param(0), b.ConstU32(1))
	b.Intrinsic(maxD, b.Binary(ir.OpAdd, ir.U64, b.Param(0), b.ConstU64(4)), gid)
	b.Intrinsic(addT, b.ConstU64(0), b.Binary(ir.OpAnd, ir.U32, gid, b.ConstU32(3)))
	b.Intrinsic(bar, b.ConstU32(1))
	b.If(b.Binary(ir.OpEq, ir.U32, tid, b.ConstU32(0)))
	v := b.Load(ir.Threadgroup, ir.U32, b.ConstU64(0), 4)
	b.Intrinsic(addD, b.Binary(ir.OpAdd, ir.U64, b.Param(0), b.ConstU64(8)), v)
	b.EndIf()
	must(b.Finish())
	const n = 1000
	want := []uint32{n, n - 1, 0}
	for g := uint32(0); g < n; g++ {
		want[2] += g & 3
	}
	check := func(name string, data []byte) {
		got := bytesU32(data)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: counter %d = %d, want %d", name, i, got[i], want[i])
			}
		}
	}
	grid := exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{100, 1, 1})
	for _, workers := range []int{1, 2} {
		out := outBuf(3)()
		pl, err := exec.Compile(p, "count", exec.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(out), Memory: mustMem(t, out)}); err != nil {
			t.Fatal(err)
		}
		check("exec", out[0].Data)
	}
	out := outBuf(3)()
	if err := refexec.Run(context.Background(), p, "count", exec.Dispatch{Grid: grid, Args: addrArgs(out), Memory: mustMem(t, out)}, refexec.Options{}); err != nil {
		t.Fatal(err)
	}
	check("refexec", out[0].Data)
}
