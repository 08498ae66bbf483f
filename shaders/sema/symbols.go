package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// SymKind classifies a Symbol.
type SymKind uint8

// Symbol kinds.
const (
	SymVar        SymKind = iota // a variable, parameter, field (in struct scopes) or function constant
	SymFunc                      // an overload set of user functions (and possibly built-ins of the same name)
	SymType                      // a type name (struct, enum, typedef, alias, template parameter bound to a type)
	SymNamespace                 // a namespace
	SymTemplate                  // a function or class template (or alias template)
	SymEnumConst                 // an enumerator
	SymConst                     // a non-type template parameter bound to a value
	SymBuiltinFn                 // a metal_stdlib function (see Builtins)
	SymBuiltinTmp                // a built-in class template name (texture2d, vec, array, atomic, mesh, ...)
	SymPack                      // a function parameter pack (`Ts... params`) of a template instance
)

// Symbol is what a name denotes in a Scope.
type Symbol struct {
	Kind   SymKind
	Name   string
	Type   *Type   // SymType; SymEnumConst (the enum type)
	Var    *Var    // SymVar
	Funcs  []*Func // SymFunc: every user overload visible under this name in this scope
	NS     *Scope  // SymNamespace
	Templs []*Template
	Value  *Value // SymEnumConst, SymConst
	Pos    diag.Pos
	// IsPack marks a template parameter pack bound to the arguments Pack
	// (SymType); PackVars are the parameters of a SymPack.
	IsPack   bool
	Pack     []TemplArg
	PackVars []*Var

	builtinNS string // SymBuiltinFn: namespace of the built-in overloads
}

// ScopeKind classifies a Scope.
type ScopeKind uint8

// Scope kinds.
const (
	ScopeNamespace ScopeKind = iota
	ScopeStruct
	ScopeFunc
	ScopeBlock
	ScopeTemplate // template parameters
)

// Scope maps names to symbols. Namespace scopes are shared by every
// (re)opening of the namespace.
type Scope struct {
	Kind     ScopeKind
	Parent   *Scope
	Name     string // namespace or struct name
	QualName string // "outer::inner" ("" for the global scope)
	// Syms maps the names of a namespace or struct scope to its symbols.
	// Block, function and template scopes, which hold a few names each and
	// are made by the thousand, keep them in a short list instead (Syms
	// stays nil until they have more than smallScope).
	Syms   map[string]*Symbol
	few    []*Symbol
	Using  []*Scope // using-directive namespaces
	Struct *Struct  // ScopeStruct

	builtin string // synthesized metal namespace ("metal", "metal::raytracing", ...)
}

func newScope(kind ScopeKind, parent *Scope, name string) *Scope {
	s := &Scope{Kind: kind, Parent: parent, Name: name}
	if parent != nil && (kind == ScopeNamespace || kind == ScopeStruct) {
		if parent.QualName != "" && name != "" {
			s.QualName = parent.QualName + "::" + name
		} else if name != "" {
			s.QualName = name
		} else {
			s.QualName = parent.QualName
		}
	} else if parent != nil {
		s.QualName = parent.QualName
	}
	return s
}

// Lookup finds name in s only (plus its using-directives, once).
func (s *Scope) lookupLocal(name string) *Symbol {
	for _, sym := range s.few {
		if sym.Name == name {
			return sym
		}
	}
	if s.Syms != nil {
		if sym := s.Syms[name]; sym != nil {
			return sym
		}
	}
	return nil
}

// smallScope is the number of symbols a block, function or template scope
// holds in its list before it moves them to a map.
const smallScope = 8

func (s *Scope) insert(sym *Symbol) {
	if s.Syms == nil && (s.Kind == ScopeBlock || s.Kind == ScopeFunc || s.Kind == ScopeTemplate) {
		for i, old := range s.few {
			if old.Name == sym.Name {
				s.few[i] = sym
				return
			}
		}
		if len(s.few) < smallScope {
			if s.few == nil {
				s.few = make([]*Symbol, 0, 2)
			}
			s.few = append(s.few, sym)
			return
		}
		s.Syms = make(map[string]*Symbol, 2*smallScope)
		for _, old := range s.few {
			s.Syms[old.Name] = old
		}
		s.few = nil
	}
	if s.Syms == nil {
		s.Syms = make(map[string]*Symbol)
	}
	s.Syms[sym.Name] = sym
}

// Var is a variable: global, local, parameter, field or function constant.
type Var struct {
	// packElem marks one parameter of an expanded function parameter pack
	// (found through the pack's SymPack, not by its name).
	packElem  bool
	Name      string
	QualName  string
	Type      *Type
	Space     AddrSpace // address space of the object (constant for program-scope constants, thread for locals)
	Const     bool
	Constexpr bool
	Static    bool
	Extern    bool
	Global    bool
	Param     bool
	Member    bool   // a non-static data member seen from inside a method (implicit this->)
	Value     *Value // constant value when known (constexpr, const-initialized)
	// FuncConst is set for program-scope function constants (declared with
	// [[function_constant(i)]] or initialized from them).
	FuncConst *FuncConst
	Attrs     []Attr
	Decl      syntax.Node // *syntax.VarDecl or *syntax.ParamDecl
	Pos       diag.Pos
}

// FuncConst is a program-scope function constant (§5.8).
type FuncConst struct {
	Name string
	Var  *Var
	Type *Type
	// Index is the [[function_constant(index)]] index, or -1 for a derived
	// constant such as `constant bool c = a && b;`.
	Index int
	// Init is the defining expression of a derived constant (types and
	// values of its nodes are in Program.Info).
	Init syntax.Expr
	Pos  diag.Pos
}

// FuncKind is the kind of a function: an ordinary function or one of the
// qualified (entry-point) kinds.
type FuncKind uint8

// Function kinds.
const (
	FuncPlain FuncKind = iota
	FuncKernel
	FuncVertex
	FuncFragment
	FuncVisible
	FuncStitchable
	FuncIntersection
	FuncObject
	FuncMesh
	FuncTile // a kernel or fragment function declared for tile dispatch (not distinguishable in source; unused)
)

var funcKindNames = [...]string{"function", "kernel", "vertex", "fragment", "visible", "stitchable", "intersection", "object", "mesh", "tile"}

// String names k.
func (k FuncKind) String() string { return funcKindNames[k] }

// Qualified reports whether k is a qualified (API-visible) kind.
func (k FuncKind) Qualified() bool { return k != FuncPlain }

// IsEntry reports whether k is a pipeline stage (kernel, vertex, fragment,
// object, mesh, intersection) — the kinds that may not call each other.
func (k FuncKind) IsEntry() bool {
	switch k {
	case FuncKernel, FuncVertex, FuncFragment, FuncObject, FuncMesh, FuncIntersection:
		return true
	}
	return false
}

// Func is one function: a user function, method, constructor, operator,
// or a template instantiation of one.
type Func struct {
	// outer is, for a lambda, the function whose body holds it (the one
	// whose implicit object member names in the lambda refer to).
	outer *Func
	// genericInst marks an instance of a generic lambda (a template body).
	genericInst bool
	Name        string // unqualified
	QualName    string // namespace/struct-qualified: "outer::inner::f", "S::method"
	Kind        FuncKind
	Result      *Type
	Params      []*Var
	Defaults    []syntax.Expr // default argument per parameter (nil when none)
	Variadic    bool
	Decl        *syntax.FuncDecl
	Method      *Struct // receiver struct for methods and constructors
	Ctor        bool
	Explicit    bool
	Static      bool
	ConstM      bool // const method
	// SpaceM is the address space a method's implicit object is qualified
	// with (`T& operator[](size_t) device`), or SpaceNone when unqualified.
	SpaceM  AddrSpace
	Builtin *Builtin
	// TemplArgs are the template arguments of an instantiation.
	TemplArgs []TemplArg
	Template  *Template
	// Entry is the checked description of a qualified function.
	Entry *Function
	// Body information (nil for declarations without a body).
	Info *Info
	// Calls lists the user functions this body calls directly.
	Calls []*Func

	bodyPending bool // a template instance whose body is checked when first chosen (ensureBody)
	// packName and packVars are the function parameter pack of a variadic
	// template instance (`Ts... params` expanded to one parameter each).
	packName string
	packVars []*Var
	// deferred holds the diagnostics of a method of a class template
	// instance, reported into deferredTo when the method is first used.
	deferred     []diag.Diagnostic
	deferredTo   *diag.List
	used         bool // called (noteCall) somewhere
	callSites    []callSite
	attrs        []Attr
	writesDevice bool   // the body stores to device memory or writes a texture
	fragOnly     string // a fragment-only built-in the body uses (e.g. "dfdx")
	scope        *Scope // scope the declaration lives in
	checked      bool
	pos          diag.Pos
}

// Pos returns the position of the function name.
func (f *Func) Pos() diag.Pos { return f.pos }

func (f *Func) minArgs() int {
	n := 0
	for i := range f.Params {
		if i < len(f.Defaults) && f.Defaults[i] != nil {
			break
		}
		n++
	}
	return n
}

// Template is a function, class or alias template.
type Template struct {
	Name     string
	QualName string
	Decl     *syntax.TemplateDecl
	Params   []*syntax.TemplateParam
	scope    *Scope // declaring scope
	// instances caches class/alias instantiations by argument key.
	instances map[string]*Type
	// funcInsts caches function instantiations by argument key.
	funcInsts map[string]*Func
	// rawInsts caches function instantiations by the key of the arguments
	// as given, before defaults are filled (instantiateFuncSig).
	rawInsts map[string]*Func
	// varInsts caches variable template instances by argument key.
	varInsts  map[string]*Var
	funcSpecs []*Func                // explicit specializations template<> R f<X>(...)
	partials  []*syntax.TemplateDecl // partial specializations (recorded, not used for matching)
	// Specializations: explicit full specializations `template<> ...`.
	specs []*syntax.TemplateDecl
}

// Attr is one checked attribute.
type Attr struct {
	Name string
	// Args are the evaluated constant arguments (ints, strings, enum-like
	// identifiers as KString values holding the identifier).
	Args []Value
	// ArgExprs are the argument expressions as written.
	ArgExprs []syntax.Expr
	// FuncConst is set when the (index) argument is a function constant
	// expression rather than a literal constant.
	FuncConst *Var
	Pos       diag.Pos
	Raw       *syntax.Attribute
}

// IntArg returns argument i as an integer, or def when absent or not an integer.
func (a *Attr) IntArg(i int, def int64) int64 {
	if a == nil || i >= len(a.Args) || a.Args[i].Type == nil || a.Args[i].Type.Kind == KString {
		return def
	}
	return a.Args[i].AsInt()
}

// StrArg returns argument i as a string (string literal or identifier), or "".
func (a *Attr) StrArg(i int) string {
	if a == nil || i >= len(a.Args) || a.Args[i].Type == nil || a.Args[i].Type.Kind != KString {
		return ""
	}
	return a.Args[i].Str
}

func findAttr(as []Attr, name string) *Attr {
	for i := range as {
		if as[i].Name == name {
			return &as[i]
		}
	}
	return nil
}

// Info holds the checker's results for the expressions of one body (a
// function, one template instantiation of it) or of the program scope.
type Info struct {
	// Exprs maps every checked expression node to its typing.
	Exprs map[syntax.Expr]*ExprInfo
	// Vars maps each local VarDecl/ParamDecl (and range-for variable) to its variable.
	Vars map[syntax.Node]*Var
	// Types maps written TypeExprs to resolved types (locals, casts, constructs).
	Types map[syntax.TypeExpr]*Type
	// Expanded maps a call whose arguments expand parameter packs to the
	// call with the expanded arguments (syntax.PackElem) that was checked.
	Expanded map[*syntax.CallExpr]*syntax.CallExpr
	// varUses lists the variables of the recorded expressions (with
	// repeats), so that whole-program passes need not walk Exprs.
	varUses []*Var
}

func newInfo() *Info {
	return &Info{Exprs: make(map[syntax.Expr]*ExprInfo), Vars: make(map[syntax.Node]*Var),
		Types: make(map[syntax.TypeExpr]*Type)}
}

// infoSize is the number of entries of each map of an Info.
type infoSize struct{ exprs, vars, types int }

// newInfoSized returns an empty Info whose maps have room for n entries.
func newInfoSized(n infoSize) *Info {
	return &Info{Exprs: make(map[syntax.Expr]*ExprInfo, n.exprs), Vars: make(map[syntax.Node]*Var, n.vars),
		Types: make(map[syntax.TypeExpr]*Type, n.types)}
}

// TypeOf returns the type of e, or nil if e was not checked.
func (in *Info) TypeOf(e syntax.Expr) *Type {
	if x := in.Exprs[e]; x != nil {
		return x.Type
	}
	return nil
}

// ExprInfo is the typing of one expression node.
type ExprInfo struct {
	// Type is the value type (references are stripped; LValue tells
	// whether the expression designates an object).
	Type   *Type
	LValue bool
	Const  bool      // the object designated is const (cannot be assigned)
	Space  AddrSpace // address space of the designated object (lvalues)
	// Value is the constant value, when the expression is a constant
	// expression of scalar or vector type.
	Value *Value
	// Var is the variable a NameExpr denotes.
	Var *Var
	// Func is the user function a call (or a NameExpr naming a function)
	// resolves to; Builtin the built-in one.
	Func    *Func
	Builtin *Builtin
	// Conv is the implicit conversion to apply to this expression's value
	// where it is used (argument passing, assignment, initialization,
	// return, operands of binary operators); nil when none.
	Conv *Conversion
	// Swizzle holds the component indices of a vector swizzle MemberExpr
	// (v.xzy → 0,2,1); Field the struct field a MemberExpr selects.
	Swizzle []int
	Field   *Field
	// IsType is set when the expression actually names a type (a
	// NameExpr used as a functional-cast callee, sizeof argument, ...);
	// Type is that type.
	IsType bool
	// Construct is set for a ConstructExpr/CallExpr that constructs or
	// casts to Type (vector/matrix constructors, struct construction, casts).
	Construct bool
}
