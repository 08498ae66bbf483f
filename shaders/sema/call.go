package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
	"strings"
)

func (c *checker) args(args []syntax.Expr, s *Scope) ([]*ExprInfo, []Arg, bool) {
	xs := make([]*ExprInfo, len(args))
	as := make([]Arg, len(args))
	bad := false
	for i, a := range args {
		xs[i] = c.expr(a, s)
		as[i] = Arg{Type: xs[i].Type, LValue: xs[i].LValue, Const: xs[i].Const, Space: xs[i].Space,
			Null: xs[i].Type == Nullptr || xs[i].Value != nil && xs[i].Type.IsInteger() && xs[i].Value.I == 0}
		if xs[i].Type.IsBad() {
			bad = true
		}
	}
	return xs, as, bad
}

// applyMatch records the argument conversions of a resolved call.
func (c *checker) applyMatch(args []syntax.Expr, xs []*ExprInfo, m *Match) {
	for i := range xs {
		if i < len(m.Convs) {
			cv := m.Convs[i]
			if cv.Rank != RankExact || cv.Kind != ConvNone {
				xs[i].Conv = c.internConv(cv)
			}
		}
	}
}

func (c *checker) call(e *syntax.CallExpr, s *Scope) *ExprInfo {
	switch fun := e.Fun.(type) {
	case *syntax.NameExpr:
		return c.callName(e, fun, s)
	case *syntax.MemberExpr:
		return c.callMember(e, fun, s)
	case *syntax.ParenExpr:
		if ne, ok := unparen(fun).(*syntax.NameExpr); ok {
			return c.callName(e, ne, s)
		}
	}
	f := c.expr(e.Fun, s)
	if f.Type.Kind == KStruct && f.Type.Struct != nil {
		// Op()(a, b), S{}(x): the operator() of a temporary.
		return c.functorCall(e, f, f.Type, s)
	}
	xs, _, _ := c.args(e.Args, s)
	if f.Type.IsBad() {
		return c.record(e, &ExprInfo{Type: f.Type})
	}
	if f.Type.Kind == KFunc && f.Type.Func.Generic != nil {
		return c.genericLambdaCall(e, f.Type.Func.Generic, xs)
	}
	if f.Type.Kind == KFunc {
		return c.record(e, &ExprInfo{Type: f.Type.Func.Result})
	}
	if f.Type.Kind == KPointer && f.Type.Elem.Kind == KFunc {
		return c.record(e, &ExprInfo{Type: f.Type.Elem.Func.Result})
	}
	return c.unknown(e)
}

func (c *checker) callName(e *syntax.CallExpr, fun *syntax.NameExpr, s *Scope) *ExprInfo {
	last := fun.Name.Last()
	if !fun.Name.Qualified() && last.Template == nil && syntax.TypeTraitIntrinsics[last.Name] {
		return c.typeTrait(e, last.Name, s)
	}
	sym := c.lookupQualified(fun.Name, s, false)
	if sym == nil && metalInternal(e, fun) {
		sym = c.lookupQualified(fun.Name, s, false)
	}
	if sym == nil && last.Name == "declval" && last.Template != nil && len(last.Template.Args) == 1 {
		return c.declval(e, last, s)
	}
	if sym == nil {
		c.args(e.Args, s)
		if !fun.Name.Qualified() {
			c.errorf(fun.Pos(), "undeclared", "use of undeclared identifier '%s'", last.Name)
		} else {
			c.lookupQualified(fun.Name, s, true)
		}
		c.invalid(fun)
		return c.invalid(e)
	}
	switch sym.Kind {
	case SymType, SymBuiltinTmp:
		t := c.namedType(fun.Name, s)
		c.record(fun, &ExprInfo{Type: t, IsType: true})
		return c.construct(e, t, e.Args, false, fun.Pos(), s)
	case SymTemplate:
		if len(sym.Templs) > 0 {
			if _, isStruct := sym.Templs[0].Decl.Decl.(*syntax.StructDecl); isStruct || isAlias(sym.Templs[0]) {
				t := c.namedType(fun.Name, s)
				c.record(fun, &ExprInfo{Type: t, IsType: true})
				return c.construct(e, t, e.Args, false, fun.Pos(), s)
			}
		}
		return c.callFuncs(e, fun, sym, s)
	case SymFunc:
		return c.callFuncs(e, fun, sym, s)
	case SymBuiltinFn:
		return c.callBuiltin(e, fun, sym.builtinNS, last, s)
	case SymVar:
		x := c.expr(fun, s)
		if x.Type.Kind == KStruct && x.Type.Struct != nil {
			return c.functorCall(e, x, x.Type, s)
		}
		xs, _, _ := c.args(e.Args, s)
		t := x.Type
		if t.Kind == KPointer {
			t = t.Elem
		}
		if t.Kind == KFunc && t.Func.Generic != nil {
			return c.genericLambdaCall(e, t.Func.Generic, xs)
		}
		if t.Kind == KFunc {
			return c.record(e, &ExprInfo{Type: t.Func.Result})
		}
		if t.Kind == KStruct {
			if r := c.operatorCall(e, "operator()", x, nil, e.Lparen, s); r != nil {
				return r
			}
		}
		if t.IsBad() || t.Kind == KOpaque {
			return c.record(e, &ExprInfo{Type: Unknown})
		}
		c.errorf(fun.Pos(), "not-callable", "called object type '%s' is not a function", x.Type)
		return c.invalid(e)
	}
	c.args(e.Args, s)
	c.errorf(fun.Pos(), "not-callable", "'%s' is not a function", fun.Name.Plain())
	return c.invalid(e)
}

func isAlias(t *Template) bool {
	_, ok := t.Decl.Decl.(*syntax.AliasDecl)
	return ok
}

// callFuncs resolves a call to user functions (and function templates, and
// same-named built-ins).
func (c *checker) callFuncs(e *syntax.CallExpr, fun *syntax.NameExpr, sym *Symbol, s *Scope) *ExprInfo {
	xs, as, bad := c.args(e.Args, s)
	last := fun.Name.Last()
	var explicit []TemplArg
	if last.Template != nil {
		explicit = c.templArgs(last.Template, s)
	}
	var cands []*Match
	for _, f := range sym.Funcs {
		if explicit != nil {
			continue
		}
		cands = append(cands, c.matchFunc(f, as))
	}
	argTypes := make([]*Type, len(as))
	for i, a := range as {
		argTypes[i] = a.Type
	}
	cands = append(cands, c.funcTemplateCands(sym.Templs, explicit, as, fun)...)
	if !fun.Name.Qualified() && IsBuiltinFunc(last.Name) {
		// `using namespace metal`: user overloads added to namespace metal
		// (MLX's bfloat simd_shuffle) join those found in an outer scope.
		if ms := c.metal.lookupLocal(last.Name); ms != nil && ms != sym && ms.Kind == SymFunc && explicit == nil {
			for _, f := range ms.Funcs {
				cands = append(cands, c.matchFunc(f, as))
			}
		}
	}
	if ns := builtinQualifier(fun.Name); ns != "" && IsBuiltinFunc(last.Name) {
		// User overloads added to namespace metal (`namespace metal {
		// bfloat abs(bfloat); }`) join the built-in ones.
		for _, b := range c.builtinsFor(ns, last.Name) {
			cands = append(cands, MatchBuiltin(b, as))
		}
	}
	if bad {
		// Pick a plausible result type without reporting.
		for _, m := range cands {
			if m != nil {
				if m.Func != nil {
					c.ensureBody(m.Func)
				}
				return c.finishCall(e, fun, xs, m)
			}
		}
		for _, f := range sym.Funcs {
			return c.record(e, &ExprInfo{Type: f.Result, Func: f})
		}
		return c.record(e, &ExprInfo{Type: Invalid})
	}
	var best *Match
	var amb []*Match
	if of := c.objectFn(); of != nil && of.Method != nil && !of.Static {
		// A member called on the implicit object: for a non-const method
		// the non-const overload binds better ([over.match.funcs]).
		if of.ConstM {
			// In a const method the non-const methods are not viable.
			kept := cands[:0:0]
			for _, m := range cands {
				if m == nil || m.Func == nil || m.Func.Method == nil || m.Func.Static || m.Func.ConstM {
					kept = append(kept, m)
				}
			}
			cands = kept
		}
		best, amb = resolveMethod(cands, &ExprInfo{Const: of.ConstM, LValue: true, Space: c.thisSpace()})
	} else {
		best, amb = Resolve(cands)
	}
	if best == nil && amb != nil {
		best = tieBreak(cands)
	}
	if best != nil && best.Func != nil {
		c.ensureBody(best.Func)
	}
	if best == nil {
		if amb != nil {
			c.errorf(fun.Pos(), "ambiguous-call", "call to '%s' is ambiguous", last.Name)
		} else {
			c.errorf(fun.Pos(), "no-match", "no matching function for call to '%s' with arguments (%s)", last.Name, fmtTypes(argTypes))
		}
		return c.invalid(e)
	}
	return c.finishCall(e, fun, xs, best)
}

func (c *checker) finishCall(e *syntax.CallExpr, fun *syntax.NameExpr, xs []*ExprInfo, m *Match) *ExprInfo {
	c.applyMatch(e.Args, xs, m)
	out := &ExprInfo{Type: m.Result, Func: m.Func, Builtin: m.Builtin}
	if m.Result != nil && m.Result.Kind == KReference {
		out.Type, out.LValue, out.Space, out.Const = m.Result.Elem, true, m.Result.Space, m.Result.Const
	}
	if m.Func != nil {
		c.info.Exprs[fun] = &ExprInfo{Type: Unknown, Func: m.Func}
		c.noteCall(m.Func, fun.Pos())
	}
	if m.Builtin != nil {
		c.checkBuiltinUse(m.Builtin, fun.Pos())
	}
	if m.Func != nil && m.Func.Decl != nil && m.Func.Decl.Specs.Has(syntax.SpecConstexpr) {
		out.Value = c.evalConstexprCall(m.Func, xs)
	}
	return c.record(e, out)
}

func (c *checker) noteCall(f *Func, pos diag.Pos) {
	f.used = true
	if f.deferred != nil {
		ds := f.deferred
		f.deferred = nil
		for _, d := range ds {
			f.deferredTo.Add(d)
		}
	}
	if c.fn != nil {
		c.fn.callSites = append(c.fn.callSites, callSite{callee: f, pos: pos})
		for _, g := range c.fn.Calls {
			if g == f {
				return
			}
		}
		c.fn.Calls = append(c.fn.Calls, f)
	}
}

// builtinsFor returns the overloads of a metal function, choosing the
// fast or precise variant of math functions per Config.FastMath.
func (c *checker) builtinsFor(ns, name string) []*Builtin {
	if ns == "metal" {
		alt := "metal::precise"
		if c.conf.FastMath {
			alt = "metal::fast"
		}
		if bs := Builtins(alt, name); len(bs) > 0 {
			// The variant sets cover only float/half forms; integer forms
			// (abs, min, max, clamp) stay in metal.
			out := append([]*Builtin{}, bs...)
			for _, b := range Builtins("metal", name) {
				if b.Group == "integer" || b.Group == "relational" {
					out = append(out, b)
				}
			}
			return out
		}
	}
	return Builtins(ns, name)
}

func (c *checker) checkBuiltinUse(b *Builtin, pos diag.Pos) {
	if c.fn == nil {
		return
	}
	k := c.fn.Kind
	if b.Fragment && c.fn.fragOnly == "" {
		c.fn.fragOnly = b.Name
	}
	if b.Fragment && k.IsEntry() && k != FuncFragment {
		c.errorf(pos, "fragment-only", "'%s' can only be used in fragment functions", b.Name)
	}
	if b.Group == "sync" && b.Name != "atomic_thread_fence" && k == FuncIntersection {
		c.errorf(pos, "barrier-intersection", "'%s' is not supported in intersection functions", b.Name)
	}
}

func (c *checker) callBuiltin(e *syntax.CallExpr, fun *syntax.NameExpr, ns string, last *syntax.NameSegment, s *Scope) *ExprInfo {
	name := last.Name
	if specialBuiltins[name] {
		return c.callSpecial(e, fun, name, last, s)
	}
	xs, as, bad := c.args(e.Args, s)
	if atomicNames[name] {
		return c.callAtomic(e, fun, name, xs, as, bad)
	}
	var cands []*Match
	bs := c.builtinsFor(ns, name)
	for _, b := range bs {
		cands = append(cands, MatchBuiltin(b, as))
	}
	if bad {
		for _, m := range cands {
			if m != nil {
				return c.record(e, &ExprInfo{Type: m.Result, Builtin: m.Builtin})
			}
		}
		if len(bs) > 0 && bs[0].Results.gen == 0 && bs[0].Results.concrete != nil {
			return c.record(e, &ExprInfo{Type: bs[0].Results.concrete, Builtin: bs[0]})
		}
		return c.record(e, &ExprInfo{Type: Invalid})
	}
	best, _ := Resolve(cands)
	if best == nil {
		ts := make([]*Type, len(as))
		for i, a := range as {
			ts[i] = a.Type
		}
		c.errorf(fun.Pos(), "no-match", "no matching function for call to '%s' with arguments (%s)", name, fmtTypes(ts))
		return c.invalid(e)
	}
	c.applyMatch(e.Args, xs, best)
	c.checkBuiltinUse(best.Builtin, fun.Pos())
	out := &ExprInfo{Type: best.Result, Builtin: best.Builtin}
	return c.record(e, out)
}

// callAtomic checks atomic_*_explicit(obj, ...): obj must point to an
// atomic type in device or threadgroup memory.
func (c *checker) callAtomic(e *syntax.CallExpr, fun *syntax.NameExpr, name string, xs []*ExprInfo, as []Arg, bad bool) *ExprInfo {
	b := Builtins("metal", name)[0]
	if bad {
		return c.record(e, &ExprInfo{Type: Unknown, Builtin: b})
	}
	want := map[string]int{"atomic_store_explicit": 3, "atomic_load_explicit": 2, "atomic_exchange_explicit": 3,
		"atomic_compare_exchange_weak_explicit": 5}[name]
	if want == 0 {
		want = 3
	}
	if len(as) != want {
		c.errorf(fun.Pos(), "no-match", "'%s' takes %d arguments, %d given", name, want, len(as))
		return c.invalid(e)
	}
	pt := as[0].Type
	if pt.Kind != KPointer || pt.Elem.Kind != KAtomic {
		c.errorf(e.Args[0].Pos(), "atomic-arg", "first argument of '%s' must be a pointer to an atomic type, not '%s'", name, pt)
		return c.invalid(e)
	}
	if pt.Space != SpaceDevice && pt.Space != SpaceThreadgroup {
		c.errorf(e.Args[0].Pos(), "atomic-space", "atomic operations require device or threadgroup memory, not '%s'", pt.Space)
		return c.invalid(e)
	}
	val := pt.Elem.Elem
	if name != "atomic_load_explicit" && name != "atomic_store_explicit" && name != "atomic_exchange_explicit" &&
		name != "atomic_compare_exchange_weak_explicit" {
		switch {
		case val.Kind == KFloat && (name == "atomic_fetch_add_explicit" || name == "atomic_fetch_sub_explicit"):
			if pt.Space != SpaceDevice {
				c.errorf(e.Args[0].Pos(), "atomic-float", "atomic_float operations require device memory")
			}
		case val.Kind == KInt || val.Kind == KUInt || val.Kind == KULong:
		default:
			c.errorf(fun.Pos(), "atomic-type", "'%s' is not supported for atomic<%s>", name, val)
			return c.invalid(e)
		}
	}
	mo := builtinEnum("memory_order")
	rt := val
	params := []*Type{pt}
	switch name {
	case "atomic_store_explicit":
		rt = Void
		params = append(params, val, mo)
	case "atomic_load_explicit":
		params = append(params, mo)
	case "atomic_compare_exchange_weak_explicit":
		rt = Bool
		params = append(params, PointerTo(val, SpaceThread, false, false), val, mo, mo)
	case "atomic_max_explicit", "atomic_min_explicit":
		rt = Void
		params = append(params, val, mo)
	default:
		params = append(params, val, mo)
	}
	for i := 1; i < len(as); i++ {
		cv := paramConversion(as[i], params[i])
		if cv.Rank == RankNone {
			c.errorf(e.Args[i].Pos(), "atomic-arg", "cannot pass '%s' as argument %d of '%s' (expects '%s')", as[i].Type, i+1, name, params[i])
			continue
		}
		if cv.Kind != ConvNone || cv.Rank != RankExact {
			xs[i].Conv = c.internConv(cv)
		}
	}
	return c.record(e, &ExprInfo{Type: rt, Builtin: Builtins("metal", name)[0]})
}

// callSpecial checks built-ins that need their own typing rules.
func (c *checker) callSpecial(e *syntax.CallExpr, fun *syntax.NameExpr, name string, last *syntax.NameSegment, s *Scope) *ExprInfo {
	b := Builtins("metal", name)[0]
	switch name {
	case "is_function_constant_defined":
		if len(e.Args) != 1 {
			c.errorf(fun.Pos(), "no-match", "is_function_constant_defined takes one argument")
			return c.invalid(e)
		}
		x := c.expr(e.Args[0], s)
		if !x.Type.IsBad() && (x.Var == nil || x.Var.FuncConst == nil) {
			c.errorf(e.Args[0].Pos(), "not-fc", "argument of is_function_constant_defined must be a function constant")
		}
		return c.record(e, &ExprInfo{Type: Bool, Builtin: b})
	case "as_type":
		xs, _, bad := c.args(e.Args, s)
		if last.Template == nil || len(last.Template.Args) != 1 || len(xs) != 1 {
			c.errorf(fun.Pos(), "as-type", "as_type requires one template argument and one argument")
			return c.invalid(e)
		}
		ta := c.templArg(last.Template.Args[0], s)
		t := ta.Type
		if t == nil || bad || t.IsBad() {
			return c.record(e, &ExprInfo{Type: orInvalid(t), Builtin: b})
		}
		from := valueType(xs[0].Type)
		if !(from.IsScalarOrVector()) || !(t.IsScalarOrVector() || t.Kind == KPacked) {
			c.errorf(fun.Pos(), "as-type", "as_type operands must be scalar or vector types ('%s' to '%s')", xs[0].Type, t)
			return c.invalid(e)
		}
		if SizeOf(from) != SizeOf(t) {
			c.errorf(fun.Pos(), "as-type", "as_type: source '%s' (%d bytes) and destination '%s' (%d bytes) differ in size",
				xs[0].Type, SizeOf(from), t, SizeOf(t))
			return c.invalid(e)
		}
		return c.record(e, &ExprInfo{Type: t, Builtin: b})
	case "determinant", "transpose":
		xs, _, bad := c.args(e.Args, s)
		if bad {
			return c.record(e, &ExprInfo{Type: Invalid})
		}
		if len(xs) != 1 || xs[0].Type.Kind != KMatrix {
			c.errorf(fun.Pos(), "no-match", "no matching function for call to '%s'", name)
			return c.invalid(e)
		}
		m := xs[0].Type
		if name == "determinant" {
			if m.N != m.Rows {
				c.errorf(fun.Pos(), "no-match", "determinant requires a square matrix, not '%s'", m)
				return c.invalid(e)
			}
			return c.record(e, &ExprInfo{Type: m.Elem, Builtin: b})
		}
		return c.record(e, &ExprInfo{Type: Mat(m.Elem, m.Rows, m.N), Builtin: b})
	case "interpolate_at_center":
		c.args(e.Args, s)
		return c.unknown(e)
	}
	// simdgroup matrix ops, intersect(), make_array_ref: accepted, untyped.
	c.args(e.Args, s)
	r := c.unknown(e)
	r.Builtin = b
	return r
}

func orInvalid(t *Type) *Type {
	if t == nil {
		return Invalid
	}
	return t
}

// callMember checks x.method(args) and p->method(args).
func (c *checker) callMember(e *syntax.CallExpr, fun *syntax.MemberExpr, s *Scope) *ExprInfo {
	x := c.expr(fun.X, s)
	t := x.Type
	name := fun.Name.Last().Name
	if fun.Arrow && t.Kind == KPointer {
		x = &ExprInfo{Type: t.Elem, LValue: true, Const: t.Const, Space: t.Space}
		t = t.Elem
	}
	c.record(fun, &ExprInfo{Type: Unknown})
	switch t.Kind {
	case KStruct:
		xs, as, bad := c.args(e.Args, s)
		ms := c.methods(t.Struct, name)
		if last := fun.Name.Last(); last.Kind == syntax.NameConversion && last.ConvType != nil {
			// x.operator T(): the conversion function to T (they all share
			// the name "operator").
			ms = conversionsTo(ms, c.resolveType(last.ConvType, s))
		}
		tmpls := c.memberTemplates(t.Struct, name)
		if len(ms) == 0 && len(tmpls) == 0 {
			if f := t.Struct.FieldByName(name); f != nil && (f.Type.Kind == KFunc || f.Type.Kind == KOpaque || f.Type.IsBad()) {
				return c.unknown(e)
			}
			c.errorf(fun.Name.Pos(), "no-member", "no member named '%s' in '%s'", name, t)
			return c.invalid(e)
		}
		var cands []*Match
		spaceMiss := false
		for _, m := range ms {
			if x.Const && !m.ConstM && !m.Static {
				continue
			}
			if !m.Static && !objectSpaceOK(m, x) {
				spaceMiss = true
				continue
			}
			cands = append(cands, c.matchFunc(m, as))
		}
		if len(tmpls) > 0 && !bad {
			// Member function templates (`tile.template load<T, 4>(p)`).
			var explicit []TemplArg
			if last := fun.Name.Last(); last.Template != nil {
				explicit = c.templArgs(last.Template, s)
			}
			for _, m := range c.funcTemplateCands(tmpls, explicit, as, fun) {
				if m == nil {
					continue // not viable for these arguments
				}
				if f := m.Func; x.Const && !f.ConstM && !f.Static {
					continue
				} else if !f.Static && !objectSpaceOK(f, x) {
					spaceMiss = true
					continue
				}
				cands = append(cands, m)
			}
		}
		if len(cands) == 0 && spaceMiss && !bad {
			c.errorf(fun.Name.Pos(), "method-space", "no matching member function for call to '%s': the object is in the %s address space and no overload is qualified with it", name, orThread(x.Space))
			return c.invalid(e)
		}
		if bad {
			if len(ms) == 0 {
				return c.unknown(e)
			}
			return c.record(e, &ExprInfo{Type: ms[0].Result, Func: ms[0]})
		}
		best, amb := resolveMethod(cands, x)
		if best == nil {
			if amb != nil {
				c.errorf(fun.Name.Pos(), "ambiguous-call", "call to member function '%s' is ambiguous", name)
			} else {
				ts := make([]*Type, len(as))
				for i, a := range as {
					ts[i] = a.Type
				}
				c.errorf(fun.Name.Pos(), "no-match", "no matching member function for call to '%s' with arguments (%s)", name, fmtTypes(ts))
			}
			return c.invalid(e)
		}
		c.applyMatch(e.Args, xs, best)
		c.ensureBody(best.Func)
		c.noteCall(best.Func, fun.Name.Pos())
		out := &ExprInfo{Type: best.Result, Func: best.Func}
		if best.Result.Kind == KReference {
			out.Type, out.LValue, out.Space, out.Const = best.Result.Elem, true, best.Result.Space, best.Result.Const
		}
		return c.record(e, out)
	case KTexture:
		return c.textureMethod(e, fun, t, name, s)
	case KArray:
		c.args(e.Args, s)
		if t.StdArray && name == "size" {
			v := IntVal(SizeT, int64(t.N))
			return c.record(e, &ExprInfo{Type: SizeT, Value: &v})
		}
		if t.StdArray && (name == "data" || name == "begin" || name == "end") {
			return c.unknown(e)
		}
	case KOpaque:
		c.args(e.Args, s)
		if rt := opaqueMethod(t, name); rt != nil {
			return c.record(e, &ExprInfo{Type: rt})
		}
		return c.unknown(e)
	case KInvalid, KUnknown:
		c.args(e.Args, s)
		return c.record(e, &ExprInfo{Type: t})
	}
	c.args(e.Args, s)
	c.errorf(fun.OpPos, "member-base", "member reference base type '%s' is not a structure", t)
	return c.invalid(e)
}

func typesOf(xs []*ExprInfo) []*Type {
	out := make([]*Type, len(xs))
	for i, x := range xs {
		out[i] = x.Type
	}
	return out
}

func (c *checker) methods(st *Struct, name string) []*Func {
	out := st.Methods[name]
	if len(out) > 0 {
		return out
	}
	for _, b := range st.Bases {
		if b.Kind == KStruct {
			if ms := c.methods(b.Struct, name); len(ms) > 0 {
				return ms
			}
		}
	}
	return nil
}

// operatorCall resolves an overloaded operator on a struct operand: a
// member operator of the left operand or a free operator function.
// It returns nil when none exists (the caller then reports).
func (c *checker) operatorCall(e syntax.Expr, name string, x *ExprInfo, rest []*ExprInfo, pos diag.Pos, s *Scope) *ExprInfo {
	as := make([]Arg, len(rest))
	for i, r := range rest {
		as[i] = Arg{Type: r.Type, LValue: r.LValue, Const: r.Const, Space: r.Space}
	}
	var cands []*Match
	if x.Type.Kind == KStruct {
		for _, m := range c.methods(x.Type.Struct, name) {
			if x.Const && !m.ConstM || !objectSpaceOK(m, x) {
				continue
			}
			cands = append(cands, c.matchFunc(m, as))
		}
	}
	all := append([]Arg{{Type: x.Type, LValue: x.LValue, Const: x.Const, Space: x.Space}}, as...)
	seen := map[*Func]bool{}
	seenT := map[*Template]bool{}
	addFree := func(sym *Symbol) {
		if sym == nil || sym.Kind != SymFunc && sym.Kind != SymTemplate {
			return
		}
		for _, f := range sym.Funcs {
			if f.Method == nil && !seen[f] {
				seen[f] = true
				cands = append(cands, c.matchFunc(f, all))
			}
		}
		// Operator function templates (`template <typename T> S<T>
		// operator*(S<T>, S<T>)`): deduced from the operand types.
		for _, t := range sym.Templs {
			if !seenT[t] {
				seenT[t] = true
				cands = append(cands, c.funcTemplateCands([]*Template{t}, nil, all, e)...)
			}
		}
	}
	addFree(c.lookup(name, s))
	for _, t := range append([]*Type{x.Type}, typesOf(rest)...) {
		if t.Kind == KStruct && t.Struct.Scope != nil && t.Struct.Scope.Parent != nil {
			// Argument-dependent lookup in the struct's namespace.
			addFree(c.lookupIn(t.Struct.Scope.Parent, name, nil))
		}
	}
	if len(cands) == 0 {
		if name == "operator=" {
			return nil
		}
		return nil
	}
	best, _ := resolveMethod(cands, x)
	if best == nil {
		if name == "operator=" {
			return nil
		}
		return nil
	}
	c.ensureBody(best.Func)
	c.noteCall(best.Func, pos)
	out := &ExprInfo{Type: best.Result, Func: best.Func}
	if f := best.Func; f.Method == nil && f.Decl != nil && f.Decl.Specs.Has(syntax.SpecConstexpr) {
		out.Value = c.evalConstexprCall(f, append([]*ExprInfo{x}, rest...))
	}
	if best.Result.Kind == KReference {
		out.Type, out.LValue, out.Space, out.Const = best.Result.Elem, true, best.Result.Space, best.Result.Const
	}
	return c.record(e, out)
}

// objectSpaceOK reports whether method m may be called on object x: a
// method qualified with an address space (`) device`) accepts only objects
// in that space; an unqualified one accepts any.
func objectSpaceOK(m *Func, x *ExprInfo) bool {
	return m.SpaceM == SpaceNone || m.SpaceM == orThread(x.Space)
}

// thisSpace is the address space of the implicit object of the method
// being checked.
func (c *checker) thisSpace() AddrSpace {
	if of := c.objectFn(); of != nil && of.SpaceM != SpaceNone {
		return of.SpaceM
	}
	return SpaceThread
}

// objectFn is the function whose implicit object the code being checked
// sees: the function itself, or for a lambda the function around it.
func (c *checker) objectFn() *Func {
	f := c.fn
	for f != nil && f.outer != nil {
		f = f.outer
	}
	return f
}

// resolveMethod is Resolve with the implicit object as a tie-breaker
// ([over.match.best]): for a non-const object a non-const method binds
// better than an otherwise equal const one.
func resolveMethod(cands []*Match, x *ExprInfo) (*Match, []*Match) {
	best, amb := Resolve(cands)
	if best != nil || amb == nil || x.Const {
		return best, amb
	}
	var nc []*Match
	for _, m := range cands {
		if m != nil && m.Func != nil && m.Func.Method != nil && !m.Func.ConstM {
			nc = append(nc, m)
		}
	}
	if len(nc) == 0 || len(nc) == len(cands) {
		return best, amb
	}
	if b, _ := Resolve(nc); b != nil {
		return b, nil
	}
	return best, amb
}

// builtinQualifier returns the built-in namespace whose functions join the
// overload set of a call to n: "metal" for an unqualified name or metal::f,
// "metal::fast"/"metal::precise" for those; "" for other qualifiers.
func builtinQualifier(n *syntax.Name) string {
	if !n.Qualified() {
		return "metal"
	}
	q := ""
	for _, g := range n.Segs[:len(n.Segs)-1] {
		if g.Template != nil {
			return ""
		}
		if q != "" {
			q += "::"
		}
		q += g.Name
	}
	switch q {
	case "metal":
		return "metal"
	case "metal::fast", "fast":
		return "metal::fast"
	case "metal::precise", "precise":
		return "metal::precise"
	}
	return ""
}

// metalInternal rewrites a call of a compiler-internal math or SIMD-group
// function that Apple's headers are written with (`__metal_fabs(x, fast)`,
// `__metal_simd_shuffle(x, lane)`) into the call of the public built-in it
// implements (`fabs(x)`), dropping the trailing fast-math flag argument the
// math forms take and the '&' of out-parameters. The flag is ignored: the call gets the precision of the
// unqualified built-in. It reports whether it rewrote the call.
func metalInternal(e *syntax.CallExpr, fun *syntax.NameExpr) bool {
	if fun.Name.Qualified() || len(fun.Name.Segs) != 1 {
		return false
	}
	seg := fun.Name.Segs[0]
	name, ok := strings.CutPrefix(seg.Name, "__metal_")
	if !ok || strings.HasPrefix(name, "get_") || !IsBuiltinFunc(name) {
		return false
	}
	most := 0
	for _, b := range Builtins("metal", name) {
		most = max(most, len(b.Params))
	}
	if len(e.Args) > most && len(e.Args) > 0 {
		e.Args = e.Args[:len(e.Args)-1]
	}
	for i, a := range e.Args {
		// Out-parameters are pointers there (`__metal_frexp(x, &e)`) and
		// references in the public function (`frexp(x, e)`).
		if u, ok := a.(*syntax.UnaryExpr); ok && u.Op == syntax.Amp {
			e.Args[i] = u.X
		}
	}
	seg.Name = name
	return true
}

// signatureFailed reports whether substituting a function template's
// arguments gave an invalid type in its template arguments, result or
// parameters.
func signatureFailed(f *Func) bool {
	for _, a := range f.TemplArgs {
		if a.Type != nil && a.Type.Kind == KInvalid {
			return true
		}
	}
	if f.Result != nil && f.Result.Kind == KInvalid {
		return true
	}
	for _, p := range f.Params {
		if p.Type != nil && p.Type.Kind == KInvalid {
			return true
		}
	}
	return false
}

// functorCall checks obj(args) on an object of struct type t: its
// operator() overloads and operator() member templates.
func (c *checker) functorCall(e *syntax.CallExpr, x *ExprInfo, t *Type, s *Scope) *ExprInfo {
	xs, as, bad := c.args(e.Args, s)
	const name = "operator()"
	var cands []*Match
	for _, m := range c.methods(t.Struct, name) {
		if x.Const && !m.ConstM && !m.Static {
			continue
		}
		cands = append(cands, c.matchFunc(m, as))
	}
	argTypes := make([]*Type, len(as))
	for i, a := range as {
		argTypes[i] = a.Type
	}
	if t.Struct.Scope != nil {
		if sym := t.Struct.Scope.lookupLocal(name); sym != nil {
			for _, tm := range sym.Templs {
				fd, ok := tm.Decl.Decl.(*syntax.FuncDecl)
				if !ok || len(as) > len(fd.Params) {
					continue
				}
				targs, ok := c.deduceFunc(tm, fd, nil, argTypes)
				if !ok {
					continue
				}
				saved := c.diags
				c.diags = nil
				inst := c.instantiateFuncSig(tm, targs, e)
				c.diags = saved
				if inst != nil && !signatureFailed(inst) {
					cands = append(cands, c.matchFunc(inst, as))
				}
			}
		}
	}
	if len(cands) == 0 {
		c.errorf(e.Fun.Pos(), "not-callable", "called object type '%s' is not a function", t)
		return c.invalid(e)
	}
	if bad {
		return c.record(e, &ExprInfo{Type: Unknown})
	}
	best, amb := resolveMethod(cands, x)
	if best == nil && amb != nil {
		best = tieBreak(cands)
	}
	if best == nil {
		c.errorf(e.Fun.Pos(), "no-match", "no matching function for call to object of type '%s' with arguments (%s)", t, fmtTypes(argTypes))
		return c.invalid(e)
	}
	c.ensureBody(best.Func)
	c.applyMatch(e.Args, xs, best)
	c.noteCall(best.Func, e.Fun.Pos())
	out := &ExprInfo{Type: best.Result, Func: best.Func}
	if best.Result != nil && best.Result.Kind == KReference {
		out.Type, out.LValue, out.Space, out.Const = best.Result.Elem, true, best.Result.Space, best.Result.Const
	}
	return c.record(e, out)
}

// funcTemplateCands deduces and instantiates the signatures of the
// function templates among ts for a call with arguments as (and explicit
// template arguments), returning a candidate for each that forms.
// Substitution failure is not an error ([temp.deduct]): a candidate whose
// signature (default template arguments included) does not form drops out
// silently (`typename enable_if<...>::type`).
func (c *checker) funcTemplateCands(ts []*Template, explicit []TemplArg, as []Arg, at syntax.Node) []*Match {
	var out []*Match
	var argTypes []*Type
	for _, t := range ts {
		fd, ok := t.Decl.Decl.(*syntax.FuncDecl)
		if !ok || len(as) > len(fd.Params) && !fd.Variadic && !hasParamPack(fd) {
			continue
		}
		if n := len(t.Params); len(explicit) > n && (n == 0 || !t.Params[n-1].Variadic) {
			continue // more explicit template arguments than parameters
		}
		if argTypes == nil {
			argTypes = make([]*Type, len(as))
			for i, a := range as {
				argTypes[i] = a.Type
			}
		}
		targs, ok := c.deduceFunc(t, fd, explicit, argTypes)
		if !ok {
			continue
		}
		saved := c.diags
		c.diags = nil
		inst := c.instantiateFuncSig(t, targs, at)
		c.diags = saved
		if inst != nil && !signatureFailed(inst) {
			out = append(out, c.matchFunc(inst, as))
		}
	}
	return out
}

// memberTemplates returns the member function templates of st (or of its
// bases) named name.
func (c *checker) memberTemplates(st *Struct, name string) []*Template {
	if st.Scope != nil {
		if sym := st.Scope.lookupLocal(name); sym != nil {
			var out []*Template
			for _, t := range sym.Templs {
				if _, ok := t.Decl.Decl.(*syntax.FuncDecl); ok {
					out = append(out, t)
				}
			}
			if len(out) > 0 {
				return out
			}
		}
	}
	for _, b := range st.Bases {
		if b.Kind == KStruct {
			if ts := c.memberTemplates(b.Struct, name); len(ts) > 0 {
				return ts
			}
		}
	}
	return nil
}

// conversionsTo keeps the conversion functions among ms whose result is to.
func conversionsTo(ms []*Func, to *Type) []*Func {
	var out []*Func
	for _, m := range ms {
		if m.Decl != nil && m.Decl.Name.Last().Kind == syntax.NameConversion && m.Result != nil &&
			m.Result.Unqualified() == to.Unqualified() {
			out = append(out, m)
		}
	}
	return out
}
