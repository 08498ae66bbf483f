package syntax

import "github.com/ingot-render/ingot/shaders/diag"

// Inspect traverses the tree rooted at n in depth-first order: it calls
// f(n); if f returns true, Inspect visits each non-nil child of n, then
// calls f(nil). Attribute lists, names, template arguments, parameters and
// other helper nodes are visited as well.
func Inspect(n Node, f func(Node) bool) {
	if isNilNode(n) || !f(n) {
		return
	}
	walkChildren(n, f)
	f(nil)
}

func isNilNode(n Node) bool {
	if n == nil {
		return true
	}
	switch x := n.(type) {
	case *File:
		return x == nil
	case *Name:
		return x == nil
	case *Ident:
		return x == nil
	case *BlockStmt:
		return x == nil
	case *VarDecl:
		return x == nil
	case *TemplateArgs:
		return x == nil
	case *TemplateArg:
		return x == nil
	case *InitListExpr:
		return x == nil
	case *BasicLit:
		return x == nil
	}
	return false
}

// TemplateArgs' Node methods, so that Inspect can visit them.

// Pos implements Node.
func (a *TemplateArgs) Pos() diag.Pos { return a.Lt }

// End implements Node.
func (a *TemplateArgs) End() diag.Pos { return a.Gt + 1 }

// Pos implements Node.
func (s *NameSegment) Pos() diag.Pos { return s.NamePos }

// End implements Node.
func (s *NameSegment) End() diag.Pos { return s.EndPos }

func walkAttrs(ls []*AttrList, f func(Node) bool) {
	for _, l := range ls {
		Inspect(l, f)
	}
}

func walkExprs(xs []Expr, f func(Node) bool) {
	for _, x := range xs {
		Inspect(x, f)
	}
}

func walkParams(ps []*ParamDecl, f func(Node) bool) {
	for _, p := range ps {
		Inspect(p, f)
	}
}

func walkChildren(n Node, f func(Node) bool) {
	switch x := n.(type) {
	case *File:
		for _, d := range x.Decls {
			Inspect(d, f)
		}
	case *Ident, *BasicLit, *BoolLit, *NullptrLit, *ThisExpr, *BadExpr, *BadStmt, *BadDecl, *BadType,
		*BuiltinType, *EmptyDecl, *EmptyStmt, *BreakStmt, *ContinueStmt, *AccessDecl:
	case *Name:
		for _, s := range x.Segs {
			Inspect(s, f)
		}
	case *NameSegment:
		if x.ConvType != nil {
			Inspect(x.ConvType, f)
		}
		if x.Template != nil {
			Inspect(x.Template, f)
		}
	case *TemplateArgs:
		for _, a := range x.Args {
			Inspect(a, f)
		}
	case *TemplateArg:
		if x.Type != nil {
			Inspect(x.Type, f)
		}
		if x.Expr != nil {
			Inspect(x.Expr, f)
		}
	case *AttrList:
		for _, a := range x.Attrs {
			Inspect(a, f)
		}
	case *Attribute:
		walkExprs(x.Args, f)

	// Types.
	case *NamedType:
		Inspect(x.Name, f)
	case *QualType:
		Inspect(x.Elem, f)
	case *PointerType:
		Inspect(x.Elem, f)
	case *RefType:
		Inspect(x.Elem, f)
	case *ArrayType:
		Inspect(x.Elem, f)
		if x.Len != nil {
			Inspect(x.Len, f)
		}
	case *FuncType:
		if x.Result != nil {
			Inspect(x.Result, f)
		}
		walkParams(x.Params, f)
		walkAttrs(x.Attrs, f)
	case *TagType:
		Inspect(x.Decl, f)
	case *DecltypeType:
		Inspect(x.X, f)

	// Declarations.
	case *VarDecl:
		walkAttrs(x.Attrs, f)
		if x.Type != nil {
			Inspect(x.Type, f)
		}
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		walkAttrs(x.NameAttrs, f)
		if x.BitWidth != nil {
			Inspect(x.BitWidth, f)
		}
		if x.Init != nil {
			Inspect(x.Init, f)
		}
	case *ParamDecl:
		walkAttrs(x.Attrs, f)
		if x.Type != nil {
			Inspect(x.Type, f)
		}
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		walkAttrs(x.NameAttrs, f)
		if x.Default != nil {
			Inspect(x.Default, f)
		}
	case *FuncDecl:
		walkAttrs(x.Attrs, f)
		if x.Result != nil {
			Inspect(x.Result, f)
		}
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		walkAttrs(x.NameAttrs, f)
		walkParams(x.Params, f)
		walkAttrs(x.Attrs2, f)
		for _, m := range x.Inits {
			Inspect(m, f)
		}
		if x.Body != nil {
			Inspect(x.Body, f)
		}
	case *MemberInit:
		Inspect(x.Name, f)
		Inspect(x.Init, f)
	case *StructDecl:
		walkAttrs(x.Attrs, f)
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		for _, b := range x.Bases {
			Inspect(b, f)
		}
		for _, d := range x.Members {
			Inspect(d, f)
		}
	case *BaseSpec:
		Inspect(x.Type, f)
	case *EnumDecl:
		walkAttrs(x.Attrs, f)
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		if x.Base != nil {
			Inspect(x.Base, f)
		}
		for _, e := range x.Enumerators {
			Inspect(e, f)
		}
	case *Enumerator:
		Inspect(x.Name, f)
		walkAttrs(x.Attrs, f)
		if x.Value != nil {
			Inspect(x.Value, f)
		}
	case *TypedefDecl:
		Inspect(x.Type, f)
		Inspect(x.Name, f)
	case *AliasDecl:
		Inspect(x.Name, f)
		walkAttrs(x.Attrs, f)
		Inspect(x.Type, f)
	case *NamespaceDecl:
		for _, p := range x.Path {
			Inspect(p, f)
		}
		if x.Alias != nil {
			Inspect(x.Alias, f)
		}
		for _, d := range x.Decls {
			Inspect(d, f)
		}
	case *UsingDirective:
		Inspect(x.Name, f)
	case *UsingDecl:
		Inspect(x.Name, f)
	case *TemplateParam:
		if x.Type != nil {
			Inspect(x.Type, f)
		}
		for _, p := range x.Params {
			Inspect(p, f)
		}
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		if x.Default != nil {
			Inspect(x.Default, f)
		}
	case *TemplateDecl:
		for _, p := range x.Params {
			Inspect(p, f)
		}
		if x.Decl != nil {
			Inspect(x.Decl, f)
		}
	case *ExplicitInstantiation:
		if x.Decl != nil {
			Inspect(x.Decl, f)
		}
	case *StaticAssertDecl:
		Inspect(x.Cond, f)
		if x.Msg != nil {
			Inspect(x.Msg, f)
		}

	// Statements.
	case *BlockStmt:
		for _, s := range x.Stmts {
			Inspect(s, f)
		}
	case *DeclStmt:
		for _, d := range x.Decls {
			Inspect(d, f)
		}
	case *ExprStmt:
		Inspect(x.X, f)
	case *IfStmt:
		if x.Init != nil {
			Inspect(x.Init, f)
		}
		if x.CondDecl != nil {
			Inspect(x.CondDecl, f)
		}
		if x.Cond != nil {
			Inspect(x.Cond, f)
		}
		Inspect(x.Then, f)
		if x.Else != nil {
			Inspect(x.Else, f)
		}
	case *ForStmt:
		if x.Init != nil {
			Inspect(x.Init, f)
		}
		if x.Cond != nil {
			Inspect(x.Cond, f)
		}
		if x.Post != nil {
			Inspect(x.Post, f)
		}
		Inspect(x.Body, f)
	case *RangeForStmt:
		Inspect(x.Var, f)
		Inspect(x.Range, f)
		Inspect(x.Body, f)
	case *WhileStmt:
		if x.CondDecl != nil {
			Inspect(x.CondDecl, f)
		}
		if x.Cond != nil {
			Inspect(x.Cond, f)
		}
		Inspect(x.Body, f)
	case *DoStmt:
		Inspect(x.Body, f)
		Inspect(x.Cond, f)
	case *SwitchStmt:
		if x.Init != nil {
			Inspect(x.Init, f)
		}
		if x.CondDecl != nil {
			Inspect(x.CondDecl, f)
		}
		if x.Cond != nil {
			Inspect(x.Cond, f)
		}
		Inspect(x.Body, f)
	case *CaseStmt:
		if x.Value != nil {
			Inspect(x.Value, f)
		}
	case *ReturnStmt:
		if x.Result != nil {
			Inspect(x.Result, f)
		}

	// Expressions.
	case *NameExpr:
		Inspect(x.Name, f)
	case *ParenExpr:
		Inspect(x.X, f)
	case *UnaryExpr:
		Inspect(x.X, f)
	case *PostfixExpr:
		Inspect(x.X, f)
	case *BinaryExpr:
		Inspect(x.X, f)
		Inspect(x.Y, f)
	case *CondExpr:
		Inspect(x.Cond, f)
		Inspect(x.Then, f)
		Inspect(x.Else, f)
	case *CallExpr:
		Inspect(x.Fun, f)
		walkExprs(x.Args, f)
	case *ConstructExpr:
		Inspect(x.Type, f)
		walkExprs(x.Args, f)
	case *IndexExpr:
		Inspect(x.X, f)
		Inspect(x.Index, f)
	case *MemberExpr:
		Inspect(x.X, f)
		Inspect(x.Name, f)
	case *CastExpr:
		Inspect(x.Type, f)
		Inspect(x.X, f)
	case *PackExpansion:
		Inspect(x.X, f)
	case *PackElem:
		Inspect(x.X, f)
	case *SizeofExpr:
		if x.Type != nil {
			Inspect(x.Type, f)
		}
		if x.X != nil {
			Inspect(x.X, f)
		}
	case *InitListExpr:
		walkExprs(x.Elems, f)
	case *DesignatedInit:
		Inspect(x.Field, f)
		Inspect(x.Value, f)
	case *LambdaExpr:
		for _, c := range x.Captures {
			Inspect(c, f)
		}
		walkParams(x.Params, f)
		if x.Result != nil {
			Inspect(x.Result, f)
		}
		walkAttrs(x.Attrs, f)
		Inspect(x.Body, f)
	case *LambdaCapture:
		if x.Name != nil {
			Inspect(x.Name, f)
		}
		if x.Init != nil {
			Inspect(x.Init, f)
		}
	case *TypeIDExpr:
		Inspect(x.Type, f)
	}
}
