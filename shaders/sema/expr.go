package sema

import (
	"strconv"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// record stores a copy of x (taken from a slab, so that the many
// ExprInfos of a body cost few allocations) as the typing of e.
func (c *checker) record(e syntax.Expr, x *ExprInfo) *ExprInfo {
	if len(c.slab) == 0 {
		c.slab = make([]ExprInfo, 256)
	}
	p := &c.slab[0]
	c.slab = c.slab[1:]
	*p = *x
	if p.Type == nil {
		p.Type = Invalid
	}
	c.info.Exprs[e] = p
	if p.Var != nil {
		c.info.varUses = append(c.info.varUses, p.Var)
	}
	return p
}

func (c *checker) invalid(e syntax.Expr) *ExprInfo {
	return c.record(e, &ExprInfo{Type: Invalid})
}

func (c *checker) unknown(e syntax.Expr) *ExprInfo {
	return c.record(e, &ExprInfo{Type: Unknown})
}

// constEval checks e and returns its constant value. A non-constant
// expression is reported (unless it is already invalid).
func (c *checker) constEval(e syntax.Expr, s *Scope) (Value, bool) {
	saveScope := c.scope
	x := c.expr(e, s)
	c.scope = saveScope
	if x.Type.IsBad() {
		return Value{}, false
	}
	if x.Value == nil {
		if v := c.integralConstantValue(x.Type); v != nil {
			return *v, true
		}
		c.errorf(e.Pos(), "not-const", "expression is not a constant expression")
		return Value{}, false
	}
	return *x.Value, true
}

// integralConstantValue returns the value that an object of an
// integral_constant-like type converts to in a constant expression: an
// empty struct with a conversion function and a constant static member
// `value` (metal::integral_constant, MLX's Int<N>). Its conversion reads
// no state, so any such object, a function parameter included, is a
// constant expression (`f<i>()` for a parameter `auto i` of type Int<3>).
func (c *checker) integralConstantValue(t *Type) *Value {
	t = t.Unqualified()
	if t.Kind != KStruct || t.Struct == nil || t.Struct.Scope == nil {
		return nil
	}
	for _, f := range t.Struct.Fields {
		if !f.Static {
			return nil
		}
	}
	hasConv := false
	for _, sym := range t.Struct.Scope.Syms {
		for _, f := range sym.Funcs {
			if f.Decl != nil && f.Decl.Name.Last().Kind == syntax.NameConversion {
				hasConv = true
			}
		}
	}
	if !hasConv {
		return nil
	}
	sym := c.lookupIn(t.Struct.Scope, "value", nil)
	if sym == nil || sym.Kind != SymVar || sym.Var == nil || !sym.Var.Static {
		return nil
	}
	vi := c.varInfo(sym.Var)
	return vi.Value
}

// constInt evaluates an integral constant expression.
func (c *checker) constInt(e syntax.Expr, s *Scope) (int64, bool) {
	v, ok := c.constEval(e, s)
	if !ok {
		return 0, false
	}
	if !(v.Type.IsInteger() || v.Type.Kind == KBool || v.Type.Kind == KEnum) {
		c.errorf(e.Pos(), "not-int", "expression must have integral type, not '%s'", v.Type)
		return 0, false
	}
	return v.I, true
}

// expr checks an expression and records its ExprInfo.
func (c *checker) expr(e syntax.Expr, s *Scope) *ExprInfo {
	switch e := e.(type) {
	case nil:
		return &ExprInfo{Type: Invalid}
	case *syntax.BasicLit:
		return c.basicLit(e)
	case *syntax.BoolLit:
		v := BoolVal(e.Value)
		return c.record(e, &ExprInfo{Type: Bool, Value: &v})
	case *syntax.NullptrLit:
		return c.record(e, &ExprInfo{Type: Nullptr})
	case *syntax.ThisExpr:
		if c.fn == nil || c.fn.Method == nil {
			c.errorf(e.KwPos, "this", "invalid use of 'this' outside of a member function")
			return c.invalid(e)
		}
		st := c.methodType(c.fn.Method)
		return c.record(e, &ExprInfo{Type: PointerTo(st, c.thisSpace(), c.fn.ConstM, false)})
	case *syntax.ParenExpr:
		x := c.expr(e.X, s)
		cp := *x
		cp.Conv = nil
		return c.record(e, &cp)
	case *syntax.NameExpr:
		return c.nameExpr(e, s)
	case *syntax.UnaryExpr:
		return c.unary(e, s)
	case *syntax.PostfixExpr:
		x := c.expr(e.X, s)
		c.checkIncDec(x, e.OpPos, e.Op)
		return c.record(e, &ExprInfo{Type: x.Type})
	case *syntax.BinaryExpr:
		return c.binary(e, s)
	case *syntax.CondExpr:
		return c.condExpr(e, s)
	case *syntax.CallExpr:
		if hasPackExpansion(e.Args) {
			return c.callWithPacks(e, s)
		}
		c.sites = append(c.sites, e.Lparen)
		x := c.call(e, s)
		c.sites = c.sites[:len(c.sites)-1]
		return x
	case *syntax.PackElem:
		return c.packElem(e, s)
	case *syntax.PackExpansion:
		c.errorf(e.Ellipsis, "pack-expansion", "pack expansion is supported only in the arguments of a function call")
		return c.invalid(e)
	case *syntax.ConstructExpr:
		t := c.resolveType(e.Type, s)
		return c.construct(e, t, e.Args, e.Brace, e.Type.Pos(), s)
	case *syntax.IndexExpr:
		return c.index(e, s)
	case *syntax.MemberExpr:
		return c.member(e, s)
	case *syntax.CastExpr:
		return c.cast(e, s)
	case *syntax.SizeofExpr:
		if e.Pack {
			return c.sizeofPack(e, s)
		}
		var t *Type
		if e.Type != nil {
			t = c.resolveType(e.Type, s)
		} else {
			t = c.expr(e.X, s).Type
		}
		if t.IsBad() {
			return c.record(e, &ExprInfo{Type: t})
		}
		n := SizeOf(t)
		if e.Alignof {
			n = AlignOf(t)
		}
		v := IntVal(SizeT, int64(n))
		return c.record(e, &ExprInfo{Type: SizeT, Value: &v})
	case *syntax.InitListExpr:
		// Without a target type (e.g. a bare braced list as an argument).
		for _, el := range e.Elems {
			c.expr(el, s)
		}
		return c.unknown(e)
	case *syntax.DesignatedInit:
		c.expr(e.Value, s)
		return c.unknown(e)
	case *syntax.LambdaExpr:
		if c.conf.Version != 0 && c.conf.Version < 320 {
			c.errorf(e.Lbrack, "lambda", "lambda expressions require Metal 3.2 or later")
		}
		return c.lambda(e, s)
	case *syntax.TypeIDExpr:
		t := c.resolveType(e.Type, s)
		return c.record(e, &ExprInfo{Type: t, IsType: true})
	case *syntax.BadExpr:
		return c.invalid(e)
	}
	return c.invalid(e)
}

func (c *checker) methodType(st *Struct) *Type {
	if st.Scope != nil {
		if sym := st.Scope.lookupLocal(st.Name); sym != nil && sym.Kind == SymType {
			return sym.Type
		}
	}
	return Unknown
}

func (c *checker) basicLit(e *syntax.BasicLit) *ExprInfo {
	switch e.Kind {
	case syntax.StringLit:
		v := Value{Type: String, Str: e.Str}
		return c.record(e, &ExprInfo{Type: String, Value: &v})
	case syntax.CharLit:
		s := e.Value
		var r int64
		if uq, err := strconv.Unquote(s); err == nil && len(uq) > 0 {
			r = int64(uq[0])
		} else if len(s) >= 3 {
			r = int64(s[1])
		}
		v := IntVal(Char, r)
		return c.record(e, &ExprInfo{Type: Char, Value: &v})
	case syntax.FloatLit:
		s := strings.ToLower(e.Value)
		t := Float
		switch {
		case strings.HasSuffix(s, "bf"):
			t, s = BFloat, s[:len(s)-2]
		case strings.HasSuffix(s, "h"):
			t, s = Half, s[:len(s)-1]
		case strings.HasSuffix(s, "f") && !strings.HasPrefix(s, "0x"):
			s = s[:len(s)-1]
		case strings.HasPrefix(s, "0x") && strings.HasSuffix(s, "f") && strings.Contains(s, "p"):
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "l"):
			s = s[:len(s)-1]
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
				c.errorf(e.ValuePos, "bad-literal", "invalid floating literal '%s'", e.Value)
				return c.invalid(e)
			}
		}
		v := FloatVal(t, f)
		return c.record(e, &ExprInfo{Type: t, Value: &v})
	}
	// Integer literal.
	s := strings.ToLower(e.Value)
	s = strings.ReplaceAll(s, "'", "")
	unsigned, long := false, false
	for len(s) > 0 {
		ch := s[len(s)-1]
		if ch == 'u' {
			unsigned = true
		} else if ch == 'l' {
			long = true
		} else {
			break
		}
		s = s[:len(s)-1]
	}
	base := 10
	switch {
	case strings.HasPrefix(s, "0x"):
		base, s = 16, s[2:]
	case strings.HasPrefix(s, "0b"):
		base, s = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		c.errorf(e.ValuePos, "bad-literal", "invalid integer literal '%s'", e.Value)
		return c.invalid(e)
	}
	var t *Type
	switch {
	case unsigned && long:
		t = ULong
	case unsigned:
		t = UInt
		if u > 0xffffffff {
			t = ULong
		}
	case long:
		t = Long
		if u > 1<<63-1 {
			t = ULong
		}
	default:
		switch {
		case u <= 1<<31-1:
			t = Int
		case base != 10 && u <= 0xffffffff:
			t = UInt
		case u <= 1<<63-1:
			t = Long
		default:
			t = ULong
		}
	}
	v := IntVal(t, int64(u))
	return c.record(e, &ExprInfo{Type: t, Value: &v})
}

func (c *checker) nameExpr(e *syntax.NameExpr, s *Scope) *ExprInfo {
	sym := c.lookupQualified(e.Name, s, true)
	if sym == nil {
		return c.invalid(e)
	}
	switch sym.Kind {
	case SymVar:
		vi := c.varInfo(sym.Var)
		return c.record(e, &vi)
	case SymEnumConst, SymConst:
		v := *sym.Value
		return c.record(e, &ExprInfo{Type: v.Type, Value: &v})
	case SymType, SymBuiltinTmp, SymTemplate:
		if sym.Kind == SymTemplate && len(sym.Templs) > 0 {
			if _, isVar := sym.Templs[0].Decl.Decl.(*syntax.VarDecl); isVar {
				return c.varTemplateUse(e, sym.Templs[0], s)
			}
		}
		t := c.namedType(e.Name, s)
		return c.record(e, &ExprInfo{Type: t, IsType: true})
	case SymFunc:
		x := &ExprInfo{Type: Unknown}
		if len(sym.Funcs) == 1 {
			x.Func = sym.Funcs[0]
			f := sym.Funcs[0]
			ps := make([]*Type, len(f.Params))
			for i, p := range f.Params {
				ps[i] = p.Type
			}
			x.Type = FuncType(f.Result, ps)
		}
		return c.record(e, x)
	case SymBuiltinFn:
		return c.unknown(e)
	case SymNamespace:
		c.errorf(e.Pos(), "namespace-expr", "unexpected namespace name '%s': expected expression", e.Name.Plain())
		return c.invalid(e)
	}
	return c.invalid(e)
}

// varInfo describes a use of variable v.
func (c *checker) varInfo(v *Var) ExprInfo {
	x := ExprInfo{Type: v.Type, LValue: true, Const: v.Const, Space: v.Space, Var: v}
	if v.Type.Kind == KReference {
		x.Type, x.Space, x.Const = v.Type.Elem, v.Type.Space, v.Type.Const
	}
	of := c.objectFn()
	if v.Member && of != nil && of.ConstM {
		x.Const = true
	}
	if v.Member && !v.Static && of != nil && of.SpaceM != SpaceNone && !of.Ctor && v.Type.Kind != KReference {
		// (A constructor initializes its object whatever its space.)
		x.Space = of.SpaceM
		if x.Space == SpaceConstant {
			x.Const = true
		}
	}
	// A variable in the constant address space is read-only, so const:
	// initialized by a constant expression it is one itself, as in C++
	// (SPIRV-Cross sizes arrays with them: `constant int a = 100; struct A
	// { int m[a]; };`). Function constants are not.
	if v.Value != nil && (v.Const || v.Constexpr || v.Space == SpaceConstant) && v.FuncConst == nil {
		val := *v.Value
		x.Value = &val
	}
	if v.Space == SpaceConstant {
		x.Const = true
	}
	return x
}

func (c *checker) unary(e *syntax.UnaryExpr, s *Scope) *ExprInfo {
	x := c.expr(e.X, s)
	t := x.Type
	if t.IsBad() {
		return c.record(e, &ExprInfo{Type: t})
	}
	if vt := valueType(t); vt.Kind == KStruct && (e.Op == syntax.Add || e.Op == syntax.Sub || e.Op == syntax.Not || e.Op == syntax.Tilde) {
		// A user unary operator (`template <typename T> complex_t<T>
		// operator-(complex_t<T>)`), a member or a free function.
		if r := c.operatorCall(e, "operator"+e.Op.String(), x, nil, e.OpPos, s); r != nil {
			return r
		}
	}
	switch e.Op {
	case syntax.Add, syntax.Sub:
		vt := valueType(t)
		// (bool promotes to int: -b is 0 or -1, as in C++.)
		if vt.Kind == KMatrix || vt.Kind == KVector || vt.IsArithmetic() || vt.Kind == KBool || vt.Kind == KEnum && !vt.Enum.Scoped {
			rt := vt
			if vt.IsScalar() || vt.Kind == KEnum {
				rt = Promote(vt)
			}
			out := &ExprInfo{Type: rt}
			if x.Value != nil {
				if pv, ok := ConvertValue(*x.Value, rt); ok {
					op := OpNeg
					if e.Op == syntax.Add {
						op = OpPlus
					}
					if r, err := EvalUnary(op, pv); err == nil {
						out.Value = &r
					}
				}
			}
			return c.record(e, out)
		}
		c.errorf(e.OpPos, "bad-operand", "invalid argument type '%s' to unary expression", t)
		return c.invalid(e)
	case syntax.Not:
		vt := valueType(t)
		rt := Bool
		if vt.Kind == KVector {
			rt = Vec(Bool, vt.N)
		} else if vt.Kind == KStruct && vt.Struct != nil && conversionOperator(vt.Struct, Bool, true) != nil {
			// !obj: contextual conversion to bool through `operator bool()`.
			c.setConv(e.X, x, Bool, ConvOpts{Explicit: true})
		} else if !vt.IsScalar() && vt.Kind != KPointer && vt.Kind != KEnum {
			c.errorf(e.OpPos, "bad-operand", "invalid argument type '%s' to unary expression", t)
			return c.invalid(e)
		}
		out := &ExprInfo{Type: rt}
		if x.Value != nil {
			if r, err := EvalUnary(OpNot, *x.Value); err == nil {
				out.Value = &r
			}
		}
		return c.record(e, out)
	case syntax.Tilde:
		vt := valueType(t)
		if sc := vt.Scalar(); sc != nil && (sc.IsInteger() || sc.Kind == KBool) && vt.Kind != KMatrix {
			rt := vt
			if vt.IsScalar() || vt.Kind == KEnum {
				rt = Promote(vt)
			}
			out := &ExprInfo{Type: rt}
			if x.Value != nil {
				if pv, ok := ConvertValue(*x.Value, rt); ok {
					if r, err := EvalUnary(OpCompl, pv); err == nil {
						out.Value = &r
					}
				}
			}
			return c.record(e, out)
		}
		c.errorf(e.OpPos, "bad-operand", "invalid argument type '%s' to unary expression", t)
		return c.invalid(e)
	case syntax.Star:
		if t.Kind != KPointer {
			if t.Kind == KStruct {
				if r := c.operatorCall(e, "operator*", x, nil, e.OpPos, s); r != nil {
					return r
				}
			}
			c.errorf(e.OpPos, "deref", "indirection requires pointer operand ('%s' invalid)", t)
			return c.invalid(e)
		}
		if t.Elem.Kind == KVoid {
			c.errorf(e.OpPos, "deref", "indirection of a 'void' pointer")
			return c.invalid(e)
		}
		return c.record(e, &ExprInfo{Type: t.Elem, LValue: true, Const: t.Const, Space: t.Space})
	case syntax.Amp:
		if me, ok := unparen(e.X).(*syntax.MemberExpr); ok {
			if xi := c.info.Exprs[me]; xi != nil && xi.Swizzle != nil {
				c.errorf(e.OpPos, "addr-swizzle", "cannot take the address of a vector swizzle")
				return c.invalid(e)
			}
		}
		if t.Kind == KFunc {
			// &f: a function pointer (visible functions, §5.1.4).
			if x.Func != nil {
				c.noteCall(x.Func, e.X.Pos())
			}
			return c.record(e, &ExprInfo{Type: PointerTo(t, SpaceNone, false, false), Func: x.Func})
		}
		if !x.LValue {
			c.errorf(e.OpPos, "addr-rvalue", "cannot take the address of an rvalue of type '%s'", t)
			return c.invalid(e)
		}
		return c.record(e, &ExprInfo{Type: PointerTo(t, orThread(x.Space), x.Const, false)})
	case syntax.Inc, syntax.Dec:
		c.checkIncDec(x, e.OpPos, e.Op)
		return c.record(e, &ExprInfo{Type: t, LValue: true, Space: x.Space})
	}
	return c.invalid(e)
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// valueType maps packed vectors to their aligned vectors and pixel types
// to their ALU types (the types arithmetic sees).
func valueType(t *Type) *Type {
	switch t.Kind {
	case KPacked:
		return Vec(t.Elem, t.N)
	case KPixel:
		return t.Elem
	}
	return t
}

func (c *checker) checkIncDec(x *ExprInfo, pos diag.Pos, op syntax.Kind) {
	if x.Type.IsBad() {
		return
	}
	c.checkAssignable(x, pos)
	vt := valueType(x.Type)
	if !(vt.IsArithmetic() || vt.Kind == KVector || vt.Kind == KPointer) {
		c.errorf(pos, "bad-operand", "cannot %s value of type '%s'", map[syntax.Kind]string{syntax.Inc: "increment", syntax.Dec: "decrement"}[op], x.Type)
	}
}

// checkAssignable reports an error unless x designates a modifiable object.
func (c *checker) checkAssignable(x *ExprInfo, pos diag.Pos) bool {
	if x.Type.IsBad() {
		return false
	}
	switch {
	case !x.LValue:
		c.errorf(pos, "not-lvalue", "expression is not assignable")
		return false
	case x.Space == SpaceConstant:
		c.errorf(pos, "const-assign", "cannot assign to a value in the constant address space")
		return false
	case x.Const:
		c.errorf(pos, "const-assign", "cannot assign to a variable with const-qualified type '%s'", x.Type)
		return false
	case x.Swizzle != nil && hasDup(x.Swizzle):
		c.errorf(pos, "swizzle-dup", "vector is not assignable (contains duplicate components)")
		return false
	}
	if x.Space == SpaceDevice && c.fn != nil {
		c.fn.writesDevice = true
	}
	return true
}

func hasDup(idx []int) bool {
	var seen [4]bool
	for _, i := range idx {
		if seen[i&3] {
			return true
		}
		seen[i&3] = true
	}
	return false
}

var binOps = map[syntax.Kind]Op{
	syntax.Add: OpAdd, syntax.Sub: OpSub, syntax.Star: OpMul, syntax.Slash: OpDiv, syntax.Percent: OpRem,
	syntax.Shl: OpShl, syntax.Shr: OpShr, syntax.Amp: OpAnd, syntax.Pipe: OpOr, syntax.Caret: OpXor,
	syntax.AndAnd: OpLAnd, syntax.OrOr: OpLOr, syntax.Eq: OpEq, syntax.Ne: OpNe, syntax.Lt: OpLt,
	syntax.Le: OpLe, syntax.Gt: OpGt, syntax.Ge: OpGe,
	syntax.AddAssign: OpAdd, syntax.SubAssign: OpSub, syntax.MulAssign: OpMul, syntax.DivAssign: OpDiv,
	syntax.RemAssign: OpRem, syntax.AndAssign: OpAnd, syntax.OrAssign: OpOr, syntax.XorAssign: OpXor,
	syntax.ShlAssign: OpShl, syntax.ShrAssign: OpShr,
}

// setConv records the implicit conversion of operand x (node e) to t.
func (c *checker) setConv(e syntax.Expr, x *ExprInfo, t *Type, opts ConvOpts) bool {
	if x.Type.IsBad() || t.IsBad() {
		return true
	}
	if _, isList := e.(*syntax.InitListExpr); isList {
		return true
	}
	from := x.Type
	if x.Type == Nullptr || (x.Value != nil && x.Type.IsInteger() && x.Value.I == 0) {
		opts.NullPtrConst = true
	}
	cv := ImplicitConversion(from, t, opts)
	if cv.Rank == RankNone {
		op := c.templateConversion(from, t)
		if op == nil {
			return false
		}
		cv = Conversion{Kind: ConvUser, Rank: RankUser, From: from, To: t, Operator: op}
	}
	if cv.Rank != RankExact || cv.Kind != ConvNone {
		x.Conv = c.internConv(cv)
	}
	return true
}

// internConv returns the shared copy of cv: a body's conversions are few
// distinct values recorded many times (Conversions are never modified).
func (c *checker) internConv(cv Conversion) *Conversion {
	if p := c.convs[cv]; p != nil {
		return p
	}
	if c.convs == nil {
		c.convs = map[Conversion]*Conversion{}
	}
	p := &cv
	c.convs[cv] = p
	return p
}

func (c *checker) binary(e *syntax.BinaryExpr, s *Scope) *ExprInfo {
	if e.Op == syntax.Comma {
		c.expr(e.X, s)
		y := c.expr(e.Y, s)
		cp := *y
		cp.Conv = nil
		return c.record(e, &cp)
	}
	x := c.expr(e.X, s)
	if e.Op == syntax.Assign {
		if il, ok := e.Y.(*syntax.InitListExpr); ok {
			c.initList(il, x.Type, s)
			c.checkAssignable(x, e.OpPos)
			return c.record(e, &ExprInfo{Type: x.Type, LValue: true, Space: x.Space})
		}
	}
	y := c.expr(e.Y, s)
	if x.Type.IsBad() || y.Type.IsBad() {
		if e.Op.IsAssign() && !x.Type.IsBad() {
			c.checkAssignable(x, e.OpPos)
		}
		t := Invalid
		if x.Type.Kind == KUnknown || y.Type.Kind == KUnknown {
			t = Unknown
		}
		if e.Op.IsAssign() && !x.Type.IsBad() {
			t = x.Type
		}
		return c.record(e, &ExprInfo{Type: t})
	}
	if e.Op == syntax.Assign {
		if x.Type.Kind == KStruct {
			if r := c.operatorCall(e, "operator=", x, []*ExprInfo{y}, e.OpPos, s); r != nil {
				return r
			}
		}
		c.checkAssignable(x, e.OpPos)
		if !c.setConv(e.Y, y, x.Type, ConvOpts{}) {
			c.errorf(e.OpPos, "assign-type", "assigning to '%s' from incompatible type '%s'", x.Type, y.Type)
		}
		return c.record(e, &ExprInfo{Type: x.Type, LValue: true, Space: x.Space})
	}
	op, ok := binOps[e.Op]
	if !ok {
		c.errorf(e.OpPos, "bad-op", "operator '%s' is not supported", e.Op)
		return c.invalid(e)
	}
	if x.Type.Kind == KStruct || y.Type.Kind == KStruct || x.Type.Kind == KEnum || y.Type.Kind == KEnum {
		name := "operator" + e.Op.String()
		if r := c.operatorCall(e, name, x, []*ExprInfo{y}, e.OpPos, s); r != nil {
			return r
		}
		// The built-in operator on the operands' conversions to an
		// arithmetic type ([over.built]): `i < integral_constant<int, 4>{}`.
		if x2 := c.arithOperand(e.X, x); x2 != nil && !e.Op.IsAssign() {
			x = x2
		}
		if y2 := c.arithOperand(e.Y, y); y2 != nil {
			y = y2
		}
	}
	if op == OpAdd || op == OpSub || op.IsComparison() {
		// An array operand of pointer arithmetic or comparison decays to a
		// pointer to its first element, in the array's address space
		// (`tgp_vals + n` on a threadgroup array).
		x, y = c.decayOperand(x, y), c.decayOperand(y, x)
	}
	rt, operand := c.binaryType(op, x, y, e.OpPos)
	if rt == nil {
		return c.invalid(e)
	}
	if operand == nil {
		// matrix op scalar: the scalar converts to the element type.
		xt, yt := valueType(x.Type), valueType(y.Type)
		switch {
		case xt.Kind == KMatrix && yt.IsScalar():
			c.setConv(e.Y, y, xt.Elem, ConvOpts{Explicit: true})
		case yt.Kind == KMatrix && xt.IsScalar():
			c.setConv(e.X, x, yt.Elem, ConvOpts{Explicit: true})
		}
	}
	if e.Op.IsAssign() {
		c.checkAssignable(x, e.OpPos)
		if operand != nil && !operand.IsBad() {
			c.setConv(e.Y, y, operand, ConvOpts{Explicit: true})
		}
		return c.record(e, &ExprInfo{Type: x.Type, LValue: true, Space: x.Space})
	}
	out := &ExprInfo{Type: rt}
	if operand != nil {
		c.setConv(e.X, x, operand, ConvOpts{Explicit: true})
		if op != OpShl && op != OpShr {
			c.setConv(e.Y, y, operand, ConvOpts{Explicit: true})
		}
		if x.Value != nil && y.Value != nil {
			a, ok1 := ConvertValue(*x.Value, operand)
			bt := operand
			if op == OpShl || op == OpShr {
				bt = operand
			}
			b, ok2 := ConvertValue(*y.Value, bt)
			if ok1 && ok2 {
				if r, err := EvalBinary(op, a, b); err == nil {
					if r.Type.Kind != KVector && rt.Kind != KVector {
						if cr, ok := ConvertValue(r, rt); ok {
							r = cr
						}
					}
					out.Value = &r
				} else {
					c.errorf(e.OpPos, "const-eval", "%v", err)
				}
			}
		}
	}
	return c.record(e, out)
}

// decayOperand returns x with its array type decayed to a pointer when x is
// an array lvalue and other is an integer, an enum or a pointer operand;
// otherwise x itself.
func (c *checker) decayOperand(x, other *ExprInfo) *ExprInfo {
	if x.Type.Kind != KArray || !x.LValue {
		return x
	}
	ot := valueType(other.Type)
	if !(ot.IsInteger() || ot.Kind == KEnum || ot.Kind == KPointer || ot.Kind == KArray) {
		return x
	}
	d := *x
	d.Type = PointerTo(x.Type.Elem, orThread(x.Space), x.Const, false)
	d.LValue = false
	return &d
}

// decayConv records on x, an array lvalue, its conversion to a pointer
// to its first element and returns that pointer rvalue.
func (c *checker) decayConv(x *ExprInfo) *ExprInfo {
	pt := PointerTo(x.Type.Elem, orThread(x.Space), x.Const, false)
	x.Conv = &Conversion{Kind: ConvPointer, Rank: RankExact, From: x.Type, To: pt}
	return &ExprInfo{Type: pt}
}

// binaryType returns the result type of x op y and the type both operands
// convert to (nil when the operator handles its operands itself, e.g.
// pointer arithmetic or matrix products).
func (c *checker) binaryType(op Op, x, y *ExprInfo, pos diag.Pos) (*Type, *Type) {
	a, b := valueType(x.Type), valueType(y.Type)
	bad := func() (*Type, *Type) {
		c.errorf(pos, "bad-operands", "invalid operands to binary expression ('%s' and '%s')", x.Type, y.Type)
		return nil, nil
	}
	// simdgroup_matrix of one type: +, - and the matrix product * (the
	// operators of Apple's metal_simdgroup_matrix header; check-only).
	if a.Kind == KOpaque && a == b && a.Opaque != nil && a.Opaque.Name == "simdgroup_matrix" {
		if op == OpAdd || op == OpSub || op == OpMul {
			return a, nil
		}
		return bad()
	}
	// Enums: bit-flag enums (mem_flags) combine; unscoped enums promote.
	if a.Kind == KEnum && b.Kind == KEnum && a == b && (op == OpOr || op == OpAnd || op == OpXor) && a.Enum.QualName == "metal::mem_flags" {
		return a, a
	}
	if a.Kind == KEnum && a.Enum.Scoped || b.Kind == KEnum && b.Enum.Scoped {
		if a == b && (op.IsComparison()) {
			return Bool, a
		}
		return bad()
	}
	switch op {
	case OpLAnd, OpLOr:
		if a.Kind == KVector || b.Kind == KVector {
			ot := BinaryOperandType(a, b)
			if ot == nil {
				return bad()
			}
			return Vec(Bool, ot.N), Vec(Bool, ot.N)
		}
		if !isBoolish(a) || !isBoolish(b) {
			return bad()
		}
		return Bool, Bool
	}
	// Pointer arithmetic and comparison.
	if a.Kind == KPointer || b.Kind == KPointer || a.Kind == KNullptr || b.Kind == KNullptr {
		switch {
		case op.IsComparison() && (a.Kind == KPointer || a.Kind == KNullptr) && (b.Kind == KPointer || b.Kind == KNullptr || b.IsInteger()):
			return Bool, nil
		case op.IsComparison() && a.IsInteger() && b.Kind == KPointer:
			return Bool, nil
		case (op == OpAdd || op == OpSub) && a.Kind == KPointer && (b.IsInteger() || b.Kind == KEnum):
			return a, nil
		case op == OpAdd && (a.IsInteger() || a.Kind == KEnum) && b.Kind == KPointer:
			return b, nil
		case op == OpSub && a.Kind == KPointer && b.Kind == KPointer && a.Elem == b.Elem:
			return PtrDiffT, nil
		}
		return bad()
	}
	if a.Kind == KArray && op.IsComparison() {
		return bad()
	}
	if op == OpMul && (a.Kind == KMatrix || b.Kind == KMatrix) {
		if a.Kind == KMatrix && b.Kind == KMatrix || a.Kind == KVector || b.Kind == KVector {
			rt := MatrixMulType(a, b)
			if rt == nil {
				c.errorf(pos, "matrix-dims", "invalid operands to matrix multiplication ('%s' and '%s')", x.Type, y.Type)
				return nil, nil
			}
			return rt, nil
		}
	}
	if a.Kind == KMatrix || b.Kind == KMatrix {
		switch op {
		case OpAdd, OpSub:
			if a == b {
				return a, a
			}
		case OpMul, OpDiv:
			if a.Kind == KMatrix && b.IsScalar() {
				return a, nil
			}
			if b.Kind == KMatrix && a.IsScalar() && op == OpMul {
				return b, nil
			}
		case OpEq, OpNe:
			if a == b {
				return Bool, a
			}
		}
		return bad()
	}
	if op == OpShl || op == OpShr {
		if !isIntegerish(a) || !isIntegerish(b) {
			return bad()
		}
		if a.Kind == KVector && b.Kind == KVector && a.N != b.N {
			return bad()
		}
		rt := a
		if a.IsScalar() || a.Kind == KEnum {
			rt = Promote(a)
			if b.Kind == KVector {
				rt = Vec(rt, b.N)
			}
		}
		return rt, rt
	}
	ot := BinaryOperandType(a, b)
	if ot == nil {
		if a.Kind == KVector && b.Kind == KVector {
			c.errorf(pos, "vector-mismatch", "cannot convert between vector values of different types ('%s' and '%s')", x.Type, y.Type)
			return nil, nil
		}
		return bad()
	}
	sc := ot.Scalar()
	switch op {
	case OpRem:
		if sc.IsFloat() {
			return bad()
		}
	case OpAnd, OpOr, OpXor:
		if sc.IsFloat() {
			return bad()
		}
	}
	if op.IsComparison() {
		if ot.Kind == KVector {
			return Vec(Bool, ot.N), ot
		}
		return Bool, ot
	}
	if ot.Kind == KBool {
		if op == OpAnd || op == OpOr || op == OpXor {
			return Bool, Bool
		}
		return Int, Int
	}
	if ot.Kind == KVector && ot.Elem.Kind == KBool && !(op == OpAnd || op == OpOr || op == OpXor) {
		return bad()
	}
	return ot, ot
}

func isBoolish(t *Type) bool {
	return t.IsScalar() || t.Kind == KPointer || t.Kind == KEnum && !t.Enum.Scoped
}

func isIntegerish(t *Type) bool {
	s := t.Scalar()
	return s != nil && (s.IsInteger() || s.Kind == KBool) && t.Kind != KMatrix
}

func (c *checker) condExpr(e *syntax.CondExpr, s *Scope) *ExprInfo {
	cond := c.expr(e.Cond, s)
	a := c.expr(e.Then, s)
	b := c.expr(e.Else, s)
	if !cond.Type.IsBad() {
		ct := valueType(cond.Type)
		if ct.Kind == KVector {
			c.errorf(e.Question, "vector-cond", "the condition of '?:' must be a scalar (use select() for vectors), not '%s'", cond.Type)
		} else if !isBoolish(ct) {
			c.errorf(e.Cond.Pos(), "cond-type", "value of type '%s' is not contextually convertible to 'bool'", cond.Type)
		} else {
			c.setConv(e.Cond, cond, Bool, ConvOpts{Explicit: true})
		}
	}
	if a.Type.IsBad() || b.Type.IsBad() {
		t := Invalid
		if !a.Type.IsBad() {
			t = a.Type
		} else if !b.Type.IsBad() {
			t = b.Type
		} else if a.Type.Kind == KUnknown || b.Type.Kind == KUnknown {
			t = Unknown
		}
		return c.record(e, &ExprInfo{Type: t})
	}
	out := &ExprInfo{}
	if a.Type != b.Type {
		// An array beside a pointer or nullptr decays to a pointer to its
		// first element (`n == 0 ? nullptr : tgp_memory`).
		if a.Type.Kind == KArray && a.LValue && (b.Type.Kind == KPointer || b.Type.Kind == KNullptr) {
			a = c.decayConv(a)
		}
		if b.Type.Kind == KArray && b.LValue && (a.Type.Kind == KPointer || a.Type.Kind == KNullptr) {
			b = c.decayConv(b)
		}
	}
	switch {
	case a.Type == b.Type:
		out.Type = a.Type
		out.LValue = a.LValue && b.LValue && a.Space == b.Space
		out.Space = a.Space
		out.Const = a.Const || b.Const
	case a.Type.Kind == KPointer && (b.Type.Kind == KNullptr || b.Value != nil && b.Type.IsInteger()):
		out.Type = a.Type
		c.setConv(e.Else, b, a.Type, ConvOpts{})
	case b.Type.Kind == KPointer && (a.Type.Kind == KNullptr || a.Value != nil && a.Type.IsInteger()):
		out.Type = b.Type
		c.setConv(e.Then, a, b.Type, ConvOpts{})
	default:
		ot := BinaryOperandType(a.Type, b.Type)
		if ot == nil {
			if cv := ImplicitConversion(b.Type, a.Type, ConvOpts{}); cv.Rank != RankNone || c.templateConversion(b.Type, a.Type) != nil {
				ot = a.Type
			} else if cv := ImplicitConversion(a.Type, b.Type, ConvOpts{}); cv.Rank != RankNone || c.templateConversion(a.Type, b.Type) != nil {
				ot = b.Type
			}
		}
		if ot == nil {
			c.errorf(e.Colon, "cond-types", "incompatible operand types ('%s' and '%s')", a.Type, b.Type)
			return c.invalid(e)
		}
		out.Type = ot
		c.setConv(e.Then, a, ot, ConvOpts{})
		c.setConv(e.Else, b, ot, ConvOpts{})
	}
	if cond.Value != nil && a.Value != nil && b.Value != nil {
		pick := *b.Value
		if cond.Value.AsBool() {
			pick = *a.Value
		}
		if cv, ok := ConvertValue(pick, out.Type); ok {
			out.Value = &cv
		}
	}
	return c.record(e, out)
}

func (c *checker) index(e *syntax.IndexExpr, s *Scope) *ExprInfo {
	x := c.expr(e.X, s)
	i := c.expr(e.Index, s)
	t := x.Type
	if t.IsBad() {
		return c.record(e, &ExprInfo{Type: t})
	}
	if !i.Type.IsBad() && t.Kind != KStruct && t.Kind != KOpaque {
		it := valueType(i.Type)
		if it.Kind == KStruct && c.setConv(e.Index, i, Int, ConvOpts{}) {
			// An object that converts to an integer (`a[Int<2>{}]`).
			it = Int
		}
		if !(it.IsInteger() || it.Kind == KBool || it.Kind == KEnum && !it.Enum.Scoped) {
			c.errorf(e.Index.Pos(), "index-type", "array subscript is not an integer ('%s')", i.Type)
		}
	}
	checkRange := func(n int) {
		if i.Value != nil && n > 0 && (i.Value.I < 0 || i.Value.I >= int64(n)) {
			c.errorf(e.Index.Pos(), "index-range", "index %d is out of range for '%s' (%d elements)", i.Value.I, t, n)
		}
	}
	switch t.Kind {
	case KArray:
		if t.N == 1 && i.Value != nil && i.Value.I > 0 && (c.trailingMember(e.X) || x.Space == SpaceDevice) {
			// The one-element array idiom for runtime-sized data (`T data[1];`
			// as the last member, or a device buffer of T[1]) indexed past
			// its end: a warning in clang.
			if c.diags != nil {
				c.diags.Warnf(e.Index.Pos(), "index-range", "array index %d is past the end of the array (which contains 1 element)", i.Value.I)
			}
		} else {
			checkRange(t.N)
		}
		return c.record(e, &ExprInfo{Type: t.Elem, LValue: x.LValue, Const: x.Const, Space: x.Space})
	case KPointer:
		return c.record(e, &ExprInfo{Type: t.Elem, LValue: true, Const: t.Const, Space: t.Space})
	case KVector, KPacked:
		checkRange(t.N)
		out := &ExprInfo{Type: t.Elem, LValue: x.LValue, Const: x.Const, Space: x.Space}
		if x.Value != nil && i.Value != nil && i.Value.I >= 0 && int(i.Value.I) < len(x.Value.Elems) {
			v := x.Value.Elems[i.Value.I]
			out.Value = &v
		}
		return c.record(e, out)
	case KMatrix:
		checkRange(t.N)
		return c.record(e, &ExprInfo{Type: Vec(t.Elem, t.Rows), LValue: x.LValue, Const: x.Const, Space: x.Space})
	case KStruct:
		if r := c.operatorCall(e, "operator[]", x, []*ExprInfo{i}, e.Lbrack, s); r != nil {
			return r
		}
	case KOpaque:
		if t.Opaque.Name == "patch_control_point" && len(t.Opaque.Args) > 0 && t.Opaque.Args[0].Type != nil {
			return c.record(e, &ExprInfo{Type: t.Opaque.Args[0].Type, LValue: true, Const: true})
		}
		if t.Opaque.Name == "visible_function_table" && len(t.Opaque.Args) > 0 && t.Opaque.Args[0].Type != nil &&
			t.Opaque.Args[0].Type.Kind == KFunc {
			// table[i] is a function pointer; calling it yields the signature's result.
			return c.record(e, &ExprInfo{Type: t.Opaque.Args[0].Type})
		}
		return c.unknown(e)
	}
	c.errorf(e.Lbrack, "not-indexable", "subscripted value of type '%s' is not an array, pointer, or vector", t)
	return c.invalid(e)
}

// swizzleIndex maps a swizzle letter to its component and letter set.
func swizzleIndex(ch byte) (idx int, set int) {
	switch ch {
	case 'x':
		return 0, 1
	case 'y':
		return 1, 1
	case 'z':
		return 2, 1
	case 'w':
		return 3, 1
	case 'r':
		return 0, 2
	case 'g':
		return 1, 2
	case 'b':
		return 2, 2
	case 'a':
		return 3, 2
	}
	return -1, 0
}

func (c *checker) member(e *syntax.MemberExpr, s *Scope) *ExprInfo {
	x := c.expr(e.X, s)
	t := x.Type
	name := e.Name.Last().Name
	lv, cst, sp := x.LValue, x.Const, x.Space
	if e.Arrow {
		if t.IsBad() {
			return c.record(e, &ExprInfo{Type: t})
		}
		if t.Kind != KPointer {
			c.errorf(e.OpPos, "arrow", "member reference type '%s' is not a pointer", t)
			return c.invalid(e)
		}
		lv, cst, sp = true, t.Const, t.Space
		t = t.Elem
	}
	switch t.Kind {
	case KInvalid, KUnknown:
		return c.record(e, &ExprInfo{Type: t})
	case KMatrix:
		if name == "columns" && !e.Arrow {
			// m.columns[i]: the simd matrix layout host headers share; the
			// columns are the matrix's own (m.columns[i] is m[i]).
			return c.record(e, &ExprInfo{Type: t, LValue: lv, Const: cst, Space: sp})
		}
	case KStruct:
		if f := t.Struct.FieldByName(name); f != nil {
			if f.Type.Kind == KReference {
				// A reference member (`constant T& x [[id(0)]]` of an
				// argument buffer) designates its referent.
				return c.record(e, &ExprInfo{Type: f.Type.Elem, LValue: true, Const: f.Type.Const, Space: f.Type.Space, Field: f})
			}
			out := &ExprInfo{Type: f.Type, LValue: lv, Const: cst, Space: sp, Field: f}
			if x.Value != nil && x.Value.Type == t && !e.Arrow {
				// A member of a constant struct (constexpr evaluation).
				for i, g := range t.Struct.Fields {
					if g == f && i < len(x.Value.Elems) && x.Value.Elems[i].Type != nil {
						v := x.Value.Elems[i]
						out.Value = &v
					}
				}
			}
			return c.record(e, out)
		}
		if t.Struct.Scope != nil {
			if sym := c.lookupIn(t.Struct.Scope, name, nil); sym != nil && sym.Kind == SymVar && sym.Var.Static {
				vi := c.varInfo(sym.Var)
				return c.record(e, &vi)
			}
		}
		if c.hasMethod(t.Struct, name) {
			return c.unknown(e) // a method named without a call
		}
		c.errorf(e.Name.Pos(), "no-member", "no member named '%s' in '%s'", name, t)
		return c.invalid(e)
	case KVector, KPacked:
		n := len(name)
		if n < 1 || n > 4 {
			c.errorf(e.Name.Pos(), "swizzle", "illegal vector component name '%s'", name)
			return c.invalid(e)
		}
		idx := make([]int, n)
		set := 0
		for i := 0; i < n; i++ {
			k, st := swizzleIndex(name[i])
			if k < 0 {
				c.errorf(e.Name.Pos(), "swizzle", "illegal vector component name '%c'", name[i])
				return c.invalid(e)
			}
			if set != 0 && st != set {
				c.errorf(e.Name.Pos(), "swizzle-mix", "illegal vector component name '%s': cannot mix xyzw and rgba selectors", name)
				return c.invalid(e)
			}
			set = st
			if k >= t.N {
				c.errorf(e.Name.Pos(), "swizzle-range", "vector component access exceeds type '%s'", t)
				return c.invalid(e)
			}
			idx[i] = k
		}
		rt := Vec(t.Elem, n)
		out := &ExprInfo{Type: rt, LValue: lv, Const: cst, Space: sp, Swizzle: idx}
		if x.Value != nil && len(x.Value.Elems) == t.N {
			if n == 1 {
				v := x.Value.Elems[idx[0]]
				out.Value = &v
			} else {
				el := make([]Value, n)
				for i, k := range idx {
					el[i] = x.Value.Elems[k]
				}
				v := Value{Type: rt, Elems: el}
				out.Value = &v
			}
		}
		return c.record(e, out)
	case KOpaque:
		return c.unknown(e)
	case KTexture, KSampler:
		return c.unknown(e) // methods are typed at the call
	}
	c.errorf(e.OpPos, "member-base", "member reference base type '%s' is not a structure", t)
	return c.invalid(e)
}

func (c *checker) hasMethod(st *Struct, name string) bool {
	if len(st.Methods[name]) > 0 {
		return true
	}
	for _, b := range st.Bases {
		if b.Kind == KStruct && c.hasMethod(b.Struct, name) {
			return true
		}
	}
	return false
}

func (c *checker) cast(e *syntax.CastExpr, s *Scope) *ExprInfo {
	t := c.resolveType(e.Type, s)
	x := c.expr(e.X, s)
	if e.Kind == syntax.CastDynamic {
		c.errorf(e.StartPos, "dynamic-cast", "dynamic_cast is not supported in Metal")
		return c.invalid(e)
	}
	if t.IsBad() || x.Type.IsBad() {
		out := &ExprInfo{Type: t}
		if t.Kind == KReference {
			// (an operand of a type not modelled, such as thread_elements())
			out.Type, out.LValue, out.Space, out.Const = t.Elem, true, t.Space, t.Const
		}
		return c.record(e, out)
	}
	out := &ExprInfo{Type: t.Unqualified(), Construct: true}
	if t.Kind == KReference {
		out.LValue, out.Space, out.Const = true, t.Space, t.Const
	}
	from := x.Type
	if from.Kind == KPointer && t.Kind == KPointer && from.Space != t.Space {
		c.errorf(e.StartPos, "cast-space", "cannot cast from '%s' to '%s': pointers in different address spaces", from, t)
		return c.invalid(e)
	}
	if e.Kind == syntax.CastReinterpret && t.Kind == KReference {
		// reinterpret_cast<T&>(x) is *reinterpret_cast<T*>(&x): x must be
		// an lvalue, in the reference's address space.
		if !x.LValue {
			c.errorf(e.StartPos, "bad-cast", "reinterpret_cast from rvalue of type '%s' to reference type '%s'", from, t)
			return c.invalid(e)
		}
		if t.Space != SpaceNone && orThread(x.Space) != t.Space {
			c.errorf(e.StartPos, "cast-space", "reinterpret_cast from '%s' in the %s address space to '%s'", from, orThread(x.Space), t)
			return c.invalid(e)
		}
		if t.Space == SpaceNone {
			out.Space = x.Space
		}
		return c.record(e, out)
	}
	if e.Kind == syntax.CastReinterpret && from.Kind == KArray && t.Kind == KPointer && x.LValue {
		// The array operand decays to a pointer to its first element.
		if orThread(x.Space) != orThread(t.Space) {
			c.errorf(e.StartPos, "cast-space", "reinterpret_cast from '%s' in the %s address space to '%s'", from, orThread(x.Space), t)
			return c.invalid(e)
		}
		return c.record(e, out)
	}
	if e.Kind == syntax.CastReinterpret {
		if !(from.Kind == KPointer || from.IsInteger()) || !(t.Kind == KPointer || t.IsInteger() || t.Kind == KReference) {
			c.errorf(e.StartPos, "bad-cast", "reinterpret_cast from '%s' to '%s' is not allowed", from, t)
			return c.invalid(e)
		}
		return c.record(e, out)
	}
	if t.Kind == KVoid {
		return c.record(e, out)
	}
	if t.Kind == KReference || t.Kind == KStruct {
		return c.record(e, out)
	}
	cv := ImplicitConversion(from, t, ConvOpts{Explicit: true, NullPtrConst: x.Value != nil && x.Value.I == 0})
	if cv.Rank == RankNone {
		c.errorf(e.StartPos, "bad-cast", "cannot cast from type '%s' to '%s'", from, t)
		return c.invalid(e)
	}
	if cv.Kind != ConvNone {
		x.Conv = c.internConv(cv)
	}
	if x.Value != nil {
		if v, ok := ConvertValue(*x.Value, t); ok {
			out.Value = &v
		}
	}
	return c.record(e, out)
}

// lambda checks a lambda expression (Metal 3.2) as a function whose body
// sees the enclosing scope (captured variables resolve to the enclosing
// function's Vars). The expression has a function type; ExprInfo.Func is
// the lambda's own *Func, whose Info holds the body's typing.
func (c *checker) lambda(e *syntax.LambdaExpr, s *Scope) *ExprInfo {
	fd := &syntax.FuncDecl{StartPos: e.Lbrack, Name: &syntax.Name{Segs: []*syntax.NameSegment{{NamePos: e.Lbrack, Name: "(lambda)"}}},
		Params: e.Params, Result: e.Result, Body: e.Body}
	if fd.Result == nil {
		fd.Result = &syntax.BuiltinType{TypePos: e.Lbrack, EndPos: e.Lbrack, Name: "auto"}
	}
	saveTypes := c.info
	f := c.funcSig(fd, s, nil)
	c.info = saveTypes
	f.QualName = "(lambda)"
	if c.fn != nil {
		f.Kind = FuncPlain
	}
	f.outer = c.fn
	if isGenericLambda(f) {
		return c.record(e, &ExprInfo{Type: c.genericLambdaType(fd, s, f)})
	}
	c.checkBody(f)
	ps := make([]*Type, len(f.Params))
	for i, p := range f.Params {
		ps[i] = p.Type
	}
	return c.record(e, &ExprInfo{Type: FuncType(f.Result, ps), Func: f})
}

// trailingMember reports whether x names the last data member of a struct
// (s.a, p->a, or an implicit this->a inside a method).
func (c *checker) trailingMember(x syntax.Expr) bool {
	var st *Struct
	var name string
	switch m := unparenExpr(x).(type) {
	case *syntax.MemberExpr:
		bt := c.info.Exprs[m.X]
		if bt == nil {
			return false
		}
		t := bt.Type
		if m.Arrow && t.Kind == KPointer {
			t = t.Elem
		}
		if t.Kind != KStruct {
			return false
		}
		st, name = t.Struct, m.Name.Last().Name
	case *syntax.NameExpr:
		if c.fn == nil || c.fn.Method == nil || m.Name.Qualified() {
			return false
		}
		st, name = c.fn.Method, m.Name.Last().Name
	default:
		return false
	}
	for i := len(st.Fields) - 1; i >= 0; i-- {
		if !st.Fields[i].Static {
			return st.Fields[i].Name == name
		}
	}
	return false
}

func unparenExpr(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// varTemplateUse checks a use of variable template t (`is_x<float>`).
func (c *checker) varTemplateUse(e *syntax.NameExpr, t *Template, s *Scope) *ExprInfo {
	last := e.Name.Last()
	if last.Template == nil {
		c.errorf(last.NamePos, "template-args", "use of variable template '%s' requires template arguments", last.Name)
		return c.invalid(e)
	}
	args := c.templArgs(last.Template, s)
	for _, a := range args {
		if a.Type != nil && a.Type.IsBad() {
			return c.record(e, &ExprInfo{Type: a.Type})
		}
	}
	v := c.varTemplate(t, args, e)
	if v == nil {
		return c.invalid(e)
	}
	vi := c.varInfo(v)
	return c.record(e, &vi)
}

// templateConversion instantiates a conversion function template of struct
// type from (`template <typename T> operator T()`, as naga's
// DefaultConstructible has) for target type to, or returns nil.
func (c *checker) templateConversion(from, to *Type) *Func {
	if from == nil || from.Kind != KStruct || from.Struct == nil || from.Struct.Scope == nil || to.Kind == KStruct && to == from {
		return nil
	}
	sym := from.Struct.Scope.lookupLocal("operator")
	if sym == nil {
		return nil
	}
	for _, t := range sym.Templs {
		fd, ok := t.Decl.Decl.(*syntax.FuncDecl)
		if !ok || fd.Name.Last().Kind != syntax.NameConversion || len(t.Params) == 0 || len(fd.Params) != 0 || !defaultedAfterFirst(t.Params) {
			continue
		}
		ct, ok := fd.Name.Last().ConvType.(*syntax.NamedType)
		if !ok || ct.Name.Qualified() || t.Params[0].Name == nil || ct.Name.Last().Name != t.Params[0].Name.Name {
			continue // only operator T() itself
		}
		// Substitution failure (an enable_if default) only drops the
		// candidate: its diagnostics are not the program's.
		saved := c.diags
		c.diags = nil
		f := c.instantiateFuncSig(t, []TemplArg{{Type: to.Unqualified()}}, fd)
		c.diags = saved
		if f != nil && !signatureFailed(f) {
			c.ensureBody(f)
			return f
		}
	}
	return nil
}

// defaultedAfterFirst reports whether every template parameter after the
// first has a default (`template <typename U, typename = enable_if_t<…>>
// operator U()`), so that the conversion type alone instantiates it.
func defaultedAfterFirst(ps []*syntax.TemplateParam) bool {
	for _, p := range ps[1:] {
		if p.Default == nil {
			return false
		}
	}
	return true
}

// arithOperand converts a struct operand of a built-in operator through
// its one conversion function to a scalar or vector type, recording the
// conversion on x, and returns the converted operand (nil when there is
// no such single conversion).
func (c *checker) arithOperand(e syntax.Expr, x *ExprInfo) *ExprInfo {
	if x.Type.Kind != KStruct || x.Type.Struct == nil {
		return nil
	}
	var to *Type
	for _, g := range x.Type.Struct.Methods["operator"] {
		if g.Decl == nil || g.Decl.Name.Last().Kind != syntax.NameConversion || g.Explicit || g.Result == nil ||
			x.Const && !g.ConstM || !objectSpaceOK(g, x) {
			continue
		}
		r := g.Result.Unqualified()
		if !(r.IsScalar() || r.Kind == KVector) {
			continue
		}
		if to != nil && to != r {
			return nil // several candidates: left to overload resolution's error
		}
		to = r
	}
	if to == nil {
		return nil
	}
	if !c.setConv(e, x, to, ConvOpts{}) {
		return nil
	}
	return &ExprInfo{Type: to}
}
