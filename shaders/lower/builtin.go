package lower

import (
	"strings"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// builtinCall lowers a metal_stdlib call; nil for void results.
func (f *fn) builtinCall(e *syntax.CallExpr, xi *sema.ExprInfo) *value {
	bi := xi.Builtin
	name := bi.Name
	switch name {
	case "is_function_constant_defined":
		ai := f.x(e.Args[0])
		if ai.Var == nil || ai.Var.FuncConst == nil || ai.Var.FuncConst.Index < 0 {
			f.errorf(e.Pos(), "is_function_constant_defined needs a function constant with an index")
		}
		fc := ai.Var.FuncConst
		k, ok := scalarKind(fc.Type)
		if !ok {
			f.errorf(e.Pos(), "unsupported function constant type '%s'", fc.Type)
		}
		f.p.declareConst(fc, k)
		return &value{t: sema.Bool, regs: []ir.Reg{f.b.FuncConstDefined(fc.Index)}}
	case "as_type":
		v := f.value(e.Args[0])
		return ptr(f.asType(v, xi.Type))
	case "determinant":
		return ptr(f.determinant(f.value(e.Args[0])))
	case "transpose":
		m := f.value(e.Args[0])
		t := valueType(m.t)
		regs := make([]ir.Reg, 0, len(m.regs))
		for c := 0; c < t.Rows; c++ {
			for r := 0; r < t.N; r++ {
				regs = append(regs, m.regs[r*t.Rows+c])
			}
		}
		return &value{t: xi.Type, regs: regs}
	case "dfdx", "dfdy", "fwidth":
		return ptr(f.derivative(e, name, xi))
	case "__metal_get_simdgroup_size", "__metal_get_thread_index_in_simdgroup":
		// The compiler-internal queries behind [[threads_per_simdgroup]] and
		// [[thread_index_in_simdgroup]] (their argument only selects the type).
		id := ir.ThreadsPerSimdgroup
		if name == "__metal_get_thread_index_in_simdgroup" {
			id = ir.ThreadIndexInSimdgroup
		}
		v := value{t: sema.UInt, regs: []ir.Reg{f.b.Builtin(id)}}
		return ptr(f.convert(v, sema.UShort, e.Pos()))
	case "simd_is_helper_thread", "quad_is_helper_thread":
		r := f.b.Intrinsic(f.p.out.Intrinsic(stdlib.FragmentIntrinsics[0]))
		return &value{t: sema.Bool, regs: r}
	case "get_num_samples":
		r := f.b.Intrinsic(f.p.out.Intrinsic(stdlib.FragmentIntrinsics[1]))
		return &value{t: sema.UInt, regs: r}
	case "get_sample_position":
		idx := f.convert(f.value(e.Args[0]), sema.UInt, e.Pos()).regs[0]
		r := f.b.Intrinsic(f.p.out.Intrinsic(stdlib.FragmentIntrinsics[2]), idx)
		return &value{t: sema.Vec(sema.Float, 2), regs: r}
	case "discard_fragment":
		f.b.Discard()
		return nil
	case "threadgroup_barrier", "simdgroup_barrier":
		flags := f.value(e.Args[0])
		fl := f.convert(flags, sema.UInt, e.Pos())
		f.b.Intrinsic(f.p.out.Intrinsic(stdlib.BarrierDecl(name)), fl.regs[0])
		return nil
	case "atomic_thread_fence":
		return nil
	}
	switch bi.Group {
	case "misc":
		if strings.HasPrefix(name, "is_null_") && len(e.Args) == 1 {
			v := f.value(e.Args[0])
			if len(v.regs) != 1 || f.b.Fn.Regs[v.regs[0]].Kind != ir.U64 {
				f.errorf(e.Pos(), "%s on '%s' is not supported", name, v.t)
			}
			return &value{t: sema.Bool, regs: []ir.Reg{f.b.Binary(ir.OpEq, ir.U64, v.regs[0], f.b.ConstU64(0))}}
		}
	case "atomic":
		return f.atomic(e, name, xi)
	case "simd", "quad":
		return f.simd(e, name, xi)
	case "pack":
		return ptr(f.pack(e, name, xi))
	case "relational":
		return ptr(f.relational(e, name, xi))
	case "geometric":
		return ptr(f.geometric(e, name, bi.NS == "metal::fast", xi))
	case "math", "common", "integer":
		return ptr(f.elementFunc(e, name, bi.NS == "metal::fast", xi))
	}
	f.errorf(e.Pos(), "metal_stdlib function '%s' is not supported", name)
	return nil
}

func ptr(v value) *value { return &v }

// comp returns component i of v, broadcasting scalars.
func compAt(v value, i int) ir.Reg { return v.regs[min(i, len(v.regs)-1)] }

// floatOp runs fn on float32 components of kind k (half is widened and
// rounded back).
func (f *fn) widen(r ir.Reg, k ir.Kind) ir.Reg {
	if k == ir.F16 {
		return f.b.Conv(ir.F32, ir.F16, r)
	}
	return r
}

func (f *fn) narrow(r ir.Reg, k ir.Kind) ir.Reg {
	if k == ir.F16 {
		return f.b.Conv(ir.F16, ir.F32, r)
	}
	return r
}

// elementFunc lowers the componentwise math, common and integer functions.
func (f *fn) elementFunc(e *syntax.CallExpr, name string, fast bool, xi *sema.ExprInfo) value {
	pos := e.Pos()
	// Out-parameter functions.
	switch name {
	case "sincos", "modf", "frexp":
		x := f.value(e.Args[0])
		out := f.lval(e.Args[1])
		k := f.kindOf(valueType(x.t))
		em := stdlib.E{B: f.b, Fast: fast}
		n := len(x.regs)
		res := make([]ir.Reg, n)
		aux := make([]ir.Reg, n)
		for i := 0; i < n; i++ {
			a := f.widen(x.regs[i], k)
			switch name {
			case "sincos":
				sin, cos := ir.OpSin, ir.OpCos
				if fast {
					sin, cos = ir.OpFastSin, ir.OpFastCos
				}
				res[i] = f.narrow(f.b.Unary(sin, ir.F32, a), k)
				aux[i] = f.narrow(f.b.Unary(cos, ir.F32, a), k)
			case "modf":
				ip := f.b.Unary(ir.OpTrunc, ir.F32, a)
				fr := f.b.Binary(ir.OpSub, ir.F32, a, ip)
				fr = f.b.Select(ir.F32, em.IsInf(a), em.CopySign(f.b.ConstF32(0), a), fr)
				res[i], aux[i] = f.narrow(fr, k), f.narrow(ip, k)
			case "frexp":
				m, ex := em.Frexp(a)
				res[i], aux[i] = f.narrow(m, k), ex
			}
		}
		at := out.t
		f.store(out, f.convert(value{t: withWidth(auxScalar(name, valueType(x.t)), n), regs: aux}, at, pos))
		return value{t: xi.Type, regs: res}
	}
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = f.value(a)
	}
	rt := xi.Type
	n := rt.Width()
	if name == "ldexp" || name == "ilogb" {
		n = valueType(args[0].t).Width()
	}
	st := valueType(args[0].t).Scalar()
	k, _ := scalarKind(st)
	regs := make([]ir.Reg, n)
	if k.IsFloat() {
		em := stdlib.E{B: f.b, Fast: fast}
		for i := 0; i < n; i++ {
			a := make([]ir.Reg, len(args))
			for j := range args {
				ak := f.kindOf(valueType(args[j].t))
				if ak.IsFloat() {
					a[j] = f.widen(compAt(args[j], i), ak)
				} else {
					a[j] = f.convScalar(compAt(args[j], i), ak, ir.I32)
				}
			}
			var r ir.Reg
			ok := true
			switch {
			case name == "ldexp":
				r = em.Ldexp(a[0], a[1])
			case name == "ilogb":
				regs[i] = em.Ilogb(a[0])
				continue
			case len(a) == 1:
				r, ok = em.Unary(name, a[0])
			case len(a) == 2:
				r, ok = em.Binary(name, a[0], a[1])
			case len(a) == 3:
				r, ok = em.Ternary(name, a[0], a[1], a[2])
			default:
				ok = false
			}
			if !ok {
				f.errorf(pos, "metal_stdlib function '%s' is not supported for floats", name)
			}
			regs[i] = f.narrow(r, k)
		}
		return f.convert(value{t: rt, regs: regs}, rt, pos)
	}
	im := stdlib.I{B: f.b, K: k}
	for i := 0; i < n; i++ {
		a := make([]ir.Reg, len(args))
		for j := range args {
			a[j] = compAt(args[j], i)
			if ak := f.kindOf(valueType(args[j].t)); ak != k && (j == 0 || name != "extract_bits" && name != "insert_bits") {
				a[j] = f.convScalar(a[j], ak, k)
			}
		}
		var r ir.Reg
		switch name {
		case "abs":
			r = im.Abs(a[0])
		case "absdiff":
			r = im.Absdiff(a[0], a[1])
		case "addsat":
			r = im.AddSat(a[0], a[1])
		case "subsat":
			r = im.SubSat(a[0], a[1])
		case "clamp":
			r = f.b.Binary(ir.OpMin, k, f.b.Binary(ir.OpMax, k, a[0], a[1]), a[2])
		case "clz":
			r = f.b.Unary(ir.OpClz, k, a[0])
		case "ctz":
			r = f.b.Unary(ir.OpCtz, k, a[0])
		case "popcount":
			r = f.b.Unary(ir.OpPopcount, k, a[0])
		case "extract_bits":
			r = im.ExtractBits(a[0], f.convScalar(a[1], f.kindOf(args[1].t), ir.U32), f.convScalar(a[2], f.kindOf(args[2].t), ir.U32))
		case "insert_bits":
			r = im.InsertBits(a[0], f.convScalar(compAt(args[1], i), f.kindOf(valueType(args[1].t)), k),
				f.convScalar(a[2], f.kindOf(args[2].t), ir.U32), f.convScalar(a[3], f.kindOf(args[3].t), ir.U32))
		case "hadd":
			r = im.Hadd(a[0], a[1], false)
		case "rhadd":
			r = im.Hadd(a[0], a[1], true)
		case "mulhi":
			r = f.b.Binary(ir.OpMulHi, k, a[0], a[1])
		case "madhi":
			r = f.b.Binary(ir.OpAdd, k, f.b.Binary(ir.OpMulHi, k, a[0], a[1]), a[2])
		case "madsat":
			r = im.MadSat(a[0], a[1], a[2])
		case "mul24":
			r = f.b.Binary(ir.OpMul, k, a[0], a[1])
		case "mad24":
			r = f.b.Binary(ir.OpAdd, k, f.b.Binary(ir.OpMul, k, a[0], a[1]), a[2])
		case "max":
			r = f.b.Binary(ir.OpMax, k, a[0], a[1])
		case "min":
			r = f.b.Binary(ir.OpMin, k, a[0], a[1])
		case "max3":
			r = f.b.Binary(ir.OpMax, k, f.b.Binary(ir.OpMax, k, a[0], a[1]), a[2])
		case "min3":
			r = f.b.Binary(ir.OpMin, k, f.b.Binary(ir.OpMin, k, a[0], a[1]), a[2])
		case "median3":
			lo := f.b.Binary(ir.OpMin, k, a[0], a[1])
			hi := f.b.Binary(ir.OpMax, k, a[0], a[1])
			r = f.b.Binary(ir.OpMax, k, lo, f.b.Binary(ir.OpMin, k, hi, a[2]))
		case "reverse_bits":
			r = im.ReverseBits(a[0])
		case "rotate":
			r = im.Rotate(a[0], a[1])
		default:
			f.errorf(pos, "metal_stdlib function '%s' is not supported for integers", name)
		}
		regs[i] = r
	}
	rs, _ := scalarKind(rt.Scalar())
	for i := range regs {
		if f.b.Fn.Regs[regs[i]].Kind != rs {
			regs[i] = f.convScalar(regs[i], f.b.Fn.Regs[regs[i]].Kind, rs)
		}
	}
	return value{t: rt, regs: regs}
}

func auxScalar(name string, t *sema.Type) *sema.Type {
	if name == "frexp" {
		return sema.Int
	}
	return t.Scalar()
}

func (f *fn) relational(e *syntax.CallExpr, name string, xi *sema.ExprInfo) value {
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = f.value(a)
	}
	switch name {
	case "all", "any":
		v := f.convert(args[0], withWidth(sema.Bool, len(args[0].regs)), e.Pos())
		r := v.regs[0]
		op := ir.OpAnd
		if name == "any" {
			op = ir.OpOr
		}
		for _, x := range v.regs[1:] {
			r = f.b.Binary(op, ir.Bool, r, x)
		}
		return value{t: sema.Bool, regs: []ir.Reg{r}}
	case "select":
		a, b, c := args[0], args[1], args[2]
		t := xi.Type
		a = f.convert(a, t, e.Pos())
		b = f.convert(b, t, e.Pos())
		k := f.kindOf(valueType(t))
		n := t.Width()
		regs := make([]ir.Reg, n)
		for i := 0; i < n; i++ {
			regs[i] = f.safeSelect(k, compAt(c, i), compAt(b, i), compAt(a, i))
		}
		return value{t: t, regs: regs}
	case "not":
		regs := make([]ir.Reg, len(args[0].regs))
		for i, r := range args[0].regs {
			regs[i] = f.b.Unary(ir.OpNot, ir.Bool, r)
		}
		return value{t: xi.Type, regs: regs}
	}
	k := f.kindOf(valueType(args[0].t))
	em := stdlib.E{B: f.b}
	n := xi.Type.Width()
	regs := make([]ir.Reg, n)
	for i := 0; i < n; i++ {
		x := f.widen(compAt(args[0], i), k)
		var r ir.Reg
		switch name {
		case "isnan":
			r = em.IsNaN(x)
		case "isinf":
			r = em.IsInf(x)
		case "isfinite":
			r = em.IsFinite(x)
		case "isnormal":
			r = em.IsNormal(x)
		case "signbit":
			r = em.SignBit(x)
		case "isordered", "isunordered":
			y := f.widen(compAt(args[1], i), k)
			r = f.b.Binary(ir.OpAnd, ir.Bool, f.b.Binary(ir.OpEq, ir.F32, x, x), f.b.Binary(ir.OpEq, ir.F32, y, y))
			if name == "isunordered" {
				r = f.b.Unary(ir.OpNot, ir.Bool, r)
			}
		default:
			f.errorf(e.Pos(), "relational function '%s' is not supported", name)
		}
		regs[i] = r
	}
	return value{t: xi.Type, regs: regs}
}

func (f *fn) geometric(e *syntax.CallExpr, name string, fast bool, xi *sema.ExprInfo) value {
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = f.value(a)
	}
	vt := valueType(args[0].t)
	k := f.kindOf(vt)
	w := func(v value) []ir.Reg {
		out := make([]ir.Reg, len(v.regs))
		for i, r := range v.regs {
			out[i] = f.widen(r, k)
		}
		return out
	}
	mul := func(x, y ir.Reg) ir.Reg { return f.b.Binary(ir.OpMul, ir.F32, x, y) }
	sub := func(x, y ir.Reg) ir.Reg { return f.b.Binary(ir.OpSub, ir.F32, x, y) }
	dot := func(x, y []ir.Reg) ir.Reg {
		s := mul(x[0], y[0])
		for i := 1; i < len(x); i++ {
			s = f.b.Fma(ir.F32, x[i], y[i], s)
		}
		return s
	}
	scalarOut := func(r ir.Reg) value { return value{t: xi.Type, regs: []ir.Reg{f.narrow(r, k)}} }
	vecOut := func(rs []ir.Reg) value {
		for i := range rs {
			rs[i] = f.narrow(rs[i], k)
		}
		return value{t: xi.Type, regs: rs}
	}
	a := w(args[0])
	switch name {
	case "dot":
		return scalarOut(dot(a, w(args[1])))
	case "length_squared":
		return scalarOut(dot(a, a))
	case "length":
		return scalarOut(f.b.Unary(ir.OpSqrt, ir.F32, dot(a, a)))
	case "distance", "distance_squared":
		b := w(args[1])
		d := make([]ir.Reg, len(a))
		for i := range a {
			d[i] = sub(a[i], b[i])
		}
		s := dot(d, d)
		if name == "distance" {
			s = f.b.Unary(ir.OpSqrt, ir.F32, s)
		}
		return scalarOut(s)
	case "normalize":
		rsqrt := ir.OpRsqrt
		if fast {
			rsqrt = ir.OpFastRsqrt
		}
		inv := f.b.Unary(rsqrt, ir.F32, dot(a, a))
		out := make([]ir.Reg, len(a))
		for i := range a {
			out[i] = mul(a[i], inv)
		}
		return vecOut(out)
	case "cross":
		b := w(args[1])
		return vecOut([]ir.Reg{
			sub(mul(a[1], b[2]), mul(a[2], b[1])),
			sub(mul(a[2], b[0]), mul(a[0], b[2])),
			sub(mul(a[0], b[1]), mul(a[1], b[0])),
		})
	case "faceforward":
		i, nref := w(args[1]), w(args[2])
		neg := f.b.Binary(ir.OpLt, ir.F32, dot(nref, i), f.b.ConstF32(0))
		out := make([]ir.Reg, len(a))
		for j := range a {
			out[j] = f.b.Select(ir.F32, neg, a[j], f.b.Unary(ir.OpNeg, ir.F32, a[j]))
		}
		return vecOut(out)
	case "reflect":
		n := w(args[1])
		d := mul(f.b.ConstF32(2), dot(n, a))
		out := make([]ir.Reg, len(a))
		for j := range a {
			out[j] = sub(a[j], mul(d, n[j]))
		}
		return vecOut(out)
	case "refract":
		n := w(args[1])
		eta := f.widen(args[2].regs[0], k)
		d := dot(n, a)
		kk := sub(f.b.ConstF32(1), mul(mul(eta, eta), sub(f.b.ConstF32(1), mul(d, d))))
		neg := f.b.Binary(ir.OpLt, ir.F32, kk, f.b.ConstF32(0))
		s := f.b.Fma(ir.F32, eta, d, f.b.Unary(ir.OpSqrt, ir.F32, kk))
		out := make([]ir.Reg, len(a))
		for j := range a {
			r := sub(mul(eta, a[j]), mul(s, n[j]))
			out[j] = f.b.Select(ir.F32, neg, f.b.ConstF32(0), r)
		}
		return vecOut(out)
	}
	f.errorf(e.Pos(), "geometric function '%s' is not supported", name)
	return value{}
}

// determinant of a 2x2, 3x3 or 4x4 matrix (cofactor expansion).
func (f *fn) determinant(m value) value {
	t := valueType(m.t)
	k := f.kindOf(t)
	n := t.N
	at := func(c, r int) ir.Reg { return f.widen(m.regs[c*n+r], k) }
	var det func(cols, rows []int) ir.Reg
	det = func(cols, rows []int) ir.Reg {
		if len(cols) == 1 {
			return at(cols[0], rows[0])
		}
		var sum ir.Reg
		for i, c := range cols {
			rest := append(append([]int{}, cols[:i]...), cols[i+1:]...)
			term := f.b.Binary(ir.OpMul, ir.F32, at(c, rows[0]), det(rest, rows[1:]))
			switch {
			case i == 0:
				sum = term
			case i%2 == 1:
				sum = f.b.Binary(ir.OpSub, ir.F32, sum, term)
			default:
				sum = f.b.Binary(ir.OpAdd, ir.F32, sum, term)
			}
		}
		return sum
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return value{t: t.Elem, regs: []ir.Reg{f.narrow(det(idx, idx), k)}}
}

// asType reinterprets the bits of v as type t (as_type).
func (f *fn) asType(v value, t *sema.Type) value {
	fc, _ := flatten(v.t)
	tc, _ := flatten(t)
	if len(fc) == len(tc) {
		regs := make([]ir.Reg, len(tc))
		for i := range tc {
			regs[i] = f.bitcast(v.regs[i], fc[i].kind, tc[i].kind)
		}
		return value{t: t, regs: regs}
	}
	// Different component counts: assemble through 64-bit words.
	type piece struct {
		r    ir.Reg
		bits int
	}
	var raw []piece
	for i, c := range fc {
		raw = append(raw, piece{f.rawBits(v.regs[i], c.kind), c.kind.Bits()})
	}
	regs := make([]ir.Reg, len(tc))
	dpos := 0
	for j, c := range tc {
		var acc ir.Reg = f.b.ConstU64(0)
		spos := 0
		for _, p := range raw {
			lo, hi := max(spos, dpos), min(spos+p.bits, dpos+c.kind.Bits())
			if lo < hi {
				var part ir.Reg
				if spos >= dpos {
					part = f.b.Binary(ir.OpShl, ir.U64, p.r, f.b.ConstU64(uint64(spos-dpos)))
				} else {
					part = f.b.Binary(ir.OpShr, ir.U64, p.r, f.b.ConstU64(uint64(dpos-spos)))
				}
				acc = f.b.Binary(ir.OpOr, ir.U64, acc, part)
			}
			spos += p.bits
		}
		regs[j] = f.fromRaw(acc, c.kind)
		dpos += c.kind.Bits()
	}
	return value{t: t, regs: regs}
}

func uintOf(bits int) ir.Kind {
	switch bits {
	case 8:
		return ir.U8
	case 16:
		return ir.U16
	case 32:
		return ir.U32
	}
	return ir.U64
}

func (f *fn) bitcast(r ir.Reg, from, to ir.Kind) ir.Reg {
	if from == to {
		return r
	}
	return f.b.Bitcast(to, from, r)
}

// rawBits zero-extends the bit pattern of r to a U64.
func (f *fn) rawBits(r ir.Reg, k ir.Kind) ir.Reg {
	u := uintOf(k.Bits())
	if k == ir.Bool {
		u = ir.U8
		return f.b.Conv(ir.U64, ir.Bool, r)
	}
	x := f.bitcast(r, k, u)
	if u == ir.U64 {
		return x
	}
	return f.b.Conv(ir.U64, u, x)
}

func (f *fn) fromRaw(r ir.Reg, k ir.Kind) ir.Reg {
	u := uintOf(k.Bits())
	x := r
	if u != ir.U64 {
		x = f.b.Conv(u, ir.U64, r)
	}
	return f.bitcast(x, u, k)
}

// derivative computes dfdx/dfdy/fwidth from the other lanes of the 2×2
// quad (lane bit 0: x, bit 1: y).
func (f *fn) derivative(e *syntax.CallExpr, name string, xi *sema.ExprInfo) value {
	v := f.value(e.Args[0])
	k := f.kindOf(valueType(v.t))
	lane := f.b.Builtin(ir.ThreadIndexInSimdgroup)
	d := func(x ir.Reg, bit uint32) ir.Reg {
		o := f.simdCall("simd_shuffle_xor", k, x, f.b.ConstU32(bit))
		first := f.b.Binary(ir.OpEq, ir.U32, f.b.Binary(ir.OpAnd, ir.U32, lane, f.b.ConstU32(bit)), f.b.ConstU32(0))
		return f.b.Select(k, first, f.b.Binary(ir.OpSub, k, o, x), f.b.Binary(ir.OpSub, k, x, o))
	}
	regs := make([]ir.Reg, len(v.regs))
	for i, r := range v.regs {
		switch name {
		case "dfdx":
			regs[i] = d(r, 1)
		case "dfdy":
			regs[i] = d(r, 2)
		default:
			regs[i] = f.b.Binary(ir.OpAdd, k, f.b.Unary(ir.OpAbs, k, d(r, 1)), f.b.Unary(ir.OpAbs, k, d(r, 2)))
		}
	}
	return value{t: xi.Type, regs: regs}
}
