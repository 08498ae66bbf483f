package exec_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/engine/exec/refexec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// kernelGen builds a random kernel from fuzz input: arithmetic on u32, i32
// and f32 variables, ifs, bounded loops with break/continue, switches,
// early returns, loads from an input buffer and stores to an output buffer.
type kernelGen struct {
	data  []byte
	pos   int
	b     *ir.Builder
	gid   ir.Reg
	vars  map[ir.Kind][]ir.Reg
	depth int
	loops int
	in    ir.Reg
	out   ir.Reg
	data0 ir.Reg // Constant address of the data segment
	// scoped adds statements that declare a variable of their own for a
	// few statements (a block-scoped local, set in one go or in both arms
	// of an if) and then fold it into an outer one: locals whose live
	// ranges end, so that their lane vectors are shared.
	scoped bool
}

const (
	fuzzThreads = 100
	fuzzIn      = 64 // u32 words of input
	fuzzSlots   = 8  // u32 words of output per thread (one per kind)
)

func (g *kernelGen) next(n int) int {
	if g.pos >= len(g.data) || n <= 1 {
		g.pos++
		return 0
	}
	v := int(g.data[g.pos]) % n
	g.pos++
	return v
}

func (g *kernelGen) done() bool { return g.pos >= len(g.data) }

var fuzzKinds = []ir.Kind{ir.U32, ir.I32, ir.F32, ir.F16, ir.I16, ir.U8, ir.I64, ir.U64}

func (g *kernelGen) constOf(k ir.Kind) ir.Reg {
	switch k {
	case ir.F32, ir.F16:
		vals := []float32{0, 1, -1, 0.5, 3, 1e6, -2.25, float32(math.Inf(1)), 65519, 1e-7}
		return g.b.Const(k, ir.F32Value(vals[g.next(len(vals))]))
	case ir.I32, ir.I16, ir.I64:
		vals := []int64{0, 1, -1, 7, -100, math.MaxInt32, math.MinInt32, 31, math.MaxInt64, -40000}
		return g.b.Const(k, uint64(vals[g.next(len(vals))]))
	}
	vals := []uint64{0, 1, 2, 3, 17, 255, 0xffffffff, 0x80000000, 1 << 40, 63}
	return g.b.Const(k, vals[g.next(len(vals))])
}

func (g *kernelGen) expr(k ir.Kind, depth int) ir.Reg {
	b := g.b
	choice := g.next(10)
	if depth <= 0 || g.done() {
		choice = g.next(3)
	}
	switch choice {
	case 0:
		return g.constOf(k)
	case 1, 2:
		vs := g.vars[k]
		if len(vs) == 0 {
			return g.constOf(k)
		}
		if g.next(4) == 0 {
			if k == ir.U32 {
				return g.gid
			}
			return b.Conv(k, ir.U32, g.gid)
		}
		return vs[g.next(len(vs))]
	case 3: // conversion from another kind
		from := fuzzKinds[g.next(len(fuzzKinds))]
		x := g.expr(from, depth-1)
		if from == k {
			return x
		}
		if g.next(3) == 0 && k.Size() == from.Size() {
			return b.Bitcast(k, from, x)
		}
		return b.Conv(k, from, x)
	case 4: // unary
		x := g.expr(k, depth-1)
		if k.IsFloat() {
			ops := []ir.Op{ir.OpNeg, ir.OpAbs, ir.OpSqrt, ir.OpFloor, ir.OpCeil, ir.OpTrunc, ir.OpRint,
				ir.OpExp2, ir.OpLog2, ir.OpFastExp2, ir.OpFastLog2, ir.OpFastSin, ir.OpFastCos, ir.OpFastTan, ir.OpFastRsqrt}
			return b.Unary(ops[g.next(len(ops))], k, x)
		}
		ops := []ir.Op{ir.OpNeg, ir.OpNot, ir.OpAbs, ir.OpClz, ir.OpCtz, ir.OpPopcount}
		return b.Unary(ops[g.next(len(ops))], k, x)
	case 5: // select
		c := g.cond(depth - 1)
		return b.Select(k, c, g.expr(k, depth-1), g.expr(k, depth-1))
	case 6:
		if k.IsFloat() {
			return b.Fma(k, g.expr(k, depth-1), g.expr(k, depth-1), g.expr(k, depth-1))
		}
	}
	x, y := g.expr(k, depth-1), g.expr(k, depth-1)
	if k.IsFloat() {
		ops := []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpMin, ir.OpMax, ir.OpRem}
		return b.Binary(ops[g.next(len(ops))], k, x, y)
	}
	ops := []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpMin, ir.OpMax, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpShl, ir.OpShr, ir.OpMulHi}
	return b.Binary(ops[g.next(len(ops))], k, x, y)
}

func (g *kernelGen) cond(depth int) ir.Reg {
	k := fuzzKinds[g.next(len(fuzzKinds))]
	ops := []ir.Op{ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe}
	c := g.b.Binary(ops[g.next(len(ops))], k, g.expr(k, depth), g.expr(k, depth))
	if g.next(4) == 0 {
		c = g.b.Binary(ir.OpAnd, ir.Bool, c, g.b.Binary(ir.OpLt, ir.U32, g.gid, g.b.ConstU32(uint32(g.next(fuzzThreads)))))
	}
	return c
}

// index returns zext(expr % n) as a U64 byte offset of 4-byte words.
func (g *kernelGen) index(n uint32) ir.Reg {
	x := g.b.Binary(ir.OpRem, ir.U32, g.expr(ir.U32, 2), g.b.ConstU32(n))
	return g.b.Binary(ir.OpMul, ir.U64, g.b.Conv(ir.U64, ir.U32, x), g.b.ConstU64(4))
}

func (g *kernelGen) toU32(k ir.Kind, r ir.Reg) ir.Reg {
	b := g.b
	switch k {
	case ir.U32:
		return r
	case ir.I32, ir.F32:
		return b.Bitcast(ir.U32, k, r)
	case ir.F16:
		return b.Conv(ir.U32, ir.U16, b.Bitcast(ir.U16, ir.F16, r))
	case ir.I64, ir.U64:
		return b.Conv(ir.U32, k, b.Binary(ir.OpXor, k, r, b.Binary(ir.OpShr, k, r, b.Const(k, 32))))
	}
	return b.Conv(ir.U32, k, r)
}

func (g *kernelGen) outAddr(slot ir.Reg) ir.Reg {
	b := g.b
	base := b.Binary(ir.OpMul, ir.U64, b.Conv(ir.U64, ir.U32, g.gid), b.ConstU64(4*fuzzSlots))
	return b.Binary(ir.OpAdd, ir.U64, b.Binary(ir.OpAdd, ir.U64, g.out, base), slot)
}

// outSlot is the address of one of this thread's output slots: slot 0 or
// 1 half the time (constant offsets, which CSE shares between loads and
// stores), else a computed one.
func (g *kernelGen) outSlot() ir.Reg {
	if k := g.next(4); k < 2 {
		return g.outAddr(g.b.ConstU64(uint64(4 * k)))
	}
	return g.outAddr(g.index(fuzzSlots))
}

func (g *kernelGen) stmts(n int) {
	for i := 0; i < n && !g.done(); i++ {
		g.stmt()
	}
}

func (g *kernelGen) stmt() {
	b := g.b
	k := fuzzKinds[g.next(len(fuzzKinds))]
	vs := g.vars[k]
	v := vs[g.next(len(vs))]
	choices := 12
	if g.scoped {
		choices = 14
	}
	switch c := g.next(choices); {
	case c < 4:
		b.Set(v, g.expr(k, 3))
	case c == 4: // load, from the input buffer, the program's data segment or this thread's output slots
		base, sp := g.in, ir.Device
		var a ir.Reg
		switch g.next(3) {
		case 1:
			base, sp = g.data0, ir.Constant
		case 2:
			// What the thread stored earlier (or zero): loads that CSE may
			// merge only while no store runs in between (slot 0 or 1 often,
			// so that loads and stores share an address).
			a = g.outSlot()
		}
		if a == ir.NoReg {
			a = b.Binary(ir.OpAdd, ir.U64, base, g.index(fuzzIn))
		}
		x := b.Load(sp, ir.U32, a, 4)
		switch {
		case k == ir.U32:
		case k.Size() == 4:
			x = b.Bitcast(k, ir.U32, x)
		default:
			x = b.Conv(k, ir.U32, x)
		}
		b.Set(v, x)
	case c == 5: // store
		b.Store(ir.Device, ir.U32, g.outSlot(), g.toU32(k, v), 4)
	case c == 6 || c == 7:
		if g.depth > 3 {
			b.Set(v, g.expr(k, 2))
			return
		}
		g.depth++
		b.If(g.cond(2))
		g.stmts(1 + g.next(3))
		if g.next(2) == 0 {
			b.Else()
			g.stmts(1 + g.next(3))
		}
		b.EndIf()
		g.depth--
	case c == 8: // bounded loop
		if g.depth > 2 || g.loops > 3 {
			return
		}
		g.depth++
		g.loops++
		cnt := b.Var(ir.U32, "")
		b.Set(cnt, b.ConstU32(0))
		limit := b.ConstU32(uint32(1 + g.next(5)))
		b.Loop()
		b.If(b.Binary(ir.OpGe, ir.U32, cnt, limit))
		b.Break()
		b.EndIf()
		b.Set(cnt, b.Binary(ir.OpAdd, ir.U32, cnt, b.ConstU32(1)))
		g.stmts(1 + g.next(3))
		if g.next(3) == 0 {
			b.If(g.cond(1))
			if g.next(2) == 0 {
				b.Break()
			} else {
				b.Continue()
			}
			b.EndIf()
			g.stmts(1)
		}
		b.EndLoop()
		g.depth--
	case c == 9: // switch
		if g.depth > 2 {
			return
		}
		g.depth++
		b.Switch(b.Binary(ir.OpRem, ir.U32, g.expr(ir.U32, 2), b.ConstU32(5)))
		arms := 1 + g.next(3)
		for a := 0; a < arms; a++ {
			if a == arms-1 && g.next(2) == 0 {
				b.Default()
			} else {
				b.Case(int64(2*a), int64(2*a+1))
			}
			g.stmts(1 + g.next(2))
			if g.next(3) != 0 {
				b.Break()
			}
		}
		b.EndSwitch()
		g.depth--
	case c >= 12: // a local for a few statements
		if g.depth > 3 {
			return
		}
		g.depth++
		local := b.Var(k, "")
		if g.next(2) == 0 {
			b.Set(local, g.expr(k, 2))
		} else {
			b.If(g.cond(1))
			b.Set(local, g.expr(k, 2))
			b.Else()
			b.Set(local, g.expr(k, 1))
			b.EndIf()
		}
		n := len(vs)
		g.vars[k] = append(vs, local)
		g.stmts(1 + g.next(4))
		g.vars[k] = g.vars[k][:n]
		op := ir.OpAdd
		if k.IsFloat() {
			op = ir.OpMul
		}
		b.Set(v, b.Binary(op, k, v, local))
		g.depth--
	case c == 10: // early return under a condition
		if g.depth == 0 {
			return
		}
		b.If(g.cond(1))
		g.final()
		b.Return()
		b.EndIf()
	default:
		b.Set(v, g.expr(k, 2))
	}
}

// final stores every variable into the thread's output slots.
func (g *kernelGen) final() {
	slot := 0
	for _, k := range fuzzKinds {
		for _, v := range g.vars[k] {
			if slot >= fuzzSlots {
				return
			}
			g.b.Store(ir.Device, ir.U32, g.outAddr(g.b.ConstU64(uint64(4*slot))), g.toU32(k, v), 4)
			slot++
		}
	}
}

func genKernel(data []byte, scoped bool) (*ir.Program, error) {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "fuzz", []ir.Kind{ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	g := &kernelGen{data: data, b: b, vars: map[ir.Kind][]ir.Reg{}, scoped: scoped}
	g.in, g.out = b.Param(0), b.Param(1)
	// A data segment of fuzzIn words (ir.Program.Data) that both
	// executors must map at ir.DataBase.
	seg := make([]byte, 4*fuzzIn)
	for i := range fuzzIn {
		binary.LittleEndian.PutUint32(seg[4*i:], uint32(i)*0x9e3779b9+12345)
	}
	addr, _ := p.AddData(seg, 16)
	g.data0 = b.ConstU64(addr)
	g.gid = b.Builtin(ir.ThreadPositionInGrid)
	for _, k := range fuzzKinds {
		for i := 0; i < 1; i++ {
			v := b.Var(k, "")
			b.Set(v, g.expr(k, 1))
			g.vars[k] = append(g.vars[k], v)
		}
	}
	for !g.done() && g.pos < 400 {
		g.stmt()
	}
	g.final()
	return p, b.Finish()
}

func fuzzInput() []byte {
	in := make([]byte, 4*fuzzIn)
	for i := range fuzzIn {
		binary.LittleEndian.PutUint32(in[4*i:], uint32(i*2654435761)^uint32(i)<<7)
	}
	return in
}

func checkKernel(t *testing.T, data []byte) { checkGenerated(t, data, false) }

func checkGenerated(t *testing.T, data []byte, scoped bool) {
	p, err := genKernel(data, scoped)
	if err != nil {
		t.Fatalf("generated kernel does not verify: %v", err)
	}
	grid := exec.ThreadsGrid([3]uint32{fuzzThreads, 1, 1}, [3]uint32{40, 1, 1})
	mk := func() []exec.Buffer {
		return []exec.Buffer{{Addr: 0x1000, Data: fuzzInput(), ReadOnly: true}, {Addr: 0x10000, Data: make([]byte, 4*fuzzSlots*fuzzThreads)}}
	}
	ref := mk()
	ctx := context.Background()
	if err := refexec.Run(ctx, p, "fuzz", exec.Dispatch{Grid: grid, Args: addrArgs(ref), Memory: mustMem(t, ref)}, refexec.Options{MaxSteps: 1 << 20}); err != nil {
		t.Fatalf("refexec: %v\n%s", err, p)
	}
	for _, w := range []int{32, 64} {
		got := mk()
		pl, err := exec.Compile(p, "fuzz", exec.Options{Width: w, Workers: 1})
		if err != nil {
			t.Fatalf("compile: %v\n%s", err, p)
		}
		if err := pl.Run(ctx, exec.Dispatch{Grid: grid, Args: addrArgs(got), Memory: mustMem(t, got)}); err != nil {
			t.Fatalf("exec W=%d: %v\n%s", w, err, p)
		}
		if !bytes.Equal(got[1].Data, ref[1].Data) {
			wd := firstDiffWord(got[1].Data, ref[1].Data)
			t.Fatalf("exec W=%d differs from refexec at thread %d slot %d: %s\n%s\noptimized:\n%s", w, wd/fuzzSlots, wd%fuzzSlots,
				firstDiff(got[1].Data, ref[1].Data), p, pl.Program())
		}
	}
}

// TestRandomKernels runs a fixed set of generated kernels (the fuzz
// target's corpus in miniature) on both executors.
func TestRandomKernels(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := 0; seed < n; seed++ {
		data := make([]byte, 64+seed%200)
		x := uint32(seed*977 + 1)
		for i := range data {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			data[i] = byte(x)
		}
		checkKernel(t, data)
	}
}

// TestRandomScopedKernels runs generated kernels with block-scoped locals
// on both executors: locals whose live ranges end share lane vectors with
// later ones (allocLanes), through masked writes in if arms, loops that
// carry or leave values, early returns and switches.
func TestRandomScopedKernels(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	for seed := 0; seed < n; seed++ {
		data := make([]byte, 64+seed%300)
		x := uint32(seed*7919 + 3)
		for i := range data {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			data[i] = byte(x)
		}
		checkGenerated(t, data, true)
	}
}

// FuzzScopedExecVsRef is FuzzExecVsRef on kernels with block-scoped locals.
func FuzzScopedExecVsRef(f *testing.F) {
	f.Add(bytes.Repeat([]byte{12, 2, 6, 3, 8, 1, 13, 4, 0, 9}, 20))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 2000 {
			return
		}
		checkGenerated(t, data, true)
	})
}

// FuzzExecVsRef requires exec and refexec to agree on random kernels.
func FuzzExecVsRef(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add(bytes.Repeat([]byte{6, 0, 3, 8, 1, 2, 9, 4}, 20))
	f.Add(bytes.Repeat([]byte{8, 7, 1, 5, 3, 10, 2}, 30))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 2000 {
			return
		}
		checkKernel(t, data)
	})
}
