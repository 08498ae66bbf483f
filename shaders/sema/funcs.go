package sema

import (
	"slices"

	"github.com/ingot-render/ingot/shaders/syntax"
)

// funcKindOf derives the qualified kind from the stage keyword and attributes.
func funcKindOf(stage string, as []Attr) (FuncKind, *Attr) {
	switch stage {
	case "kernel":
		return FuncKernel, nil
	case "vertex":
		return FuncVertex, nil
	case "fragment":
		return FuncFragment, nil
	}
	for i := range as {
		switch as[i].Name {
		case "kernel":
			return FuncKernel, &as[i]
		case "vertex":
			return FuncVertex, &as[i]
		case "fragment":
			return FuncFragment, &as[i]
		case "visible":
			return FuncVisible, &as[i]
		case "stitchable":
			return FuncStitchable, &as[i]
		case "intersection":
			return FuncIntersection, &as[i]
		case "object":
			return FuncObject, &as[i]
		case "mesh":
			return FuncMesh, &as[i]
		}
	}
	return FuncPlain, nil
}

func allFuncAttrs(d *syntax.FuncDecl) []*syntax.AttrList {
	out := make([]*syntax.AttrList, 0, len(d.Attrs)+len(d.NameAttrs)+len(d.Attrs2))
	out = append(out, d.Attrs...)
	out = append(out, d.NameAttrs...)
	out = append(out, d.Attrs2...)
	return out
}

// funcSig builds a Func from a declaration in scope s (parameters and
// result resolved; body not checked).
func (c *checker) funcSig(d *syntax.FuncDecl, s *Scope, method *Struct) *Func {
	last := d.Name.Last()
	f := &Func{Name: last.Name, Decl: d, Method: method, scope: s, pos: last.NamePos,
		Static: d.Specs.Has(syntax.SpecStatic), Explicit: d.Specs.Has(syntax.SpecExplicit), ConstM: d.Const,
		Variadic: d.Variadic}
	f.QualName = qualify(s, f.Name)
	if d.Space != "" {
		if method == nil {
			c.errorf(d.Rparen, "method-space", "non-member function cannot have '%s' address space qualifier", d.Space)
		} else if f.Static {
			c.errorf(d.Rparen, "method-space", "static member function cannot have '%s' address space qualifier", d.Space)
		} else {
			f.SpaceM, _ = SpaceByName(d.Space)
		}
	}
	if method != nil && (last.Name == method.Name || d.Result == nil && last.Kind == syntax.NamePlain) {
		f.Ctor = last.Kind == syntax.NamePlain
	}
	if d.Result != nil {
		q := c.resolveQual(d.Result, s)
		f.Result = q.t
	} else if f.Ctor && method != nil {
		f.Result = Void
	} else if last.Kind == syntax.NameConversion && last.ConvType != nil {
		f.Result = c.resolveType(last.ConvType, s)
	} else {
		f.Result = Void
	}
	for i, p := range d.Params {
		if p.Ellipsis {
			if c.packParams(f, p, s) {
				continue
			}
			f.Variadic = true // a pack of a template not instantiated
		}
		q := c.resolveQual(p.Type, s)
		if q.t.Kind == KVoid && len(d.Params) == 1 && p.Name == nil {
			break
		}
		v := &Var{Type: q.t, Param: true, Const: q.isConst, Decl: p, Space: SpaceThread}
		if q.space != SpaceNone && q.t.Kind != KPointer && q.t.Kind != KReference {
			// By-value parameters in an explicit space (e.g. `constant float4x4 m[2]`
			// in the seeds) keep that space.
			v.Space = q.space
		}
		if p.Name != nil {
			v.Name = p.Name.Name
			v.Pos = p.Name.NamePos
		} else {
			v.Pos = p.StartPos
		}
		if q.t.Kind == KVoid {
			c.errorf(p.Type.Pos(), "void-param", "parameter %d has incomplete type 'void'", i+1)
			v.Type = Invalid
		}
		if q.t.Kind == KArray && q.t.N != 0 && !q.t.StdArray && v.Space == SpaceThread {
			// C arrays decay to pointers in parameters.
			v.Type = PointerTo(q.t.Elem, SpaceThread, q.isConst, false)
		}
		f.Params = append(f.Params, v)
		f.Defaults = append(f.Defaults, p.Default)
	}
	return f
}

func sameSig(a, b *Func) bool {
	if len(a.Params) != len(b.Params) || a.ConstM != b.ConstM || a.SpaceM != b.SpaceM {
		return false
	}
	if a.Name == "operator" && a.Result != b.Result {
		return false // conversion functions differ by their type
	}
	for i := range a.Params {
		if a.Params[i].Type != b.Params[i].Type {
			return false
		}
	}
	return true
}

// funcDecl declares a function (and checks its body when it has one).
// method is the enclosing struct for member functions declared in a class.
func (c *checker) funcDecl(d *syntax.FuncDecl, s *Scope, method *Struct) *Func {
	if d.Name == nil || len(d.Name.Segs) == 0 {
		return nil
	}
	declScope := s
	if d.Name.Qualified() && method == nil {
		// Out-of-line definition: void S::f() {} or void ns::f() {}.
		prefix := &syntax.Name{Global: d.Name.Global, GlobalAt: d.Name.GlobalAt, Segs: d.Name.Segs[:len(d.Name.Segs)-1]}
		var ps *Scope
		if len(prefix.Segs) == 0 {
			ps = c.global
		} else if sym := c.lookupQualified(prefix, s, true); sym != nil {
			ps = c.scopeOf(sym, prefix.Last(), s)
		}
		if ps == nil {
			return nil
		}
		declScope = ps
		method = ps.Struct
	}
	f := c.funcSig(d, declScope, method)
	as := c.attrs(allFuncAttrs(d), declScope)
	if d.Specs.Has(syntax.SpecVirtual) {
		c.errorf(d.StartPos, "virtual", "virtual functions are not supported in Metal")
	}
	// d.Noexcept: the exception specification is accepted and ignored, as
	// Apple's compiler does (spec §1.5.3 lists noexcept among the unsupported
	// C++ features, but real kernel libraries such as MLX's steel write it).
	f.Kind, _ = funcKindOf(d.Stage, as)
	if d.Stage != "" && hasAttr(as, d.Stage) {
		// kernel [[kernel]]: harmless duplicate.
	}
	if f.Name == "main" && method == nil {
		c.errorf(d.Name.Last().NamePos, "main", "'main' is not allowed as a function name in Metal")
	}
	// Merge with a previous declaration of the same signature.
	var prev *Func
	if sym := declScope.lookupLocal(f.Name); sym != nil && sym.Kind == SymFunc {
		for _, g := range sym.Funcs {
			if sameSig(g, f) {
				prev = g
				break
			}
		}
	}
	if method != nil && prev == nil && d.Name.Qualified() {
		for _, g := range method.Methods[f.Name] {
			if sameSig(g, f) {
				prev = g
			}
		}
		if f.Ctor || f.Name == method.Name {
			for _, g := range method.Ctors {
				if sameSig(g, f) {
					prev = g
				}
			}
		}
		if prev == nil {
			c.errorf(d.Name.Last().NamePos, "no-member", "out-of-line definition of '%s' does not match any declaration in '%s'",
				f.Name, method.QualName)
			return nil
		}
	}
	if prev != nil {
		if prev.Decl != nil && prev.Decl.Body != nil && d.Body != nil {
			c.errorf(d.Name.Last().NamePos, "redefinition", "redefinition of '%s'", f.Name)
			return nil
		}
		if d.Body != nil {
			prev.Decl = d
			prev.Params = f.Params
			prev.Defaults = mergeDefaults(prev.Defaults, f.Defaults)
			if f.Kind != FuncPlain {
				prev.Kind = f.Kind
			}
			if method == nil || d.Name.Qualified() {
				c.finishFunc(prev, as)
			}
			return prev
		}
		return prev
	}
	if method != nil && !d.Name.Qualified() {
		if f.Ctor {
			method.Ctors = append(method.Ctors, f)
		} else {
			method.Methods[f.Name] = append(method.Methods[f.Name], f)
			c.declare(s, &Symbol{Kind: SymFunc, Name: f.Name, Funcs: []*Func{f}, Pos: f.pos})
		}
		f.QualName = qualify(s, f.Name)
		f.attrs = as
		return f
	}
	c.declare(declScope, &Symbol{Kind: SymFunc, Name: f.Name, Funcs: []*Func{f}, Pos: f.pos})
	if d.Body != nil || f.Kind != FuncPlain {
		c.finishFunc(f, as)
	}
	return f
}

func mergeDefaults(a, b []syntax.Expr) []syntax.Expr {
	out := make([]syntax.Expr, len(b))
	for i := range b {
		out[i] = b[i]
		if out[i] == nil && i < len(a) {
			out[i] = a[i]
		}
	}
	return out
}

// finishFunc checks the body and, for qualified functions, the entry rules.
func (c *checker) finishFunc(f *Func, as []Attr) {
	if f.Kind != FuncPlain {
		if f.Decl == nil || f.Decl.Body == nil {
			f.attrs = as
			if f.Decl != nil && f.Decl.Body == nil && f.Template == nil {
				// A prototype of a qualified function: checked when defined.
				return
			}
		}
		c.checkEntry(f, as, nil)
	}
	if f.Decl != nil && f.Decl.Body != nil {
		c.checkBody(f)
	}
	c.postBody(f)
}

// postBody applies the entry rules that depend on the body (§5.11: a
// vertex function writing buffers or textures must return void).
func (c *checker) postBody(f *Func) {
	if f.Kind == FuncVertex && f.writesDevice && !f.Result.IsBad() && f.Result.Kind != KVoid {
		c.errorf(resultPos(f.Decl, f.pos), "vertex-writes", "vertex function '%s' writes to device memory and must return void, not '%s'", f.QualName, f.Result)
	}
}

// globalVar checks a program-scope variable (or function constant).
func (c *checker) globalVar(d *syntax.VarDecl, s *Scope) {
	if d.Name == nil {
		return
	}
	if d.Qual != nil && len(d.Qual.Segs) > 1 {
		c.staticMemberDef(d, s)
		return
	}
	q := c.resolveQual(d.Type, s)
	v := &Var{Name: d.Name.Name, QualName: qualify(s, d.Name.Name), Type: q.t, Space: q.space, Const: q.isConst,
		Constexpr: d.Specs.Has(syntax.SpecConstexpr), Static: d.Specs.Has(syntax.SpecStatic),
		Extern: d.Specs.Has(syntax.SpecExtern), Global: true, Decl: d, Pos: d.Name.NamePos}
	v.Attrs = c.attrs(append(append([]*syntax.AttrList{}, d.Attrs...), d.NameAttrs...), s)
	if v.Constexpr {
		v.Const = true
		if v.Space == SpaceNone {
			v.Space = SpaceConstant
		}
	}
	if d.Specs.Has(syntax.SpecThreadLocal) {
		c.errorf(d.StartPos, "thread-local", "thread_local storage class is not supported in Metal")
	}
	if d.Specs.Has(syntax.SpecRegister) {
		c.errorf(d.StartPos, "register", "'register' storage class is not supported in Metal")
	}
	c.globalBinding(d, v, s)
	c.declare(s, &Symbol{Kind: SymVar, Name: v.Name, Var: v, Pos: v.Pos})
	c.prog.Globals = append(c.prog.Globals, v)

	if fa := findAttr(v.Attrs, "function_constant"); fa != nil {
		c.functionConstant(d, v, fa)
		return
	}
	builtinAttr := false
	for _, a := range v.Attrs {
		if kernelBuiltins[a.Name] != nil || a.Name == "buffer" || a.Name == "texture" || a.Name == "sampler" || a.Name == "threadgroup" {
			builtinAttr = true
		}
	}
	if d.Specs.Has(syntax.SpecThreadLocal) {
		return
	}
	if !builtinAttr && !v.Extern && d.Init == nil && !q.t.IsBad() {
		switch {
		case v.Type.Kind == KTexture, v.Type.Kind == KSampler && !v.Constexpr,
			v.Type.Kind == KArray && (v.Type.Elem.Kind == KTexture || v.Type.Elem.Kind == KSampler),
			v.Type.Kind == KPointer && v.Type.Space != SpaceNone && v.Type.Space != SpaceThread:
			// Metal 3.2 program-scope resources (§5.9) need explicit bindings.
			c.errorf(d.Name.NamePos, "global-binding", "program-scope resource '%s' of type '%s' needs an explicit binding attribute ([[buffer]], [[texture]] or [[sampler]])", v.Name, v.Type)
			return
		}
	}
	if v.Space != SpaceConstant && !builtinAttr && !q.t.IsBad() && v.Type.Kind != KSampler {
		// Program-scope variables must be in the constant address space
		// (Metal 3.1+ built-in globals and 3.2 bindings excepted).
		if !(v.Type.Kind == KTexture || v.Type.Kind == KPointer) {
			c.errorf(d.Name.NamePos, "global-space", "program scope variable must reside in constant address space")
		}
	}
	if v.Space == SpaceNone {
		v.Space = SpaceConstant
	}
	if d.Init != nil {
		save := c.info
		c.info = c.prog.Info
		c.checkInitializer(d, v, s)
		c.info = save
		if v.Value == nil {
			// constant bool c = a && b;  — a derived function constant.
			if fc := c.funcConstIn(d.Init, s); fc != nil {
				k := &FuncConst{Name: v.Name, Var: v, Type: v.Type, Index: -1, Init: d.Init, Pos: v.Pos}
				v.FuncConst = k
				c.prog.FuncConsts = append(c.prog.FuncConsts, k)
			}
		}
	} else if v.Space == SpaceConstant && !v.Extern && v.Type.Kind != KSampler && !builtinAttr &&
		v.Type.Kind != KTexture && v.Type.Kind != KPointer && !v.Type.IsBad() && !v.Static {
		c.errorf(d.Name.NamePos, "uninit-constant", "default initialization of an object of const type '%s'", v.Type)
	}
}

// globalBinding checks program-scope resource bindings (Metal 3.2, §5.9):
// an extern declaration and its definition must agree on type and
// binding, and two globals bound to the same slot must have the same type.
func (c *checker) globalBinding(d *syntax.VarDecl, v *Var, s *Scope) {
	var bind *Attr
	for i := range v.Attrs {
		if _, ok := resourceAttrs[v.Attrs[i].Name]; ok {
			bind = &v.Attrs[i]
		}
	}
	if old := s.lookupLocal(v.Name); old != nil && old.Kind == SymVar && (old.Var.Extern || v.Extern) {
		ov := old.Var
		if ov.Type != v.Type && !ov.Type.IsBad() && !v.Type.IsBad() {
			c.errorf(v.Pos, "redecl-type", "redeclaration of '%s' with a different type ('%s' vs '%s')", v.Name, v.Type, ov.Type)
			return
		}
		var ob *Attr
		for i := range ov.Attrs {
			if _, ok := resourceAttrs[ov.Attrs[i].Name]; ok {
				ob = &ov.Attrs[i]
			}
		}
		if (ob == nil) != (bind == nil) || ob != nil && (ob.Name != bind.Name || ob.IntArg(0, -1) != bind.IntArg(0, -1)) {
			c.errorf(v.Pos, "redecl-binding", "redeclaration of '%s' with a different resource binding", v.Name)
		}
		return
	}
	if bind == nil || bind.FuncConst != nil {
		return
	}
	k := bindKey{bind.Name, bind.IntArg(0, -1)}
	if c.globalBinds == nil {
		c.globalBinds = map[bindKey]*Var{}
	}
	if o := c.globalBinds[k]; o != nil {
		if o.Type != v.Type && !o.Type.IsBad() && !v.Type.IsBad() {
			c.errorf(v.Pos, "binding-type", "%s(%d) is already bound to '%s' of type '%s'; '%s' has type '%s'",
				k.kind, k.index, o.Name, o.Type, v.Name, v.Type)
		}
		return
	}
	c.globalBinds[k] = v
}

// functionConstant checks `constant T name [[function_constant(i)]];`.
func (c *checker) functionConstant(d *syntax.VarDecl, v *Var, fa *Attr) {
	k := &FuncConst{Name: v.Name, Var: v, Type: v.Type, Index: -1, Pos: v.Pos}
	v.FuncConst = k
	if len(fa.Args) != 1 || fa.Args[0].Type == nil || !isIntegral(fa.Args[0].Type) {
		c.errorf(fa.Pos, "fc-index", "function_constant attribute requires an integer constant index")
	} else {
		idx := fa.Args[0].AsInt()
		if idx < 0 || idx > 65535 {
			c.errorf(fa.ArgExprs[0].Pos(), "fc-index", "function constant index %d out of range [0, 65535]", idx)
		} else {
			k.Index = int(idx)
			for _, o := range c.prog.FuncConsts {
				if o.Index == k.Index {
					c.errorf(fa.ArgExprs[0].Pos(), "fc-dup", "function constant index %d already used by '%s'", idx, o.Name)
					break
				}
			}
		}
	}
	if !v.Type.IsScalarOrVector() && !v.Type.IsBad() {
		c.errorf(d.Name.NamePos, "fc-type", "function constant '%s' must have a scalar or vector type, not '%s'", v.Name, v.Type)
	}
	if v.Space != SpaceConstant {
		c.errorf(d.Name.NamePos, "fc-space", "function constant must be declared in the constant address space")
	}
	if d.Init != nil {
		c.errorf(d.Init.Pos(), "fc-init", "function constant '%s' cannot have an initializer", v.Name)
	}
	c.prog.FuncConsts = append(c.prog.FuncConsts, k)
}

// maxConstexprDepth bounds recursive constexpr evaluation.
const maxConstexprDepth = 64

// evalConstexprCall evaluates a call of a constexpr function whose
// arguments are all constants. Supported bodies: constant local
// declarations, if/else, and return statements (what constexpr helpers
// in shaders use); anything else yields nil (not constant). Evaluation
// uses a scratch Info and reports nothing.
func (c *checker) evalConstexprCall(f *Func, args []*ExprInfo) *Value {
	if c.constDepth >= maxConstexprDepth || f.Decl.Body == nil || len(args) != len(f.Params) {
		return nil
	}
	sc := newScope(ScopeFunc, f.scope, "")
	if f.packName != "" {
		sc.insert(&Symbol{Kind: SymPack, Name: f.packName, PackVars: f.packVars})
	}
	for i, p := range f.Params {
		if p.packElem {
			continue // the pack's elements are not named (sizeof... only)
		}
		if args[i].Value == nil || p.Name == "" {
			return nil
		}
		v, ok := ConvertValue(*args[i].Value, p.Type.Unqualified())
		if !ok {
			return nil
		}
		sc.insert(&Symbol{Kind: SymConst, Name: p.Name, Value: &v, Type: v.Type})
	}
	saveInfo, saveDiags, saveFn, saveRet := c.info, c.diags, c.fn, c.constRet
	c.info, c.diags, c.constRet = newInfo(), nil, f.Result.Unqualified()
	c.constDepth++
	defer func() { c.info, c.diags, c.fn, c.constRet = saveInfo, saveDiags, saveFn, saveRet; c.constDepth-- }()
	v, done := c.evalStmts(f.Decl.Body.Stmts, sc)
	if !done || v == nil {
		return nil
	}
	if cv, ok := ConvertValue(*v, f.Result.Unqualified()); ok {
		return &cv
	}
	return nil
}

// evalStmts runs constexpr statements; done reports a return was reached.
func (c *checker) evalStmts(stmts []syntax.Stmt, s *Scope) (*Value, bool) {
	for _, st := range stmts {
		switch st := st.(type) {
		case *syntax.ReturnStmt:
			if st.Result == nil {
				return nil, true
			}
			if il, ok := st.Result.(*syntax.InitListExpr); ok && c.constRet != nil && c.constRet.Kind == KStruct {
				// return {a, b}; of a struct result.
				return c.initList(il, c.constRet, s).Value, true
			}
			return c.expr(st.Result, s).Value, true
		case *syntax.DeclStmt:
			for _, d := range st.Decls {
				vd, ok := d.(*syntax.VarDecl)
				if !ok || vd.Name == nil || vd.Init == nil {
					return nil, true
				}
				x := c.expr(vd.Init, s)
				if x.Value == nil {
					return nil, true
				}
				v := *x.Value
				if t := c.resolveType(vd.Type, s); t != autoType && !t.IsBad() {
					if cv, ok := ConvertValue(v, t); ok {
						v = cv
					}
				}
				s.insert(&Symbol{Kind: SymConst, Name: vd.Name.Name, Value: &v, Type: v.Type})
			}
		case *syntax.IfStmt:
			if st.Cond == nil || st.Init != nil {
				return nil, true
			}
			cond := c.expr(st.Cond, s)
			if cond.Value == nil {
				return nil, true
			}
			branch := st.Then
			if !cond.Value.AsBool() {
				branch = st.Else
			}
			if branch != nil {
				body := []syntax.Stmt{branch}
				if b, ok := branch.(*syntax.BlockStmt); ok {
					body = b.Stmts
				}
				if v, done := c.evalStmts(body, newScope(ScopeBlock, s, "")); done {
					return v, true
				}
			}
		case *syntax.BlockStmt:
			if v, done := c.evalStmts(st.Stmts, newScope(ScopeBlock, s, "")); done {
				return v, true
			}
		case *syntax.EmptyStmt:
		default:
			return nil, true // not supported: not a constant
		}
	}
	return nil, false
}

// evalConstexprCtor evaluates a call of a constexpr constructor of struct
// t whose arguments are constants: the value of each member is its member
// initializer (`: real(r), imag(i)`) evaluated with the parameters bound.
// The body must be empty and every non-static member initialized; nil
// means "not a constant".
func (c *checker) evalConstexprCtor(f *Func, args []*ExprInfo, t *Type) *Value {
	if f == nil || f.Decl == nil || !f.Decl.Specs.Has(syntax.SpecConstexpr) || f.Decl.Body == nil ||
		len(f.Decl.Body.Stmts) != 0 || len(args) > len(f.Params) || c.constDepth >= maxConstexprDepth || t.Kind != KStruct {
		return nil
	}
	saveInfo, saveDiags, saveFn := c.info, c.diags, c.fn
	c.info, c.diags = newInfo(), nil
	c.constDepth++
	defer func() { c.info, c.diags, c.fn = saveInfo, saveDiags, saveFn; c.constDepth-- }()
	sc := newScope(ScopeFunc, f.scope, "")
	for i, p := range f.Params {
		var av *Value
		switch {
		case i < len(args):
			av = args[i].Value
		case i < len(f.Decl.Params) && f.Decl.Params[i].Default != nil:
			// A default argument (`matmul2d_descriptor(16, 32)`).
			av = c.expr(f.Decl.Params[i].Default, f.scope).Value
		}
		if av == nil {
			return nil
		}
		if p.Name == "" {
			continue
		}
		v, ok := ConvertValue(*av, p.Type.Unqualified())
		if !ok {
			return nil
		}
		sc.insert(&Symbol{Kind: SymConst, Name: p.Name, Value: &v, Type: v.Type})
	}
	fields := t.Struct.Fields
	elems := make([]Value, len(fields))
	for _, mi := range f.Decl.Inits {
		if mi.Name == nil || mi.Init == nil || len(mi.Init.Elems) != 1 {
			return nil
		}
		i := slices.IndexFunc(fields, func(fl *Field) bool { return fl.Name == mi.Name.Plain() })
		if i < 0 {
			return nil // a base initializer
		}
		x := c.expr(mi.Init.Elems[0], sc)
		if x.Value == nil {
			return nil
		}
		v, ok := ConvertValue(*x.Value, fields[i].Type.Unqualified())
		if !ok {
			return nil
		}
		elems[i] = v
	}
	for i, fl := range fields {
		if elems[i].Type == nil && !fl.Static {
			return nil
		}
	}
	return &Value{Type: t, Elems: elems}
}

// staticMemberDef checks the out-of-class definition of a static data
// member, `constant constexpr const float S<6, 3>::table[8][8];`: the
// member must exist and be static, with the same type. Without an
// initializer it only repeats the in-class declaration (redundant since
// C++17 for constexpr members, and accepted); with one, it gives the value
// of a member declared without.
func (c *checker) staticMemberDef(d *syntax.VarDecl, s *Scope) {
	prefix := &syntax.Name{Global: d.Qual.Global, GlobalAt: d.Qual.GlobalAt, Segs: d.Qual.Segs[:len(d.Qual.Segs)-1]}
	var ps *Scope
	if sym := c.lookupQualified(prefix, s, true); sym != nil {
		ps = c.scopeOf(sym, prefix.Last(), s)
	}
	if ps == nil {
		return // lookupQualified reported it
	}
	owner := prefix.Plain()
	if ps.Struct != nil && ps.Struct.Self != nil {
		owner = ps.Struct.Self.String()
	}
	sym := ps.lookupLocal(d.Name.Name)
	if sym == nil || sym.Kind != SymVar || ps.Struct == nil {
		c.errorf(d.Name.NamePos, "no-member", "no static data member named '%s' in '%s'", d.Name.Name, owner)
		return
	}
	v := sym.Var
	if !v.Static {
		c.errorf(d.Name.NamePos, "not-static", "'%s' is not a static data member of '%s'", d.Name.Name, owner)
		return
	}
	q := c.resolveQual(d.Type, s)
	if !q.t.IsBad() && !v.Type.IsBad() && q.t.Unqualified() != v.Type.Unqualified() {
		c.errorf(d.Name.NamePos, "member-redecl", "the definition of '%s' has type '%s', its declaration '%s'", d.Name.Name, q.t, v.Type)
		return
	}
	if d.Init == nil {
		return
	}
	if vd, ok := v.Decl.(*syntax.VarDecl); ok && vd.Init != nil {
		c.errorf(d.Name.NamePos, "redefinition", "redefinition of '%s'", d.Name.Name)
		return
	}
	save := c.info
	c.info = c.prog.Info
	c.checkInitializer(d, v, ps)
	c.info = save
}
