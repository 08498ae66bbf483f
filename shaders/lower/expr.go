package lower

import (
	"math"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/stdlib"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// value evaluates e and applies its implicit conversion (ExprInfo.Conv).
func (f *fn) value(e syntax.Expr) value {
	xi := f.x(e)
	if c := xi.Conv; c != nil && c.Kind == sema.ConvPointer && c.To != nil && c.To.Kind == sema.KPointer && xi.Type.Kind == sema.KArray {
		return f.valueAs(e, c.To) // array-to-pointer decay: the address
	}
	v := f.rvalue(e)
	if c := xi.Conv; c != nil && c.To != nil && !c.To.IsBad() {
		v = f.applyConv(v, c, e.Pos())
	}
	return v
}

// valueAs evaluates e converted to t.
func (f *fn) valueAs(e syntax.Expr, t *sema.Type) value {
	if il, ok := e.(*syntax.InitListExpr); ok {
		return f.initList(t, il)
	}
	if t.Kind == sema.KPointer {
		if xt := f.x(e).Type; xt != nil && xt.Kind == sema.KArray {
			lv := f.lval(e)
			if !lv.mem || lv.swz != nil {
				f.errorf(e.Pos(), "array does not live in memory")
			}
			return value{t: t, regs: []ir.Reg{lv.addr}}
		}
	}
	v := f.value(e)
	return f.convert(v, t, e.Pos())
}

func (f *fn) applyConv(v value, c *sema.Conversion, pos diag.Pos) value {
	to := c.To
	if to.Kind == sema.KReference {
		to = to.Elem
	}
	switch c.Kind {
	case sema.ConvUser:
		if c.Ctor != nil {
			return f.ctorCall(to, c.Ctor, []value{v}, pos)
		}
		if c.Operator != nil {
			// operator T() of the source struct, then T → to.
			recv := &lvalue{t: v.t, alts: []alt{{regs: v.regs}}, readOnly: true}
			r := f.callFunc(c.Operator, recv, nil, nil, pos)
			if r == nil {
				return value{t: to}
			}
			return f.convert(f.load(r), to, pos)
		}
	case sema.ConvNone, sema.ConvPointer, sema.ConvUniform, sema.ConvUnknown:
		if to.Kind == sema.KPointer && v.t.Kind == sema.KArray {
			f.errorf(pos, "array-to-pointer decay is not supported")
		}
		if to.Kind == sema.KPointer && v.t.Kind != sema.KPointer {
			return f.convert(v, to, pos)
		}
		if ncomps(to) == len(v.regs) {
			return value{t: to, regs: v.regs}
		}
	}
	return f.convert(v, to, pos)
}

// convScalar converts register r of kind from to kind to.
func (f *fn) convScalar(r ir.Reg, from, to ir.Kind) ir.Reg {
	switch {
	case from == to:
		return r
	case to == ir.Bool:
		return f.b.Binary(ir.OpNe, from, r, f.b.Const(from, 0))
	}
	return f.b.Conv(to, from, r)
}

// convert converts v to type t (arithmetic conversions, splats,
// packed/aligned vectors, derived-to-base slicing).
func (f *fn) convert(v value, t *sema.Type, pos diag.Pos) value {
	if t.Kind == sema.KReference {
		t = t.Elem
	}
	if v.t == t {
		return v
	}
	fc, ok1 := flatten(v.t)
	tc, ok2 := flatten(t)
	if !ok2 || !ok1 && v.t.Kind != sema.KNullptr {
		f.errorf(pos, "cannot convert '%s' to '%s'", v.t, t)
	}
	if v.t.Kind == sema.KNullptr {
		return value{t: t, regs: []ir.Reg{f.b.ConstU64(0)}}
	}
	switch {
	case len(fc) == len(tc):
		regs := make([]ir.Reg, len(tc))
		for i := range tc {
			regs[i] = f.convScalar(v.regs[i], fc[i].kind, tc[i].kind)
		}
		return value{t: t, regs: regs}
	case len(fc) == 1 && (t.Kind == sema.KVector || t.Kind == sema.KPacked):
		r := f.convScalar(v.regs[0], fc[0].kind, tc[0].kind)
		regs := make([]ir.Reg, len(tc))
		for i := range regs {
			regs[i] = r
		}
		return value{t: t, regs: regs}
	case len(fc) == 1 && t.Kind == sema.KMatrix:
		// scalar → diagonal matrix
		return f.diagonal(t, f.convScalar(v.regs[0], fc[0].kind, tc[0].kind))
	case len(fc) > len(tc) && t.Kind == sema.KStruct && v.t.Kind == sema.KStruct:
		return value{t: t, regs: v.regs[:len(tc)]}
	case len(fc) > 1 && len(tc) == 1 && t.IsScalar():
		return value{t: t, regs: []ir.Reg{f.convScalar(v.regs[0], fc[0].kind, tc[0].kind)}}
	}
	f.errorf(pos, "cannot convert '%s' to '%s'", v.t, t)
	return v
}

func (f *fn) diagonal(t *sema.Type, d ir.Reg) value {
	k, _ := scalarKind(t.Elem)
	z := f.b.Const(k, 0)
	regs := make([]ir.Reg, t.N*t.Rows)
	for c := 0; c < t.N; c++ {
		for r := 0; r < t.Rows; r++ {
			if c == r {
				regs[c*t.Rows+r] = d
			} else {
				regs[c*t.Rows+r] = z
			}
		}
	}
	return value{t: t, regs: regs}
}

// zero returns the zero value of t.
func (f *fn) zero(t *sema.Type, pos diag.Pos) value {
	cs, ok := flatten(t)
	if !ok {
		f.errorf(pos, "cannot make a value of type '%s'", t)
	}
	regs := make([]ir.Reg, len(cs))
	for i, c := range cs {
		regs[i] = f.b.Const(c.kind, 0)
	}
	return value{t: t, regs: regs}
}

// constScalar returns the register of scalar constant v as kind k.
func (f *fn) constScalar(v sema.Value) (ir.Reg, ir.Kind) {
	k, ok := scalarKind(v.Type)
	if !ok {
		f.errorf(f.b.Pos, "unsupported constant of type '%s'", v.Type)
	}
	switch {
	case k == ir.F32 || k == ir.F16:
		return f.b.Const(k, uint64(math.Float32bits(float32(v.F)))), k
	case k == ir.Bool:
		if v.I != 0 {
			return f.b.Const(ir.Bool, 1), k
		}
		return f.b.Const(ir.Bool, 0), k
	}
	return f.b.Const(k, uint64(v.I)), k
}

// constValue materializes constant v as a value of type t.
func (f *fn) constValue(v sema.Value, t *sema.Type, pos diag.Pos) value {
	var out value
	if k := v.Type.Kind; k == sema.KArray || k == sema.KStruct {
		// An aggregate constant (a default member initializer): its
		// elements or non-static members in order.
		out.t = v.Type
		for i, e := range v.Elems {
			if k == sema.KStruct && v.Type.Struct.Fields[i].Static {
				continue
			}
			out.regs = append(out.regs, f.constValue(e, nil, pos).regs...)
		}
		return out
	}
	if v.Type.Kind == sema.KVector {
		out.t = v.Type
		for _, e := range v.Elems {
			r, _ := f.constScalar(e)
			out.regs = append(out.regs, r)
		}
	} else {
		r, _ := f.constScalar(v)
		out = value{t: v.Type, regs: []ir.Reg{r}}
	}
	if t != nil && t != out.t && !t.IsBad() {
		return f.convert(out, t, pos)
	}
	return out
}

// hasConst reports whether xi carries a usable constant.
func hasConst(xi *sema.ExprInfo) bool {
	if xi.Value == nil || xi.Value.Type == nil {
		return false
	}
	vt := xi.Value.Type
	return vt.IsScalar() || vt.Kind == sema.KVector || vt.Kind == sema.KEnum
}

// rvalue evaluates e without its implicit conversion.
func (f *fn) rvalue(e syntax.Expr) value {
	xi := f.x(e)
	save := f.b.Pos
	f.b.Pos = e.Pos()
	defer func() { f.b.Pos = save }()
	if hasConst(xi) && !xi.LValue || hasConst(xi) && isPureName(e) {
		return f.constValue(*xi.Value, xi.Type, e.Pos())
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return f.rvalue(e.X)
	case *syntax.BinaryExpr:
		return f.binary(e)
	case *syntax.UnaryExpr:
		return f.unary(e)
	case *syntax.PostfixExpr:
		return f.incDec(e.X, e.Op, true, e.OpPos)
	case *syntax.CondExpr:
		return f.cond(e)
	case *syntax.CastExpr:
		return f.cast(e)
	case *syntax.ConstructExpr:
		return f.construct(xi.Type, e.Args, e.Pos(), xi)
	case *syntax.InitListExpr:
		return f.initList(xi.Type, e)
	case *syntax.BoolLit, *syntax.BasicLit, *syntax.SizeofExpr:
		f.errorf(e.Pos(), "literal without a value")
	case *syntax.LambdaExpr:
		// A lambda's value is not materialized: calls resolve it statically.
		return value{t: xi.Type, regs: []ir.Reg{f.b.ConstU64(0)}}
	case *syntax.NullptrLit:
		return value{t: xi.Type, regs: []ir.Reg{f.b.ConstU64(0)}}
	case *syntax.ThisExpr:
		if f.this == ir.NoReg {
			f.errorf(e.Pos(), "'this' outside a method")
		}
		return value{t: xi.Type, regs: []ir.Reg{f.this}}
	case *syntax.CallExpr:
		r := f.call(e)
		if r == nil {
			return value{t: sema.Void}
		}
		return f.load(r)
	case *syntax.NameExpr, *syntax.MemberExpr, *syntax.IndexExpr, *syntax.PackElem:
		return f.load(f.lval(e))
	}
	f.errorf(e.Pos(), "unsupported expression %T", e)
	return value{}
}

func isPureName(e syntax.Expr) bool {
	_, ok := e.(*syntax.NameExpr)
	return ok
}

// lval returns the lvalue e designates; for an rvalue, a read-only
// pseudo-lvalue of its value.
func (f *fn) lval(e syntax.Expr) *lvalue {
	xi := f.x(e)
	save := f.b.Pos
	f.b.Pos = e.Pos()
	defer func() { f.b.Pos = save }()
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return f.lval(e.X)
	case *syntax.NameExpr:
		return f.name(e, xi)
	case *syntax.PackElem:
		// An element of a pack expansion: sema checked the pattern once per
		// element, so only a bare parameter name has per-element typing.
		if ne, ok := e.X.(*syntax.NameExpr); ok {
			return f.name(ne, xi)
		}
		f.errorf(e.Pos(), "pack expansion patterns other than a parameter pack's name are not lowered")
		return &lvalue{t: xi.Type, alts: []alt{{regs: f.zero(xi.Type, e.Pos()).regs}}, readOnly: true}
	case *syntax.MemberExpr:
		return f.memberExpr(e, xi)
	case *syntax.IndexExpr:
		return f.indexExpr(e, xi)
	case *syntax.UnaryExpr:
		if e.Op == syntax.Star && opFunc(xi) == nil {
			p := f.value(e.X)
			pt := f.x(e.X).Type
			return &lvalue{t: pt.Elem, mem: true, addr: p.regs[0], space: spaceOf(pt.Space)}
		}
		if (e.Op == syntax.Inc || e.Op == syntax.Dec) && opFunc(xi) == nil {
			return f.incDecLV(e.X, e.Op, e.OpPos)
		}
	case *syntax.BinaryExpr:
		if e.Op.IsAssign() && opFunc(xi) == nil {
			return f.assign(e)
		}
	case *syntax.CallExpr:
		if r := f.call(e); r != nil {
			return r
		}
		f.errorf(e.Pos(), "void call used as a value")
	case *syntax.CastExpr:
		if xi.LValue {
			lv := f.lval(e.X)
			t := xi.Type
			if !lv.mem || lv.swz != nil {
				return f.reinterpretRegs(lv, t, e.Pos())
			}
			return &lvalue{t: t, mem: lv.mem, addr: lv.addr, space: lv.space, alts: lv.alts}
		}
	}
	v := f.rvalue(e)
	return &lvalue{t: v.t, alts: []alt{{regs: v.regs}}, readOnly: true}
}

// name resolves a variable reference.
func (f *fn) name(e *syntax.NameExpr, xi *sema.ExprInfo) *lvalue {
	v := xi.Var
	if v == nil && xi.Func != nil {
		c := f.funcID(xi.Func, e.Pos())
		return &lvalue{t: c.t, alts: []alt{{regs: c.regs}}, readOnly: true}
	}
	if v == nil {
		if hasConst(xi) {
			c := f.constValue(*xi.Value, xi.Type, e.Pos())
			return &lvalue{t: c.t, alts: []alt{{regs: c.regs}}, readOnly: true}
		}
		f.errorf(e.Pos(), "'%s' is not a variable", e.Name.Plain())
	}
	if lv := f.locals[v]; lv != nil {
		return lv
	}
	if v.Member {
		if f.this == ir.NoReg {
			f.errorf(e.Pos(), "member '%s' outside a method", v.Name)
		}
		fld := f.thisT.Struct.FieldByName(v.Name)
		if fld == nil {
			f.errorf(e.Pos(), "no member '%s'", v.Name)
		}
		return f.member(f.thisLV(), fld, e.Pos())
	}
	if v.FuncConst != nil {
		c := f.funcConst(v.FuncConst, e.Pos())
		return &lvalue{t: c.t, alts: []alt{{regs: c.regs}}, readOnly: true}
	}
	if v.Value != nil {
		c := f.constValue(*v.Value, v.Type, e.Pos())
		return &lvalue{t: c.t, alts: []alt{{regs: c.regs}}, readOnly: true}
	}
	if v.Global {
		f.global(v, e.Pos())
		return f.locals[v]
	}
	f.errorf(e.Pos(), "variable '%s' has no storage", v.Name)
	return nil
}

// funcConst reads function constant fc.
func (f *fn) funcConst(fc *sema.FuncConst, pos diag.Pos) value {
	t := fc.Type
	if fc.Index < 0 {
		if fc.Init == nil {
			f.errorf(pos, "function constant '%s' has no value", fc.Name)
		}
		save := f.info
		f.info = f.p.sp.Info
		v := f.valueAs(fc.Init, t)
		f.info = save
		return v
	}
	k, ok := scalarKind(t)
	if !ok {
		f.errorf(pos, "function constant '%s' of type '%s' is not supported (scalars only)", fc.Name, t)
	}
	f.p.declareConst(fc, k)
	return value{t: t, regs: []ir.Reg{f.b.FuncConst(fc.Index, k)}}
}

func (p *program) declareConst(fc *sema.FuncConst, k ir.Kind) {
	if p.consts[fc.Index] {
		return
	}
	p.consts[fc.Index] = true
	p.out.Constants = append(p.out.Constants, ir.FuncConstant{Name: fc.Name, Index: fc.Index, Kind: k})
}

func (f *fn) memberExpr(e *syntax.MemberExpr, xi *sema.ExprInfo) *lvalue {
	var base *lvalue
	if e.Arrow {
		p := f.value(e.X)
		pt := f.x(e.X).Type
		if pt.Kind != sema.KPointer {
			f.errorf(e.OpPos, "'->' on a non-pointer")
		}
		base = &lvalue{t: pt.Elem, mem: true, addr: p.regs[0], space: spaceOf(pt.Space)}
	} else {
		base = f.lval(e.X)
	}
	switch {
	case xi.Swizzle != nil:
		return f.swizzle(base, xi.Swizzle)
	case xi.Field != nil:
		if base.t.Kind != sema.KStruct {
			f.errorf(e.Pos(), "member of non-struct '%s'", base.t)
		}
		if rt := xi.Field.Type; rt.Kind == sema.KReference {
			// A reference member (of an argument buffer in memory) holds
			// the referent's address.
			_, _, off, ok := fieldRange(base.t, xi.Field)
			if !ok || !base.mem || base.swz != nil {
				f.errorf(e.Pos(), "reference member '%s' of a value not in memory is not supported", xi.Field.Name)
				return nil
			}
			addr := f.b.Load(base.space, ir.U64, f.addOff(base.addr, off), 8)
			return &lvalue{t: rt.Elem, mem: true, addr: addr, space: spaceOf(rt.Space), readOnly: rt.Const || rt.Space == sema.SpaceConstant}
		}
		return f.member(base, xi.Field, e.Pos())
	case xi.Var != nil:
		return f.name(&syntax.NameExpr{Name: e.Name}, xi)
	case base.t.Kind == sema.KMatrix && e.Name.Last().Name == "columns":
		return base // m.columns[i] is m[i]
	}
	f.errorf(e.Pos(), "unsupported member access '%s'", e.Name.Plain())
	return nil
}

func (f *fn) indexExpr(e *syntax.IndexExpr, xi *sema.ExprInfo) *lvalue {
	if opFunc(xi) != nil {
		r := f.operatorCall(xi.Func, e.X, []syntax.Expr{e.Index}, e.Pos())
		return r
	}
	bt := f.x(e.X).Type
	ii := f.x(e.Index)
	if bt.Kind == sema.KPointer {
		p := f.value(e.X)
		iv := f.value(e.Index)
		ik, _ := scalarKind(iv.t)
		stride := sema.Stride(bt.Elem)
		off := f.b.Binary(ir.OpMul, ir.U64, f.toU64(iv.regs[0], ik), f.b.ConstU64(uint64(stride)))
		return &lvalue{t: bt.Elem, mem: true, addr: f.b.Binary(ir.OpAdd, ir.U64, p.regs[0], off), space: spaceOf(bt.Space)}
	}
	if isFuncTable(bt) {
		tab := f.value(e.X).regs[0]
		idx := f.convert(f.value(e.Index), sema.UInt, e.Pos()).regs[0]
		r := f.b.Intrinsic(f.p.out.Intrinsic(stdlib.FunctionTableIntrinsics[0]), tab, idx)
		return &lvalue{t: xi.Type, alts: []alt{{regs: r}}, readOnly: true}
	}
	base := f.lval(e.X)
	if ii.Value != nil && ii.Value.Type != nil && (ii.Value.Type.IsInteger() || ii.Value.Type.Kind == sema.KEnum || ii.Value.Type.Kind == sema.KBool) {
		c := ii.Value.I
		if c < 0 {
			f.errorf(e.Index.Pos(), "negative index")
		}
		return f.index(base, ir.NoReg, ir.Void, c, e.Pos())
	}
	iv := f.value(e.Index)
	ik, _ := scalarKind(iv.t)
	if ik == ir.Bool {
		iv.regs[0] = f.b.Conv(ir.U32, ir.Bool, iv.regs[0])
		ik = ir.U32
	}
	return f.index(base, iv.regs[0], ik, -1, e.Pos())
}

// scalar kinds of a value type's components (first component).
func (f *fn) kindOf(t *sema.Type) ir.Kind {
	s := t.Scalar()
	if s == nil {
		if k, ok := scalarKind(t); ok {
			return k
		}
		f.errorf(f.b.Pos, "no scalar kind for '%s'", t)
	}
	k, _ := scalarKind(s)
	return k
}

// reinterpretRegs is reinterpret_cast<T&> of an object held in registers
// (or a swizzle): T must be the object's own layout or a prefix of it with
// the same scalar kinds (`reinterpret_cast<thread float&>(v4)` is v4.x).
func (f *fn) reinterpretRegs(lv *lvalue, t *sema.Type, pos diag.Pos) *lvalue {
	from, ok1 := flatten(lv.t)
	to, ok2 := flatten(t)
	ok := ok1 && ok2 && len(to) <= len(from)
	for i := 0; ok && i < len(to); i++ {
		ok = to[i].kind == from[i].kind
	}
	if !ok {
		f.errorf(pos, "reinterpret_cast of a value in registers from '%s' to '%s' is not supported", lv.t, t)
		return lv
	}
	if lv.mem {
		return &lvalue{t: t, mem: true, addr: lv.addr, space: lv.space, swz: lv.swz[:len(to)], esz: lv.esz, ek: lv.ek, readOnly: lv.readOnly}
	}
	out := &lvalue{t: t, readOnly: lv.readOnly}
	for _, a := range lv.alts {
		out.alts = append(out.alts, alt{regs: a.regs[:len(to)], cond: a.cond})
	}
	return out
}
