package sema

import (
	"github.com/ingot-render/ingot/shaders/syntax"
)

// checkBody checks a function body with a fresh Info.
func (c *checker) checkBody(f *Func) {
	if f.checked || f.Decl == nil || f.Decl.Body == nil {
		return
	}
	f.checked = true
	saveFn, saveInfo, saveScope, saveLoops, saveSw := c.fn, c.info, c.scope, c.loops, c.switchs
	// Instances of one template have bodies of about the same size: the
	// maps of a new instance start at the size of the previous one's.
	c.fn, c.info, c.loops, c.switchs = f, newInfoSized(c.infoSizes[f.Decl]), 0, 0
	f.Info = c.info
	fs := newScope(ScopeFunc, f.scope, "")
	if f.Method != nil && f.Method.Scope != nil && f.scope != f.Method.Scope && f.Template == nil {
		fs = newScope(ScopeFunc, f.Method.Scope, "")
	}
	if f.Method != nil && !f.Static {
		// Fields are visible as implicit this->member, in a scope of their
		// own that parameters and locals may shadow (S(float r) : r(r)).
		ms := newScope(ScopeBlock, fs.Parent, "")
		insertMemberVars(ms, f.Method.Fields)
		fs = newScope(ScopeFunc, ms, "")
	}
	if f.packName != "" {
		fs.insert(&Symbol{Kind: SymPack, Name: f.packName, PackVars: f.packVars, Pos: f.pos})
	}
	for i, p := range f.Params {
		if p.Name != "" && !p.packElem {
			c.declare(fs, &Symbol{Kind: SymVar, Name: p.Name, Var: p, Pos: p.Pos})
		}
		if i < len(f.Decl.Params) {
			c.info.Vars[f.Decl.Params[i]] = p
			if d := f.Decl.Params[i].Default; d != nil && (f.Template == nil || !p.Type.IsBad() && p.Type.Kind != KStruct) {
				// (A default argument of a function template instance is
				// instantiated only where a call uses it: `OffX off = Int<0>{}`
				// with OffX deduced as Int<16> is fine until then.)
				x := c.expr(d, f.scope)
				if !c.setConv(d, x, p.Type.Unqualified(), ConvOpts{}) && !p.Type.IsBad() {
					c.errorf(d.Pos(), "default-arg", "cannot initialize a parameter of type '%s' with '%s'", p.Type, x.Type)
				}
			}
		}
	}
	for _, mi := range f.Decl.Inits {
		c.memberInit(f, mi, fs)
	}
	c.scope = fs
	c.block(f.Decl.Body, fs)
	if f.Result == autoType {
		f.Result = Void // no return with a value
	}
	c.prog.Funcs = append(c.prog.Funcs, f)
	if c.infoSizes == nil {
		c.infoSizes = map[*syntax.FuncDecl]infoSize{}
	}
	c.infoSizes[f.Decl] = infoSize{len(f.Info.Exprs), len(f.Info.Vars), len(f.Info.Types)}
	c.fn, c.info, c.scope, c.loops, c.switchs = saveFn, saveInfo, saveScope, saveLoops, saveSw
}

func (c *checker) block(b *syntax.BlockStmt, parent *Scope) {
	s := newScope(ScopeBlock, parent, "")
	for _, st := range b.Stmts {
		c.stmt(st, s)
	}
}

func (c *checker) stmt(st syntax.Stmt, s *Scope) {
	switch st := st.(type) {
	case nil:
	case *syntax.BlockStmt:
		c.block(st, s)
	case *syntax.DeclStmt:
		for _, d := range st.Decls {
			if vd, ok := d.(*syntax.VarDecl); ok {
				c.localVar(vd, s)
				continue
			}
			c.decl(d, s)
		}
	case *syntax.ExprStmt:
		c.expr(st.X, s)
	case *syntax.IfStmt:
		is := newScope(ScopeBlock, s, "")
		if st.Init != nil {
			c.stmt(st.Init, is)
		}
		c.condition(st.Cond, st.CondDecl, is)
		if taken, ok := c.constexprBranch(st); ok {
			// In a template instance the discarded statement of `if
			// constexpr` is not instantiated ([stmt.if]/2): only the taken
			// branch is checked (and lowered).
			if taken != nil {
				c.stmtScoped(taken, is)
			}
			break
		}
		c.stmtScoped(st.Then, is)
		if st.Else != nil {
			c.stmtScoped(st.Else, is)
		}
	case *syntax.ForStmt:
		fs := newScope(ScopeBlock, s, "")
		if st.Init != nil {
			c.stmt(st.Init, fs)
		}
		if st.Cond != nil {
			c.condition(st.Cond, nil, fs)
		}
		if st.Post != nil {
			c.expr(st.Post, fs)
		}
		c.loops++
		c.stmtScoped(st.Body, fs)
		c.loops--
	case *syntax.RangeForStmt:
		fs := newScope(ScopeBlock, s, "")
		r := c.expr(st.Range, fs)
		elem := Unknown
		switch r.Type.Kind {
		case KArray:
			elem = r.Type.Elem
		case KInvalid:
			elem = Invalid
		}
		if st.Var != nil {
			q := c.resolveQual(st.Var.Type, fs)
			t := q.t
			if t == autoType {
				t = elem
			} else if t.Kind == KReference && t.Elem == autoType {
				t = RefTo(elem, orThread(r.Space), q.isConst || t.Const, false)
			}
			if st.Var.Name != nil {
				v := &Var{Name: st.Var.Name.Name, Type: t, Space: SpaceThread, Const: q.isConst, Decl: st.Var, Pos: st.Var.Name.NamePos}
				c.info.Vars[st.Var] = v
				c.declare(fs, &Symbol{Kind: SymVar, Name: v.Name, Var: v, Pos: v.Pos})
			}
		}
		c.loops++
		c.stmtScoped(st.Body, fs)
		c.loops--
	case *syntax.WhileStmt:
		ws := newScope(ScopeBlock, s, "")
		c.condition(st.Cond, st.CondDecl, ws)
		c.loops++
		c.stmtScoped(st.Body, ws)
		c.loops--
	case *syntax.DoStmt:
		c.loops++
		c.stmtScoped(st.Body, s)
		c.loops--
		c.condition(st.Cond, nil, s)
	case *syntax.SwitchStmt:
		ss := newScope(ScopeBlock, s, "")
		if st.Init != nil {
			c.stmt(st.Init, ss)
		}
		var ct *Type
		if st.CondDecl != nil {
			c.localVar(st.CondDecl, ss)
			if v := c.info.Vars[st.CondDecl]; v != nil {
				ct = v.Type
			}
		} else if st.Cond != nil {
			x := c.expr(st.Cond, ss)
			ct = x.Type
			if !ct.IsBad() && !(valueType(ct).IsInteger() || ct.Kind == KEnum || ct.Kind == KBool) {
				c.errorf(st.Cond.Pos(), "switch-type", "statement requires expression of integer type ('%s' invalid)", ct)
			}
		}
		c.switchs++
		saveCases := c.cases
		c.cases = map[int64]bool{}
		c.stmtScoped(st.Body, ss)
		c.cases = saveCases
		c.switchs--
	case *syntax.CaseStmt:
		if c.switchs == 0 {
			c.errorf(st.CasePos, "case-outside", "'case' statement not in switch statement")
			return
		}
		if st.Value != nil {
			if v, ok := c.constInt(st.Value, s); ok {
				if c.cases[v] {
					c.errorf(st.Value.Pos(), "dup-case", "duplicate case value '%d'", v)
				}
				c.cases[v] = true
			}
		}
	case *syntax.BreakStmt:
		if c.loops == 0 && c.switchs == 0 {
			c.errorf(st.KwPos, "break-outside", "'break' statement not in loop or switch statement")
		}
	case *syntax.ContinueStmt:
		if c.loops == 0 {
			c.errorf(st.KwPos, "continue-outside", "'continue' statement not in loop statement")
		}
	case *syntax.ReturnStmt:
		c.returnStmt(st, s)
	case *syntax.EmptyStmt, *syntax.BadStmt:
	}
}

// stmtScoped checks a sub-statement in its own scope.
func (c *checker) stmtScoped(st syntax.Stmt, s *Scope) {
	if b, ok := st.(*syntax.BlockStmt); ok {
		c.block(b, s)
		return
	}
	c.stmt(st, newScope(ScopeBlock, s, ""))
}

func (c *checker) condition(cond syntax.Expr, decl *syntax.VarDecl, s *Scope) {
	if decl != nil {
		c.localVar(decl, s)
		return
	}
	if cond == nil {
		return
	}
	x := c.expr(cond, s)
	if x.Type.IsBad() {
		return
	}
	t := valueType(x.Type)
	if t.Kind == KVector {
		c.errorf(cond.Pos(), "vector-cond", "condition must be a scalar, not '%s' (use all() or any())", x.Type)
		return
	}
	if !isBoolish(t) {
		if t.Kind == KStruct && c.setConv(cond, x, Bool, ConvOpts{Explicit: true}) {
			return // through a conversion function (`if (true_type{})`)
		}
		c.errorf(cond.Pos(), "cond-type", "value of type '%s' is not contextually convertible to 'bool'", x.Type)
		return
	}
	c.setConv(cond, x, Bool, ConvOpts{Explicit: true})
}

func (c *checker) returnStmt(st *syntax.ReturnStmt, s *Scope) {
	if c.fn == nil {
		return
	}
	rt := c.fn.Result
	if st.Result == nil {
		if rt.Kind != KVoid && !rt.IsBad() && !c.fn.Ctor {
			c.errorf(st.KwPos, "return-value", "non-void function '%s' should return a value", c.fn.Name)
		}
		return
	}
	if il, ok := st.Result.(*syntax.InitListExpr); ok {
		c.initList(il, rt.Unqualified(), s)
		return
	}
	x := c.expr(st.Result, s)
	if rt.Kind == KVoid {
		if x.Type.Kind != KVoid && !x.Type.IsBad() {
			c.errorf(st.Result.Pos(), "return-void", "void function '%s' should not return a value", c.fn.Name)
		}
		return
	}
	if rt == autoType {
		// auto f() { return e; }: the first return decides the type.
		c.fn.Result = x.Type // Invalid when the expression was: suppresses follow-on errors
		return
	}
	if !c.setConv(st.Result, x, rt.Unqualified(), ConvOpts{}) {
		c.errorf(st.Result.Pos(), "return-type", "cannot convert '%s' to return type '%s'", x.Type, rt)
	}
}

// localVar checks a block-scope variable declaration.
func (c *checker) localVar(d *syntax.VarDecl, s *Scope) {
	if d.Name == nil {
		return
	}
	q := c.resolveQual(d.Type, s)
	v := &Var{Name: d.Name.Name, Type: q.t, Space: q.space, Const: q.isConst, Constexpr: d.Specs.Has(syntax.SpecConstexpr),
		Static: d.Specs.Has(syntax.SpecStatic), Extern: d.Specs.Has(syntax.SpecExtern), Decl: d, Pos: d.Name.NamePos}
	v.Attrs = c.attrs(append(append([]*syntax.AttrList{}, d.Attrs...), d.NameAttrs...), s)
	if v.Constexpr {
		v.Const = true
	}
	if d.Specs.Has(syntax.SpecRegister) {
		c.errorf(d.StartPos, "register", "'register' storage class is not supported in Metal")
	}
	if d.Specs.Has(syntax.SpecThreadLocal) {
		c.errorf(d.StartPos, "thread-local", "thread_local storage class is not supported in Metal")
	}
	if c.fn != nil && c.fn.Kind.Qualified() && v.Static {
		c.errorf(d.StartPos, "static-local", "'static' variables are not allowed in %s functions", c.fn.Kind)
	}
	switch v.Space {
	case SpaceNone:
		v.Space = SpaceThread
	case SpaceThreadgroup:
		if c.fn != nil {
			switch c.fn.Kind {
			case FuncVertex, FuncFragment, FuncIntersection, FuncVisible, FuncStitchable:
				c.errorf(d.StartPos, "threadgroup-local", "threadgroup variables cannot be declared in %s functions", c.fn.Kind)
			}
		}
		if d.Init != nil {
			c.errorf(d.Init.Pos(), "threadgroup-init", "threadgroup variables cannot have an initializer")
		}
	case SpaceDevice:
		if q.t.Kind != KPointer && q.t.Kind != KReference && !q.t.IsBad() {
			c.errorf(d.StartPos, "local-space", "variables in the device address space can only be declared at program scope")
		}
	case SpaceConstant:
		v.Const = true
	}
	// A read_write texture local is accepted as Apple's compiler accepts it
	// (the reference text allows only read and sample locals).
	if q.t.Kind == KTexture && q.t.Access == AccessWrite {
		c.errorf(d.Name.NamePos, "texture-local", "local texture variables must have access::read or access::sample, not access::%s", q.t.Access)
	}
	c.info.Vars[d] = v
	if d.Init != nil {
		c.checkInitializer(d, v, s)
	} else if v.Type == autoType {
		c.errorf(d.Name.NamePos, "auto-init", "declaration of variable '%s' with deduced type 'auto' requires an initializer", v.Name)
		v.Type = Invalid
	} else if v.Type.Kind == KReference {
		c.errorf(d.Name.NamePos, "ref-init", "declaration of reference variable '%s' requires an initializer", v.Name)
	}
	c.declare(s, &Symbol{Kind: SymVar, Name: v.Name, Var: v, Pos: v.Pos})
}

// checkInitializer checks d's initializer against v.Type (deducing auto)
// and records a constant value for const variables.
func (c *checker) checkInitializer(d *syntax.VarDecl, v *Var, s *Scope) {
	t := v.Type
	var x *ExprInfo
	switch init := d.Init.(type) {
	case *syntax.InitListExpr:
		if t == autoType {
			c.errorf(init.Lbrace, "auto-init", "cannot deduce 'auto' from an initializer list")
			v.Type = Invalid
			return
		}
		if init.Paren || d.InitKind == syntax.InitParen {
			x = c.construct(init, t.Unqualified(), init.Elems, false, init.Lbrace, s)
		} else {
			x = c.initList(init, t.Unqualified(), s)
			if t.Kind == KArray && t.N == 0 {
				v.Type = x.Type
			}
		}
	default:
		x = c.expr(d.Init, s)
		if t == autoType || t.Kind == KReference && t.Elem == autoType {
			dt := x.Type
			if dt.Kind == KVoid {
				c.errorf(d.Init.Pos(), "auto-void", "variable has incomplete type 'void'")
				dt = Invalid
			}
			if t.Kind == KReference {
				v.Type = RefTo(dt, orThread(x.Space), t.Const || x.Const, false)
			} else {
				v.Type = dt
			}
			t = v.Type
		} else if t.Kind == KPointer && t.Elem == autoType {
			// `const device auto* p = q;`: the pointee type comes from the
			// initializer, a pointer (or an array, which decays) in the
			// space written.
			v.Type = c.deducePointer(d.Init, v.Name, x, t)
			t = v.Type
		} else if t.Kind == KReference {
			cv := paramConversion(Arg{Type: x.Type, LValue: x.LValue, Const: x.Const, Space: x.Space}, t)
			if cv.Rank == RankNone {
				c.errorf(d.Init.Pos(), "ref-init", "cannot bind a reference of type '%s' to a value of type '%s'", t, x.Type)
			} else if cv.Kind != ConvNone {
				x.Conv = c.internConv(cv)
			}
		} else if t.Kind == KStruct && x.Type != t && !x.Type.IsBad() && t.Struct.hasCtors() {
			c.construct(d.Init, t, []syntax.Expr{d.Init}, false, d.Init.Pos(), s)
		} else if t.Kind == KSampler && x.Type.Kind == KSampler {
		} else if !c.setConv(d.Init, x, t, ConvOpts{}) {
			c.errorf(d.Init.Pos(), "init-type", "cannot initialize a variable of type '%s' with an value of type '%s'", t, x.Type)
		}
	}
	if x != nil && x.Value != nil && (v.Const || v.Constexpr || v.Space == SpaceConstant) && (t.IsScalarOrVector() || v.Constexpr && t.Kind == KStruct) {
		if cv, ok := ConvertValue(*x.Value, t); ok {
			v.Value = &cv
		}
	}
	if v.Constexpr && v.Value == nil && x != nil && !x.Type.IsBad() && t.IsScalarOrVector() {
		c.errorf(d.Init.Pos(), "constexpr", "constexpr variable '%s' must be initialized by a constant expression", v.Name)
	}
}

// memberInit checks one constructor member initializer `m(args)` against
// the field's type (base-class initializers are checked as constructions).
func (c *checker) memberInit(f *Func, mi *syntax.MemberInit, s *Scope) {
	var ft *Type
	if f.Method != nil && !mi.Name.Qualified() {
		if fl := f.Method.FieldByName(mi.Name.Last().Name); fl != nil {
			ft = fl.Type
		}
	}
	if ft == nil {
		if f.Method != nil {
			if sym := c.lookupQualified(mi.Name, s, false); sym != nil && sym.Kind == SymType {
				c.construct(mi.Init, sym.Type, mi.Init.Elems, !mi.Init.Paren, mi.Init.Lbrace, s)
				return
			}
			c.errorf(mi.Name.Pos(), "member-init", "'%s' is not a member of '%s'", mi.Name.Plain(), f.Method.QualName)
		}
		for _, el := range mi.Init.Elems {
			c.expr(el, s)
		}
		return
	}
	if mi.Init.Paren && len(mi.Init.Elems) == 1 && !(ft.Kind == KStruct && ft.Struct.hasCtors()) {
		x := c.expr(mi.Init.Elems[0], s)
		if !c.setConv(mi.Init.Elems[0], x, ft, ConvOpts{}) {
			c.errorf(mi.Init.Elems[0].Pos(), "init-type", "cannot initialize member '%s' of type '%s' with '%s'", mi.Name.Plain(), ft, x.Type)
		}
		return
	}
	if mi.Init.Paren {
		c.construct(mi.Init, ft, mi.Init.Elems, false, mi.Init.Lbrace, s)
		return
	}
	c.initList(mi.Init, ft, s)
}

// insertMemberVars makes the fields visible in a method body as implicit
// this->member, the members of anonymous union/struct members included.
func insertMemberVars(fs *Scope, fields []*Field) {
	for _, fl := range fields {
		switch {
		case fl.Static:
		case fl.Name == "" && fl.Type.Kind == KStruct:
			insertMemberVars(fs, fl.Type.Struct.Fields)
		default:
			fs.insert(&Symbol{Kind: SymVar, Name: fl.Name, Var: &Var{Name: fl.Name, Type: fl.Type, Member: true,
				Space: SpaceThread}})
		}
	}
}

// constexprBranch returns the branch an `if constexpr` with a constant
// condition takes (nil for a missing else), when the statement is in a
// template instance; ok is false otherwise.
func (c *checker) constexprBranch(st *syntax.IfStmt) (taken syntax.Stmt, ok bool) {
	if !st.Constexpr || st.Cond == nil || c.fn == nil {
		return nil, false
	}
	inTemplate := false
	for fn := c.fn; fn != nil; fn = fn.outer {
		if fn.Template != nil || fn.Method != nil && fn.Method.TemplArgs != nil || fn.genericInst {
			inTemplate = true
			break
		}
	}
	if !inTemplate {
		return nil, false
	}
	x := c.info.Exprs[st.Cond]
	if x == nil {
		return nil, false
	}
	v := x.Value
	if v == nil {
		if v = c.integralConstantValue(x.Type); v == nil {
			return nil, false
		}
	}
	if v.AsBool() {
		return st.Then, true
	}
	return st.Else, true
}

// deducePointer deduces `space [const] auto*` from the initializer x of
// init; it reports a mismatch and returns Invalid.
func (c *checker) deducePointer(init syntax.Expr, name string, x *ExprInfo, t *Type) *Type {
	var elem *Type
	space, isConst := SpaceNone, false
	switch xt := x.Type; {
	case xt.IsBad():
		return xt
	case xt.Kind == KPointer:
		elem, space, isConst = xt.Elem, xt.Space, xt.Const
	case xt.Kind == KArray && x.LValue:
		elem, space, isConst = xt.Elem, orThread(x.Space), x.Const
	default:
		c.errorf(init.Pos(), "auto-init", "variable '%s' with type '%s' has incompatible initializer of type '%s'", name, t, xt)
		return Invalid
	}
	if t.Space != SpaceNone && t.Space != space {
		c.errorf(init.Pos(), "init-type", "cannot initialize a variable of type '%s' with an value of type '%s'", t, x.Type)
		return Invalid
	}
	if isConst && !t.Const {
		c.errorf(init.Pos(), "init-type", "cannot initialize a variable of type '%s' with an value of type '%s' (it drops const)", t, x.Type)
		return Invalid
	}
	return PointerTo(elem, space, t.Const || isConst, t.Volatile)
}
