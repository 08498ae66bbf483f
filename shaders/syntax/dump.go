package syntax

import (
	"strings"
)

// Dump renders a node as a compact, fully parenthesized, one-line-per-
// declaration text, for tests and debugging. Types print inside-out as
// ptr(T), ref(T), arr(T,N), fn(R;params), q(const device T); expressions
// print with explicit parentheses: (a + (b * c)).
func Dump(n Node) string {
	var d dumper
	d.node(n)
	return strings.TrimRight(d.b.String(), "\n")
}

type dumper struct {
	b      strings.Builder
	indent int
}

func (d *dumper) w(s ...string) {
	for _, x := range s {
		d.b.WriteString(x)
	}
}

func (d *dumper) nl() {
	d.b.WriteByte('\n')
	for i := 0; i < d.indent; i++ {
		d.b.WriteString("  ")
	}
}

func (d *dumper) node(n Node) {
	switch x := n.(type) {
	case nil:
		d.w("<nil>")
	case *File:
		for i, dc := range x.Decls {
			if i > 0 {
				d.nl()
			}
			d.decl(dc)
		}
	case Decl:
		d.decl(x)
	case Stmt:
		d.stmt(x)
	case Expr:
		d.expr(x)
	case TypeExpr:
		d.typ(x)
	case *Name:
		d.name(x)
	case *AttrList:
		d.attrs([]*AttrList{x})
	default:
		d.w("?")
	}
}

func (d *dumper) name(n *Name) {
	if n == nil {
		d.w("<noname>")
		return
	}
	if n.Global {
		d.w("::")
	}
	for i, s := range n.Segs {
		if i > 0 {
			d.w("::")
		}
		if s.TemplateKw {
			d.w("template ")
		}
		d.w(s.Name)
		if s.Kind == NameConversion {
			d.w(" ")
			d.typ(s.ConvType)
		}
		if s.Template != nil {
			d.w("<")
			for j, a := range s.Template.Args {
				if j > 0 {
					d.w(",")
				}
				if a.Type != nil {
					d.w("T:")
					d.typ(a.Type)
				} else {
					d.expr(a.Expr)
				}
				if a.Ellipsis {
					d.w("...")
				}
			}
			d.w(">")
		}
	}
}

func (d *dumper) attrs(ls []*AttrList) {
	for _, l := range ls {
		d.w("[[")
		for i, a := range l.Attrs {
			if i > 0 {
				d.w(",")
			}
			if a.Namespace != "" {
				d.w(a.Namespace, "::")
			}
			d.w(a.Name)
			if a.HasArgs {
				d.w("(")
				for j, x := range a.Args {
					if j > 0 {
						d.w(",")
					}
					d.expr(x)
				}
				d.w(")")
			}
		}
		d.w("]]")
	}
}

func (d *dumper) typ(t TypeExpr) {
	switch x := t.(type) {
	case nil:
		d.w("<notype>")
	case *BuiltinType:
		d.w(x.Name)
	case *NamedType:
		if x.Keyword != "" {
			d.w(x.Keyword, " ")
		}
		d.name(x.Name)
	case *QualType:
		d.w("q(")
		var q []string
		if x.Const {
			q = append(q, "const")
		}
		if x.Volatile {
			q = append(q, "volatile")
		}
		if x.Space != AddrNone {
			q = append(q, x.Space.String())
		}
		d.w(strings.Join(q, " "), " ")
		d.typ(x.Elem)
		d.w(")")
	case *PointerType:
		d.w("ptr(")
		d.typ(x.Elem)
		d.w(")")
	case *RefType:
		if x.RValue {
			d.w("rref(")
		} else {
			d.w("ref(")
		}
		d.typ(x.Elem)
		d.w(")")
	case *ArrayType:
		d.w("arr(")
		d.typ(x.Elem)
		if x.Len != nil {
			d.w(",")
			d.expr(x.Len)
		}
		d.w(")")
	case *FuncType:
		d.w("fn(")
		d.typ(x.Result)
		d.w(";")
		d.params(x.Params, x.Variadic)
		d.w(")")
	case *TagType:
		d.w("tag{")
		d.decl(x.Decl)
		d.w("}")
	case *DecltypeType:
		d.w("decltype(")
		d.expr(x.X)
		d.w(")")
	case *BadType, *hole:
		d.w("<badtype>")
	}
}

func (d *dumper) params(ps []*ParamDecl, variadic bool) {
	for i, p := range ps {
		if i > 0 {
			d.w(", ")
		}
		d.param(p)
	}
	if variadic {
		d.w(", ...")
	}
}

func (d *dumper) param(p *ParamDecl) {
	d.attrs(p.Attrs)
	if len(p.Attrs) > 0 {
		d.w(" ")
	}
	d.typ(p.Type)
	if p.Ellipsis {
		d.w("...")
	}
	if p.Name != nil {
		d.w(" ", p.Name.Name)
	}
	if len(p.NameAttrs) > 0 {
		d.w(" ")
		d.attrs(p.NameAttrs)
	}
	if p.Default != nil {
		d.w(" = ")
		d.expr(p.Default)
	}
}

func (d *dumper) decls(ds []Decl) {
	d.w("{")
	d.indent++
	for _, dc := range ds {
		d.nl()
		d.decl(dc)
	}
	d.indent--
	if len(ds) > 0 {
		d.nl()
	}
	d.w("}")
}

func (d *dumper) decl(dc Decl) {
	switch x := dc.(type) {
	case nil:
		d.w("<nildecl>")
	case *VarDecl:
		d.w("var ")
		if len(x.Attrs) > 0 {
			d.attrs(x.Attrs)
			d.w(" ")
		}
		if x.Specs != 0 {
			d.w(x.Specs.String(), " ")
		}
		d.typ(x.Type)
		if x.Name != nil {
			d.w(" ", x.Name.Name)
		}
		if len(x.NameAttrs) > 0 {
			d.w(" ")
			d.attrs(x.NameAttrs)
		}
		if x.BitWidth != nil {
			d.w(" : ")
			d.expr(x.BitWidth)
		}
		switch x.InitKind {
		case InitEqual:
			d.w(" = ")
		case InitParen:
			d.w(" init")
		case InitBrace:
			d.w(" init")
		}
		if x.Init != nil {
			d.expr(x.Init)
		}
	case *ParamDecl:
		d.param(x)
	case *FuncDecl:
		d.w("func ")
		if len(x.Attrs) > 0 {
			d.attrs(x.Attrs)
			d.w(" ")
		}
		if x.Stage != "" {
			d.w(x.Stage, " ")
		}
		if x.Specs != 0 {
			d.w(x.Specs.String(), " ")
		}
		if x.Result != nil {
			d.typ(x.Result)
			d.w(" ")
		}
		if x.Via != nil {
			d.w("via ")
			d.typ(x.Via)
			d.w(" ")
		}
		d.name(x.Name)
		if len(x.NameAttrs) > 0 {
			d.attrs(x.NameAttrs)
		}
		d.w("(")
		d.params(x.Params, x.Variadic)
		d.w(")")
		if x.Const {
			d.w(" const")
		}
		if x.Space != "" {
			d.w(" " + x.Space)
		}
		if len(x.Attrs2) > 0 {
			d.w(" ")
			d.attrs(x.Attrs2)
		}
		switch {
		case x.Defaulted:
			d.w(" = default")
		case x.Deleted:
			d.w(" = delete")
		case x.Pure:
			d.w(" = 0")
		}
		for i, m := range x.Inits {
			if i == 0 {
				d.w(" : ")
			} else {
				d.w(", ")
			}
			d.name(m.Name)
			d.expr(m.Init)
		}
		if x.Body != nil {
			d.w(" ")
			d.stmt(x.Body)
		}
	case *StructDecl:
		d.w(x.Keyword)
		if len(x.Attrs) > 0 {
			d.w(" ")
			d.attrs(x.Attrs)
		}
		if x.Name != nil {
			d.w(" ")
			d.name(x.Name)
		}
		for i, b := range x.Bases {
			if i == 0 {
				d.w(" : ")
			} else {
				d.w(", ")
			}
			if b.Access != "" {
				d.w(b.Access, " ")
			}
			d.typ(b.Type)
		}
		if x.Lbrace.IsValid() {
			d.w(" ")
			d.decls(x.Members)
		}
	case *AccessDecl:
		d.w(x.Access, ":")
	case *EnumDecl:
		d.w("enum")
		if x.Scoped {
			d.w(" class")
		}
		if x.Name != nil {
			d.w(" ", x.Name.Name)
		}
		if x.Base != nil {
			d.w(" : ")
			d.typ(x.Base)
		}
		if x.Lbrace.IsValid() {
			d.w(" {")
			for i, e := range x.Enumerators {
				if i > 0 {
					d.w(", ")
				}
				d.w(e.Name.Name)
				if e.Value != nil {
					d.w(" = ")
					d.expr(e.Value)
				}
			}
			d.w("}")
		}
	case *TypedefDecl:
		d.w("typedef ")
		d.typ(x.Type)
		d.w(" ", x.Name.Name)
	case *AliasDecl:
		d.w("using ", x.Name.Name, " = ")
		d.typ(x.Type)
	case *NamespaceDecl:
		d.w("namespace")
		for i, p := range x.Path {
			if i == 0 {
				d.w(" ")
			} else {
				d.w("::")
			}
			d.w(p.Name)
		}
		if x.Alias != nil {
			d.w(" = ")
			d.name(x.Alias)
			return
		}
		d.w(" ")
		d.decls(x.Decls)
	case *UsingDirective:
		d.w("using namespace ")
		d.name(x.Name)
	case *UsingDecl:
		d.w("using ")
		d.name(x.Name)
	case *TemplateDecl:
		d.w("template<")
		for i, tp := range x.Params {
			if i > 0 {
				d.w(", ")
			}
			switch tp.Kind {
			case TypeParam:
				d.w("typename")
			case TemplateTemplateParam:
				d.w("template class")
			default:
				d.typ(tp.Type)
			}
			if tp.Variadic {
				d.w("...")
			}
			if tp.Name != nil {
				d.w(" ", tp.Name.Name)
			}
			if tp.Default != nil {
				d.w(" = ")
				if tp.Default.Type != nil {
					d.typ(tp.Default.Type)
				} else {
					d.expr(tp.Default.Expr)
				}
			}
		}
		d.w("> ")
		d.decl(x.Decl)
	case *ExplicitInstantiation:
		if x.ExternPos.IsValid() {
			d.w("extern ")
		}
		d.w("instantiate ")
		d.decl(x.Decl)
	case *StaticAssertDecl:
		d.w("static_assert(")
		d.expr(x.Cond)
		if x.Msg != nil {
			d.w(", ", x.Msg.Value)
		}
		d.w(")")
	case *EmptyDecl:
		d.w(";")
	case *BadDecl:
		d.w("<baddecl>")
	}
}

func (d *dumper) stmt(s Stmt) {
	switch x := s.(type) {
	case nil:
		d.w("<nilstmt>")
	case *BlockStmt:
		d.w("{")
		d.indent++
		for _, st := range x.Stmts {
			d.nl()
			d.stmt(st)
		}
		d.indent--
		if len(x.Stmts) > 0 {
			d.nl()
		}
		d.w("}")
	case *DeclStmt:
		for i, dc := range x.Decls {
			if i > 0 {
				d.w("; ")
			}
			d.decl(dc)
		}
		d.w(";")
	case *ExprStmt:
		d.expr(x.X)
		d.w(";")
	case *IfStmt:
		d.w("if ")
		if x.Constexpr {
			d.w("constexpr ")
		}
		d.w("(")
		if x.Init != nil {
			d.stmt(x.Init)
			d.w(" ")
		}
		if x.CondDecl != nil {
			d.decl(x.CondDecl)
		} else {
			d.expr(x.Cond)
		}
		d.w(") ")
		d.stmt(x.Then)
		if x.Else != nil {
			d.w(" else ")
			d.stmt(x.Else)
		}
	case *ForStmt:
		d.w("for (")
		if x.Init != nil {
			d.stmt(x.Init)
		} else {
			d.w(";")
		}
		d.w(" ")
		if x.Cond != nil {
			d.expr(x.Cond)
		}
		d.w("; ")
		if x.Post != nil {
			d.expr(x.Post)
		}
		d.w(") ")
		d.stmt(x.Body)
	case *RangeForStmt:
		d.w("for (")
		d.decl(x.Var)
		d.w(" : ")
		d.expr(x.Range)
		d.w(") ")
		d.stmt(x.Body)
	case *WhileStmt:
		d.w("while (")
		if x.CondDecl != nil {
			d.decl(x.CondDecl)
		} else {
			d.expr(x.Cond)
		}
		d.w(") ")
		d.stmt(x.Body)
	case *DoStmt:
		d.w("do ")
		d.stmt(x.Body)
		d.w(" while (")
		d.expr(x.Cond)
		d.w(");")
	case *SwitchStmt:
		d.w("switch (")
		if x.Init != nil {
			d.stmt(x.Init)
			d.w(" ")
		}
		if x.CondDecl != nil {
			d.decl(x.CondDecl)
		} else {
			d.expr(x.Cond)
		}
		d.w(") ")
		d.stmt(x.Body)
	case *CaseStmt:
		if x.Value == nil {
			d.w("default:")
		} else {
			d.w("case ")
			d.expr(x.Value)
			d.w(":")
		}
	case *BreakStmt:
		d.w("break;")
	case *ContinueStmt:
		d.w("continue;")
	case *ReturnStmt:
		d.w("return")
		if x.Result != nil {
			d.w(" ")
			d.expr(x.Result)
		}
		d.w(";")
	case *EmptyStmt:
		d.w(";")
	case *BadStmt:
		d.w("<badstmt>")
	}
}

func (d *dumper) exprs(xs []Expr) {
	for i, x := range xs {
		if i > 0 {
			d.w(", ")
		}
		d.expr(x)
	}
}

func (d *dumper) expr(e Expr) {
	switch x := e.(type) {
	case nil:
		d.w("<nilexpr>")
	case *NameExpr:
		d.name(x.Name)
	case *BasicLit:
		d.w(x.Value)
	case *BoolLit:
		if x.Value {
			d.w("true")
		} else {
			d.w("false")
		}
	case *NullptrLit:
		d.w("nullptr")
	case *ThisExpr:
		d.w("this")
	case *ParenExpr:
		d.expr(x.X)
	case *UnaryExpr:
		d.w("(", x.Op.String())
		d.expr(x.X)
		d.w(")")
	case *PostfixExpr:
		d.w("(")
		d.expr(x.X)
		d.w(x.Op.String(), ")")
	case *BinaryExpr:
		d.w("(")
		d.expr(x.X)
		d.w(" ", x.Op.String(), " ")
		d.expr(x.Y)
		d.w(")")
	case *CondExpr:
		d.w("(")
		d.expr(x.Cond)
		d.w(" ? ")
		d.expr(x.Then)
		d.w(" : ")
		d.expr(x.Else)
		d.w(")")
	case *CallExpr:
		d.w("call(")
		d.expr(x.Fun)
		if len(x.Args) > 0 {
			d.w("; ")
			d.exprs(x.Args)
		}
		d.w(")")
	case *ConstructExpr:
		if x.Brace {
			d.w("construct{")
		} else {
			d.w("construct(")
		}
		d.typ(x.Type)
		if len(x.Args) > 0 {
			d.w("; ")
			d.exprs(x.Args)
		}
		if x.Brace {
			d.w("}")
		} else {
			d.w(")")
		}
	case *IndexExpr:
		d.w("index(")
		d.expr(x.X)
		d.w("; ")
		d.expr(x.Index)
		d.w(")")
	case *MemberExpr:
		d.w("(")
		d.expr(x.X)
		if x.Arrow {
			d.w("->")
		} else {
			d.w(".")
		}
		d.name(x.Name)
		d.w(")")
	case *CastExpr:
		names := [...]string{"ccast", "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast"}
		d.w(names[x.Kind], "<")
		d.typ(x.Type)
		d.w(">(")
		d.expr(x.X)
		d.w(")")
	case *PackExpansion:
		d.expr(x.X)
		d.w("...")
	case *PackElem:
		d.expr(x.X)
	case *SizeofExpr:
		if x.Alignof {
			d.w("alignof(")
		} else {
			d.w("sizeof(")
		}
		if x.Type != nil {
			d.typ(x.Type)
		} else {
			d.expr(x.X)
		}
		d.w(")")
	case *InitListExpr:
		if x.Paren {
			d.w("(")
		} else {
			d.w("{")
		}
		d.exprs(x.Elems)
		if x.Paren {
			d.w(")")
		} else {
			d.w("}")
		}
	case *DesignatedInit:
		d.w(".", x.Field.Name, "=")
		d.expr(x.Value)
	case *LambdaExpr:
		d.w("lambda[")
		for i, c := range x.Captures {
			if i > 0 {
				d.w(",")
			}
			switch {
			case c.Default != "":
				d.w(c.Default)
			case c.This:
				d.w("this")
			default:
				if c.ByRef {
					d.w("&")
				}
				d.w(c.Name.Name)
				if c.Init != nil {
					d.w("=")
					d.expr(c.Init)
				}
			}
		}
		d.w("](")
		d.params(x.Params, false)
		d.w(")")
		if x.Result != nil {
			d.w("->")
			d.typ(x.Result)
		}
		d.w(" ")
		d.stmt(x.Body)
	case *TypeIDExpr:
		d.w("type(")
		d.typ(x.Type)
		d.w(")")
	case *BadExpr:
		d.w("<badexpr>")
	}
}
