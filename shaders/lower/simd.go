package lower

import (
	"strings"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func (f *fn) simdCall(name string, k ir.Kind, args ...ir.Reg) ir.Reg {
	return f.b.Intrinsic(f.p.out.Intrinsic(stdlib.SimdDecl(name, k)), args...)[0]
}

func (f *fn) vote(name string, args ...ir.Reg) ir.Reg {
	return f.b.Intrinsic(f.p.out.Intrinsic(stdlib.VoteDecl(name)), args...)[0]
}

// simd lowers the SIMD-group and quad-group functions.
func (f *fn) simd(e *syntax.CallExpr, name string, xi *sema.ExprInfo) *value {
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = f.value(a)
	}
	u64 := func(r ir.Reg) *value { return &value{t: sema.ULong, regs: []ir.Reg{r}} }
	boolean := func(r ir.Reg) *value { return &value{t: sema.Bool, regs: []ir.Reg{r}} }
	quad := strings.HasPrefix(name, "quad_")
	var lane, q, base ir.Reg
	if quad {
		lane = f.b.Builtin(ir.ThreadIndexInSimdgroup)
		q = f.b.Binary(ir.OpAnd, ir.U32, lane, f.b.ConstU32(3))
		base = f.b.Binary(ir.OpSub, ir.U32, lane, q)
	}
	quadMask := func(m ir.Reg) ir.Reg {
		sh := f.b.Conv(ir.U64, ir.U32, base)
		return f.b.Binary(ir.OpAnd, ir.U64, f.b.Binary(ir.OpShr, ir.U64, m, sh), f.b.ConstU64(15))
	}
	switch name {
	case "simd_ballot", "simd_any", "simd_all":
		b := f.convert(args[0], sema.Bool, e.Pos()).regs[0]
		if name == "simd_ballot" {
			return &value{t: xi.Type, regs: []ir.Reg{f.vote(name, b)}}
		}
		return boolean(f.vote(name, b))
	case "simd_active_threads_mask":
		return &value{t: xi.Type, regs: []ir.Reg{f.vote(name)}}
	case "simd_is_first":
		return boolean(f.vote(name))
	case "quad_ballot", "quad_any", "quad_all", "quad_active_threads_mask", "quad_is_first":
		active := quadMask(f.vote("simd_active_threads_mask"))
		switch name {
		case "quad_active_threads_mask":
			return &value{t: xi.Type, regs: []ir.Reg{active}}
		case "quad_is_first":
			first := f.b.Unary(ir.OpCtz, ir.U64, active)
			return boolean(f.b.Binary(ir.OpEq, ir.U64, first, f.b.Conv(ir.U64, ir.U32, q)))
		}
		b := f.convert(args[0], sema.Bool, e.Pos()).regs[0]
		m := quadMask(f.vote("simd_ballot", b))
		switch name {
		case "quad_ballot":
			return &value{t: xi.Type, regs: []ir.Reg{m}}
		case "quad_any":
			return boolean(f.b.Binary(ir.OpNe, ir.U64, m, f.b.ConstU64(0)))
		}
		return boolean(f.b.Binary(ir.OpEq, ir.U64, m, active))
	}
	_ = u64
	x := args[0]
	t := xi.Type
	k := f.kindOf(valueType(t))
	var laneArg ir.Reg
	if len(args) > 1 {
		if strings.Contains(name, "_shuffle_and_fill_") {
			laneArg = ir.NoReg
		} else {
			laneArg = f.convert(args[1], sema.UInt, e.Pos()).regs[0]
		}
	}
	regs := make([]ir.Reg, len(x.regs))
	for i, r := range x.regs {
		r = f.convScalar(r, f.kindOf(valueType(x.t)), k)
		if strings.Contains(name, "_shuffle_and_fill_") {
			regs[i] = f.shuffleFill(e, name, k, r, args, i)
			continue
		}
		if !quad {
			if laneArg != ir.NoReg {
				regs[i] = f.simdCall(name, k, r, laneArg)
			} else {
				regs[i] = f.simdCall(name, k, r)
			}
			continue
		}
		regs[i] = f.quadOp(e, name, k, r, laneArg, lane, q, base)
	}
	return &value{t: t, regs: regs}
}

// quadOp builds quad_* functions from SIMD-group shuffles.
func (f *fn) quadOp(e *syntax.CallExpr, name string, k ir.Kind, x, arg, lane, q, base ir.Reg) ir.Reg {
	c3 := f.b.ConstU32(3)
	at := func(v, l ir.Reg) ir.Reg { return f.simdCall("simd_shuffle", k, v, l) }
	reduce := func(op ir.Op) ir.Reg {
		r := f.b.Binary(op, k, x, f.simdCall("simd_shuffle_xor", k, x, f.b.ConstU32(1)))
		return f.b.Binary(op, k, r, f.simdCall("simd_shuffle_xor", k, r, f.b.ConstU32(2)))
	}
	ops := map[string]ir.Op{"quad_sum": ir.OpAdd, "quad_product": ir.OpMul, "quad_min": ir.OpMin, "quad_max": ir.OpMax,
		"quad_and": ir.OpAnd, "quad_or": ir.OpOr, "quad_xor": ir.OpXor}
	if op, ok := ops[name]; ok {
		return reduce(op)
	}
	switch name {
	case "quad_broadcast", "quad_shuffle":
		return at(x, f.b.Binary(ir.OpAdd, ir.U32, base, f.b.Binary(ir.OpAnd, ir.U32, arg, c3)))
	case "quad_broadcast_first":
		return at(x, base)
	case "quad_shuffle_xor":
		return f.simdCall("simd_shuffle_xor", k, x, f.b.Binary(ir.OpAnd, ir.U32, arg, c3))
	case "quad_shuffle_up", "quad_shuffle_down":
		var src ir.Reg
		var valid ir.Reg
		if name == "quad_shuffle_up" {
			src = f.b.Binary(ir.OpSub, ir.U32, lane, arg)
			valid = f.b.Binary(ir.OpGe, ir.U32, q, arg)
		} else {
			src = f.b.Binary(ir.OpAdd, ir.U32, lane, arg)
			valid = f.b.Binary(ir.OpLe, ir.U32, f.b.Binary(ir.OpAdd, ir.U32, q, arg), c3)
		}
		src = f.b.Select(ir.U32, valid, src, lane)
		return at(x, src)
	case "quad_shuffle_rotate_up", "quad_shuffle_rotate_down":
		var qq ir.Reg
		if name == "quad_shuffle_rotate_up" {
			qq = f.b.Binary(ir.OpSub, ir.U32, q, arg)
		} else {
			qq = f.b.Binary(ir.OpAdd, ir.U32, q, arg)
		}
		return at(x, f.b.Binary(ir.OpAdd, ir.U32, base, f.b.Binary(ir.OpAnd, ir.U32, qq, c3)))
	case "quad_prefix_inclusive_sum", "quad_prefix_exclusive_sum", "quad_prefix_inclusive_product", "quad_prefix_exclusive_product":
		op := ir.OpAdd
		ident := f.b.Const(k, 0)
		if strings.HasSuffix(name, "product") {
			op = ir.OpMul
			ident = f.b.Conv(k, ir.I32, f.b.ConstI32(1))
		}
		s := x
		for _, d := range []uint32{1, 2} {
			dd := f.b.ConstU32(d)
			src := f.b.Select(ir.U32, f.b.Binary(ir.OpGe, ir.U32, q, dd), f.b.Binary(ir.OpSub, ir.U32, lane, dd), lane)
			t := at(s, src)
			t = f.b.Select(k, f.b.Binary(ir.OpGe, ir.U32, q, dd), t, ident)
			s = f.b.Binary(op, k, s, t)
		}
		if strings.Contains(name, "exclusive") {
			prev := at(s, f.b.Select(ir.U32, f.b.Binary(ir.OpGe, ir.U32, q, f.b.ConstU32(1)), f.b.Binary(ir.OpSub, ir.U32, lane, f.b.ConstU32(1)), lane))
			s = f.b.Select(k, f.b.Binary(ir.OpEq, ir.U32, q, f.b.ConstU32(0)), ident, prev)
		}
		return s
	}
	f.errorf(e.Pos(), "%s is not supported", name)
	return x
}

// shuffleFill builds simd_/quad_shuffle_and_fill_up/down(data, fill,
// delta[, modulo]) from two shuffles: lanes whose source falls outside
// their group of modulo lanes read fill from the lane that wraps around.
func (f *fn) shuffleFill(e *syntax.CallExpr, name string, k ir.Kind, data ir.Reg, args []value, comp int) ir.Reg {
	fill := f.convScalar(compAt(args[1], comp), f.kindOf(valueType(args[1].t)), k)
	delta := f.convert(args[2], sema.UInt, e.Pos()).regs[0]
	width := uint32(32)
	if strings.HasPrefix(name, "quad_") {
		width = 4
	}
	w := f.b.ConstU32(width)
	if len(args) > 3 {
		w = f.convert(args[3], sema.UInt, e.Pos()).regs[0]
	}
	lane := f.b.Builtin(ir.ThreadIndexInSimdgroup)
	pos := f.b.Binary(ir.OpRem, ir.U32, lane, w)
	base := f.b.Binary(ir.OpSub, ir.U32, lane, pos)
	var inside, src, fsrc ir.Reg
	if strings.HasSuffix(name, "_down") {
		p := f.b.Binary(ir.OpAdd, ir.U32, pos, delta)
		inside = f.b.Binary(ir.OpLt, ir.U32, p, w)
		src = f.b.Binary(ir.OpAdd, ir.U32, base, p)
		fsrc = f.b.Binary(ir.OpSub, ir.U32, src, w)
	} else {
		inside = f.b.Binary(ir.OpGe, ir.U32, pos, delta)
		src = f.b.Binary(ir.OpSub, ir.U32, lane, delta)
		fsrc = f.b.Binary(ir.OpAdd, ir.U32, src, w)
	}
	a := f.simdCall("simd_shuffle", k, data, f.b.Select(ir.U32, inside, src, lane))
	b := f.simdCall("simd_shuffle", k, fill, f.b.Select(ir.U32, inside, lane, fsrc))
	return f.b.Select(k, inside, a, b)
}
