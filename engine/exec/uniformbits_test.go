package exec_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/shaders/ir"
)

// The same expression must give the same bits whatever the uniformity of
// its operands: a uniform operand is evaluated once per batch (uniform
// registers, runs of uniform ops, ir.Eval), a varying one lane by lane
// (the lane kernels, fused forms), a constant one at compile time
// (ir.Simplify's folding), and an op mixing them reads a uniform
// operand's lane shadow. TestUniformityKeepsBits evaluates each case of
// uniformBitsCases with every operand uniform, varying or constant and
// compares the bits with those of the all-varying evaluation and of
// ir.Eval.

// ubCase is one expression of operands of kinds ops giving a value of
// kind res.
type ubCase struct {
	name  string
	res   ir.Kind
	ops   []ir.Kind
	build func(b *ir.Builder, x []ir.Reg) ir.Reg
	// eval is the expression on value patterns (ir.Eval for a single op).
	eval func(x []uint64) uint64
}

func ubOp(op ir.Op, k ir.Kind, arity int) ubCase {
	ops := make([]ir.Kind, arity)
	for i := range ops {
		ops[i] = k
	}
	res := k
	if op.IsCompare() {
		res = ir.Bool
	}
	return ubCase{
		name: fmt.Sprintf("%v.%v", op, k), res: res, ops: ops,
		build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
			switch arity {
			case 1:
				return b.Unary(op, k, x[0])
			case 2:
				return b.Binary(op, k, x[0], x[1])
			}
			return b.Fma(k, x[0], x[1], x[2])
		},
		eval: func(x []uint64) uint64 {
			var a, c, d uint64
			a = x[0]
			if arity > 1 {
				c = x[1]
			}
			if arity > 2 {
				d = x[2]
			}
			return ir.Eval(op, k, k, a, c, d)
		},
	}
}

func ubConv(to, from ir.Kind) ubCase {
	return ubCase{
		name: fmt.Sprintf("conv.%v.%v", to, from), res: to, ops: []ir.Kind{from},
		build: func(b *ir.Builder, x []ir.Reg) ir.Reg { return b.Conv(to, from, x[0]) },
		eval:  func(x []uint64) uint64 { return ir.Eval(ir.OpConv, to, from, x[0], 0, 0) },
	}
}

func f32op(op ir.Op, x, y uint64) uint64 { return ir.Eval(op, ir.F32, ir.F32, x, y, 0) }

// uniformBitsCases are the executor's ops on every kind they take, and
// the compound forms the compiler fuses (multiply-add, clamp, the hash
// steps).
func uniformBitsCases() []ubCase {
	var cs []ubCase
	for _, op := range []ir.Op{ir.OpNeg, ir.OpAbs, ir.OpSqrt, ir.OpRsqrt, ir.OpFloor, ir.OpCeil, ir.OpTrunc,
		ir.OpRint, ir.OpExp2, ir.OpLog2, ir.OpSin, ir.OpCos, ir.OpTan, ir.OpAsin, ir.OpAcos, ir.OpAtan,
		ir.OpFastExp2, ir.OpFastLog2, ir.OpFastSin, ir.OpFastCos, ir.OpFastTan, ir.OpFastRsqrt} {
		cs = append(cs, ubOp(op, ir.F32, 1))
	}
	for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpMin, ir.OpMax, ir.OpAtan2,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe} {
		cs = append(cs, ubOp(op, ir.F32, 2))
	}
	cs = append(cs, ubOp(ir.OpFma, ir.F32, 3))
	for _, k := range []ir.Kind{ir.I32, ir.U32, ir.I64, ir.U64} {
		for _, op := range []ir.Op{ir.OpNeg, ir.OpNot, ir.OpAbs, ir.OpClz, ir.OpCtz, ir.OpPopcount, ir.OpReverseBits} {
			cs = append(cs, ubOp(op, k, 1))
		}
		for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpMin, ir.OpMax, ir.OpAnd,
			ir.OpOr, ir.OpXor, ir.OpShl, ir.OpShr, ir.OpMulHi, ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe} {
			cs = append(cs, ubOp(op, k, 2))
		}
	}
	for _, c := range [][2]ir.Kind{{ir.I32, ir.F32}, {ir.U32, ir.F32}, {ir.F32, ir.I32}, {ir.F32, ir.U32},
		{ir.I64, ir.F32}, {ir.U64, ir.F32}, {ir.F32, ir.I64}, {ir.F32, ir.U64},
		{ir.I64, ir.I32}, {ir.U64, ir.U32}, {ir.I32, ir.I64}, {ir.U32, ir.U64}, {ir.I32, ir.U32}, {ir.U32, ir.I32},
		{ir.Bool, ir.F32}, {ir.Bool, ir.U32}} {
		cs = append(cs, ubConv(c[0], c[1]))
	}
	fk := []ir.Kind{ir.F32, ir.F32, ir.F32}
	cs = append(cs,
		ubCase{name: "conv.F32.F16(conv.F16.F32)", res: ir.F32, ops: fk[:1],
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg { return b.Conv(ir.F32, ir.F16, b.Conv(ir.F16, ir.F32, x[0])) },
			eval: func(x []uint64) uint64 {
				return ir.Eval(ir.OpConv, ir.F32, ir.F16, ir.Eval(ir.OpConv, ir.F16, ir.F32, x[0], 0, 0), 0, 0)
			}},
		ubCase{name: "select.F32", res: ir.F32, ops: []ir.Kind{ir.Bool, ir.F32, ir.F32},
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg { return b.Select(ir.F32, x[0], x[1], x[2]) },
			eval:  func(x []uint64) uint64 { return ir.Eval(ir.OpSelect, ir.F32, ir.F32, x[0], x[1], x[2]) }},
		ubCase{name: "a*b+c", res: ir.F32, ops: fk,
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpAdd, ir.F32, b.Binary(ir.OpMul, ir.F32, x[0], x[1]), x[2])
			},
			eval: func(x []uint64) uint64 { return f32op(ir.OpAdd, f32op(ir.OpMul, x[0], x[1]), x[2]) }},
		ubCase{name: "c+a*b", res: ir.F32, ops: fk,
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpAdd, ir.F32, x[2], b.Binary(ir.OpMul, ir.F32, x[0], x[1]))
			},
			eval: func(x []uint64) uint64 { return f32op(ir.OpAdd, x[2], f32op(ir.OpMul, x[0], x[1])) }},
		ubCase{name: "a*b-c", res: ir.F32, ops: fk,
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpSub, ir.F32, b.Binary(ir.OpMul, ir.F32, x[0], x[1]), x[2])
			},
			eval: func(x []uint64) uint64 { return f32op(ir.OpSub, f32op(ir.OpMul, x[0], x[1]), x[2]) }},
		ubCase{name: "c-a*b", res: ir.F32, ops: fk,
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpSub, ir.F32, x[2], b.Binary(ir.OpMul, ir.F32, x[0], x[1]))
			},
			eval: func(x []uint64) uint64 { return f32op(ir.OpSub, x[2], f32op(ir.OpMul, x[0], x[1])) }},
		ubCase{name: "clamp", res: ir.F32, ops: fk,
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpMin, ir.F32, b.Binary(ir.OpMax, ir.F32, x[0], x[1]), x[2])
			},
			eval: func(x []uint64) uint64 { return f32op(ir.OpMin, f32op(ir.OpMax, x[0], x[1]), x[2]) }},
		ubCase{name: "x^(x*b)", res: ir.U32, ops: []ir.Kind{ir.U32, ir.U32},
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpXor, ir.U32, x[0], b.Binary(ir.OpMul, ir.U32, x[0], x[1]))
			},
			eval: func(x []uint64) uint64 { return uint64(uint32(x[0] ^ x[0]*x[1])) }},
		ubCase{name: "x^(x>>b)", res: ir.U32, ops: []ir.Kind{ir.U32, ir.U32},
			build: func(b *ir.Builder, x []ir.Reg) ir.Reg {
				return b.Binary(ir.OpXor, ir.U32, x[0], b.Binary(ir.OpShr, ir.U32, x[0], x[1]))
			},
			eval: func(x []uint64) uint64 { return uint64(uint32(x[0]) ^ uint32(x[0])>>(x[1]&31)) }},
	)
	return cs
}

// ubValues are n operand patterns of kind k: the special values first,
// then random bits and random moderate values.
func ubValues(k ir.Kind, n int, seed uint64) []uint64 {
	var sp []uint64
	switch k {
	case ir.F32:
		for _, x := range []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -2.5, 3, float32(math.Inf(1)),
			float32(math.Inf(-1)), float32(math.NaN()), 0x1p-149, -0x1p-140, 0x1p-126, math.MaxFloat32, 127.5,
			-126, 1e6, 65504, 0.37470365, 1e-20, 2147483648, -2147483904, 4294967296, 1.5} {
			sp = append(sp, ir.F32Value(x))
		}
	case ir.Bool:
		sp = []uint64{0, 1}
	default:
		for _, x := range []int64{0, 1, -1, 2, 31, 32, 33, 63, 64, 65, math.MinInt32, math.MaxInt32, math.MinInt64,
			math.MaxInt64, 1 << 32, 0xffffffff, 12345, -7} {
			sp = append(sp, ir.Normalize(k, uint64(x)))
		}
	}
	v := make([]uint64, n)
	s := seed | 1
	for i := range v {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		switch {
		case i < len(sp):
			v[i] = sp[(i+int(seed))%len(sp)]
		case k == ir.Bool:
			v[i] = s & 1
		case k.IsFloat() && i%2 == 0:
			v[i] = ir.F32Value((float32(s>>40)/(1<<24) - 0.5) * float32(1+i%9))
		case k.IsFloat() && i%4 == 1:
			v[i] = ir.F32Value(float32(s>>40) / (1 << 24)) // [0, 1)
		case !k.IsFloat() && i%2 == 0:
			v[i] = ir.Normalize(k, s%70) // shift counts and small values
		default:
			v[i] = ir.Normalize(k, s)
		}
	}
	return v
}

const (
	ubUniform = iota
	ubVarying
	ubConst
)

// buildUniformBits is a kernel of threadgroups of tgSize threads: the
// threads of threadgroup g evaluate c on tuple g of vals with operand j
// taken per modes[j]: uniform (loaded from U[j][g], the same address in
// every lane), varying (loaded from V[j][gid], which holds the same
// values), or constant (a uniform switch over g whose case v evaluates the
// tuple's constants). Every thread stores the result at out[gid].
func buildUniformBits(c ubCase, modes []int, vals [][]uint64, tgSize int) *ir.Program {
	p := ir.NewProgram(nil)
	b := ir.NewFunction(p, "ub", []ir.Kind{ir.U64, ir.U64, ir.U64}, nil)
	b.Fn.Kernel = true
	gid := b.Builtin(ir.ThreadPositionInGrid)
	tg := b.Builtin(ir.ThreadgroupPositionInGrid)
	n := len(vals[0])
	load := func(base ir.Reg, j int, idx ir.Reg, rows int) ir.Reg {
		a := b.Binary(ir.OpAdd, ir.U64, elemAddr(b, base, idx, 8), b.ConstU64(uint64(8*j*rows)))
		k := c.ops[j]
		if k == ir.Bool {
			return b.Binary(ir.OpNe, ir.U32, b.Load(ir.Device, ir.U32, a, 4), b.ConstU32(0))
		}
		if k.Size() == 8 {
			return b.Load(ir.Device, k, a, 8)
		}
		return b.Load(ir.Device, k, a, 4)
	}
	x := make([]ir.Reg, len(c.ops))
	var consts []int
	for j, m := range modes {
		switch m {
		case ubUniform:
			x[j] = load(b.Param(0), j, tg, n)
		case ubVarying:
			x[j] = load(b.Param(1), j, gid, n*tgSize)
		default:
			consts = append(consts, j)
		}
	}
	rk := c.res
	if rk == ir.Bool {
		rk = ir.U32
	}
	out := elemAddr(b, b.Param(2), gid, 8)
	store := func(r ir.Reg) {
		if c.res == ir.Bool {
			r = b.Conv(ir.U32, ir.Bool, r)
		}
		b.Store(ir.Device, rk, out, r, uint32(rk.Size()))
	}
	if len(consts) == 0 {
		store(c.build(b, x))
	} else {
		b.Switch(tg)
		for v := range n {
			b.Case(int64(v))
			for _, j := range consts {
				x[j] = b.Const(c.ops[j], vals[j][v])
			}
			store(c.build(b, x))
			b.Break()
		}
		b.EndSwitch()
	}
	b.Return()
	must(b.Finish())
	return p
}

// runUniformBits runs buildUniformBits and returns the result pattern of
// every thread (normalized to c.res).
func runUniformBits(t *testing.T, c ubCase, modes []int, vals [][]uint64, tgSize, width int) []uint64 {
	t.Helper()
	n := len(vals[0])
	pl, err := exec.Compile(buildUniformBits(c, modes, vals, tgSize), "ub", exec.Options{Width: width, Workers: 1})
	if err != nil {
		t.Fatalf("%s %v: %v", c.name, modes, err)
	}
	ub := make([]byte, 8*n*len(vals))
	vb := make([]byte, 8*n*tgSize*len(vals))
	for j, vs := range vals {
		for g, v := range vs {
			binary.LittleEndian.PutUint64(ub[8*(j*n+g):], v)
			for i := range tgSize {
				binary.LittleEndian.PutUint64(vb[8*(j*n*tgSize+g*tgSize+i):], v)
			}
		}
	}
	bufs := []exec.Buffer{{Addr: 1 << 20, Data: ub}, {Addr: 1 << 24, Data: vb}, {Addr: 1 << 28, Data: make([]byte, 8*n*tgSize)}}
	grid := exec.ThreadsGrid([3]uint32{uint32(n * tgSize), 1, 1}, [3]uint32{uint32(tgSize), 1, 1})
	if err := pl.Run(context.Background(), exec.Dispatch{Grid: grid, Args: addrArgs(bufs), Memory: mustMem(t, bufs)}); err != nil {
		t.Fatalf("%s %v: %v", c.name, modes, err)
	}
	rk := c.res
	if rk == ir.Bool {
		rk = ir.U32
	}
	res := make([]uint64, n*tgSize)
	for i := range res {
		raw := binary.LittleEndian.Uint64(bufs[2].Data[8*i:])
		if rk.Size() == 4 {
			raw = ir.FromReg32(rk, uint32(raw))
		}
		res[i] = raw
	}
	return res
}

// TestUniformityKeepsBits: every case of uniformBitsCases, with each
// operand uniform, varying or constant, at widths 32 and 64, gives
// ir.Eval's bits in every lane.
func TestUniformityKeepsBits(t *testing.T) {
	const n, tgSize = 48, 96 // 96 threads: one and a half batches of 64, three of 32
	for ci, c := range uniformBitsCases() {
		t.Run(c.name, func(t *testing.T) {
			vals := make([][]uint64, len(c.ops))
			for j, k := range c.ops {
				vals[j] = ubValues(k, n, uint64(ci*7+j*3+1))
			}
			want := make([]uint64, n)
			for g := range n {
				x := make([]uint64, len(vals))
				for j := range vals {
					x[j] = vals[j][g]
				}
				want[g] = c.eval(x)
			}
			// Every assignment of uniform, varying and constant modes
			// to the operands.
			combos := 1
			for range c.ops {
				combos *= 3
			}
			for _, width := range []int{32, 64} {
				for m := range combos {
					modes := make([]int, len(c.ops))
					for j, r := 0, m; j < len(modes); j++ {
						modes[j], r = r%3, r/3
					}
					got := runUniformBits(t, c, modes, vals, tgSize, width)
					for i, v := range got {
						g := i / tgSize
						if v != want[g] {
							args := make([]string, len(vals))
							for j := range vals {
								args[j] = fmt.Sprintf("%#x", vals[j][g])
							}
							t.Fatalf("W=%d modes %v (0 uniform, 1 varying, 2 constant): %s%v = %#x, want %#x (ir.Eval)",
								width, modes, c.name, args, v, want[g])
						}
					}
				}
			}
		})
	}
}
