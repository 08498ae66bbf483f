package lower

import (
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

var binOps = map[syntax.Kind]ir.Op{
	syntax.Add: ir.OpAdd, syntax.Sub: ir.OpSub, syntax.Star: ir.OpMul, syntax.Slash: ir.OpDiv,
	syntax.Percent: ir.OpRem, syntax.Shl: ir.OpShl, syntax.Shr: ir.OpShr, syntax.Amp: ir.OpAnd,
	syntax.Pipe: ir.OpOr, syntax.Caret: ir.OpXor, syntax.Eq: ir.OpEq, syntax.Ne: ir.OpNe,
	syntax.Lt: ir.OpLt, syntax.Le: ir.OpLe, syntax.Gt: ir.OpGt, syntax.Ge: ir.OpGe,
	syntax.AddAssign: ir.OpAdd, syntax.SubAssign: ir.OpSub, syntax.MulAssign: ir.OpMul,
	syntax.DivAssign: ir.OpDiv, syntax.RemAssign: ir.OpRem, syntax.AndAssign: ir.OpAnd,
	syntax.OrAssign: ir.OpOr, syntax.XorAssign: ir.OpXor, syntax.ShlAssign: ir.OpShl,
	syntax.ShrAssign: ir.OpShr,
}

// elementwise applies op to the components of a and b (a scalar operand is
// broadcast); k is the operand kind.
func (f *fn) elementwise(op ir.Op, k ir.Kind, a, b []ir.Reg) []ir.Reg {
	n := max(len(a), len(b))
	out := make([]ir.Reg, n)
	for i := range out {
		x, y := a[min(i, len(a)-1)], b[min(i, len(b)-1)]
		if op == ir.OpRem && k.IsFloat() {
			out[i] = f.fmod(k, x, y)
			continue
		}
		out[i] = f.b.Binary(op, k, x, y)
	}
	return out
}

// fmod is C fmod (OpRem on floats is fmod already).
func (f *fn) fmod(k ir.Kind, x, y ir.Reg) ir.Reg { return f.b.Binary(ir.OpRem, k, x, y) }

// withType returns t as a vector of n components of scalar s (s itself
// when n == 1).
func withWidth(s *sema.Type, n int) *sema.Type {
	if n == 1 {
		return s
	}
	return sema.Vec(s, n)
}

// arith computes a op b for values already converted to the operand type
// (shift counts are converted here). rt is the result type.
func (f *fn) arith(op ir.Op, a, b value, rt *sema.Type, pos diag.Pos) value {
	at, bt := valueType(a.t), valueType(b.t)
	if at.Kind == sema.KMatrix || bt.Kind == sema.KMatrix {
		return f.matrixOp(op, a, b, rt, pos)
	}
	if at.Kind == sema.KPointer || bt.Kind == sema.KPointer {
		return f.pointerOp(op, a, b, rt, pos)
	}
	if op == ir.OpShl || op == ir.OpShr {
		s := at.Scalar()
		b = f.convert(b, withWidth(s, bt.Width()), pos)
	}
	ot := at
	if bt.Width() > at.Width() {
		ot = bt
	}
	if at.Scalar() != bt.Scalar() {
		// Operands that sema left unconverted (e.g. bool arithmetic).
		s := sema.CommonScalar(at.Scalar(), bt.Scalar())
		if s == nil {
			f.errorf(pos, "incompatible operands '%s' and '%s'", a.t, b.t)
		}
		a = f.convert(a, withWidth(s, at.Width()), pos)
		b = f.convert(b, withWidth(s, bt.Width()), pos)
		ot = withWidth(s, max(at.Width(), bt.Width()))
	}
	k := f.kindOf(ot)
	if k == ir.Bool && !(op == ir.OpAnd || op == ir.OpOr || op == ir.OpXor || op.IsCompare()) {
		f.errorf(pos, "arithmetic on bool")
	}
	regs := f.elementwise(op, k, a.regs, b.regs)
	if op.IsCompare() {
		return value{t: withWidth(sema.Bool, len(regs)), regs: regs}
	}
	v := value{t: withWidth(ot.Scalar(), len(regs)), regs: regs}
	if rt != nil && !rt.IsBad() && ncomps(rt) == len(regs) {
		return f.convert(v, rt, pos)
	}
	return v
}

func (f *fn) pointerOp(op ir.Op, a, b value, rt *sema.Type, pos diag.Pos) value {
	at, bt := a.t, b.t
	switch {
	case op.IsCompare():
		x := f.convert(a, sema.ULong, pos)
		y := f.convert(b, sema.ULong, pos)
		return value{t: sema.Bool, regs: []ir.Reg{f.b.Binary(op, ir.U64, x.regs[0], y.regs[0])}}
	case op == ir.OpSub && at.Kind == sema.KPointer && bt.Kind == sema.KPointer:
		d := f.b.Binary(ir.OpSub, ir.U64, a.regs[0], b.regs[0])
		d = f.b.Bitcast(ir.I64, ir.U64, d)
		d = f.b.Binary(ir.OpDiv, ir.I64, d, f.b.Const(ir.I64, uint64(sema.Stride(at.Elem))))
		return value{t: sema.PtrDiffT, regs: []ir.Reg{d}}
	case op == ir.OpAdd || op == ir.OpSub:
		p, i := a, b
		if bt.Kind == sema.KPointer {
			p, i = b, a
		}
		ik := f.kindOf(i.t)
		off := f.b.Binary(ir.OpMul, ir.U64, f.toU64(i.regs[0], ik), f.b.ConstU64(uint64(sema.Stride(p.t.Elem))))
		return value{t: p.t, regs: []ir.Reg{f.b.Binary(op, ir.U64, p.regs[0], off)}}
	}
	f.errorf(pos, "unsupported pointer operation")
	return a
}

func (f *fn) binary(e *syntax.BinaryExpr) value {
	xi := f.x(e)
	if opFunc(xi) != nil {
		return f.load(f.operatorCall(xi.Func, e.X, []syntax.Expr{e.Y}, e.Pos()))
	}
	switch e.Op {
	case syntax.Comma:
		f.effect(e.X)
		return f.rvalue(e.Y)
	case syntax.AndAnd, syntax.OrOr:
		return f.logical(e, xi)
	}
	if e.Op.IsAssign() {
		return f.load(f.assign(e))
	}
	op, ok := binOps[e.Op]
	if !ok {
		f.errorf(e.OpPos, "unsupported operator %s", e.Op)
	}
	a := f.operand(e.X, e.Y)
	b := f.operand(e.Y, e.X)
	return f.arith(op, a, b, xi.Type, e.OpPos)
}

// operand evaluates the operand e of a binary operator whose other operand
// is other. An array operand beside an integer or a pointer decays to the
// address of its first element (sema types it as that pointer).
func (f *fn) operand(e, other syntax.Expr) value {
	xi := f.x(e)
	xt := xi.Type
	if xt == nil || xt.Kind != sema.KArray {
		return f.value(e)
	}
	if ot := valueType(f.x(other).Type); ot == nil || !(ot.IsInteger() || ot.Kind == sema.KEnum || ot.Kind == sema.KPointer || ot.Kind == sema.KArray) {
		return f.value(e)
	}
	lv := f.lval(e)
	if !lv.mem || lv.swz != nil {
		f.errorf(e.Pos(), "array does not live in memory")
		return value{t: xt}
	}
	space := xi.Space
	if space == sema.SpaceNone {
		space = sema.SpaceThread
	}
	return value{t: sema.PointerTo(xt.Elem, space, xi.Const, false), regs: []ir.Reg{lv.addr}}
}

func (f *fn) logical(e *syntax.BinaryExpr, xi *sema.ExprInfo) value {
	if xi.Type.Kind == sema.KVector {
		a := f.convert(f.value(e.X), xi.Type, e.Pos())
		b := f.convert(f.value(e.Y), xi.Type, e.Pos())
		op := ir.OpAnd
		if e.Op == syntax.OrOr {
			op = ir.OpOr
		}
		return value{t: xi.Type, regs: f.elementwise(op, ir.Bool, a.regs, b.regs)}
	}
	a := f.toBool(e.X)
	if budget := pureCondBudget; f.cheapPure(e.Y, &budget) {
		op := ir.OpAnd
		if e.Op == syntax.OrOr {
			op = ir.OpOr
		}
		return value{t: sema.Bool, regs: []ir.Reg{f.b.Binary(op, ir.Bool, a, f.toBool(e.Y))}}
	}
	res := f.b.Var(ir.Bool, "sc")
	f.b.Set(res, a)
	if e.Op == syntax.AndAnd {
		f.b.If(a)
	} else {
		f.b.If(f.b.Unary(ir.OpNot, ir.Bool, a))
	}
	f.b.Set(res, f.toBool(e.Y))
	f.b.EndIf()
	return value{t: sema.Bool, regs: []ir.Reg{res}}
}

// toBool evaluates a condition.
func (f *fn) toBool(e syntax.Expr) ir.Reg {
	v := f.value(e)
	if v.t.Kind == sema.KBool {
		return v.regs[0]
	}
	return f.convert(v, sema.Bool, e.Pos()).regs[0]
}

// opType is the type a compound assignment computes in.
func (f *fn) assign(e *syntax.BinaryExpr) *lvalue {
	lv := f.lval(e.X)
	if e.Op == syntax.Assign {
		v := f.valueAs(e.Y, lv.t)
		f.store(lv, v)
		return lv
	}
	op := binOps[e.Op]
	yi := f.x(e.Y)
	cur := f.load(lv)
	y := f.value(e.Y)
	lt := valueType(lv.t)
	var res value
	switch {
	case lt.Kind == sema.KMatrix || valueType(y.t).Kind == sema.KMatrix || lt.Kind == sema.KPointer:
		res = f.arith(op, cur, y, nil, e.OpPos)
	default:
		ot := y.t
		if yi.Conv != nil && yi.Conv.To != nil {
			ot = yi.Conv.To
		}
		ot = valueType(ot)
		if op == ir.OpShl || op == ir.OpShr {
			ot = withWidth(sema.Promote(lt.Scalar()), lt.Width())
		} else if lt.Width() > ot.Width() {
			ot = withWidth(ot.Scalar(), lt.Width())
		}
		a := f.convert(cur, ot, e.OpPos)
		if op != ir.OpShl && op != ir.OpShr {
			y = f.convert(y, ot, e.OpPos)
		}
		res = f.arith(op, a, y, nil, e.OpPos)
	}
	f.store(lv, f.convert(res, lv.t, e.OpPos))
	return lv
}

func (f *fn) unary(e *syntax.UnaryExpr) value {
	xi := f.x(e)
	if opFunc(xi) != nil {
		return f.load(f.operatorCall(xi.Func, e.X, nil, e.Pos()))
	}
	switch e.Op {
	case syntax.Add:
		return f.convert(f.value(e.X), xi.Type, e.Pos())
	case syntax.Sub:
		v := f.convert(f.value(e.X), xi.Type, e.Pos())
		k := f.kindOf(v.t)
		regs := make([]ir.Reg, len(v.regs))
		for i, r := range v.regs {
			regs[i] = f.b.Unary(ir.OpNeg, k, r)
		}
		return value{t: v.t, regs: regs}
	case syntax.Not:
		v := f.convert(f.value(e.X), xi.Type, e.Pos())
		regs := make([]ir.Reg, len(v.regs))
		for i, r := range v.regs {
			regs[i] = f.b.Unary(ir.OpNot, ir.Bool, r)
		}
		return value{t: v.t, regs: regs}
	case syntax.Tilde:
		v := f.convert(f.value(e.X), xi.Type, e.Pos())
		k := f.kindOf(v.t)
		regs := make([]ir.Reg, len(v.regs))
		for i, r := range v.regs {
			regs[i] = f.b.Unary(ir.OpNot, k, r)
		}
		return value{t: v.t, regs: regs}
	case syntax.Amp:
		if xx := f.x(e.X); xx.Func != nil && xx.Var == nil {
			return f.funcID(xx.Func, e.Pos())
		}
		lv := f.lval(e.X)
		if !lv.mem || lv.swz != nil {
			f.errorf(e.OpPos, "cannot take the address of this object")
		}
		return value{t: xi.Type, regs: []ir.Reg{lv.addr}}
	case syntax.Inc, syntax.Dec:
		return f.load(f.incDecLV(e.X, e.Op, e.OpPos))
	}
	return f.load(f.lval(e))
}

// incDecLV performs ++x / --x and returns x.
func (f *fn) incDecLV(x syntax.Expr, op syntax.Kind, pos diag.Pos) *lvalue {
	lv := f.lval(x)
	cur := f.load(lv)
	f.store(lv, f.step(cur, op, pos))
	return lv
}

// incDec performs x++ / x-- and returns the old value.
func (f *fn) incDec(x syntax.Expr, op syntax.Kind, post bool, pos diag.Pos) value {
	lv := f.lval(x)
	cur := f.load(lv)
	old := cur
	if !lv.mem {
		old = value{t: cur.t, regs: make([]ir.Reg, len(cur.regs))}
		for i, r := range cur.regs {
			t := f.b.Var(f.b.Fn.Regs[r].Kind, "old")
			f.b.Set(t, r)
			old.regs[i] = t
		}
	}
	f.store(lv, f.step(cur, op, pos))
	return old
}

func (f *fn) step(cur value, op syntax.Kind, pos diag.Pos) value {
	o := ir.OpAdd
	if op == syntax.Dec {
		o = ir.OpSub
	}
	t := valueType(cur.t)
	if t.Kind == sema.KPointer {
		return value{t: cur.t, regs: []ir.Reg{f.b.Binary(o, ir.U64, cur.regs[0], f.b.ConstU64(uint64(sema.Stride(t.Elem))))}}
	}
	k := f.kindOf(t)
	var one ir.Reg
	switch k {
	case ir.F32, ir.F16:
		one = f.b.ConstF32(1)
		if k == ir.F16 {
			one = f.b.Conv(ir.F16, ir.F32, one)
		}
	case ir.Bool:
		f.errorf(pos, "increment of bool")
	default:
		one = f.b.Const(k, 1)
	}
	regs := make([]ir.Reg, len(cur.regs))
	for i, r := range cur.regs {
		regs[i] = f.b.Binary(o, k, r, one)
	}
	return value{t: cur.t, regs: regs}
}

func (f *fn) cond(e *syntax.CondExpr) value {
	xi := f.x(e)
	c := f.toBool(e.Cond)
	cs, ok := flatten(xi.Type)
	if !ok {
		f.errorf(e.Pos(), "conditional of type '%s' is not supported", xi.Type)
	}
	if cheap(e.Then) && cheap(e.Else) {
		a := f.valueAs(e.Then, xi.Type)
		b := f.valueAs(e.Else, xi.Type)
		regs := make([]ir.Reg, len(cs))
		for i, cc := range cs {
			regs[i] = f.safeSelect(cc.kind, c, a.regs[i], b.regs[i])
		}
		return value{t: xi.Type, regs: regs}
	}
	vars := make([]ir.Reg, len(cs))
	for i, cc := range cs {
		vars[i] = f.b.Var(cc.kind, "cond")
	}
	f.b.If(c)
	a := f.valueAs(e.Then, xi.Type)
	for i := range vars {
		f.b.Set(vars[i], a.regs[i])
	}
	f.b.Else()
	b := f.valueAs(e.Else, xi.Type)
	for i := range vars {
		f.b.Set(vars[i], b.regs[i])
	}
	f.b.EndIf()
	return value{t: xi.Type, regs: vars}
}

// cheap reports whether evaluating e has no effects and cannot fault.
func cheap(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return cheap(e.X)
	case *syntax.BasicLit, *syntax.BoolLit, *syntax.NameExpr:
		return true
	case *syntax.UnaryExpr:
		return (e.Op == syntax.Sub || e.Op == syntax.Not || e.Op == syntax.Tilde) && cheap(e.X)
	case *syntax.MemberExpr:
		return !e.Arrow && cheap(e.X)
	}
	return false
}

func (f *fn) cast(e *syntax.CastExpr) value {
	xi := f.x(e)
	t := xi.Type
	if xt := f.x(e.X).Type; t.Kind == sema.KPointer && xt != nil && xt.Kind == sema.KArray {
		// reinterpret_cast<T*>(array): the address of its first element.
		lv := f.lval(e.X)
		if !lv.mem || lv.swz != nil {
			f.errorf(e.Pos(), "array does not live in memory")
		}
		return value{t: t, regs: []ir.Reg{lv.addr}}
	}
	v := f.value(e.X)
	if t.Kind == sema.KVoid {
		return value{t: t}
	}
	if t.Kind == sema.KPointer && v.t.Kind == sema.KPointer {
		return value{t: t, regs: v.regs}
	}
	return f.convert(v, t, e.Pos())
}

// effect evaluates e for its side effects.
func (f *fn) effect(e syntax.Expr) {
	save := f.b.Pos
	f.b.Pos = e.Pos()
	defer func() { f.b.Pos = save }()
	switch x := e.(type) {
	case *syntax.ParenExpr:
		f.effect(x.X)
		return
	case *syntax.BinaryExpr:
		xi := f.x(x)
		if opFunc(xi) == nil {
			if x.Op.IsAssign() {
				f.assign(x)
				return
			}
			if x.Op == syntax.Comma {
				f.effect(x.X)
				f.effect(x.Y)
				return
			}
		}
	case *syntax.UnaryExpr:
		if (x.Op == syntax.Inc || x.Op == syntax.Dec) && opFunc(f.x(x)) == nil {
			f.incDecLV(x.X, x.Op, x.OpPos)
			return
		}
	case *syntax.PostfixExpr:
		if opFunc(f.x(x)) == nil {
			f.incDecLV(x.X, x.Op, x.OpPos)
			return
		}
	case *syntax.CallExpr:
		f.call(x)
		return
	case *syntax.CastExpr:
		if f.x(x).Type.Kind == sema.KVoid {
			f.effect(x.X)
			return
		}
	}
	xi := f.x(e)
	if xi.Type != nil && (xi.Type.Kind == sema.KVoid || xi.Type.IsBad()) {
		f.rvalue(e)
		return
	}
	f.rvalue(e)
}

// opFunc returns the overloaded operator an expression calls, or nil.
func opFunc(xi *sema.ExprInfo) *sema.Func {
	if xi == nil || xi.Func == nil || !strings.HasPrefix(xi.Func.Name, "operator") {
		return nil
	}
	return xi.Func
}
