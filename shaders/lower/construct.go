package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func (f *fn) matrixOp(op ir.Op, a, b value, rt *sema.Type, pos diag.Pos) value {
	at, bt := valueType(a.t), valueType(b.t)
	k := f.kindOf(at)
	if bt.Kind == sema.KMatrix || bt.Kind == sema.KVector {
		k = f.kindOf(bt)
	}
	dot := func(xs, ys []ir.Reg) ir.Reg {
		s := f.b.Binary(ir.OpMul, k, xs[0], ys[0])
		for i := 1; i < len(xs); i++ {
			s = f.b.Binary(ir.OpAdd, k, s, f.b.Binary(ir.OpMul, k, xs[i], ys[i]))
		}
		return s
	}
	col := func(m value, t *sema.Type, c int) []ir.Reg { return m.regs[c*t.Rows : (c+1)*t.Rows] }
	row := func(m value, t *sema.Type, r int) []ir.Reg {
		out := make([]ir.Reg, t.N)
		for c := 0; c < t.N; c++ {
			out[c] = m.regs[c*t.Rows+r]
		}
		return out
	}
	switch {
	case op == ir.OpMul && at.Kind == sema.KMatrix && bt.Kind == sema.KMatrix:
		res := sema.Mat(at.Elem, bt.N, at.Rows)
		regs := make([]ir.Reg, 0, bt.N*at.Rows)
		for c := 0; c < bt.N; c++ {
			for r := 0; r < at.Rows; r++ {
				regs = append(regs, dot(row(a, at, r), col(b, bt, c)))
			}
		}
		return value{t: res, regs: regs}
	case op == ir.OpMul && at.Kind == sema.KMatrix && bt.Kind == sema.KVector:
		regs := make([]ir.Reg, at.Rows)
		for r := 0; r < at.Rows; r++ {
			regs[r] = dot(row(a, at, r), b.regs)
		}
		return value{t: sema.Vec(at.Elem, at.Rows), regs: regs}
	case op == ir.OpMul && at.Kind == sema.KVector && bt.Kind == sema.KMatrix:
		regs := make([]ir.Reg, bt.N)
		for c := 0; c < bt.N; c++ {
			regs[c] = dot(a.regs, col(b, bt, c))
		}
		return value{t: sema.Vec(bt.Elem, bt.N), regs: regs}
	case op == ir.OpEq || op == ir.OpNe:
		eq := f.elementwise(ir.OpEq, k, a.regs, b.regs)
		r := eq[0]
		for _, x := range eq[1:] {
			r = f.b.Binary(ir.OpAnd, ir.Bool, r, x)
		}
		if op == ir.OpNe {
			r = f.b.Unary(ir.OpNot, ir.Bool, r)
		}
		return value{t: sema.Bool, regs: []ir.Reg{r}}
	}
	mt := at
	if bt.Kind == sema.KMatrix {
		mt = bt
	}
	// Scalars convert to the element type; then componentwise.
	if at.Kind != sema.KMatrix {
		a = f.convert(a, mt.Elem, pos)
	}
	if bt.Kind != sema.KMatrix {
		b = f.convert(b, mt.Elem, pos)
	}
	return value{t: mt, regs: f.elementwise(op, k, a.regs, b.regs)}
}

// construct lowers T(args) / T{args}.
func (f *fn) construct(t *sema.Type, args []syntax.Expr, pos diag.Pos, xi *sema.ExprInfo) value {
	if xi != nil && xi.Func != nil && xi.Func.Ctor && isRayType(t) {
		vals := make([]value, len(args))
		for i, a := range args {
			vals[i] = f.value(a)
		}
		return f.rayValue(t, vals, pos)
	}
	if xi != nil && xi.Func != nil && xi.Func.Ctor {
		vals := make([]value, len(args))
		for i, a := range args {
			pt := xi.Func.Params[i].Type
			if pt.Kind == sema.KReference {
				pt = pt.Elem
			}
			vals[i] = f.valueAs(a, pt)
		}
		return f.ctorCall(t, xi.Func, vals, pos)
	}
	switch t.Kind {
	case sema.KSampler:
		return value{t: t, regs: []ir.Reg{f.b.ConstU64(f.samplerDesc(args))}}
	case sema.KStruct:
		if len(args) == 1 && valueType(f.x(args[0]).Type) == t {
			return f.value(args[0])
		}
		return f.aggregate(t, args, pos)
	case sema.KArray:
		return f.initList(t, &syntax.InitListExpr{Elems: args})
	case sema.KTexture:
		if len(args) == 1 {
			return f.value(args[0])
		}
		return value{t: t, regs: []ir.Reg{f.b.ConstU64(0)}}
	}
	if len(args) == 0 {
		return f.defaultValue(t, pos)
	}
	if t.IsScalar() || t.Kind == sema.KEnum || t.Kind == sema.KPointer {
		return f.convert(f.value(args[0]), t, pos)
	}
	if t.Kind == sema.KOpaque && (t.Opaque.Name == "simd_vote" || t.Opaque.Name == "quad_vote") && len(args) == 1 {
		// simd_vote(bits): the vote_t value itself.
		v := f.value(args[0])
		return value{t: t, regs: []ir.Reg{f.convScalar(v.regs[0], f.kindOf(valueType(v.t)), ir.U64)}}
	}
	switch t.Kind {
	case sema.KVector, sema.KPacked, sema.KMatrix:
		if len(args) == 1 {
			v := f.value(args[0])
			if len(v.regs) == 1 || ncomps(v.t) == ncomps(t) {
				return f.convert(v, t, pos)
			}
		}
		ek, _ := scalarKind(t.Elem)
		var regs []ir.Reg
		for _, a := range args {
			var v value
			if il, ok := a.(*syntax.InitListExpr); ok && t.Kind == sema.KMatrix {
				// half4x4({…}, {…}, …): each braced list is a column.
				v = f.initList(sema.Vec(t.Elem, t.Rows), il)
			} else {
				v = f.value(a)
			}
			vk := f.kindOf(valueType(v.t))
			for _, r := range v.regs {
				regs = append(regs, f.convScalar(r, vk, ek))
			}
		}
		if len(regs) != ncomps(t) {
			f.errorf(pos, "wrong number of components constructing '%s'", t)
		}
		return value{t: t, regs: regs}
	}
	f.errorf(pos, "cannot construct '%s'", t)
	return value{}
}

// aggregate initializes struct t from args (designated or positional);
// missing fields are zero.
func (f *fn) aggregate(t *sema.Type, args []syntax.Expr, pos diag.Pos) value {
	if t.Struct.Union {
		f.errorf(pos, "unions are not supported")
	}
	fs, _ := fieldsOf(t)
	vals := make([]*value, len(fs))
	next := 0
	for _, a := range args {
		if d, ok := a.(*syntax.DesignatedInit); ok {
			for i, fl := range fs {
				if fl.Name == d.Field.Name {
					next = i
				}
			}
			a = d.Value
		}
		if next >= len(fs) {
			f.errorf(a.Pos(), "excess initializer")
		}
		v := f.initElem(fs[next].Type, a)
		vals[next] = &v
		next++
	}
	var regs []ir.Reg
	for i, fl := range fs {
		if vals[i] == nil {
			z := f.memberDefault(fl, pos)
			vals[i] = &z
		}
		regs = append(regs, vals[i].regs...)
	}
	return value{t: t, regs: regs}
}

func (f *fn) initElem(t *sema.Type, e syntax.Expr) value {
	if il, ok := e.(*syntax.InitListExpr); ok {
		return f.initList(t, il)
	}
	return f.valueAs(e, t)
}

// initList lowers a braced initializer of type t.
func (f *fn) initList(t *sema.Type, l *syntax.InitListExpr) value {
	if t.Kind == sema.KReference {
		t = t.Elem
	}
	pos := l.Pos()
	switch t.Kind {
	case sema.KArray:
		var regs []ir.Reg
		for i := 0; i < t.N; i++ {
			var v value
			if i < len(l.Elems) {
				v = f.initElem(t.Elem, l.Elems[i])
			} else {
				v = f.defaultValue(t.Elem, pos)
			}
			regs = append(regs, v.regs...)
		}
		return value{t: t, regs: regs}
	case sema.KStruct:
		if xi := f.info.Exprs[l]; xi != nil && xi.Func != nil && xi.Func.Ctor {
			return f.construct(t, l.Elems, pos, xi)
		}
		if len(t.Struct.Ctors) > 0 {
			return f.construct(t, l.Elems, pos, f.info.Exprs[l])
		}
		return f.aggregate(t, l.Elems, pos)
	case sema.KVector, sema.KPacked, sema.KMatrix:
		if len(l.Elems) == 1 {
			if il, ok := l.Elems[0].(*syntax.InitListExpr); ok {
				return f.initList(t, il)
			}
		}
		return f.construct(t, l.Elems, pos, nil)
	case sema.KSampler:
		return value{t: t, regs: []ir.Reg{f.b.ConstU64(f.samplerDesc(l.Elems))}}
	}
	if len(l.Elems) == 0 {
		return f.zero(t, pos)
	}
	return f.valueAs(l.Elems[0], t)
}

// initValue evaluates the initializer of a declaration of type t.
func (f *fn) initValue(t *sema.Type, init syntax.Expr, kind syntax.InitKind) value {
	if il, ok := init.(*syntax.InitListExpr); ok {
		if il.Paren || kind == syntax.InitParen {
			xi := f.info.Exprs[il]
			return f.construct(t, il.Elems, il.Pos(), xi)
		}
		return f.initList(t, il)
	}
	if t.Kind == sema.KStruct && len(t.Struct.Ctors) > 0 {
		xi := f.x(init)
		if valueType(xi.Type) != t {
			if ci := f.info.Exprs[init]; ci != nil && ci.Func != nil && ci.Func.Ctor && ci.Construct {
				return f.value(init)
			}
			// converting constructor recorded on the initializer
			return f.valueAs(init, t)
		}
	}
	return f.valueAs(init, t)
}

// ctorCall constructs a t with constructor c and argument values.
func (f *fn) ctorCall(t *sema.Type, c *sema.Func, args []value, pos diag.Pos) value {
	tmp := f.alloca(t)
	f.zeroMem(tmp)
	f.callFunc(c, tmp, nil, append([]value{}, args...), pos)
	return f.load(tmp)
}
