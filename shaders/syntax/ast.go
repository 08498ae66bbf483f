package syntax

import "github.com/ingot-render/ingot/shaders/diag"

// This file declares the abstract syntax tree of the MSL dialect of C++17.
//
// Every node records the positions of its first and last tokens (Pos and
// End, End being one past the last byte). Tokens produced by a macro
// expansion carry the position of the macro use (the expansion site).
//
// Overview:
//
//   - A File is a list of Decl.
//   - Decl: VarDecl, FuncDecl, ParamDecl (parameters only), StructDecl,
//     EnumDecl, TypedefDecl, AliasDecl, NamespaceDecl, UsingDirective,
//     UsingDecl, TemplateDecl, ExplicitInstantiation, StaticAssertDecl,
//     AccessDecl, EmptyDecl, BadDecl.
//   - TypeExpr (a written type, declarator included): BuiltinType,
//     NamedType, QualType, PointerType, RefType, ArrayType, FuncType,
//     TagType, DecltypeType, BadType.
//   - Stmt: BlockStmt, DeclStmt, ExprStmt, IfStmt, ForStmt, RangeForStmt,
//     WhileStmt, DoStmt, SwitchStmt, CaseStmt, BreakStmt, ContinueStmt,
//     ReturnStmt, EmptyStmt, BadStmt.
//   - Expr: NameExpr, BasicLit, BoolLit, NullptrLit, ThisExpr, ParenExpr,
//     UnaryExpr, PostfixExpr, BinaryExpr, CondExpr, CallExpr, ConstructExpr,
//     IndexExpr, MemberExpr, CastExpr, SizeofExpr, InitListExpr, LambdaExpr,
//     TypeIDExpr, BadExpr.
//   - Names (possibly qualified, with template arguments, operator names,
//     destructors) are *Name; attribute lists are []*AttrList.
//
// C++ ambiguities are settled with the parser's knowledge of type names
// (declared structs, enums, typedefs, template parameters, using-aliases
// and the built-in MSL types): a name that the parser does not know as a
// type is parsed as an expression. Consumers (sema) should therefore be
// ready to treat a NameExpr or a CallExpr whose callee names a type as a
// type or a functional cast.

// Node is implemented by every AST node.
type Node interface {
	Pos() diag.Pos // position of the first byte of the node
	End() diag.Pos // position one past the last byte of the node
}

// Decl is a declaration.
type Decl interface {
	Node
	declNode()
}

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// TypeExpr is a type as written in the source, including the declarator
// parts (pointers, references, arrays, function parameters) that apply to
// one declared name.
type TypeExpr interface {
	Node
	typeNode()
}

// ---------------------------------------------------------------------------
// File

// File is one parsed translation unit (after preprocessing).
type File struct {
	Name    string
	Start   diag.Pos // position of the first byte of the main file
	Decls   []Decl
	Pragmas []*Pragma // every #pragma seen, including those of included files
	// Includes lists every #include/#import that was resolved, in order.
	Includes []*Include
	// Version is the language version the file was preprocessed for
	// (from Options.Std and Options.Platform).
	Version LanguageVersion
}

// Pos implements Node.
func (f *File) Pos() diag.Pos { return f.Start }

// End implements Node.
func (f *File) End() diag.Pos {
	if n := len(f.Decls); n > 0 {
		return f.Decls[n-1].End()
	}
	return f.Start
}

// Pragma is one #pragma directive. Text is everything after "pragma",
// trimmed, with comments removed (e.g. "METAL fp math_mode(fast)").
type Pragma struct {
	HashPos diag.Pos
	Text    string
}

// Include records one include directive.
type Include struct {
	HashPos diag.Pos
	Path    string // as written between the quotes or brackets
	System  bool   // <...> rather than "..."
	Import  bool   // #import rather than #include
	Virtual bool   // a built-in header such as <metal_stdlib>
}

// ---------------------------------------------------------------------------
// Identifiers, names, template arguments, attributes

// Ident is a simple identifier.
type Ident struct {
	NamePos diag.Pos
	Name    string
}

// Pos implements Node.
func (x *Ident) Pos() diag.Pos { return x.NamePos }

// End implements Node.
func (x *Ident) End() diag.Pos { return x.NamePos + diag.Pos(len(x.Name)) }

// NameKind tells what a NameSegment names.
type NameKind uint8

// Name kinds.
const (
	NamePlain      NameKind = iota // an identifier
	NameOperator                   // operator+, operator(), operator[] ...
	NameDestructor                 // ~S
	NameConversion                 // operator float()
)

// NameSegment is one component of a possibly qualified name: an
// identifier (or operator/destructor/conversion name) with optional
// template arguments, as in ns::vec<float, 3>.
type NameSegment struct {
	NamePos diag.Pos // position of the identifier (or of "operator", "~")
	EndPos  diag.Pos // end of the segment (after the template arguments)
	Kind    NameKind
	// Name is the identifier; for NameOperator it is "operator" followed
	// by the operator spelling ("operator+", "operator()", "operator[]",
	// "operator==", "operator new" is not MSL); for NameDestructor "~S";
	// for NameConversion "operator" (see ConvType).
	Name       string
	ConvType   TypeExpr      // NameConversion only
	TemplateKw bool          // preceded by the "template" disambiguator
	Template   *TemplateArgs // nil when no <...> follows
}

// Name is a possibly qualified name: [::] seg :: seg :: ... seg.
type Name struct {
	Global   bool     // leading ::
	GlobalAt diag.Pos // position of the leading :: when Global
	Segs     []*NameSegment
	// Decltype is a leading `decltype(x)::` scope (Segs name a member of
	// that type), or nil.
	Decltype *DecltypeType
}

// Pos implements Node.
func (n *Name) Pos() diag.Pos {
	if n.Global {
		return n.GlobalAt
	}
	if n.Decltype != nil {
		return n.Decltype.DeclPos
	}
	if len(n.Segs) == 0 {
		return diag.NoPos
	}
	return n.Segs[0].NamePos
}

// End implements Node.
func (n *Name) End() diag.Pos {
	if len(n.Segs) == 0 {
		return n.GlobalAt + 2
	}
	return n.Segs[len(n.Segs)-1].EndPos
}

// Last returns the final segment (the unqualified part).
func (n *Name) Last() *NameSegment {
	if len(n.Segs) == 0 {
		return nil
	}
	return n.Segs[len(n.Segs)-1]
}

// Qualified reports whether the name has more than one segment or a
// leading ::.
func (n *Name) Qualified() bool { return n.Global || len(n.Segs) > 1 || n.Decltype != nil }

// String returns the name as written without template arguments between
// segments kept only as "<...>" markers: "ns::S<...>::f".
func (n *Name) String() string {
	s := ""
	if n.Global {
		s = "::"
	}
	for i, g := range n.Segs {
		if i > 0 {
			s += "::"
		}
		s += g.Name
		if g.Template != nil {
			s += "<...>"
		}
	}
	return s
}

// Plain returns the qualified name without any template arguments:
// "ns::S::f".
func (n *Name) Plain() string {
	s := ""
	if n.Global {
		s = "::"
	}
	for i, g := range n.Segs {
		if i > 0 {
			s += "::"
		}
		s += g.Name
	}
	return s
}

// TemplateArgs is a list of template arguments between < and >.
type TemplateArgs struct {
	Lt, Gt diag.Pos // Gt is the position of the closing '>' (which may be half of a '>>')
	Args   []*TemplateArg
}

// TemplateArg is one template argument: exactly one of Type and Expr is
// set. A bare unknown name (or a qualified name whose last part is not a
// known type, such as topology::triangle) is an Expr (*NameExpr); sema may
// reinterpret it as a type.
type TemplateArg struct {
	Type     TypeExpr
	Expr     Expr
	Ellipsis bool // followed by "..." (pack expansion)
}

// Pos implements Node.
func (a *TemplateArg) Pos() diag.Pos {
	if a.Type != nil {
		return a.Type.Pos()
	}
	return a.Expr.Pos()
}

// End implements Node.
func (a *TemplateArg) End() diag.Pos {
	if a.Type != nil {
		return a.Type.End()
	}
	return a.Expr.End()
}

// AttrList is one [[ ... ]] attribute specifier, holding one or more
// attributes separated by commas.
type AttrList struct {
	Lbrack diag.Pos // position of the first '['
	Rbrack diag.Pos // position of the last ']'
	Attrs  []*Attribute
}

// Pos implements Node.
func (a *AttrList) Pos() diag.Pos { return a.Lbrack }

// End implements Node.
func (a *AttrList) End() diag.Pos { return a.Rbrack + 1 }

// Attribute is one attribute: [ns::]name [ ( args ) ]. Arguments are
// parsed as expressions: identifiers such as `triangle` or `quad` become
// *NameExpr, strings *BasicLit; `[[function_constant(a && b)]]` gives a
// *BinaryExpr.
type Attribute struct {
	Namespace string // e.g. "clang" in [[clang::x]]; usually empty
	NamePos   diag.Pos
	Name      string
	HasArgs   bool // written with parentheses (possibly empty)
	Lparen    diag.Pos
	Args      []Expr
	Rparen    diag.Pos
}

// Pos implements Node.
func (a *Attribute) Pos() diag.Pos { return a.NamePos }

// End implements Node.
func (a *Attribute) End() diag.Pos {
	if a.HasArgs {
		return a.Rparen + 1
	}
	return a.NamePos + diag.Pos(len(a.Name))
}

// FindAttr returns the first attribute named name in lists, or nil.
func FindAttr(lists []*AttrList, name string) *Attribute {
	for _, l := range lists {
		for _, a := range l.Attrs {
			if a.Name == name && a.Namespace == "" {
				return a
			}
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Declaration specifiers

// Spec is a set of declaration-specifier keywords.
type Spec uint32

// Declaration specifiers.
const (
	SpecStatic Spec = 1 << iota
	SpecExtern
	SpecInline
	SpecConstexpr
	SpecVirtual
	SpecExplicit
	SpecFriend
	SpecMutable
	SpecThreadLocal
	SpecConsteval
	SpecRegister
)

var specNames = [...]string{"static", "extern", "inline", "constexpr", "virtual", "explicit", "friend", "mutable", "thread_local", "consteval", "register"}

// Has reports whether all bits of t are in s.
func (s Spec) Has(t Spec) bool { return s&t == t }

// String lists the specifiers in source order of the constant table.
func (s Spec) String() string {
	out := ""
	for i, n := range specNames {
		if s&(1<<i) != 0 {
			if out != "" {
				out += " "
			}
			out += n
		}
	}
	return out
}

// AddrSpace is an MSL address space qualifier.
type AddrSpace uint8

// Address spaces. AddrNone means none was written.
const (
	AddrNone AddrSpace = iota
	AddrDevice
	AddrConstant
	AddrThread
	AddrThreadgroup
	AddrThreadgroupImageblock
	AddrRayData
	AddrObjectData
)

var addrNames = [...]string{"", "device", "constant", "thread", "threadgroup", "threadgroup_imageblock", "ray_data", "object_data"}

// String returns the keyword ("device", ...), or "" for AddrNone.
func (a AddrSpace) String() string {
	if int(a) < len(addrNames) {
		return addrNames[a]
	}
	return "?"
}

// AddrSpaceByName maps an address-space keyword to its AddrSpace.
func AddrSpaceByName(s string) (AddrSpace, bool) {
	for i, n := range addrNames {
		if i > 0 && n == s {
			return AddrSpace(i), true
		}
	}
	return AddrNone, false
}

// ---------------------------------------------------------------------------
// Types

// BuiltinType is a type spelled with C++ keywords only: "void", "bool",
// "char", "signed char", "unsigned char", "short", "unsigned short", "int",
// "unsigned int", "long", "unsigned long", "long long", "unsigned long
// long", "float", "double", "long double", "auto" (canonical spellings,
// "signed"/"int" noise removed, e.g. "unsigned" alone is "unsigned int",
// "short int" is "short"). MSL names such as half, uint, float4 are
// NamedType.
type BuiltinType struct {
	TypePos, EndPos diag.Pos
	Name            string
}

// NamedType is a type named by a (possibly qualified, possibly templated)
// name: float4, texture2d<float, access::read>, ns::S, T. Keyword is set
// for elaborated specifiers ("struct", "class", "union", "enum",
// "typename").
type NamedType struct {
	KeywordPos diag.Pos // NoPos when Keyword == ""
	Keyword    string
	Name       *Name
}

// QualType applies cv-qualifiers and/or an address space to Elem. For
// `device const float *p` the pointer's Elem is QualType{Const, Device,
// float}; for `float *const p` the QualType wraps the PointerType.
type QualType struct {
	QualPos  diag.Pos // position of the first qualifier keyword
	Const    bool
	Volatile bool
	Space    AddrSpace
	SpacePos diag.Pos // position of the address-space keyword
	Elem     TypeExpr
}

// PointerType is Elem*.
type PointerType struct {
	Star diag.Pos
	Elem TypeExpr
}

// RefType is Elem& (or Elem&& when RValue).
type RefType struct {
	Amp    diag.Pos
	RValue bool
	Elem   TypeExpr
}

// ArrayType is Elem[Len]; Len is nil for [].
type ArrayType struct {
	Elem   TypeExpr
	Lbrack diag.Pos
	Len    Expr
	Rbrack diag.Pos
}

// FuncType is a function type Result(Params) as written in a function
// pointer declarator or a template argument such as
// visible_function_table<float(float)>.
type FuncType struct {
	Result   TypeExpr
	Lparen   diag.Pos
	Params   []*ParamDecl
	Variadic bool
	Rparen   diag.Pos
	Attrs    []*AttrList // attributes after the parameter list
}

// TagType is an anonymous struct/class/union/enum defined inline in a
// declaration, as in `struct { float a; } v;` or `typedef struct { ... }
// T;`. Decl is a *StructDecl or *EnumDecl. A named definition followed by
// declarators (`struct S { ... } v;`) is instead emitted as its own
// StructDecl, and v's type is a NamedType with Keyword "struct".
type TagType struct {
	Decl Decl
}

// DecltypeType is decltype(X).
type DecltypeType struct {
	DeclPos diag.Pos
	X       Expr
	Rparen  diag.Pos
}

// BadType stands for a type that could not be parsed.
type BadType struct {
	From, To diag.Pos
}

// ---------------------------------------------------------------------------
// Declarations

// VarDecl declares one variable, global, local, static member or field
// (one per declarator: `int a, *b;` gives two VarDecls sharing Specs and
// Attrs).
type VarDecl struct {
	StartPos diag.Pos    // first token of the declaration (specifiers/attributes)
	Attrs    []*AttrList // attribute lists before the declaration
	Specs    Spec
	Type     TypeExpr // full type: specifiers + declarator
	Name     *Ident   // nil for an unnamed bit-field
	// Qual is the full declarator name when it is qualified
	// (`constexpr constant float S<1>::table[4];`, the out-of-class
	// definition of a static data member); nil otherwise.
	Qual      *Name
	NameAttrs []*AttrList // attribute lists after the declarator name, e.g. [[function_constant(0)]], [[buffer(0)]]
	// TemplArgs are the arguments of a variable template specialization
	// (`template <> constexpr bool is_x<float> = true;`), or nil.
	TemplArgs *TemplateArgs
	BitWidth  Expr // field bit width, or nil
	InitKind  InitKind
	// Init is the initializer: the expression after '=' (which may itself
	// be an *InitListExpr for `= {...}`), or an *InitListExpr for direct
	// initialization `(args)` (Paren set) and `{args}`.
	Init   Expr
	EndPos diag.Pos // end of the declarator/initializer (not the ';')
}

// InitKind tells how a variable is initialized.
type InitKind uint8

// Initializer kinds.
const (
	InitNone  InitKind = iota
	InitEqual          // = expr  or  = {...}
	InitParen          // (args)
	InitBrace          // {args}
)

// ParamDecl is one function (or lambda, or function-type) parameter.
type ParamDecl struct {
	StartPos  diag.Pos
	Attrs     []*AttrList // before the parameter
	Type      TypeExpr
	Name      *Ident      // nil when unnamed
	NameAttrs []*AttrList // after the name (or after the type when unnamed): [[buffer(0)]], [[stage_in]]
	Default   Expr        // default argument, or nil
	Ellipsis  bool        // a parameter pack: T... args
	EndPos    diag.Pos
}

// FuncDecl declares or defines a function, method, constructor,
// destructor, operator or conversion function.
type FuncDecl struct {
	StartPos diag.Pos
	Attrs    []*AttrList // before the declaration, e.g. [[kernel]], [[host_name("x")]]
	// Stage is a legacy stage keyword written among the specifiers:
	// "kernel", "vertex", "fragment" (or "" when none); StagePos its position.
	Stage    string
	StagePos diag.Pos
	Specs    Spec
	Result   TypeExpr // nil for constructors, destructors and conversion functions
	// Name is the function name, possibly qualified (S::f), an operator
	// (operator+), a destructor (~S), or a template-id (f<int>) for
	// explicit specializations/instantiations.
	Name      *Name
	NameAttrs []*AttrList // attributes right after the name
	Lparen    diag.Pos
	Params    []*ParamDecl
	Variadic  bool // C-style "..." at the end
	Rparen    diag.Pos
	Const     bool        // method qualifier: `) const`
	Space     string      // method address-space qualifier: `) thread`, `) device const` (or "")
	RefQual   string      // "&" or "&&" method ref-qualifier, or ""
	Noexcept  bool        // noexcept written (argument ignored)
	Trailing  bool        // Result was given as a trailing return type (auto f() -> T)
	Attrs2    []*AttrList // attributes after the parameter list and qualifiers
	Override  bool        // override/final written
	Pure      bool        // = 0
	Deleted   bool        // = delete
	Defaulted bool        // = default
	Inits     []*MemberInit
	Body      *BlockStmt // nil for a declaration without body
	// Via is set for an explicit instantiation declared through a function
	// type instead of a parameter list (`decltype(f<T>) f<T>;`, or a
	// typedef of that type): the parameters are the template's.
	Via    TypeExpr
	EndPos diag.Pos
}

// MemberInit is one constructor member initializer: Name(args) or
// Name{args}; Init.Paren tells which.
type MemberInit struct {
	Name *Name
	Init *InitListExpr
}

// StructDecl declares or defines a struct, class or union.
type StructDecl struct {
	KwPos   diag.Pos
	Keyword string      // "struct", "class" or "union"
	Attrs   []*AttrList // before the keyword and right after it
	Name    *Name       // nil when anonymous; may carry template args for specializations
	Final   bool
	Bases   []*BaseSpec
	Lbrace  diag.Pos // NoPos for a forward declaration
	Members []Decl   // fields (VarDecl), methods (FuncDecl), nested types, AccessDecl, ...
	Rbrace  diag.Pos
}

// Forward reports whether the declaration has no body (struct S;).
func (d *StructDecl) Forward() bool { return d.Lbrace == diag.NoPos }

// BaseSpec is one base class.
type BaseSpec struct {
	StartPos diag.Pos
	Access   string // "public", "protected", "private" or ""
	Virtual  bool
	Type     TypeExpr
}

// AccessDecl is an access specifier label inside a class: public:.
type AccessDecl struct {
	KwPos  diag.Pos
	Access string
	Colon  diag.Pos
}

// EnumDecl declares or defines an enumeration.
type EnumDecl struct {
	KwPos       diag.Pos
	Scoped      bool // enum class / enum struct
	Attrs       []*AttrList
	Name        *Ident   // nil when anonymous
	Base        TypeExpr // underlying type, or nil
	Lbrace      diag.Pos // NoPos for an opaque declaration
	Enumerators []*Enumerator
	Rbrace      diag.Pos
}

// Enumerator is one enumeration constant.
type Enumerator struct {
	Name  *Ident
	Attrs []*AttrList
	Value Expr // explicit value, or nil
}

// TypedefDecl is one declarator of a typedef: `typedef float4 color;`.
type TypedefDecl struct {
	KwPos  diag.Pos
	Name   *Ident
	Type   TypeExpr
	EndPos diag.Pos
}

// AliasDecl is `using Name [[attrs]] = Type;`.
type AliasDecl struct {
	UsingPos diag.Pos
	Name     *Ident
	Attrs    []*AttrList
	Type     TypeExpr
	EndPos   diag.Pos
}

// NamespaceDecl is `namespace a::b { ... }` (Path holds a, b; empty for an
// anonymous namespace), or `namespace x = y;` when Alias is set.
type NamespaceDecl struct {
	KwPos  diag.Pos
	Inline bool
	Path   []*Ident
	Alias  *Name // namespace alias target; Decls is nil then
	Lbrace diag.Pos
	Decls  []Decl
	Rbrace diag.Pos
}

// UsingDirective is `using namespace Name;`.
type UsingDirective struct {
	UsingPos diag.Pos
	Name     *Name
	EndPos   diag.Pos
}

// UsingDecl is `using Name;` (brings one name into scope).
type UsingDecl struct {
	UsingPos diag.Pos
	Name     *Name
	EndPos   diag.Pos
}

// TemplateParamKind tells the kind of a template parameter.
type TemplateParamKind uint8

// Template parameter kinds.
const (
	TypeParam             TemplateParamKind = iota // typename T / class T
	NonTypeParam                                   // int N, topology T
	TemplateTemplateParam                          // template<typename> class C
)

// TemplateParam is one template parameter.
type TemplateParam struct {
	StartPos diag.Pos
	Kind     TemplateParamKind
	Name     *Ident   // nil when unnamed
	Type     TypeExpr // NonTypeParam: the parameter's type
	// Params holds the inner parameter list of a template template parameter.
	Params   []*TemplateParam
	Variadic bool // typename... Ts
	// Default is the default argument: a TypeExpr-holding TemplateArg for
	// type parameters, an Expr-holding one for non-type parameters.
	Default *TemplateArg
	EndPos  diag.Pos
}

// TemplateDecl is `template <params> Decl`. An explicit specialization
// (`template <> ...`) has no Params.
type TemplateDecl struct {
	KwPos  diag.Pos
	Lt, Gt diag.Pos
	Params []*TemplateParam
	Decl   Decl // FuncDecl, StructDecl, VarDecl, AliasDecl or another TemplateDecl
}

// ExplicitInstantiation is `[extern] template [[attrs]] Decl`, e.g.
// `template [[host_name("bar_int")]] kernel void bar(device int *);`.
// Attributes after the template keyword are stored in the FuncDecl's Attrs.
// Decl is usually a *FuncDecl without body (the seeds also show it with a
// body) or a *StructDecl.
type ExplicitInstantiation struct {
	ExternPos diag.Pos // NoPos unless `extern template`
	KwPos     diag.Pos
	Decl      Decl
}

// StaticAssertDecl is `static_assert(Cond[, Msg]);` (also a statement via DeclStmt).
type StaticAssertDecl struct {
	KwPos  diag.Pos
	Cond   Expr
	Msg    *BasicLit // string literal, or nil
	EndPos diag.Pos
}

// EmptyDecl is a stray ';' at namespace or class scope.
type EmptyDecl struct {
	Semi diag.Pos
}

// BadDecl stands for a declaration that could not be parsed.
type BadDecl struct {
	From, To diag.Pos
}

// ---------------------------------------------------------------------------
// Statements

// BlockStmt is { Stmts }.
type BlockStmt struct {
	Lbrace diag.Pos
	Stmts  []Stmt
	Rbrace diag.Pos
}

// DeclStmt is a declaration used as a statement: local variables (one
// Decl per declarator), local structs, typedefs, using, static_assert.
type DeclStmt struct {
	Decls  []Decl
	EndPos diag.Pos // after the ';'
}

// ExprStmt is an expression followed by ';'.
type ExprStmt struct {
	X    Expr
	Semi diag.Pos
}

// IfStmt is if [constexpr] (Init; Cond) Then else Else.
type IfStmt struct {
	IfPos     diag.Pos
	Constexpr bool
	Init      Stmt     // C++17 init-statement, or nil
	Cond      Expr     // condition; nil when CondDecl is set
	CondDecl  *VarDecl // `if (T x = e)`
	Then      Stmt
	Else      Stmt // nil when absent
}

// ForStmt is for (Init; Cond; Post) Body. Init is a DeclStmt, ExprStmt or
// EmptyStmt (nil when empty); Cond and Post may be nil.
type ForStmt struct {
	ForPos diag.Pos
	Init   Stmt
	Cond   Expr
	Post   Expr
	Body   Stmt
}

// RangeForStmt is for (Var : Range) Body.
type RangeForStmt struct {
	ForPos diag.Pos
	Var    *VarDecl
	Range  Expr
	Body   Stmt
}

// WhileStmt is while (Cond) Body.
type WhileStmt struct {
	WhilePos diag.Pos
	Cond     Expr
	CondDecl *VarDecl
	Body     Stmt
}

// DoStmt is do Body while (Cond);.
type DoStmt struct {
	DoPos  diag.Pos
	Body   Stmt
	Cond   Expr
	EndPos diag.Pos // after the ';'
}

// SwitchStmt is switch (Init; Cond) Body. Case labels appear as CaseStmt
// statements inside Body (usually a BlockStmt), each followed by the
// statements it labels, as in the source.
type SwitchStmt struct {
	SwitchPos diag.Pos
	Init      Stmt
	Cond      Expr
	CondDecl  *VarDecl
	Body      Stmt
}

// CaseStmt is a `case Value:` label, or `default:` when Value is nil.
type CaseStmt struct {
	CasePos diag.Pos
	Value   Expr
	Colon   diag.Pos
}

// BreakStmt is break;.
type BreakStmt struct {
	KwPos diag.Pos
}

// ContinueStmt is continue;.
type ContinueStmt struct {
	KwPos diag.Pos
}

// ReturnStmt is return [Result];.
type ReturnStmt struct {
	KwPos  diag.Pos
	Result Expr
	EndPos diag.Pos // after the ';'
}

// EmptyStmt is a lone ';'.
type EmptyStmt struct {
	Semi diag.Pos
}

// BadStmt stands for a statement that could not be parsed.
type BadStmt struct {
	From, To diag.Pos
}

// ---------------------------------------------------------------------------
// Expressions

// NameExpr is a (possibly qualified, possibly templated) name used as an
// expression: x, ns::f, as_type<float>, topology::triangle.
type NameExpr struct {
	Name *Name
}

// LitKind is the kind of a BasicLit.
type LitKind uint8

// Literal kinds.
const (
	IntLit LitKind = iota
	FloatLit
	CharLit
	StringLit
)

// BasicLit is a number, character or string literal. Value is the exact
// source spelling, suffixes and quotes included (adjacent string literals
// are concatenated into one BasicLit whose Value is the spelling of the
// first; use StringValue for the decoded contents).
type BasicLit struct {
	ValuePos diag.Pos
	Kind     LitKind
	Value    string
	EndPos   diag.Pos
	// Str holds the decoded contents of a string literal (escapes
	// processed, adjacent literals concatenated).
	Str string
}

// BoolLit is true or false.
type BoolLit struct {
	ValuePos diag.Pos
	Value    bool
}

// NullptrLit is nullptr.
type NullptrLit struct {
	ValuePos diag.Pos
}

// ThisExpr is this.
type ThisExpr struct {
	KwPos diag.Pos
}

// ParenExpr is (X).
type ParenExpr struct {
	Lparen diag.Pos
	X      Expr
	Rparen diag.Pos
}

// UnaryExpr is a prefix operation: Op is one of Add, Sub, Not, Tilde,
// Star (dereference), Amp (address-of), Inc, Dec.
type UnaryExpr struct {
	OpPos diag.Pos
	Op    Kind
	X     Expr
}

// PostfixExpr is X++ or X--.
type PostfixExpr struct {
	X     Expr
	OpPos diag.Pos
	Op    Kind // Inc or Dec
}

// BinaryExpr is X Op Y for every binary operator, including assignment
// (Assign), compound assignment (AddAssign, ...) and the comma operator
// (Comma). Kind.IsAssign tells assignments apart.
type BinaryExpr struct {
	X     Expr
	OpPos diag.Pos
	Op    Kind
	Y     Expr
}

// CondExpr is Cond ? Then : Else.
type CondExpr struct {
	Cond     Expr
	Question diag.Pos
	Then     Expr
	Colon    diag.Pos
	Else     Expr
}

// CallExpr is Fun(Args). Fun is often a *NameExpr (possibly a template-id
// such as as_type<float4>) or a *MemberExpr (method call). When the
// callee is not known to the parser as a type, functional casts such as
// MyType(x) also end up here.
type CallExpr struct {
	Fun    Expr
	Lparen diag.Pos
	Args   []Expr
	Rparen diag.Pos
}

// ConstructExpr is a functional cast or construction of a type the parser
// knows: float4(1, 2, 3, 4), S{a, b}, int(x), texture2d<float>(). Brace
// tells S{...} from S(...).
type ConstructExpr struct {
	Type   TypeExpr
	Brace  bool
	Lparen diag.Pos // '(' or '{'
	Args   []Expr
	Rparen diag.Pos // ')' or '}'
}

// IndexExpr is X[Index].
type IndexExpr struct {
	X      Expr
	Lbrack diag.Pos
	Index  Expr
	Rbrack diag.Pos
}

// MemberExpr is X.Name or X->Name (swizzles such as v.xyz included).
type MemberExpr struct {
	X     Expr
	OpPos diag.Pos
	Arrow bool
	Name  *Name // usually one segment; may be a template-id or qualified
}

// CastKind is the kind of an explicit cast.
type CastKind uint8

// Cast kinds.
const (
	CastC           CastKind = iota // (T)x
	CastStatic                      // static_cast<T>(x)
	CastReinterpret                 // reinterpret_cast<T>(x)
	CastConst                       // const_cast<T>(x)
	CastDynamic                     // dynamic_cast<T>(x) (not MSL; diagnosed by sema)
)

// CastExpr is an explicit cast. Functional casts are ConstructExpr and
// as_type<T>(x) is a CallExpr of a template-id.
type CastExpr struct {
	StartPos diag.Pos // '(' of a C cast, or the keyword
	Kind     CastKind
	Type     TypeExpr
	X        Expr
	EndPos   diag.Pos
}

// SizeofExpr is sizeof(Type), sizeof X, alignof(Type) (Alignof set), or
// sizeof...(X) (Pack set). Exactly one of Type and X is set.
type SizeofExpr struct {
	KwPos   diag.Pos
	Alignof bool
	Pack    bool
	Type    TypeExpr
	X       Expr
	EndPos  diag.Pos
}

// PackExpansion is a pack expansion `pattern...` in a function call's
// argument list (`f(params...)`, `g(declval<Ts>()...)`).
type PackExpansion struct {
	X        Expr
	Ellipsis diag.Pos
}

// PackElem is the Index-th element of the expansion of pattern X. The
// parser never makes one: sema builds them when it expands a PackExpansion
// for one template instance (a fresh node per element and instance).
type PackElem struct {
	X     Expr
	Index int
}

// InitListExpr is a braced initializer list {a, b, c} (or, with Paren, a
// parenthesized direct-initializer list used by VarDecl and MemberInit).
// Elements may be nested InitListExprs or DesignatedInit.
type InitListExpr struct {
	Lbrace diag.Pos
	Paren  bool
	Elems  []Expr
	Rbrace diag.Pos
}

// DesignatedInit is .Field = Value inside an initializer list.
type DesignatedInit struct {
	Dot   diag.Pos
	Field *Ident
	Value Expr
}

// LambdaCapture is one lambda capture: `=`, `&`, `x`, `&x`, `this`, or
// `x = init`.
type LambdaCapture struct {
	StartPos diag.Pos
	Default  string // "=" or "&" for a capture-default, else ""
	ByRef    bool
	This     bool
	Name     *Ident
	Init     Expr
	EndPos   diag.Pos
}

// LambdaExpr is [captures](params) mutable -> Result { Body }.
type LambdaExpr struct {
	Lbrack    diag.Pos
	Captures  []*LambdaCapture
	HasParams bool
	Params    []*ParamDecl
	Mutable   bool
	Result    TypeExpr // trailing return type, or nil
	Attrs     []*AttrList
	Body      *BlockStmt
}

// TypeIDExpr is a type in an expression position where only a type is
// valid in practice, such as the argument of a template parameter
// default or a pack; it is rarely produced.
type TypeIDExpr struct {
	Type TypeExpr
}

// BadExpr stands for an expression that could not be parsed.
type BadExpr struct {
	From, To diag.Pos
}

// ---------------------------------------------------------------------------
// Positions

// Pos implements Node.
func (t *BuiltinType) Pos() diag.Pos { return t.TypePos }

// End implements Node.
func (t *BuiltinType) End() diag.Pos { return t.EndPos }

// Pos implements Node.
func (t *NamedType) Pos() diag.Pos {
	if t.Keyword != "" {
		return t.KeywordPos
	}
	return t.Name.Pos()
}

// End implements Node.
func (t *NamedType) End() diag.Pos { return t.Name.End() }

// Pos implements Node.
func (t *QualType) Pos() diag.Pos { return minPos(t.QualPos, t.Elem.Pos()) }

// End implements Node.
func (t *QualType) End() diag.Pos { return maxPos(t.QualPos+1, t.Elem.End()) }

// Pos implements Node.
func (t *PointerType) Pos() diag.Pos { return minPos(t.Elem.Pos(), t.Star) }

// End implements Node.
func (t *PointerType) End() diag.Pos { return maxPos(t.Elem.End(), t.Star+1) }

// Pos implements Node.
func (t *RefType) Pos() diag.Pos { return minPos(t.Elem.Pos(), t.Amp) }

// End implements Node.
func (t *RefType) End() diag.Pos {
	n := diag.Pos(1)
	if t.RValue {
		n = 2
	}
	return maxPos(t.Elem.End(), t.Amp+n)
}

// Pos implements Node.
func (t *ArrayType) Pos() diag.Pos { return minPos(t.Elem.Pos(), t.Lbrack) }

// End implements Node.
func (t *ArrayType) End() diag.Pos { return maxPos(t.Elem.End(), t.Rbrack+1) }

// Pos implements Node.
func (t *FuncType) Pos() diag.Pos {
	if t.Result != nil {
		return minPos(t.Result.Pos(), t.Lparen)
	}
	return t.Lparen
}

// End implements Node.
func (t *FuncType) End() diag.Pos { return t.Rparen + 1 }

// Pos implements Node.
func (t *TagType) Pos() diag.Pos { return t.Decl.Pos() }

// End implements Node.
func (t *TagType) End() diag.Pos { return t.Decl.End() }

// Pos implements Node.
func (t *DecltypeType) Pos() diag.Pos { return t.DeclPos }

// End implements Node.
func (t *DecltypeType) End() diag.Pos { return t.Rparen + 1 }

// Pos implements Node.
func (t *BadType) Pos() diag.Pos { return t.From }

// End implements Node.
func (t *BadType) End() diag.Pos { return maxPos(t.From, t.To) }

// Pos implements Node.
func (d *VarDecl) Pos() diag.Pos { return d.StartPos }

// End implements Node.
func (d *VarDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *ParamDecl) Pos() diag.Pos { return d.StartPos }

// End implements Node.
func (d *ParamDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *FuncDecl) Pos() diag.Pos { return d.StartPos }

// End implements Node.
func (d *FuncDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *StructDecl) Pos() diag.Pos {
	if len(d.Attrs) > 0 && d.Attrs[0].Lbrack < d.KwPos {
		return d.Attrs[0].Lbrack
	}
	return d.KwPos
}

// End implements Node.
func (d *StructDecl) End() diag.Pos {
	if d.Rbrace.IsValid() {
		return d.Rbrace + 1
	}
	if d.Name != nil {
		return d.Name.End()
	}
	return d.KwPos + diag.Pos(len(d.Keyword))
}

// Pos implements Node.
func (d *AccessDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *AccessDecl) End() diag.Pos { return d.Colon + 1 }

// Pos implements Node.
func (d *EnumDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *EnumDecl) End() diag.Pos {
	if d.Rbrace.IsValid() {
		return d.Rbrace + 1
	}
	if d.Base != nil {
		return d.Base.End()
	}
	if d.Name != nil {
		return d.Name.End()
	}
	return d.KwPos + 4
}

// Pos implements Node.
func (e *Enumerator) Pos() diag.Pos { return e.Name.Pos() }

// End implements Node.
func (e *Enumerator) End() diag.Pos {
	if e.Value != nil {
		return e.Value.End()
	}
	return e.Name.End()
}

// Pos implements Node.
func (d *TypedefDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *TypedefDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *AliasDecl) Pos() diag.Pos { return d.UsingPos }

// End implements Node.
func (d *AliasDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *NamespaceDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *NamespaceDecl) End() diag.Pos {
	if d.Rbrace.IsValid() {
		return d.Rbrace + 1
	}
	if d.Alias != nil {
		return d.Alias.End()
	}
	return d.KwPos + 9
}

// Pos implements Node.
func (d *UsingDirective) Pos() diag.Pos { return d.UsingPos }

// End implements Node.
func (d *UsingDirective) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *UsingDecl) Pos() diag.Pos { return d.UsingPos }

// End implements Node.
func (d *UsingDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (p *TemplateParam) Pos() diag.Pos { return p.StartPos }

// End implements Node.
func (p *TemplateParam) End() diag.Pos { return p.EndPos }

// Pos implements Node.
func (d *TemplateDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *TemplateDecl) End() diag.Pos {
	if d.Decl != nil {
		return d.Decl.End()
	}
	return d.Gt + 1
}

// Pos implements Node.
func (d *ExplicitInstantiation) Pos() diag.Pos {
	if d.ExternPos.IsValid() {
		return d.ExternPos
	}
	return d.KwPos
}

// End implements Node.
func (d *ExplicitInstantiation) End() diag.Pos {
	if d.Decl != nil {
		return d.Decl.End()
	}
	return d.KwPos + 8
}

// Pos implements Node.
func (d *StaticAssertDecl) Pos() diag.Pos { return d.KwPos }

// End implements Node.
func (d *StaticAssertDecl) End() diag.Pos { return d.EndPos }

// Pos implements Node.
func (d *EmptyDecl) Pos() diag.Pos { return d.Semi }

// End implements Node.
func (d *EmptyDecl) End() diag.Pos { return d.Semi + 1 }

// Pos implements Node.
func (d *BadDecl) Pos() diag.Pos { return d.From }

// End implements Node.
func (d *BadDecl) End() diag.Pos { return maxPos(d.From, d.To) }

// Pos implements Node.
func (m *MemberInit) Pos() diag.Pos { return m.Name.Pos() }

// End implements Node.
func (m *MemberInit) End() diag.Pos { return m.Init.End() }

// Pos implements Node.
func (b *BaseSpec) Pos() diag.Pos { return b.StartPos }

// End implements Node.
func (b *BaseSpec) End() diag.Pos { return b.Type.End() }

// Pos implements Node.
func (s *BlockStmt) Pos() diag.Pos { return s.Lbrace }

// End implements Node.
func (s *BlockStmt) End() diag.Pos { return s.Rbrace + 1 }

// Pos implements Node.
func (s *DeclStmt) Pos() diag.Pos {
	if len(s.Decls) > 0 {
		return s.Decls[0].Pos()
	}
	return s.EndPos - 1
}

// End implements Node.
func (s *DeclStmt) End() diag.Pos { return s.EndPos }

// Pos implements Node.
func (s *ExprStmt) Pos() diag.Pos { return s.X.Pos() }

// End implements Node.
func (s *ExprStmt) End() diag.Pos { return s.Semi + 1 }

// Pos implements Node.
func (s *IfStmt) Pos() diag.Pos { return s.IfPos }

// End implements Node.
func (s *IfStmt) End() diag.Pos {
	if s.Else != nil {
		return s.Else.End()
	}
	return s.Then.End()
}

// Pos implements Node.
func (s *ForStmt) Pos() diag.Pos { return s.ForPos }

// End implements Node.
func (s *ForStmt) End() diag.Pos { return s.Body.End() }

// Pos implements Node.
func (s *RangeForStmt) Pos() diag.Pos { return s.ForPos }

// End implements Node.
func (s *RangeForStmt) End() diag.Pos { return s.Body.End() }

// Pos implements Node.
func (s *WhileStmt) Pos() diag.Pos { return s.WhilePos }

// End implements Node.
func (s *WhileStmt) End() diag.Pos { return s.Body.End() }

// Pos implements Node.
func (s *DoStmt) Pos() diag.Pos { return s.DoPos }

// End implements Node.
func (s *DoStmt) End() diag.Pos { return s.EndPos }

// Pos implements Node.
func (s *SwitchStmt) Pos() diag.Pos { return s.SwitchPos }

// End implements Node.
func (s *SwitchStmt) End() diag.Pos { return s.Body.End() }

// Pos implements Node.
func (s *CaseStmt) Pos() diag.Pos { return s.CasePos }

// End implements Node.
func (s *CaseStmt) End() diag.Pos { return s.Colon + 1 }

// Pos implements Node.
func (s *BreakStmt) Pos() diag.Pos { return s.KwPos }

// End implements Node.
func (s *BreakStmt) End() diag.Pos { return s.KwPos + 5 }

// Pos implements Node.
func (s *ContinueStmt) Pos() diag.Pos { return s.KwPos }

// End implements Node.
func (s *ContinueStmt) End() diag.Pos { return s.KwPos + 8 }

// Pos implements Node.
func (s *ReturnStmt) Pos() diag.Pos { return s.KwPos }

// End implements Node.
func (s *ReturnStmt) End() diag.Pos { return s.EndPos }

// Pos implements Node.
func (s *EmptyStmt) Pos() diag.Pos { return s.Semi }

// End implements Node.
func (s *EmptyStmt) End() diag.Pos { return s.Semi + 1 }

// Pos implements Node.
func (s *BadStmt) Pos() diag.Pos { return s.From }

// End implements Node.
func (s *BadStmt) End() diag.Pos { return maxPos(s.From, s.To) }

// Pos implements Node.
func (x *NameExpr) Pos() diag.Pos { return x.Name.Pos() }

// End implements Node.
func (x *NameExpr) End() diag.Pos { return x.Name.End() }

// Pos implements Node.
func (x *BasicLit) Pos() diag.Pos { return x.ValuePos }

// End implements Node.
func (x *BasicLit) End() diag.Pos { return x.EndPos }

// Pos implements Node.
func (x *BoolLit) Pos() diag.Pos { return x.ValuePos }

// End implements Node.
func (x *BoolLit) End() diag.Pos {
	if x.Value {
		return x.ValuePos + 4
	}
	return x.ValuePos + 5
}

// Pos implements Node.
func (x *NullptrLit) Pos() diag.Pos { return x.ValuePos }

// End implements Node.
func (x *NullptrLit) End() diag.Pos { return x.ValuePos + 7 }

// Pos implements Node.
func (x *ThisExpr) Pos() diag.Pos { return x.KwPos }

// End implements Node.
func (x *ThisExpr) End() diag.Pos { return x.KwPos + 4 }

// Pos implements Node.
func (x *ParenExpr) Pos() diag.Pos { return x.Lparen }

// End implements Node.
func (x *ParenExpr) End() diag.Pos { return x.Rparen + 1 }

// Pos implements Node.
func (x *UnaryExpr) Pos() diag.Pos { return x.OpPos }

// End implements Node.
func (x *UnaryExpr) End() diag.Pos { return x.X.End() }

// Pos implements Node.
func (x *PostfixExpr) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *PostfixExpr) End() diag.Pos { return x.OpPos + 2 }

// Pos implements Node.
func (x *BinaryExpr) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *BinaryExpr) End() diag.Pos { return x.Y.End() }

// Pos implements Node.
func (x *CondExpr) Pos() diag.Pos { return x.Cond.Pos() }

// End implements Node.
func (x *CondExpr) End() diag.Pos { return x.Else.End() }

// Pos implements Node.
func (x *CallExpr) Pos() diag.Pos { return x.Fun.Pos() }

// End implements Node.
func (x *CallExpr) End() diag.Pos { return x.Rparen + 1 }

// Pos implements Node.
func (x *ConstructExpr) Pos() diag.Pos { return x.Type.Pos() }

// End implements Node.
func (x *ConstructExpr) End() diag.Pos { return x.Rparen + 1 }

// Pos implements Node.
func (x *IndexExpr) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *IndexExpr) End() diag.Pos { return x.Rbrack + 1 }

// Pos implements Node.
func (x *MemberExpr) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *MemberExpr) End() diag.Pos { return x.Name.End() }

// Pos implements Node.
func (x *CastExpr) Pos() diag.Pos { return x.StartPos }

// End implements Node.
func (x *CastExpr) End() diag.Pos { return x.EndPos }

// Pos implements Node.
func (x *SizeofExpr) Pos() diag.Pos { return x.KwPos }

// Pos implements Node.
func (x *PackExpansion) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *PackExpansion) End() diag.Pos { return x.Ellipsis + 3 }

// Pos implements Node.
func (x *PackElem) Pos() diag.Pos { return x.X.Pos() }

// End implements Node.
func (x *PackElem) End() diag.Pos { return x.X.End() }

// End implements Node.
func (x *SizeofExpr) End() diag.Pos { return x.EndPos }

// Pos implements Node.
func (x *InitListExpr) Pos() diag.Pos { return x.Lbrace }

// End implements Node.
func (x *InitListExpr) End() diag.Pos { return x.Rbrace + 1 }

// Pos implements Node.
func (x *DesignatedInit) Pos() diag.Pos { return x.Dot }

// End implements Node.
func (x *DesignatedInit) End() diag.Pos { return x.Value.End() }

// Pos implements Node.
func (c *LambdaCapture) Pos() diag.Pos { return c.StartPos }

// End implements Node.
func (c *LambdaCapture) End() diag.Pos { return c.EndPos }

// Pos implements Node.
func (x *LambdaExpr) Pos() diag.Pos { return x.Lbrack }

// End implements Node.
func (x *LambdaExpr) End() diag.Pos { return x.Body.End() }

// Pos implements Node.
func (x *TypeIDExpr) Pos() diag.Pos { return x.Type.Pos() }

// End implements Node.
func (x *TypeIDExpr) End() diag.Pos { return x.Type.End() }

// Pos implements Node.
func (x *BadExpr) Pos() diag.Pos { return x.From }

// End implements Node.
func (x *BadExpr) End() diag.Pos { return maxPos(x.From, x.To) }

func minPos(a, b diag.Pos) diag.Pos {
	if !a.IsValid() {
		return b
	}
	if !b.IsValid() || a < b {
		return a
	}
	return b
}

func maxPos(a, b diag.Pos) diag.Pos {
	if a > b {
		return a
	}
	return b
}

// Marker methods.

func (*VarDecl) declNode()               {}
func (*ParamDecl) declNode()             {}
func (*FuncDecl) declNode()              {}
func (*StructDecl) declNode()            {}
func (*AccessDecl) declNode()            {}
func (*EnumDecl) declNode()              {}
func (*TypedefDecl) declNode()           {}
func (*AliasDecl) declNode()             {}
func (*NamespaceDecl) declNode()         {}
func (*UsingDirective) declNode()        {}
func (*UsingDecl) declNode()             {}
func (*TemplateDecl) declNode()          {}
func (*ExplicitInstantiation) declNode() {}
func (*StaticAssertDecl) declNode()      {}
func (*EmptyDecl) declNode()             {}
func (*BadDecl) declNode()               {}

func (*BuiltinType) typeNode()  {}
func (*NamedType) typeNode()    {}
func (*QualType) typeNode()     {}
func (*PointerType) typeNode()  {}
func (*RefType) typeNode()      {}
func (*ArrayType) typeNode()    {}
func (*FuncType) typeNode()     {}
func (*TagType) typeNode()      {}
func (*DecltypeType) typeNode() {}
func (*BadType) typeNode()      {}

func (*BlockStmt) stmtNode()    {}
func (*DeclStmt) stmtNode()     {}
func (*ExprStmt) stmtNode()     {}
func (*IfStmt) stmtNode()       {}
func (*ForStmt) stmtNode()      {}
func (*RangeForStmt) stmtNode() {}
func (*WhileStmt) stmtNode()    {}
func (*DoStmt) stmtNode()       {}
func (*SwitchStmt) stmtNode()   {}
func (*CaseStmt) stmtNode()     {}
func (*BreakStmt) stmtNode()    {}
func (*ContinueStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()   {}
func (*EmptyStmt) stmtNode()    {}
func (*BadStmt) stmtNode()      {}

func (*NameExpr) exprNode()       {}
func (*BasicLit) exprNode()       {}
func (*BoolLit) exprNode()        {}
func (*NullptrLit) exprNode()     {}
func (*ThisExpr) exprNode()       {}
func (*ParenExpr) exprNode()      {}
func (*UnaryExpr) exprNode()      {}
func (*PostfixExpr) exprNode()    {}
func (*BinaryExpr) exprNode()     {}
func (*CondExpr) exprNode()       {}
func (*CallExpr) exprNode()       {}
func (*ConstructExpr) exprNode()  {}
func (*IndexExpr) exprNode()      {}
func (*MemberExpr) exprNode()     {}
func (*CastExpr) exprNode()       {}
func (*SizeofExpr) exprNode()     {}
func (*PackExpansion) exprNode()  {}
func (*PackElem) exprNode()       {}
func (*InitListExpr) exprNode()   {}
func (*DesignatedInit) exprNode() {}
func (*LambdaExpr) exprNode()     {}
func (*TypeIDExpr) exprNode()     {}
func (*BadExpr) exprNode()        {}
