package stdlib

import "github.com/ingot-render/ingot/shaders/ir"

// I emits the metal_stdlib integer functions as IR on one component of
// integer kind K.
type I struct {
	B *ir.Builder
	K ir.Kind
}

func (e I) bin(op ir.Op, x, y ir.Reg) ir.Reg { return e.B.Binary(op, e.K, x, y) }
func (e I) c(v int64) ir.Reg                 { return e.B.Const(e.K, uint64(v)) }

// unsigned returns the unsigned kind of the same width.
func unsigned(k ir.Kind) ir.Kind {
	switch k {
	case ir.I8:
		return ir.U8
	case ir.I16:
		return ir.U16
	case ir.I32:
		return ir.U32
	case ir.I64:
		return ir.U64
	}
	return k
}

// wide returns the 64-bit kind of the same signedness.
func wide(k ir.Kind) ir.Kind {
	if k.IsSigned() {
		return ir.I64
	}
	return ir.U64
}

func minMax(k ir.Kind) (int64, int64) {
	bits := k.Bits()
	if k.IsSigned() {
		return -(1 << (bits - 1)), 1<<(bits-1) - 1
	}
	if bits == 64 {
		return 0, -1
	}
	return 0, 1<<bits - 1
}

// Abs is |x| (wrapping for the most negative value).
func (e I) Abs(x ir.Reg) ir.Reg {
	if !e.K.IsSigned() {
		return x
	}
	return e.B.Select(e.K, e.bin(ir.OpLt, x, e.c(0)), e.B.Unary(ir.OpNeg, e.K, x), x)
}

// Absdiff is |x - y| as the unsigned kind.
func (e I) Absdiff(x, y ir.Reg) ir.Reg {
	u := unsigned(e.K)
	gt := e.bin(ir.OpGt, x, y)
	ux, uy := x, y
	if u != e.K {
		ux, uy = e.B.Bitcast(u, e.K, x), e.B.Bitcast(u, e.K, y)
	}
	return e.B.Select(u, gt, e.B.Binary(ir.OpSub, u, ux, uy), e.B.Binary(ir.OpSub, u, uy, ux))
}

// sat clamps a 64-bit value w of kind wide(K) into K's range.
func (e I) sat(w ir.Reg) ir.Reg {
	wk := wide(e.K)
	lo, hi := minMax(e.K)
	w = e.B.Binary(ir.OpMax, wk, w, e.B.Const(wk, uint64(lo)))
	w = e.B.Binary(ir.OpMin, wk, w, e.B.Const(wk, uint64(hi)))
	return e.B.Conv(e.K, wk, w)
}

// AddSat and SubSat are saturating addition and subtraction.
func (e I) AddSat(x, y ir.Reg) ir.Reg { return e.satOp(ir.OpAdd, x, y) }

// SubSat is saturating subtraction.
func (e I) SubSat(x, y ir.Reg) ir.Reg { return e.satOp(ir.OpSub, x, y) }

func (e I) satOp(op ir.Op, x, y ir.Reg) ir.Reg {
	if e.K.Bits() < 64 {
		wk := wide(e.K)
		return e.sat(e.B.Binary(op, wk, e.B.Conv(wk, e.K, x), e.B.Conv(wk, e.K, y)))
	}
	r := e.bin(op, x, y)
	lo, hi := minMax(e.K)
	if e.K.IsSigned() {
		// overflow when the operands' signs make the result's sign impossible
		xs := e.bin(ir.OpLt, x, e.c(0))
		ys := e.bin(ir.OpLt, y, e.c(0))
		rs := e.bin(ir.OpLt, r, e.c(0))
		var ovf ir.Reg
		if op == ir.OpAdd {
			ovf = e.B.Binary(ir.OpAnd, ir.Bool, e.B.Binary(ir.OpEq, ir.Bool, xs, ys), e.B.Binary(ir.OpNe, ir.Bool, rs, xs))
		} else {
			ovf = e.B.Binary(ir.OpAnd, ir.Bool, e.B.Binary(ir.OpNe, ir.Bool, xs, ys), e.B.Binary(ir.OpNe, ir.Bool, rs, xs))
		}
		lim := e.B.Select(e.K, xs, e.c(lo), e.c(hi))
		return e.B.Select(e.K, ovf, lim, r)
	}
	if op == ir.OpAdd {
		return e.B.Select(e.K, e.bin(ir.OpLt, r, x), e.c(hi), r)
	}
	return e.B.Select(e.K, e.bin(ir.OpGt, y, x), e.c(0), r)
}

// Hadd is (x + y) >> 1 without overflow; Rhadd rounds up.
func (e I) Hadd(x, y ir.Reg, round bool) ir.Reg {
	one := e.c(1)
	h := e.bin(ir.OpAdd, e.bin(ir.OpShr, x, one), e.bin(ir.OpShr, y, one))
	var lsb ir.Reg
	if round {
		lsb = e.bin(ir.OpAnd, e.bin(ir.OpOr, x, y), one)
	} else {
		lsb = e.bin(ir.OpAnd, e.bin(ir.OpAnd, x, y), one)
	}
	return e.bin(ir.OpAdd, h, lsb)
}

// MadSat is saturating x*y + z.
func (e I) MadSat(x, y, z ir.Reg) ir.Reg {
	if e.K.Bits() < 64 {
		wk := wide(e.K)
		w := func(r ir.Reg) ir.Reg { return e.B.Conv(wk, e.K, r) }
		return e.sat(e.B.Binary(ir.OpAdd, wk, e.B.Binary(ir.OpMul, wk, w(x), w(y)), w(z)))
	}
	return e.bin(ir.OpAdd, e.bin(ir.OpMul, x, y), z) // 64-bit: wraps (approximation)
}

// ExtractBits returns bits [off, off+n) of x, sign-extended for signed kinds.
func (e I) ExtractBits(x, off, n ir.Reg) ir.Reg {
	w := e.c(int64(e.K.Bits()))
	o := e.B.Conv(e.K, ir.U32, off)
	nn := e.B.Conv(e.K, ir.U32, n)
	l := e.bin(ir.OpShl, x, e.bin(ir.OpSub, e.bin(ir.OpSub, w, o), nn))
	r := e.bin(ir.OpShr, l, e.bin(ir.OpSub, w, nn))
	return e.B.Select(e.K, e.B.Binary(ir.OpEq, ir.U32, n, e.B.ConstU32(0)), e.c(0), r)
}

// InsertBits replaces bits [off, off+n) of base with the low bits of ins.
func (e I) InsertBits(base, ins, off, n ir.Reg) ir.Reg {
	o := e.B.Conv(e.K, ir.U32, off)
	nn := e.B.Conv(e.K, ir.U32, n)
	ones := e.bin(ir.OpSub, e.bin(ir.OpShl, e.c(1), nn), e.c(1))
	full := e.B.Binary(ir.OpGe, ir.U32, n, e.B.ConstU32(uint32(e.K.Bits())))
	ones = e.B.Select(e.K, full, e.c(-1), ones)
	mask := e.bin(ir.OpShl, ones, o)
	keep := e.bin(ir.OpAnd, base, e.B.Unary(ir.OpNot, e.K, mask))
	return e.bin(ir.OpOr, keep, e.bin(ir.OpAnd, e.bin(ir.OpShl, ins, o), mask))
}

// ReverseBits reverses the bit order of x (within its width).
func (e I) ReverseBits(x ir.Reg) ir.Reg {
	return e.B.Unary(ir.OpReverseBits, e.K, x)
}

// Rotate rotates x left by n (taken modulo the width).
func (e I) Rotate(x, n ir.Reg) ir.Reg {
	u := unsigned(e.K)
	ux, un := x, n
	if u != e.K {
		ux, un = e.B.Bitcast(u, e.K, x), e.B.Bitcast(u, e.K, n)
	}
	w := e.B.Const(u, uint64(e.K.Bits()))
	un = e.B.Binary(ir.OpRem, u, un, w)
	l := e.B.Binary(ir.OpShl, u, ux, un)
	r := e.B.Binary(ir.OpShr, u, ux, e.B.Binary(ir.OpSub, u, w, un))
	r = e.B.Select(u, e.B.Binary(ir.OpEq, u, un, e.B.Const(u, 0)), e.B.Const(u, 0), r)
	v := e.B.Binary(ir.OpOr, u, l, r)
	if u != e.K {
		return e.B.Bitcast(e.K, u, v)
	}
	return v
}
