package sema

import (
	"slices"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"

	"github.com/ingot-render/ingot/shaders/syntax"
)

type instCtx struct {
	scope    *Scope
	args     []TemplArg
	qualName string
}

func (c *checker) templateDecl(d *syntax.TemplateDecl, s *Scope) {
	if len(d.Params) == 0 {
		// Explicit specialization template<>: treat the declaration as an
		// ordinary one (functions) or record it (classes).
		switch inner := d.Decl.(type) {
		case *syntax.FuncDecl:
			if inner.Name != nil && inner.Name.Last().Template != nil {
				f := c.funcSig(inner, s, nil)
				f.TemplArgs = c.templArgs(inner.Name.Last().Template, s)
				if sym := c.lookup(f.Name, s); sym != nil && sym.Kind == SymTemplate {
					for _, t := range sym.Templs {
						t.funcSpecs = append(t.funcSpecs, f)
					}
					if inner.Body != nil {
						c.checkBody(f)
					}
					return
				}
			}
			if inner.Name != nil && !inner.Name.Qualified() && c.specializeDeduced(inner, s) {
				return
			}
			c.decl(inner, s)
		case *syntax.StructDecl:
			if inner.Name != nil && inner.Name.Last().Template != nil {
				if sym := c.lookup(inner.Name.Last().Name, s); sym != nil && sym.Kind == SymTemplate {
					for _, t := range sym.Templs {
						t.specs = append(t.specs, d)
					}
					return
				}
			}
			c.decl(inner, s)
		case *syntax.VarDecl:
			if inner.Name != nil && inner.TemplArgs != nil {
				// template <> constexpr bool is_x<float> = true;
				if sym := c.lookup(inner.Name.Name, s); sym != nil && sym.Kind == SymTemplate {
					for _, t := range sym.Templs {
						t.specs = append(t.specs, d)
					}
				} else {
					c.errorf(inner.Name.NamePos, "not-template", "'%s' is not a variable template", inner.Name.Name)
				}
				return
			}
			c.decl(inner, s)
		default:
			c.decl(d.Decl, s)
		}
		return
	}
	var name string
	var pos = d.KwPos
	switch inner := d.Decl.(type) {
	case *syntax.FuncDecl:
		if inner.Name == nil || len(inner.Name.Segs) == 0 {
			return
		}
		name = inner.Name.Last().Name
		pos = inner.Name.Last().NamePos
		if inner.Name.Qualified() {
			// Out-of-line member template definition: not modelled.
			return
		}
		if st := s.Struct; s.Kind == ScopeStruct && st != nil && name == st.Name && inner.Name.Last().Kind == syntax.NamePlain {
			// A constructor template: a candidate of the struct's
			// constructions, not a name in its scope.
			st.CtorTemplates = append(st.CtorTemplates, &Template{Name: name, QualName: qualify(s, name), Decl: d, Params: d.Params, scope: s})
			return
		}
	case *syntax.StructDecl:
		if inner.Name == nil {
			return
		}
		name = inner.Name.Last().Name
		pos = inner.Name.Last().NamePos
		if inner.Name.Last().Template != nil {
			// Partial specialization: record on the primary template.
			if sym := c.lookup(name, s); sym != nil && sym.Kind == SymTemplate {
				for _, t := range sym.Templs {
					t.partials = append(t.partials, d)
				}
			}
			return
		}
	case *syntax.AliasDecl:
		if inner.Name == nil {
			return
		}
		name = inner.Name.Name
		pos = inner.Name.NamePos
	case *syntax.VarDecl:
		if inner.Name == nil {
			return
		}
		name = inner.Name.Name
		pos = inner.Name.NamePos
		if inner.TemplArgs != nil {
			// Partial specialization of a variable template.
			if sym := c.lookup(name, s); sym != nil && sym.Kind == SymTemplate {
				for _, t := range sym.Templs {
					t.partials = append(t.partials, d)
				}
			}
			return
		}
	default:
		return
	}
	t := &Template{Name: name, QualName: qualify(s, name), Decl: d, Params: d.Params, scope: s}
	if sym := s.lookupLocal(name); sym != nil && sym.Kind == SymTemplate {
		if sd, ok := d.Decl.(*syntax.StructDecl); ok {
			for _, old := range sym.Templs {
				if od, ok := old.Decl.Decl.(*syntax.StructDecl); ok && od.Forward() && !sd.Forward() {
					old.Decl = d
					old.Params = d.Params
					return
				}
			}
		}
	}
	c.declare(s, &Symbol{Kind: SymTemplate, Name: name, Templs: []*Template{t}, Pos: pos})
}

func argsKey(args []TemplArg) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// bindParams creates the scope binding a template's parameters to args,
// filling defaults. It returns nil (after reporting) on arity errors.
func (c *checker) bindParams(t *Template, args []TemplArg, pos syntax.Node) (*Scope, []TemplArg) {
	sc := newScope(ScopeTemplate, t.scope, "")
	full := make([]TemplArg, 0, len(t.Params))
	for i, p := range t.Params {
		var a TemplArg
		switch {
		case p.Variadic:
			for _, rest := range args[min(i, len(args)):] {
				full = append(full, rest)
			}
			if p.Name != nil {
				pack := append([]TemplArg(nil), args[min(i, len(args)):]...)
				sc.insert(&Symbol{Kind: SymType, Name: p.Name.Name, Type: Unknown, IsPack: true, Pack: pack})
			}
			return sc, full
		case i < len(args):
			a = args[i]
		case p.Default != nil:
			a = c.templArg(p.Default, sc)
		default:
			c.errorf(pos.Pos(), "template-args", "too few template arguments for '%s'", t.Name)
			return nil, nil
		}
		if p.Kind == syntax.NonTypeParam && a.Value == nil && a.Type != nil && !a.Type.IsBad() {
			c.errorf(pos.Pos(), "template-args", "template argument %d of '%s' must be a constant, not type '%s'", i+1, t.Name, a.Type)
			return nil, nil
		}
		if p.Kind == syntax.TypeParam && a.Type == nil {
			c.errorf(pos.Pos(), "template-args", "template argument %d of '%s' must be a type", i+1, t.Name)
			return nil, nil
		}
		if p.Kind == syntax.NonTypeParam && p.Type != nil {
			// The parameter's type takes part in substitution:
			// `enable_if_t<cond, bool> = true` fails to form when cond is false.
			pt := c.resolveType(p.Type, sc)
			if pt.IsBad() {
				a = TemplArg{Type: Invalid}
			} else if a.Value != nil && (pt.IsScalar() || pt.Kind == KEnum) {
				if cv, ok := ConvertValue(*a.Value, pt); ok && pt.Kind != KEnum {
					a.Value = &cv
				}
			}
		}
		full = append(full, a)
		if p.Name == nil {
			continue
		}
		if a.Type != nil {
			sc.insert(&Symbol{Kind: SymType, Name: p.Name.Name, Type: a.Type})
		} else if a.Value != nil {
			v := *a.Value
			sc.insert(&Symbol{Kind: SymConst, Name: p.Name.Name, Value: &v, Type: v.Type})
		}
	}
	if len(args) > len(t.Params) {
		c.errorf(pos.Pos(), "template-args", "too many template arguments for '%s'", t.Name)
		return nil, nil
	}
	return sc, full
}

// instantiateClassFromSym instantiates a class or alias template named by seg.
func (c *checker) instantiateClassFromSym(sym *Symbol, seg *syntax.NameSegment, s *Scope) *Type {
	args := c.templArgs(seg.Template, s)
	for _, a := range args {
		if a.Type != nil && a.Type.IsBad() {
			return a.Type
		}
	}
	for _, t := range sym.Templs {
		switch d := t.Decl.Decl.(type) {
		case *syntax.StructDecl:
			return c.instantiateClass(t, d, args, seg)
		case *syntax.AliasDecl:
			sc, _ := c.bindParams(t, args, seg)
			if sc == nil {
				return Invalid
			}
			return c.resolveType(d.Type, sc)
		}
	}
	c.errorf(seg.NamePos, "not-template", "'%s' is not a class template", seg.Name)
	return Invalid
}

func (c *checker) instantiateClass(t *Template, d *syntax.StructDecl, args []TemplArg, at syntax.Node) *Type {
	sc, full := c.bindParams(t, args, at)
	if sc == nil {
		return Invalid
	}
	key := argsKey(full)
	if t.instances == nil {
		t.instances = make(map[string]*Type)
	}
	if ty := t.instances[key]; ty != nil {
		return ty
	}
	// Explicit full specializations.
	for _, sd := range t.specs {
		inner := sd.Decl.(*syntax.StructDecl)
		sargs := c.templArgs(inner.Name.Last().Template, t.scope)
		if argsKey(sargs) == key {
			d = inner
			break
		}
	}
	if d == t.Decl.Decl {
		// Partial specializations (`template <typename T> struct S<true, T>`).
		if pd, psc := c.matchPartial(t, full); pd != nil {
			d, sc = pd, psc
		}
	}
	if d.Forward() {
		c.errorf(at.Pos(), "incomplete", "implicit instantiation of undefined template '%s<%s>'", t.QualName, key)
		return Invalid
	}
	if c.instDepth >= maxInstDepth {
		c.errorf(at.Pos(), "inst-depth", "recursive template instantiation exceeded maximum depth of %d ('%s<%s>')", maxInstDepth, t.QualName, key)
		t.instances[key] = Invalid
		return Invalid
	}
	c.instDepth++
	c.sites = append(c.sites, at.Pos())
	defer func() { c.instDepth--; c.sites = c.sites[:len(c.sites)-1] }()
	inst := &instCtx{scope: sc, args: full, qualName: t.QualName + "<" + key + ">"}
	// Reserve the cache entry first so recursive references resolve.
	st := &Struct{Name: t.Name, QualName: inst.qualName, Union: d.Keyword == "union", Methods: make(map[string][]*Func),
		TemplArgs: full}
	ty := NewStructType(st)
	t.instances[key] = ty
	saveInfo, saveFn := c.info, c.fn
	c.info = c.prog.Info
	c.fn = nil
	sc.insert(&Symbol{Kind: SymType, Name: t.Name, Type: ty})
	c.defineStruct(ty, d, sc, inst)
	c.info, c.fn = saveInfo, saveFn
	return ty
}

// specializeDeduced handles `template <> float f(uint x) {…}`, an explicit
// specialization whose template arguments are deduced from its parameter
// types: it becomes the instance of the first function template that
// deduces them. It reports false when no template does.
func (c *checker) specializeDeduced(fd *syntax.FuncDecl, s *Scope) bool {
	sym := c.lookup(fd.Name.Last().Name, s)
	if sym == nil || sym.Kind != SymTemplate {
		return false
	}
	f := c.funcSig(fd, s, nil)
	types := make([]*Type, len(f.Params))
	for i, p := range f.Params {
		types[i] = p.Type
	}
	for _, t := range sym.Templs {
		tfd, ok := t.Decl.Decl.(*syntax.FuncDecl)
		if !ok || len(tfd.Params) != len(fd.Params) {
			continue
		}
		saved := c.diags
		c.diags = nil
		targs, ok := c.deduceFunc(t, tfd, nil, types)
		var full []TemplArg
		if ok {
			var sc *Scope
			sc, full = c.bindParams(t, targs, fd)
			ok = sc != nil
		}
		c.diags = saved
		if !ok {
			continue
		}
		f.TemplArgs = full
		t.funcSpecs = append(t.funcSpecs, f)
		if fd.Body != nil {
			c.checkBody(f)
		}
		return true
	}
	return false
}

// maxInstDepth bounds the nesting of template instantiations (clang's
// default is 1024; kernel libraries recurse a few levels).
const maxInstDepth = 128

// defineStruct fills an already created struct type from its declaration
// (used for class template instances).
func (c *checker) defineStruct(t *Type, d *syntax.StructDecl, s *Scope, inst *instCtx) {
	st := t.Struct
	sc := newScope(ScopeStruct, s, st.Name)
	sc.QualName = st.QualName
	sc.Struct = st
	st.Scope = sc
	sc.insert(&Symbol{Kind: SymType, Name: st.Name, Type: t})
	for _, b := range d.Bases {
		bt := c.resolveType(b.Type, s)
		if bt.Kind == KStruct {
			st.Bases = append(st.Bases, bt)
			sc.Using = append(sc.Using, bt.Struct.Scope)
		}
	}
	var methods []*Func
	for _, m := range d.Members {
		switch m := m.(type) {
		case *syntax.VarDecl:
			c.fieldDecl(m, st, sc)
		case *syntax.FuncDecl:
			if f := c.funcDecl(m, sc, st); f != nil && m.Body != nil {
				methods = append(methods, f)
			}
		case *syntax.TemplateDecl:
			if fd, ok := m.Decl.(*syntax.FuncDecl); ok && len(m.Params) == 0 && fd.Name != nil && !fd.Name.Qualified() {
				// An in-class explicit specialization of a member function
				// template: a method overload (see structDecl).
				if f := c.funcDecl(fd, sc, st); f != nil && fd.Body != nil {
					methods = append(methods, f)
				}
				continue
			}
			c.decl(m, sc)
		default:
			c.decl(m, sc)
		}
	}
	st.Complete = true
	for _, f := range methods {
		c.checkInstanceMethod(f)
	}
}

// checkInstanceMethod checks the body of a member function of a class
// template instance. Its definition is instantiated only when it is used
// ([temp.inst]/4): its diagnostics are reported when the method is first
// called (noteCall), and dropped when it never is — `U scan(U x) { return
// simd_prefix_inclusive_sum(x); }` of a class instantiated with a struct U
// is valid as long as nothing calls it.
func (c *checker) checkInstanceMethod(f *Func) {
	saved := c.diags
	if saved == nil {
		c.checkBody(f)
		return
	}
	tmp := diag.NewList(saved.Fset)
	c.diags = tmp
	c.checkBody(f)
	c.diags = saved
	if len(tmp.Diags) == 0 {
		return
	}
	if f.used {
		for _, d := range tmp.Diags {
			saved.Add(d)
		}
		return
	}
	f.deferred, f.deferredTo = tmp.Diags, saved
}

// deduce matches a parameter's written type against an argument type,
// binding template parameters in b. It returns false on a mismatch.
func (c *checker) deduce(te syntax.TypeExpr, at *Type, params map[string]*syntax.TemplateParam, b map[string]TemplArg, s *Scope) bool {
	if at == nil || at.IsBad() {
		return true
	}
	switch te := te.(type) {
	case *syntax.QualType:
		return c.deduce(te.Elem, at, params, b, s)
	case *syntax.RefType:
		return c.deduce(te.Elem, at.Unqualified(), params, b, s)
	case *syntax.PointerType:
		at = at.Unqualified()
		if at.Kind == KArray {
			return c.deduce(te.Elem, at.Elem, params, b, s)
		}
		if at.Kind == KNullptr {
			// Nothing to deduce; nullptr converts to the substituted pointer.
			return true
		}
		if at.Kind != KPointer {
			return false
		}
		return c.deduce(te.Elem, at.Elem, params, b, s)
	case *syntax.ArrayType:
		at = at.Unqualified()
		if at.Kind == KPointer {
			// A parameter `thread U a[N]` is a pointer: N is not deduced.
			return c.deduce(te.Elem, at.Elem, params, b, s)
		}
		if at.Kind != KArray {
			return false
		}
		if ne, ok := te.Len.(*syntax.NameExpr); ok && !ne.Name.Qualified() && params[ne.Name.Segs[0].Name] != nil {
			v := IntVal(Int, int64(at.N))
			bindOnce(b, ne.Name.Segs[0].Name, TemplArg{Value: &v})
		}
		return c.deduce(te.Elem, at.Elem, params, b, s)
	case *syntax.NamedType:
		n := te.Name
		last := n.Last()
		if !n.Qualified() && params[last.Name] != nil && last.Template == nil {
			at = at.Unqualified()
			return bindOnce(b, last.Name, TemplArg{Type: at})
		}
		if last.Template == nil {
			return true
		}
		at = at.Unqualified()
		// vec<T, N>, packed_vec<T,N>, matrix<T,C,R>, array<T,N>, user templates.
		var got []TemplArg
		switch {
		case last.Name == "vec" && at.Kind == KVector, last.Name == "packed_vec" && at.Kind == KPacked:
			n := IntVal(Int, int64(at.N))
			got = []TemplArg{{Type: at.Elem}, {Value: &n}}
		case last.Name == "matrix" && at.Kind == KMatrix:
			cn, rn := IntVal(Int, int64(at.N)), IntVal(Int, int64(at.Rows))
			got = []TemplArg{{Type: at.Elem}, {Value: &cn}, {Value: &rn}}
		case last.Name == "array" && at.Kind == KArray:
			n := IntVal(Int, int64(at.N))
			got = []TemplArg{{Type: at.Elem}, {Value: &n}}
		case at.Kind == KTexture && last.Name == at.Tex.String():
			av := Value{Type: builtinEnum("access"), I: int64(at.Access)}
			got = []TemplArg{{Type: at.Elem}, {Value: &av}}
		case at.Kind == KAtomic && last.Name == "atomic":
			got = []TemplArg{{Type: at.Elem}}
		case at.Kind == KStruct && at.Struct.TemplArgs != nil && at.Struct.Name == last.Name:
			got = at.Struct.TemplArgs
		case at.Kind == KOpaque && at.Opaque.Name == last.Name:
			got = at.Opaque.Args
		case c.isAliasTemplate(n, s):
			// An alias of a class template whose parameters are passed
			// through (`bool_constant<B>` = `integral_constant<bool, B>`)
			// deduces through the class template's arguments; any other
			// alias template (`enable_if_t<is_x<T>>`) is a non-deduced
			// context: the substituted pattern is compared afterwards.
			var ok bool
			if got, ok = c.aliasDeductionArgs(n, s, at); !ok {
				return true
			}
		default:
			return false
		}
		for i, ta := range last.Template.Args {
			if i >= len(got) {
				break
			}
			switch {
			case ta.Type != nil:
				if !c.deduce(ta.Type, got[i].Type, params, b, s) {
					return false
				}
			case ta.Expr != nil:
				if ne, ok := ta.Expr.(*syntax.NameExpr); ok && !ne.Name.Qualified() && params[ne.Name.Segs[0].Name] != nil {
					if !bindOnce(b, ne.Name.Segs[0].Name, got[i]) {
						return false
					}
				}
			}
		}
		return true
	}
	return true
}

func bindOnce(b map[string]TemplArg, name string, a TemplArg) bool {
	if old, ok := b[name]; ok {
		if old.Type != nil && a.Type != nil {
			return old.Type == a.Type
		}
		if old.Value != nil && a.Value != nil {
			return old.Value.AsInt() == a.Value.AsInt()
		}
		return true
	}
	b[name] = a
	return true
}

// deduceFunc deduces a function template's arguments from explicit
// template arguments and call argument types. ok is false when deduction
// fails (the template is not viable).
func (c *checker) deduceFunc(t *Template, fd *syntax.FuncDecl, explicit []TemplArg, args []*Type) ([]TemplArg, bool) {
	params := map[string]*syntax.TemplateParam{}
	for _, p := range t.Params {
		if p.Name != nil {
			params[p.Name.Name] = p
		}
	}
	b := map[string]TemplArg{}
	for i, a := range explicit {
		if i < len(t.Params) {
			// A type for a non-type parameter (or a value for a type
			// parameter) makes the template not viable.
			if nonType := t.Params[i].Kind == syntax.NonTypeParam; nonType && a.Value == nil && !t.Params[i].Variadic ||
				t.Params[i].Kind == syntax.TypeParam && a.Type == nil && a.Value != nil {
				return nil, false
			}
		}
		if i < len(t.Params) && t.Params[i].Name != nil {
			if t.Params[i].Variadic {
				b[t.Params[i].Name.Name] = TemplArg{Pack: explicit[i:], isPack: true}
				break
			}
			b[t.Params[i].Name.Name] = a
		}
	}
	if len(b) > 0 {
		// Explicitly specified parameters are not deduced: their
		// arguments convert to the substituted type ([temp.arg.explicit]).
		free := make(map[string]*syntax.TemplateParam, len(params))
		for k, p := range params {
			if _, given := b[k]; !given {
				free[k] = p
			}
		}
		params = free
	}
	for i, at := range args {
		if i >= len(fd.Params) {
			break
		}
		if fd.Params[i].Ellipsis {
			// `Ts... params`: the remaining arguments deduce the pack.
			if !c.deducePack(fd.Params[i].Type, args[i:], params, b, t.scope) {
				return nil, false
			}
			break
		}
		if !c.deduce(fd.Params[i].Type, at, params, b, t.scope) {
			return nil, false
		}
	}
	out := make([]TemplArg, 0, len(t.Params))
	for _, p := range t.Params {
		if p.Name == nil {
			continue
		}
		a, ok := b[p.Name.Name]
		if ok && a.isPack {
			out = append(out, a.Pack...)
			break
		}
		if !ok {
			if p.Default != nil || p.Variadic {
				break
			}
			return nil, false
		}
		out = append(out, a)
	}
	return out, true
}

// instantiateFunc returns the instance of function template t for args
// (checked once; hundreds of instances per file stay cheap because
// signatures and bodies are checked once per distinct argument list).
func (c *checker) instantiateFunc(t *Template, args []TemplArg, at syntax.Node) *Func {
	f := c.instantiateFuncSig(t, args, at)
	if f != nil {
		c.ensureBody(f)
	}
	return f
}

// ensureBody checks the body of a function template instance made by
// instantiateFuncSig, once. Overload resolution instantiates only the
// signatures of the candidates and the body of the one chosen, as C++
// does: the body of a losing candidate may be invalid for its arguments.
func (c *checker) ensureBody(f *Func) {
	if !f.bodyPending {
		return
	}
	f.bodyPending = false
	if c.instDepth >= maxInstDepth {
		c.errorf(f.pos, "inst-depth", "recursive template instantiation exceeded maximum depth of %d ('%s')", maxInstDepth, f.QualName)
		return
	}
	c.instDepth++
	defer func() { c.instDepth-- }()
	saveInfo, saveFn, saveScope := c.info, c.fn, c.scope
	c.info = c.prog.Info
	c.fn = nil
	c.checkBody(f)
	c.info, c.fn, c.scope = saveInfo, saveFn, saveScope
}

// instantiateFuncSig is instantiateFunc without checking the body (see
// ensureBody).
func (c *checker) instantiateFuncSig(t *Template, args []TemplArg, at syntax.Node) *Func {
	fd, ok := t.Decl.Decl.(*syntax.FuncDecl)
	if !ok {
		return nil
	}
	// The instance for the arguments as given (before defaults are filled)
	// is memoized: overload resolution asks for the same signatures again
	// at every call, and binding the parameters (defaults evaluated) is
	// most of the cost of finding them in funcInsts.
	rawKey := argsKey(args)
	if f := t.rawInsts[rawKey]; f != nil {
		return f
	}
	errs := c.errCalls
	sc, full := c.bindParams(t, args, at)
	if sc == nil {
		return nil
	}
	clean := c.errCalls == errs // binding reported nothing (or nothing suppressed)
	key := argsKey(full)
	if t.funcInsts == nil {
		t.funcInsts = make(map[string]*Func)
	}
	if f := t.funcInsts[key]; f != nil {
		if clean {
			t.memoRaw(rawKey, f)
		}
		return f
	}
	for _, sp := range t.funcSpecs {
		if argsKey(sp.TemplArgs) == key {
			t.funcInsts[key] = sp
			if clean {
				t.memoRaw(rawKey, sp)
			}
			return sp
		}
	}
	saveInfo, saveFn, saveScope := c.info, c.fn, c.scope
	c.info = c.prog.Info
	c.fn = nil
	var method *Struct
	if t.scope != nil && t.scope.Kind == ScopeStruct && t.scope.Struct != nil {
		method = t.scope.Struct // a member function template
	}
	f := c.funcSig(fd, sc, method)
	f.QualName = qualify(t.scope, t.Name)
	f.Template = t
	f.TemplArgs = full
	as := c.attrs(allFuncAttrs(fd), sc)
	f.Kind, _ = funcKindOf(fd.Stage, as)
	f.attrs = as
	t.funcInsts[key] = f
	if clean {
		t.memoRaw(rawKey, f)
	}
	f.bodyPending = fd.Body != nil
	c.info, c.fn, c.scope = saveInfo, saveFn, saveScope
	return f
}

// memoRaw remembers f as the instance for the arguments written rawKey.
func (t *Template) memoRaw(rawKey string, f *Func) {
	if t.rawInsts == nil {
		t.rawInsts = make(map[string]*Func)
	}
	t.rawInsts[rawKey] = f
}

// explicitInstantiation handles `template [[host_name("x")]] kernel void f<int>(device int*);`.
func (c *checker) explicitInstantiation(d *syntax.ExplicitInstantiation, s *Scope) {
	fd, ok := d.Decl.(*syntax.FuncDecl)
	if !ok {
		if sd, ok := d.Decl.(*syntax.StructDecl); ok && sd.Name != nil && sd.Name.Last().Template != nil {
			c.namedType(sd.Name, s)
		}
		return
	}
	if fd.Name == nil || len(fd.Name.Segs) == 0 {
		return
	}
	last := fd.Name.Last()
	base := &syntax.Name{Global: fd.Name.Global, GlobalAt: fd.Name.GlobalAt, Segs: fd.Name.Segs}
	sym := c.lookupQualified(base, s, true)
	if sym == nil {
		return
	}
	if sym.Kind != SymTemplate && len(sym.Templs) == 0 {
		c.errorf(last.NamePos, "not-template", "explicit instantiation of '%s' does not refer to a function template", last.Name)
		return
	}
	var explicit []TemplArg
	if last.Template != nil {
		explicit = c.templArgs(last.Template, s)
	}
	var argTypes []*Type
	for _, p := range fd.Params {
		q := c.resolveQual(p.Type, s)
		if q.t.Kind == KVoid && len(fd.Params) == 1 {
			break
		}
		argTypes = append(argTypes, q.t)
	}
	if fd.Via != nil {
		// decltype(f<T>) f<T>; or a typedef of that function type: the
		// explicit template arguments choose the instance.
		if vt := c.resolveType(fd.Via, s); vt.IsBad() {
			return
		}
		if last.Template == nil {
			c.errorf(last.NamePos, "no-template-match", "explicit instantiation of '%s' needs template arguments", last.Name)
			return
		}
	}
	var inst *Func
	for _, t := range sym.Templs {
		tfd, ok := t.Decl.Decl.(*syntax.FuncDecl)
		if !ok {
			continue
		}
		if fd.Via != nil {
			targs, ok := c.deduceFunc(t, tfd, explicit, nil)
			if !ok {
				continue
			}
			if inst = c.instantiateFunc(t, targs, last); inst != nil {
				break
			}
			continue
		}
		if len(tfd.Params) != len(argTypes) {
			continue
		}
		targs, ok := c.deduceFunc(t, tfd, explicit, argTypes)
		if !ok {
			continue
		}
		inst = c.instantiateFunc(t, targs, last)
		if inst != nil && !sameParamTypes(inst, argTypes) {
			inst = nil
			continue
		}
		break
	}
	if inst == nil {
		c.errorf(last.NamePos, "no-template-match", "explicit instantiation of '%s' does not match any template declaration", last.Name)
		return
	}
	as := c.attrs(allFuncAttrs(fd), s)
	kind, _ := funcKindOf(fd.Stage, as)
	if kind == FuncPlain {
		kind = inst.Kind
	}
	if kind == FuncPlain {
		return // instantiation of an ordinary helper
	}
	if inst.Kind != FuncPlain && kind != inst.Kind {
		c.errorf(last.NamePos, "inst-kind", "explicit instantiation declares a %s function but the template is a %s function", kind, inst.Kind)
	}
	// Attributes: the template's, overridden by the instantiation's.
	merged := append(append([]Attr{}, inst.attrs...), as...)
	c.checkEntryInstance(inst, kind, merged, fd)
	c.postBody(inst)
}

func sameParamTypes(f *Func, ts []*Type) bool {
	if len(f.Params) != len(ts) {
		return false
	}
	for i, p := range f.Params {
		pt := p.Type
		if pt != ts[i] && !(pt.IsBad() || ts[i].IsBad()) {
			return false
		}
	}
	return true
}

// matchPartial finds the first partial specialization of class template t
// that matches the (complete) arguments full, and returns its declaration
// with a scope binding its own parameters; nil when none matches.
// Matching deduces the specialization's parameters from its pattern
// (`S<true, T>`, `S<W<T>>`) and then checks that the pattern, evaluated
// with them, equals the arguments.
func (c *checker) matchPartial(t *Template, full []TemplArg) (*syntax.StructDecl, *Scope) {
	for _, pd := range t.partials {
		inner, ok := pd.Decl.(*syntax.StructDecl)
		if !ok || inner.Name == nil || inner.Name.Last().Template == nil {
			continue
		}
		if sc := c.matchPattern(t, pd, inner.Name.Last().Template.Args, full); sc != nil {
			return inner, sc
		}
	}
	return nil, nil
}

// matchPattern matches the arguments pattern of partial specialization pd
// of t against full and returns a scope binding pd's parameters, or nil.
func (c *checker) matchPattern(t *Template, pd *syntax.TemplateDecl, pattern []*syntax.TemplateArg, full []TemplArg) *Scope {
	if len(pattern) != len(full) {
		return nil
	}
	params := map[string]*syntax.TemplateParam{}
	for _, p := range pd.Params {
		if p.Name != nil {
			params[p.Name.Name] = p
		}
	}
	saved := c.diags
	c.diags = nil // a pattern that does not apply is no error
	defer func() { c.diags = saved }()
	b := map[string]TemplArg{}
	for i, pa := range pattern {
		ok := true
		switch {
		case pa.Type != nil:
			ok = full[i].Type != nil && c.deduce(pa.Type, full[i].Type, params, b, t.scope)
		case isParamName(pa.Expr, params):
			ok = bindOnce(b, pa.Expr.(*syntax.NameExpr).Name.Segs[0].Name, full[i])
		}
		if !ok {
			return nil
		}
	}
	sc := newScope(ScopeTemplate, t.scope, "")
	for _, p := range pd.Params {
		if p.Name == nil {
			return nil
		}
		a, bound := b[p.Name.Name]
		if !bound {
			return nil
		}
		if a.Type != nil {
			sc.insert(&Symbol{Kind: SymType, Name: p.Name.Name, Type: a.Type})
		} else if a.Value != nil {
			v := *a.Value
			sc.insert(&Symbol{Kind: SymConst, Name: p.Name.Name, Value: &v, Type: v.Type})
		}
	}
	for i, pa := range pattern {
		if !sameTemplArg(c.templArg(pa, sc), full[i]) {
			return nil
		}
	}
	return sc
}

// varTemplate returns the variable of variable template t for args: an
// explicit specialization, the first matching partial specialization, or
// the primary template's declaration, checked once per argument list.
func (c *checker) varTemplate(t *Template, args []TemplArg, at syntax.Node) *Var {
	vd, ok := t.Decl.Decl.(*syntax.VarDecl)
	if !ok {
		return nil
	}
	sc, full := c.bindParams(t, args, at)
	if sc == nil {
		return nil
	}
	key := argsKey(full)
	if v := t.varInsts[key]; v != nil {
		return v
	}
	d := vd
	for _, sd := range t.specs {
		if inner, ok := sd.Decl.(*syntax.VarDecl); ok && argsKey(c.templArgs(inner.TemplArgs, t.scope)) == key {
			d, sc = inner, newScope(ScopeTemplate, t.scope, "")
			break
		}
	}
	if d == vd {
		for _, pd := range t.partials {
			if inner, ok := pd.Decl.(*syntax.VarDecl); ok {
				if psc := c.matchPattern(t, pd, inner.TemplArgs.Args, full); psc != nil {
					d, sc = inner, psc
					break
				}
			}
		}
	}
	saveInfo, saveFn := c.info, c.fn
	c.info = c.prog.Info
	c.fn = nil
	c.globalVar(d, sc)
	c.info, c.fn = saveInfo, saveFn
	var v *Var
	if sym := sc.lookupLocal(d.Name.Name); sym != nil && sym.Kind == SymVar {
		v = sym.Var
		v.QualName = qualify(t.scope, t.Name) + "<" + key + ">"
	}
	if t.varInsts == nil {
		t.varInsts = map[string]*Var{}
	}
	t.varInsts[key] = v
	return v
}

// isParamName reports whether e is the bare name of one of params.
func isParamName(e syntax.Expr, params map[string]*syntax.TemplateParam) bool {
	ne, ok := e.(*syntax.NameExpr)
	return ok && !ne.Name.Qualified() && len(ne.Name.Segs) == 1 && ne.Name.Segs[0].Template == nil &&
		params[ne.Name.Segs[0].Name] != nil
}

// sameTemplArg reports whether two template arguments are the same type or
// the same constant.
func sameTemplArg(a, b TemplArg) bool {
	switch {
	case a.Type != nil && b.Type != nil:
		return a.Type == b.Type || a.Type.String() == b.Type.String()
	case a.Value != nil && b.Value != nil:
		return a.Value.AsInt() == b.Value.AsInt()
	}
	return false
}

// isAliasTemplate reports whether n names an alias template.
// aliasDeductionArgs maps the arguments of class template instance at
// back to the parameters of the alias template n when n's aliased type is
// that class template with each alias parameter passed as one of its
// arguments (`template <bool B> using bool_constant =
// integral_constant<bool, B>`). ok is false for any other alias.
func (c *checker) aliasDeductionArgs(n *syntax.Name, s *Scope, at *Type) ([]TemplArg, bool) {
	saved := c.diags
	c.diags = nil
	sym := c.lookupQualified(n, s, false)
	c.diags = saved
	if sym == nil || sym.Kind != SymTemplate || len(sym.Templs) != 1 {
		return nil, false
	}
	t := sym.Templs[0]
	ad, ok := t.Decl.Decl.(*syntax.AliasDecl)
	if !ok {
		return nil, false
	}
	nt, ok := ad.Type.(*syntax.NamedType)
	if !ok || nt.Name.Last().Template == nil {
		return nil, false
	}
	inner := instanceArgs(nt.Name.Last().Name, at)
	if inner == nil {
		return nil, false
	}
	aliased := nt.Name.Last().Template.Args
	got := make([]TemplArg, len(t.Params))
	for i, p := range t.Params {
		if p.Name == nil || p.Variadic {
			return nil, false
		}
		j := slices.IndexFunc(aliased, func(a *syntax.TemplateArg) bool { return bareName(a) == p.Name.Name })
		if j < 0 || j >= len(inner) {
			return nil, false
		}
		got[i] = inner[j]
	}
	return got, true
}

// instanceArgs returns the template arguments of at as an instance of the
// template called name (vec, packed_vec, matrix, array or a class
// template), or nil when at is not one.
func instanceArgs(name string, at *Type) []TemplArg {
	switch {
	case name == "vec" && at.Kind == KVector, name == "packed_vec" && at.Kind == KPacked:
		n := IntVal(Int, int64(at.N))
		return []TemplArg{{Type: at.Elem}, {Value: &n}}
	case name == "matrix" && at.Kind == KMatrix:
		cn, rn := IntVal(Int, int64(at.N)), IntVal(Int, int64(at.Rows))
		return []TemplArg{{Type: at.Elem}, {Value: &cn}, {Value: &rn}}
	case name == "array" && at.Kind == KArray:
		n := IntVal(Int, int64(at.N))
		return []TemplArg{{Type: at.Elem}, {Value: &n}}
	case at.Kind == KStruct && at.Struct.TemplArgs != nil && at.Struct.Name == name:
		return at.Struct.TemplArgs
	}
	return nil
}

// bareName returns the unqualified name a template argument is, or "".
func bareName(a *syntax.TemplateArg) string {
	var n *syntax.Name
	switch {
	case a.Type != nil:
		if nt, ok := a.Type.(*syntax.NamedType); ok {
			n = nt.Name
		}
	case a.Expr != nil:
		if ne, ok := a.Expr.(*syntax.NameExpr); ok {
			n = ne.Name
		}
	}
	if n == nil || n.Qualified() || len(n.Segs) != 1 || n.Segs[0].Template != nil {
		return ""
	}
	return n.Segs[0].Name
}

func (c *checker) isAliasTemplate(n *syntax.Name, s *Scope) bool {
	saved := c.diags
	c.diags = nil
	sym := c.lookupQualified(n, s, false)
	c.diags = saved
	if sym == nil || sym.Kind != SymTemplate {
		return false
	}
	for _, t := range sym.Templs {
		if _, ok := t.Decl.Decl.(*syntax.AliasDecl); ok {
			return true
		}
	}
	return false
}
