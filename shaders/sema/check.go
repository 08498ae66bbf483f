package sema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Check type-checks a parsed translation unit. Diagnostics go to diags
// (errors never stop the check; an erroneous expression gets the Invalid
// type, which suppresses follow-on errors). The returned Program is never
// nil.
func Check(fset *diag.FileSet, file *syntax.File, conf *Config, diags *diag.List) *Program {
	if conf == nil {
		conf = &Config{FastMath: true}
	}
	c := newChecker(fset, conf, diags)
	c.prog.File = file
	defer func() {
		// A checker bug must not crash the caller: report it instead.
		if r := recover(); r != nil {
			c.errorf(diag.NoPos, "internal", "internal compiler error: %v", r)
		}
	}()
	if file != nil {
		c.declList(file.Decls, c.global)
	}
	c.finish()
	return c.prog
}

type checker struct {
	fset  *diag.FileSet
	diags *diag.List
	conf  *Config
	prog  *Program
	// infoSizes remembers, per function declaration, the size of the Info
	// of its last checked body (newInfoSized).
	infoSizes map[*syntax.FuncDecl]infoSize
	// sites are the positions of the calls and class instantiations being
	// checked, innermost last (userSite).
	sites []diag.Pos
	// genericLambdas counts generic lambda expressions (their type names).
	genericLambdas int

	global *Scope
	metal  *Scope

	// Current function context.
	fn      *Func
	info    *Info
	scope   *Scope
	loops   int
	switchs int
	cases   map[int64]bool

	slab       []ExprInfo                 // ExprInfo allocation slab (see record)
	errCalls   int                        // calls of errorf, reported or suppressed
	convs      map[Conversion]*Conversion // interned conversions (internConv)
	constDepth int                        // nesting of constexpr function evaluation
	instDepth  int                        // nesting of class and function template instantiation
	constRet   *Type                      // result type of the constexpr function being evaluated

	ibChecked     map[*Struct]bool
	attrChecked   map[*Struct]bool
	argbufChecked map[*Struct]bool
	reported      map[errKey]bool
	rogChecked    map[*Struct]bool
	viewChecked   map[[2]*Struct]bool
	globalBinds   map[bindKey]*Var

	hostNames map[string]*Function
	entries   []*Func // qualified functions, for the call rules
	pending   []*Func // struct methods awaiting body checks
}

func newChecker(fset *diag.FileSet, conf *Config, diags *diag.List) *checker {
	c := &checker{fset: fset, diags: diags, conf: conf, hostNames: make(map[string]*Function)}
	c.global = newScope(ScopeNamespace, nil, "")
	c.metal = newBuiltinNS(c.global, "metal")
	c.prog = &Program{Fset: fset, Global: c.global, Info: newInfo()}
	c.info = c.prog.Info
	c.scope = c.global
	return c
}

func (c *checker) errorf(pos diag.Pos, code, format string, args ...any) {
	c.errCalls++
	if c.diags == nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	var orig diag.Pos
	if site := c.userSite(pos); site != pos {
		orig, pos = pos, site
	}
	// The same error from several template instances is reported once.
	k := errKey{pos, msg}
	if c.reported[k] {
		return
	}
	if c.reported == nil {
		c.reported = map[errKey]bool{}
	}
	c.reported[k] = true
	c.diags.Add(diag.Diagnostic{Pos: pos, Severity: diag.Error, Code: code, Msg: msg})
	if orig.IsValid() {
		c.diags.Notef(orig, "the check that failed, in the built-in header")
	}
}

// relocatedHeaders are the built-in headers written in MSL whose errors
// (all of them the consequence of a misuse in the code that instantiates
// their templates) are reported at the instantiating call or type in the
// user's file, with a note at the header's line.
var relocatedHeaders = map[string]bool{"<metal_tensor>": true, "<MetalPerformancePrimitives/MetalPerformancePrimitives.h>": true}

// userSite returns pos, or when pos is in one of relocatedHeaders the
// innermost call or class instantiation being checked that is not.
func (c *checker) userSite(pos diag.Pos) diag.Pos {
	if len(c.sites) == 0 || c.fset == nil {
		return pos
	}
	inHeader := func(p diag.Pos) bool {
		f := c.fset.File(p)
		return f != nil && relocatedHeaders[f.Name]
	}
	if !inHeader(pos) {
		return pos
	}
	for i := len(c.sites) - 1; i >= 0; i-- {
		if p := c.sites[i]; p.IsValid() && !inHeader(p) {
			return p
		}
	}
	return pos
}

type errKey struct {
	pos diag.Pos
	msg string
}

func (c *checker) notef(pos diag.Pos, format string, args ...any) {
	if c.diags != nil {
		c.diags.Notef(pos, format, args...)
	}
}

// declare adds a symbol to scope s, merging function overloads and
// reporting redefinitions.
func (c *checker) declare(s *Scope, sym *Symbol) *Symbol {
	old := s.lookupLocal(sym.Name)
	if old == nil {
		s.insert(sym)
		return sym
	}
	switch {
	case old.Kind == SymBuiltinFn && (sym.Kind == SymFunc || sym.Kind == SymTemplate):
		// A user overload of a built-in in namespace metal, after a use of
		// the built-in made its symbol: the user's symbol replaces it (the
		// built-ins still join every call's overload set).
		s.insert(sym)
		return sym
	case old.Kind == SymFunc && sym.Kind == SymFunc:
		old.Funcs = append(old.Funcs, sym.Funcs...)
		return old
	case old.Kind == SymTemplate && sym.Kind == SymTemplate:
		old.Templs = append(old.Templs, sym.Templs...)
		return old
	case old.Kind == SymFunc && sym.Kind == SymTemplate:
		old.Templs = append(old.Templs, sym.Templs...)
		return old
	case old.Kind == SymTemplate && sym.Kind == SymFunc:
		old.Funcs = append(old.Funcs, sym.Funcs...)
		old.Kind = SymFunc
		return old
	case old.Kind == SymNamespace && sym.Kind == SymNamespace:
		return old
	case old.Kind == SymType && sym.Kind == SymType && old.Type == sym.Type:
		return old
	case old.Kind == SymVar && sym.Kind == SymVar && (old.Var.Extern || sym.Var.Extern):
		if sym.Var.Extern {
			return old
		}
		s.insert(sym)
		return sym
	}
	if s.Kind == ScopeBlock || s.Kind == ScopeFunc || s.Kind == ScopeStruct || old.Kind != sym.Kind ||
		old.Kind == SymVar || old.Kind == SymEnumConst {
		c.errorf(sym.Pos, "redefinition", "redefinition of '%s'", sym.Name)
		if old.Pos.IsValid() {
			c.notef(old.Pos, "previous definition is here")
		}
		return old
	}
	s.insert(sym)
	return sym
}

// declList checks a list of namespace-scope (or struct-scope) declarations in order.
func (c *checker) declList(decls []syntax.Decl, s *Scope) {
	for _, d := range decls {
		c.decl(d, s)
	}
}

func (c *checker) decl(d syntax.Decl, s *Scope) {
	switch d := d.(type) {
	case *syntax.NamespaceDecl:
		c.namespaceDecl(d, s)
	case *syntax.UsingDirective:
		ns := c.lookupNamespace(d.Name, s)
		if ns != nil {
			s.Using = append(s.Using, ns)
		}
	case *syntax.UsingDecl:
		sym := c.lookupQualified(d.Name, s, true)
		if sym != nil {
			cp := *sym
			cp.Name = d.Name.Last().Name
			if old := s.lookupLocal(cp.Name); old == nil {
				s.insert(&cp)
			}
		}
	case *syntax.StructDecl:
		c.structDecl(d, s, nil)
	case *syntax.EnumDecl:
		c.enumDecl(d, s)
	case *syntax.TypedefDecl:
		t := c.resolveType(d.Type, s)
		if d.Name != nil {
			c.declare(s, &Symbol{Kind: SymType, Name: d.Name.Name, Type: t, Pos: d.Name.NamePos})
		}
	case *syntax.AliasDecl:
		t := c.resolveType(d.Type, s)
		if d.Name != nil {
			c.declare(s, &Symbol{Kind: SymType, Name: d.Name.Name, Type: t, Pos: d.Name.NamePos})
		}
	case *syntax.VarDecl:
		c.globalVar(d, s)
	case *syntax.FuncDecl:
		c.funcDecl(d, s, nil)
	case *syntax.TemplateDecl:
		c.templateDecl(d, s)
	case *syntax.ExplicitInstantiation:
		c.explicitInstantiation(d, s)
	case *syntax.StaticAssertDecl:
		c.staticAssert(d, s)
	case *syntax.EmptyDecl, *syntax.AccessDecl, *syntax.BadDecl:
	}
}

func (c *checker) namespaceDecl(d *syntax.NamespaceDecl, s *Scope) {
	if d.Alias != nil {
		ns := c.lookupNamespace(d.Alias, s)
		if ns != nil && len(d.Path) == 1 {
			c.declare(s, &Symbol{Kind: SymNamespace, Name: d.Path[0].Name, NS: ns, Pos: d.Path[0].NamePos})
		}
		return
	}
	cur := s
	for _, id := range d.Path {
		cur = c.openNamespace(cur, id.Name, id.NamePos)
	}
	if len(d.Path) == 0 {
		// Anonymous namespace: its names are visible in the enclosing one.
		anon := c.openNamespace(cur, "(anonymous)", d.KwPos)
		anon.QualName = cur.QualName
		cur.Using = append(cur.Using, anon)
		cur = anon
	}
	if d.Inline && cur.Parent != nil {
		cur.Parent.Using = append(cur.Parent.Using, cur)
	}
	c.declList(d.Decls, cur)
}

func (c *checker) openNamespace(s *Scope, name string, pos diag.Pos) *Scope {
	if sym := s.lookupLocal(name); sym != nil && sym.Kind == SymNamespace {
		return sym.NS
	}
	if s == c.global && name == "metal" {
		return c.metal
	}
	ns := newScope(ScopeNamespace, s, name)
	c.declare(s, &Symbol{Kind: SymNamespace, Name: name, NS: ns, Pos: pos})
	return ns
}

func (c *checker) enumDecl(d *syntax.EnumDecl, s *Scope) *Type {
	name := ""
	if d.Name != nil {
		name = d.Name.Name
	}
	var under *Type
	if d.Base != nil {
		under = c.resolveType(d.Base, s)
		if !under.IsInteger() && !under.IsBad() {
			c.errorf(d.Base.Pos(), "enum-base", "invalid underlying type '%s' of enum", under)
			under = Int
		}
	}
	if t := c.priorEnum(d, s, name, under); t != nil {
		return t
	}
	e := &Enum{Name: name, QualName: qualify(s, name), Scoped: d.Scoped, Values: make(map[string]int64),
		Underlying: under, fixed: d.Base != nil}
	t := NewEnumType(e)
	if name != "" {
		c.declare(s, &Symbol{Kind: SymType, Name: name, Type: t, Pos: d.Name.NamePos})
	}
	c.enumerators(d, t, s)
	return t
}

// priorEnum handles the redeclaration of an enum with a fixed underlying
// type ([dcl.enum]): `enum E : int;` (also as NS_ENUM writes it, `typedef
// enum E : int E;`) declares E, a later `enum E : int { … }` defines the
// same type. The underlying type and scopedness must agree, and the
// enumerators are given once. It returns the earlier type, or nil when
// name declares no such enum in s yet.
func (c *checker) priorEnum(d *syntax.EnumDecl, s *Scope, name string, under *Type) *Type {
	if name == "" {
		return nil
	}
	sym := s.lookupLocal(name)
	if sym == nil || sym.Kind != SymType || sym.Type == nil || sym.Type.Kind != KEnum || sym.Type.Enum == nil {
		return nil
	}
	t, e := sym.Type, sym.Type.Enum
	if !e.fixed && d.Base == nil {
		return nil // enums without a fixed type are not redeclared (clang: redefinition, reported by declare)
	}
	pos := d.Name.NamePos
	switch {
	case e.Scoped != d.Scoped:
		kind := "unscoped"
		if e.Scoped {
			kind = "scoped"
		}
		c.errorf(pos, "enum-redecl", "enumeration previously declared as %s", kind)
	case !e.fixed || d.Base == nil:
		c.errorf(pos, "enum-redecl", "enumeration previously declared with %s underlying type", map[bool]string{true: "fixed", false: "nonfixed"}[e.fixed])
	case under != nil && !under.IsBad() && !e.Underlying.IsBad() && !Identical(under, e.Underlying):
		c.errorf(pos, "enum-redecl", "enumeration redeclared with different underlying type '%s' (was '%s')", under, e.Underlying)
	}
	if d.Lbrace.IsValid() {
		if e.defined {
			c.errorf(pos, "redefinition", "redefinition of '%s'", name)
			return t
		}
		c.enumerators(d, t, s)
	}
	return t
}

// enumerators declares the enumerators of d, the definition of enum type t.
func (c *checker) enumerators(d *syntax.EnumDecl, t *Type, s *Scope) {
	e := t.Enum
	if !d.Lbrace.IsValid() {
		return
	}
	e.defined = true
	name := e.Name
	esc := e.scope
	if d.Scoped && esc == nil {
		esc = newScope(ScopeStruct, s, name)
		e.scope = esc
	}
	next := int64(0)
	for _, en := range d.Enumerators {
		if en.Value != nil {
			if v, ok := c.constInt(en.Value, s); ok {
				next = v
			}
		}
		v := IntVal(e.Underlying, next)
		e.Values[en.Name.Name] = next
		e.Order = append(e.Order, en.Name.Name)
		vv := Value{Type: t, I: v.I}
		sym := &Symbol{Kind: SymEnumConst, Name: en.Name.Name, Type: t, Value: &vv, Pos: en.Name.NamePos}
		if d.Scoped {
			c.declare(esc, sym)
		} else {
			c.declare(s, sym)
			if name != "" {
				if e.scope == nil {
					e.scope = newScope(ScopeStruct, s, name)
				}
				e.scope.insert(sym)
			}
		}
		next++
	}
}

func qualify(s *Scope, name string) string {
	if s == nil || s.QualName == "" {
		return name
	}
	if name == "" {
		return s.QualName + "::(anonymous)"
	}
	return s.QualName + "::" + name
}

// structDecl declares (and defines) a struct. targs is non-nil when
// instantiating a class template.
func (c *checker) structDecl(d *syntax.StructDecl, s *Scope, inst *instCtx) *Type {
	name := ""
	var namePos diag.Pos
	if d.Name != nil && len(d.Name.Segs) > 0 {
		name = d.Name.Last().Name
		namePos = d.Name.Last().NamePos
	}
	var t *Type
	if inst == nil && name != "" {
		if sym := s.lookupLocal(name); sym != nil && sym.Kind == SymType && sym.Type.Kind == KStruct && !sym.Type.Struct.Complete {
			t = sym.Type
		}
	}
	if t == nil {
		st := &Struct{Name: name, QualName: qualify(s, name), Union: d.Keyword == "union", Pos: int(namePos),
			Methods: make(map[string][]*Func)}
		if inst != nil {
			st.QualName = inst.qualName
			st.TemplArgs = inst.args
		}
		t = NewStructType(st)
		if name != "" && inst == nil {
			c.declare(s, &Symbol{Kind: SymType, Name: name, Type: t, Pos: namePos})
		}
	}
	if d.Forward() {
		return t
	}
	st := t.Struct
	if st.Complete {
		c.errorf(namePos, "redefinition", "redefinition of '%s'", name)
		return t
	}
	sc := newScope(ScopeStruct, s, name)
	if inst != nil {
		sc = newScope(ScopeStruct, inst.scope, name)
		sc.QualName = st.QualName
	}
	sc.Struct = st
	st.Scope = sc
	// The injected class name.
	sc.insert(&Symbol{Kind: SymType, Name: name, Type: t, Pos: namePos})
	st.AlignAs = c.alignAs(d.Attrs, s)
	for _, b := range d.Bases {
		c.errorf(b.Pos(), "derived", "derived classes are not supported in Metal (base '%s')", typeExprName(b.Type))
		bt := c.resolveType(b.Type, s)
		if bt.Kind == KStruct {
			st.Bases = append(st.Bases, bt)
			sc.Using = append(sc.Using, bt.Struct.Scope)
		} else if !bt.IsBad() {
			c.errorf(b.Pos(), "base", "base specifier must name a class, not '%s'", bt)
		}
	}
	var methods []*Func
	var methodDecls []*syntax.FuncDecl
	for _, m := range d.Members {
		switch m := m.(type) {
		case *syntax.VarDecl:
			c.fieldDecl(m, st, sc)
		case *syntax.FuncDecl:
			if f := c.funcDecl(m, sc, st); f != nil {
				methods = append(methods, f)
				methodDecls = append(methodDecls, m)
			}
		case *syntax.TemplateDecl:
			if fd, ok := m.Decl.(*syntax.FuncDecl); ok && len(m.Params) == 0 && fd.Name != nil && !fd.Name.Qualified() {
				// `template <> R operator()(complex64_t x) thread { … }`: an
				// explicit specialization of a member function template in
				// the class, a method overload that wins over the template's
				// instances for the same arguments ([over.match.best]).
				if f := c.funcDecl(fd, sc, st); f != nil {
					methods = append(methods, f)
					methodDecls = append(methodDecls, fd)
				}
				continue
			}
			c.decl(m, sc)
		case *syntax.StructDecl:
			if m.Name == nil && m.Members != nil {
				// An anonymous union/struct member: its members are
				// members of the enclosing class.
				ut := c.structDecl(m, sc, nil)
				if ut.Kind == KStruct {
					st.Fields = append(st.Fields, &Field{Name: "", Type: ut, Pos: int(m.KwPos)})
				}
				continue
			}
			c.decl(m, sc)
		default:
			c.decl(m, sc)
		}
	}
	st.Complete = true
	// Method bodies see the complete class.
	for i, f := range methods {
		if methodDecls[i].Body != nil {
			c.checkBody(f)
		}
	}
	return t
}

func (c *checker) alignAs(lists []*syntax.AttrList, s *Scope) int {
	a := syntax.FindAttr(lists, "alignas")
	if a == nil || len(a.Args) != 1 {
		return 0
	}
	if v, ok := c.constInt(a.Args[0], s); ok {
		return int(v)
	}
	return 0
}

func (c *checker) fieldDecl(d *syntax.VarDecl, st *Struct, sc *Scope) {
	t := c.resolveType(d.Type, sc)
	if d.Name == nil {
		return
	}
	f := &Field{Name: d.Name.Name, Type: t, Pos: int(d.Name.NamePos), Static: d.Specs.Has(syntax.SpecStatic)}
	f.Attrs = c.attrs(append(append([]*syntax.AttrList{}, d.Attrs...), d.NameAttrs...), sc)
	if a := f.Attr("alignas"); a != nil {
		f.AlignAs = int(a.IntArg(0, 0))
	}
	if t.Kind == KVoid {
		c.errorf(d.Name.NamePos, "void-field", "field '%s' has incomplete type 'void'", f.Name)
		f.Type = Invalid
	}
	if t.Kind == KStruct && !t.Struct.Complete {
		c.errorf(d.Name.NamePos, "incomplete-field", "field '%s' has incomplete type '%s'", f.Name, t)
		f.Type = Invalid
	}
	if t.Kind == KReference && t.Space == SpaceNone {
		c.errorf(d.Name.NamePos, "ref-field", "reference member '%s' needs an explicit address space", f.Name)
	}
	if f.Static {
		v := &Var{Name: f.Name, QualName: qualify(sc, f.Name), Type: t, Static: true, Global: true,
			Const: d.Specs.Has(syntax.SpecConstexpr), Constexpr: d.Specs.Has(syntax.SpecConstexpr), Pos: d.Name.NamePos, Decl: d}
		if d.Init != nil {
			if v.Constexpr || isConstType(d.Type) {
				save := c.info
				c.info = c.prog.Info
				c.checkInitializer(d, v, sc)
				c.info = save
			}
		}
		c.declare(sc, &Symbol{Kind: SymVar, Name: f.Name, Var: v, Pos: d.Name.NamePos})
		return
	}
	for _, old := range st.Fields {
		if old.Name == f.Name {
			c.errorf(d.Name.NamePos, "duplicate-member", "duplicate member '%s'", f.Name)
			return
		}
	}
	if d.Init != nil {
		c.defaultMemberInit(d, f, sc)
	}
	st.Fields = append(st.Fields, f)
	v := &Var{Name: f.Name, Type: t, Pos: d.Name.NamePos}
	sc.insert(&Symbol{Kind: SymVar, Name: f.Name, Var: v, Pos: d.Name.NamePos})
}

// defaultMemberInit checks a default member initializer (= or {}): a
// constant of the member's type — a scalar or vector, or an array or
// aggregate struct of them written as a braced list (missing elements are
// zero, as in aggregate initialization), or a struct built by a constexpr
// constructor. Other forms (opaque types such as simdgroup_matrix) are
// refused rather than dropped.
func (c *checker) defaultMemberInit(d *syntax.VarDecl, f *Field, sc *Scope) {
	if !constInitType(f.Type, 0) && opaqueInitType(f.Type, 0) {
		// An opaque member (simdgroup_matrix, or an array of them): the
		// initializer is checked as a variable's would be; it is not held
		// as a constant (ingot's lowering has no simdgroup_matrix values).
		save := c.info
		c.info = c.prog.Info
		c.checkInitializer(d, &Var{Name: f.Name, Type: f.Type, Pos: d.Name.NamePos}, sc)
		c.info = save
		return
	}
	if !constInitType(f.Type, 0) {
		c.errorf(d.Init.Pos(), "member-initializer", "default member initializer for '%s': only a constant of a scalar, vector, array or struct member is supported", f.Name)
		return
	}
	save := c.info
	c.info = c.prog.Info
	v, ok := c.constInitValue(d.Init, f.Type, sc, f.Name)
	c.info = save
	if ok {
		f.Init = &v
	}
}

// constInitType reports whether a default member initializer of type t can
// be held as a constant Value.
func constInitType(t *Type, depth int) bool {
	t = t.Unqualified()
	switch {
	case depth > 16:
		return false
	case t.IsScalar() || t.Kind == KVector || t.Kind == KEnum:
		return true
	case t.Kind == KArray:
		return t.N > 0 && constInitType(t.Elem, depth+1)
	case t.Kind == KStruct && t.Struct != nil && !t.Struct.Union:
		for _, fl := range t.Struct.Fields {
			if !fl.Static && !constInitType(fl.Type, depth+1) {
				return false
			}
		}
		return len(t.Struct.Bases) == 0
	}
	return false
}

// opaqueInitType reports whether t is a built-in opaque value type
// (simdgroup_matrix) or an array of them.
func opaqueInitType(t *Type, depth int) bool {
	t = t.Unqualified()
	switch {
	case depth > 16:
		return false
	case t.Kind == KArray:
		return t.N > 0 && opaqueInitType(t.Elem, depth+1)
	}
	return t.Kind == KOpaque && t.Opaque != nil && t.Opaque.Name == "simdgroup_matrix"
}

// constInitValue evaluates init as a constant of type t (see
// defaultMemberInit).
func (c *checker) constInitValue(init syntax.Expr, t *Type, sc *Scope, name string) (Value, bool) {
	t = t.Unqualified()
	il, isList := init.(*syntax.InitListExpr)
	aggregate := t.Kind == KArray || t.Kind == KStruct && !t.Struct.hasCtors()
	switch {
	case isList && aggregate:
		n := t.N
		if t.Kind == KStruct {
			n = len(t.Struct.Fields)
		}
		elems := make([]Value, n)
		next := 0
		for i := range elems {
			et := t.Elem
			if t.Kind == KStruct {
				if t.Struct.Fields[i].Static {
					continue
				}
				et = t.Struct.Fields[i].Type
			}
			var v Value
			ok := true
			if next < len(il.Elems) {
				v, ok = c.constInitValue(il.Elems[next], et, sc, name)
				next++
			} else {
				v, ok = zeroValue(et)
			}
			if !ok {
				return Value{}, false
			}
			elems[i] = v
		}
		if next < len(il.Elems) {
			c.errorf(il.Elems[next].Pos(), "member-initializer", "excess elements in the initializer of member '%s'", name)
			return Value{}, false
		}
		return Value{Type: t, Elems: elems}, true
	case isList && len(il.Elems) == 1 && !(t.Kind == KStruct && il.Paren):
		return c.constInitValue(il.Elems[0], t, sc, name)
	case isList && len(il.Elems) == 0:
		return zeroValue(t)
	case isList:
		x := c.initList(il, t, sc)
		if x.Value == nil || x.Value.Type != t {
			c.errorf(init.Pos(), "not-const", "expression is not a constant expression")
			return Value{}, false
		}
		return *x.Value, true
	}
	v, ok := c.constEval(init, sc)
	if !ok {
		return Value{}, false
	}
	cv, ok := ConvertValue(v, t)
	if !ok {
		c.errorf(init.Pos(), "member-initializer", "cannot initialize member '%s' of type '%s' with a value of type '%s'", name, t, v.Type)
		return Value{}, false
	}
	return cv, true
}

// zeroValue is the zero constant of a type constInitType accepts.
func zeroValue(t *Type) (Value, bool) {
	t = t.Unqualified()
	switch {
	case t.IsScalar() || t.Kind == KVector || t.Kind == KEnum:
		return ConvertValue(IntVal(Int, 0), t)
	case t.Kind == KArray && t.N > 0:
		z, ok := zeroValue(t.Elem)
		elems := make([]Value, t.N)
		for i := range elems {
			elems[i] = z
		}
		return Value{Type: t, Elems: elems}, ok
	case t.Kind == KStruct && t.Struct != nil:
		elems := make([]Value, len(t.Struct.Fields))
		for i, fl := range t.Struct.Fields {
			if fl.Static {
				continue
			}
			z, ok := zeroValue(fl.Type)
			if !ok {
				return Value{}, false
			}
			elems[i] = z
		}
		return Value{Type: t, Elems: elems}, true
	}
	return Value{}, false
}

// isConstType reports whether a written type is const-qualified at the top.
func isConstType(t syntax.TypeExpr) bool {
	if q, ok := t.(*syntax.QualType); ok {
		return q.Const || q.Space == syntax.AddrConstant
	}
	return false
}

func (c *checker) staticAssert(d *syntax.StaticAssertDecl, s *Scope) {
	v, ok := c.constEval(d.Cond, s)
	if !ok {
		return
	}
	if !v.AsBool() {
		msg := "static assertion failed"
		if d.Msg != nil {
			msg += ": " + d.Msg.Str
		}
		c.errorf(d.Cond.Pos(), "static-assert", "%s", msg)
	}
}

// finish runs the whole-program rules once every declaration was seen.
func (c *checker) finish() {
	c.checkQualifiedCalls()
	for _, fn := range c.prog.Functions {
		c.entryUsage(fn)
	}
}

// entryUsage computes Param.Used and Function.FuncConsts.
func (c *checker) entryUsage(fn *Function) {
	f := fn.Func
	used := map[*Var]bool{}
	consts := map[*FuncConst]bool{}
	var addConst func(k *FuncConst)
	addConst = func(k *FuncConst) {
		if k == nil || consts[k] {
			return
		}
		consts[k] = true
		if k.Init != nil {
			syntax.Inspect(k.Init, func(n syntax.Node) bool {
				if e, ok := n.(syntax.Expr); ok {
					if x := c.prog.Info.Exprs[e]; x != nil && x.Var != nil && x.Var.FuncConst != nil {
						addConst(x.Var.FuncConst)
					}
				}
				return true
			})
		}
	}
	seen := map[*Func]bool{}
	// Without function constants in the program, the walk of the callees
	// (for the constants they read) has nothing to find: a translation unit
	// of hundreds of kernels sharing helpers skips it.
	noConsts := len(c.prog.FuncConsts) == 0
	var walk func(g *Func)
	walk = func(g *Func) {
		if g == nil || seen[g] || g.Info == nil {
			return
		}
		seen[g] = true
		for _, v := range g.Info.varUses {
			if g == f {
				used[v] = true
			}
			if v.FuncConst != nil {
				addConst(v.FuncConst)
			}
		}
		if noConsts {
			return // only the entry's own variables matter
		}
		for _, h := range g.Calls {
			walk(h)
		}
	}
	walk(f)
	for _, p := range fn.Params {
		p.Used = used[p.Var]
		if p.FuncConst != nil {
			addConst(p.FuncConst.FuncConst)
		}
		if p.IndexConst != nil {
			addConst(p.IndexConst.FuncConst)
		}
		for _, sa := range p.StageIn {
			if sa.FuncConst != nil {
				addConst(sa.FuncConst.FuncConst)
			}
		}
	}
	for _, k := range c.prog.FuncConsts {
		if consts[k] {
			fn.FuncConsts = append(fn.FuncConsts, k)
		}
	}
	sort.SliceStable(fn.FuncConsts, func(i, j int) bool {
		a, b := fn.FuncConsts[i], fn.FuncConsts[j]
		if (a.Index < 0) != (b.Index < 0) {
			return a.Index >= 0
		}
		return a.Index < b.Index
	})
}

// checkQualifiedCalls reports qualified functions that call other
// qualified functions directly (only [[visible]]/[[stitchable]] callees
// are allowed).
func (c *checker) checkQualifiedCalls() {
	for _, f := range c.entries {
		if !f.Kind.IsEntry() {
			continue
		}
		seen := map[*Func]bool{}
		var walk func(g *Func, site diag.Pos)
		walk = func(g *Func, site diag.Pos) {
			if seen[g] {
				return
			}
			seen[g] = true
			if g != f && g.fragOnly != "" && f.Kind != FuncFragment {
				c.errorf(site, "fragment-only", "'%s' (used by '%s') can only be used in fragment functions, not in %s function '%s'",
					g.fragOnly, g.QualName, f.Kind, f.QualName)
			}
			for _, call := range g.callSites {
				callee := call.callee
				if callee.Kind.IsEntry() {
					c.errorf(call.pos, "entry-call", "%s function '%s' cannot call %s function '%s'",
						f.Kind, f.QualName, callee.Kind, callee.QualName)
					continue
				}
				if callee.Kind == FuncPlain {
					s := site
					if g == f {
						s = call.pos // report at the entry's own call site
					}
					walk(callee, s)
				}
			}
		}
		walk(f, f.pos)
	}
}

type bindKey struct {
	kind  string
	index int64
}

type callSite struct {
	callee *Func
	pos    diag.Pos
}

func fmtTypes(ts []*Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, ", ")
}
