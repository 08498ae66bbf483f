package exec_test

import (
	"context"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// Kernels whose variables have short live ranges, so that the allocator
// (allocLanes) gives their lane vectors to later values, in the places
// where a wrong sharing shows: a value carried around a loop, values set in
// if arms under masks and read after the join, a value kept by the lanes
// that left a loop while the others iterate, values live across calls,
// and a variable that relies on its initial zero. Each runs on refexec and
// exec and is checked against native Go.

const allocN = 1000

// choose sets a fresh variable to x where c holds and to y elsewhere (two
// masked writes; the variable is read after the join).
func choose(b fb, c, x, y ir.Reg) ir.Reg {
	v := b.Var(ir.U32, "")
	b.If(c)
	b.Set(v, x)
	b.Else()
	b.Set(v, y)
	b.EndIf()
	return v
}

func (b fb) op(op ir.Op, x, y ir.Reg) ir.Reg { return b.Binary(op, ir.U32, x, y) }

func (b fb) divisible(x ir.Reg, m uint32) ir.Reg {
	return b.Binary(ir.OpEq, ir.U32, b.op(ir.OpRem, x, b.u(m)), b.u(0))
}

// buildLoopCarry: a variable carried from one iteration to the next (read
// at the top of the body before it is assigned again) among locals that
// live for part of an iteration.
//
//	uint acc = 0, carry = i;
//	for (uint k = 0; k < 6; k++) {
//	    uint t1 = (i + k) % 2 == 0 ? carry * 3 + k : carry ^ k;
//	    acc += t1;
//	    uint t2 = acc % 3 == 0 ? acc ^ k : acc + 7;
//	    carry = t2 + i;
//	    if ((i + k) % 3 == 0) { uint t3 = carry % 5 == 0 ? carry * 5 : k; acc += t3; }
//	}
//	out[i] = acc * 31 + carry;
func buildLoopCarry() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "loopcarry", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	acc, carry, k := b.Var(ir.U32, "acc"), b.Var(ir.U32, "carry"), b.Var(ir.U32, "k")
	b.Set(acc, b.u(0))
	b.Set(carry, i)
	b.Set(k, b.u(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, k, b.u(6)))
	b.Break()
	b.EndIf()
	t1 := choose(b, b.divisible(b.op(ir.OpAdd, i, k), 2), b.op(ir.OpAdd, b.op(ir.OpMul, carry, b.u(3)), k), b.op(ir.OpXor, carry, k))
	b.Set(acc, b.op(ir.OpAdd, acc, t1))
	t2 := choose(b, b.divisible(acc, 3), b.op(ir.OpXor, acc, k), b.op(ir.OpAdd, acc, b.u(7)))
	b.Set(carry, b.op(ir.OpAdd, t2, i))
	b.If(b.divisible(b.op(ir.OpAdd, i, k), 3))
	t3 := choose(b, b.divisible(carry, 5), b.op(ir.OpMul, carry, b.u(5)), k)
	b.Set(acc, b.op(ir.OpAdd, acc, t3))
	b.EndIf()
	b.Continuing()
	b.Set(k, b.op(ir.OpAdd, k, b.u(1)))
	b.EndLoop()
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), b.op(ir.OpAdd, b.op(ir.OpMul, acc, b.u(31)), carry), 4)
	must(b.Finish())
	return p
}

func loopCarryNative(i uint32) uint32 {
	acc, carry := uint32(0), i
	for k := uint32(0); k < 6; k++ {
		t1 := carry ^ k
		if (i+k)%2 == 0 {
			t1 = carry*3 + k
		}
		acc += t1
		t2 := acc + 7
		if acc%3 == 0 {
			t2 = acc ^ k
		}
		carry = t2 + i
		if (i+k)%3 == 0 {
			t3 := k
			if carry%5 == 0 {
				t3 = carry * 5
			}
			acc += t3
		}
	}
	return acc*31 + carry
}

// buildArms: phases of locals set in if arms and read after the join, a
// value set in one arm only and read by the same lanes after later phases,
// and a variable that is read where no assignment reached it (its initial
// zero) after the phases' vectors were used.
//
//	uint acc = 1, only;
//	if (i % 4 == 1) only = i * 9;
//	for phase j in 0..7 { uint x = (i >> j) & 1 ? i * (j + 2) : i + j; acc = acc * 31 + x; }
//	if (i % 4 == 1) acc += only;
//	uint z; if (i % 3 == 0) z = i * 5;
//	out[i] = acc + z;
func buildArms() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "arms", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	acc, only, z := b.Var(ir.U32, "acc"), b.Var(ir.U32, "only"), b.Var(ir.U32, "z")
	b.Set(acc, b.u(1))
	b.If(b.Binary(ir.OpEq, ir.U32, b.op(ir.OpRem, i, b.u(4)), b.u(1)))
	b.Set(only, b.op(ir.OpMul, i, b.u(9)))
	b.EndIf()
	for j := uint32(0); j < 8; j++ {
		bit := b.Binary(ir.OpNe, ir.U32, b.op(ir.OpAnd, b.op(ir.OpShr, i, b.u(j)), b.u(1)), b.u(0))
		x := choose(b, bit, b.op(ir.OpMul, i, b.u(j+2)), b.op(ir.OpAdd, i, b.u(j)))
		b.Set(acc, b.op(ir.OpAdd, b.op(ir.OpMul, acc, b.u(31)), x))
	}
	b.If(b.Binary(ir.OpEq, ir.U32, b.op(ir.OpRem, i, b.u(4)), b.u(1)))
	b.Set(acc, b.op(ir.OpAdd, acc, only))
	b.EndIf()
	b.If(b.divisible(i, 3))
	b.Set(z, b.op(ir.OpMul, i, b.u(5)))
	b.EndIf()
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), b.op(ir.OpAdd, acc, z), 4)
	must(b.Finish())
	return p
}

func armsNative(i uint32) uint32 {
	acc, only, z := uint32(1), uint32(0), uint32(0)
	if i%4 == 1 {
		only = i * 9
	}
	for j := uint32(0); j < 8; j++ {
		x := i + j
		if (i>>j)&1 != 0 {
			x = i * (j + 2)
		}
		acc = acc*31 + x
	}
	if i%4 == 1 {
		acc += only
	}
	if i%3 == 0 {
		z = i * 5
	}
	return acc + z
}

// buildBreakOut: a value assigned in a loop by the lanes that leave it,
// read after the loop, while the other lanes go on iterating with locals
// of their own.
//
//	uint found = 0, acc = 0;
//	for (uint k = 0; k < 12; k++) {
//	    uint v = (i * 7 + k) % 5 == 0 ? k * i + 1 : k;
//	    if (v > 40 + i % 13) { found = v; break; }
//	    uint w = k & 1 ? v * 3 : v + 9;
//	    acc += w;
//	}
//	out[i] = found * 1000 + acc;
func buildBreakOut() *ir.Program {
	p := ir.NewProgram(nil)
	b := fb{ir.NewFunction(p, "breakout", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	found, acc, k := b.Var(ir.U32, "found"), b.Var(ir.U32, "acc"), b.Var(ir.U32, "k")
	b.Set(found, b.u(0))
	b.Set(acc, b.u(0))
	b.Set(k, b.u(0))
	b.Loop()
	b.If(b.Binary(ir.OpGe, ir.U32, k, b.u(12)))
	b.Break()
	b.EndIf()
	v := choose(b, b.divisible(b.op(ir.OpAdd, b.op(ir.OpMul, i, b.u(7)), k), 5), b.op(ir.OpAdd, b.op(ir.OpMul, k, i), b.u(1)), k)
	b.If(b.Binary(ir.OpGt, ir.U32, v, b.op(ir.OpAdd, b.u(40), b.op(ir.OpRem, i, b.u(13)))))
	b.Set(found, v)
	b.Break()
	b.EndIf()
	w := choose(b, b.Binary(ir.OpNe, ir.U32, b.op(ir.OpAnd, k, b.u(1)), b.u(0)), b.op(ir.OpMul, v, b.u(3)), b.op(ir.OpAdd, v, b.u(9)))
	b.Set(acc, b.op(ir.OpAdd, acc, w))
	b.Continuing()
	b.Set(k, b.op(ir.OpAdd, k, b.u(1)))
	b.EndLoop()
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), b.op(ir.OpAdd, b.op(ir.OpMul, found, b.u(1000)), acc), 4)
	must(b.Finish())
	return p
}

func breakOutNative(i uint32) uint32 {
	found, acc := uint32(0), uint32(0)
	for k := uint32(0); k < 12; k++ {
		v := k
		if (i*7+k)%5 == 0 {
			v = k*i + 1
		}
		if v > 40+i%13 {
			found = v
			break
		}
		w := v + 9
		if k&1 != 0 {
			w = v * 3
		}
		acc += w
	}
	return found*1000 + acc
}

// buildCalls: a recursive function (not inlined) with parameters and
// locals of its own, called under a divergent condition by lanes that keep
// values live across the call, its two results assigned to variables.
//
//	(uint, uint) walk(uint n, uint a) {
//	    uint pre = n % 3 == 0 ? n * 5 : n + 2;
//	    if (n == 0) return (a + (pre ^ n), 1);
//	    uint l = n % 2 == 0 ? a * 3 : a + n;
//	    (uint x, uint y) = walk(n - 1, l);
//	    uint m = x % 7 == 0 ? y + n : y * 5;
//	    return (x + n, m ^ l);
//	}
//	uint keep = i * 13, r1 = 1, r2 = 2;
//	if (i % 3 != 0) (r1, r2) = walk(i % 9, keep);
//	out[i] = keep + r1 * 17 + r2;
func buildCalls() *ir.Program {
	p := ir.NewProgram(nil)
	walk := fb{ir.NewFunction(p, "walk", []ir.Kind{ir.U32, ir.U32}, []ir.Kind{ir.U32, ir.U32})}
	k := fb{ir.NewFunction(p, "calls", []ir.Kind{ir.U64}, nil)}
	k.Fn.Kernel = true
	{
		b := walk
		n, a := b.Param(0), b.Param(1)
		pre := choose(b, b.divisible(n, 3), b.op(ir.OpMul, n, b.u(5)), b.op(ir.OpAdd, n, b.u(2)))
		q := b.op(ir.OpXor, pre, n)
		b.If(b.Binary(ir.OpEq, ir.U32, n, b.u(0)))
		b.Return(b.op(ir.OpAdd, a, q), b.u(1))
		b.EndIf()
		l := choose(b, b.divisible(n, 2), b.op(ir.OpMul, a, b.u(3)), b.op(ir.OpAdd, a, n))
		r := b.Call(walk.Fn, b.op(ir.OpSub, n, b.u(1)), l)
		x, y := b.Var(ir.U32, "x"), b.Var(ir.U32, "y")
		b.Set(x, r[0])
		b.Set(y, r[1])
		m := choose(b, b.divisible(x, 7), b.op(ir.OpAdd, y, n), b.op(ir.OpMul, y, b.u(5)))
		b.Return(b.op(ir.OpAdd, x, n), b.op(ir.OpXor, m, l))
		must(b.Finish())
	}
	i := k.Builtin(ir.ThreadPositionInGrid)
	keep, r1, r2 := k.Var(ir.U32, "keep"), k.Var(ir.U32, "r1"), k.Var(ir.U32, "r2")
	k.Set(keep, k.op(ir.OpMul, i, k.u(13)))
	k.Set(r1, k.u(1))
	k.Set(r2, k.u(2))
	k.If(k.Binary(ir.OpNe, ir.U32, k.op(ir.OpRem, i, k.u(3)), k.u(0)))
	r := k.Call(walk.Fn, k.op(ir.OpRem, i, k.u(9)), keep)
	k.Set(r1, r[0])
	k.Set(r2, r[1])
	k.EndIf()
	k.Store(ir.Device, ir.U32, elemAddr(k.Builder, k.Param(0), i, 4), k.op(ir.OpAdd, k.op(ir.OpAdd, keep, k.op(ir.OpMul, r1, k.u(17))), r2), 4)
	must(k.Finish())
	return p
}

func walkNative(n, a uint32) (uint32, uint32) {
	pre := n + 2
	if n%3 == 0 {
		pre = n * 5
	}
	if n == 0 {
		return a + (pre ^ n), 1
	}
	l := a + n
	if n%2 == 0 {
		l = a * 3
	}
	x, y := walkNative(n-1, l)
	m := y * 5
	if x%7 == 0 {
		m = y + n
	}
	return x + n, m ^ l
}

func callsNative(i uint32) uint32 {
	keep, r1, r2 := i*13, uint32(1), uint32(2)
	if i%3 != 0 {
		r1, r2 = walkNative(i%9, keep)
	}
	return keep + r1*17 + r2
}

func allocCases() []kcase {
	grid := exec.ThreadsGrid([3]uint32{allocN, 1, 1}, [3]uint32{128, 1, 1})
	mk := func(name string, prog func() *ir.Program, native func(uint32) uint32) kcase {
		return kcase{name: name, prog: prog, entry: name, grid: grid, bufs: outBuf(allocN), args: addrArgs, check: perThread(allocN, native)}
	}
	return []kcase{
		mk("loopcarry", buildLoopCarry, loopCarryNative),
		mk("arms", buildArms, armsNative),
		mk("breakout", buildBreakOut, breakOutNative),
		mk("calls", buildCalls, callsNative),
	}
}

// TestSharedLaneVectors runs the kernels above on both executors.
func TestSharedLaneVectors(t *testing.T) { runCases(t, allocCases()) }

// TestLaneVectorsAreShared checks that the allocator does share: the
// eight phase locals of buildArms (each live from its if to the next
// multiply-add) fit in a few vectors beside acc, only and z, and
// buildLoopCarry's locals in the vectors of the loop's variables.
func TestLaneVectorsAreShared(t *testing.T) {
	for _, tc := range []struct {
		prog  func() *ir.Program
		entry string
		fn    string
		max   int
	}{
		{buildArms, "arms", "arms", 5},
		{buildLoopCarry, "loopcarry", "loopcarry", 3},
	} {
		vars, vectors, err := exec.VarVectors(tc.prog(), tc.entry)
		if err != nil {
			t.Fatal(err)
		}
		if vars[tc.fn] <= tc.max || vectors[tc.fn] > tc.max {
			t.Errorf("%s: %d variables in %d lane vectors, want them in at most %d", tc.fn, vars[tc.fn], vectors[tc.fn], tc.max)
		}
	}
}

// TestIntrinsicOperandsApart checks that an intrinsic's results never share
// a lane vector with its arguments, even where an argument's last use is
// the intrinsic: an intrinsic may write its results before it has read
// every argument lane (here: lane order reversed in one pass).
func TestIntrinsicOperandsApart(t *testing.T) {
	p := ir.NewProgram(nil)
	id := p.Intrinsic(ir.IntrinsicDecl{Name: "test_reverse", Params: []ir.Kind{ir.U32}, Results: []ir.Kind{ir.U32}})
	b := fb{ir.NewFunction(p, "rev", []ir.Kind{ir.U64}, nil)}
	b.Fn.Kernel = true
	i := b.Builtin(ir.ThreadPositionInGrid)
	x := choose(b, b.divisible(i, 2), b.op(ir.OpMul, i, b.u(3)), b.op(ir.OpAdd, i, b.u(5)))
	y := b.op(ir.OpXor, x, b.u(0x55))
	r := b.Intrinsic(id, y)[0]
	b.Store(ir.Device, ir.U32, elemAddr(b.Builder, b.Param(0), i, 4), r, 4)
	must(b.Finish())
	reverse := func(c *exec.Call) error {
		a, res := c.Arg32(0), c.Res32(0)
		if &a[0] == &res[0] {
			t.Error("the result of test_reverse shares its argument's lane vector")
		}
		for l := range c.W {
			res[l] = a[c.W-1-l]
		}
		return nil
	}
	const n = 256
	pl, err := exec.Compile(p, "rev", exec.Options{Workers: 1, Intrinsics: exec.Intrinsics{"test_reverse": reverse}})
	if err != nil {
		t.Fatal(err)
	}
	out := outBuf(n)()
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: exec.ThreadsGrid([3]uint32{n, 1, 1}, [3]uint32{64, 1, 1}), Args: addrArgs(out), Memory: mustMem(t, out)}); err != nil {
		t.Fatal(err)
	}
	got := bytesU32(out[0].Data)
	for l := range uint32(n) {
		j := l&^63 | (63 - l&63)
		w := j + 5
		if j%2 == 0 {
			w = j * 3
		}
		if w ^= 0x55; got[l] != w {
			t.Fatalf("out[%d] = %d, want %d", l, got[l], w)
		}
	}
}
