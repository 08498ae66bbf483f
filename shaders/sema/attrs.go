package sema

import (
	"github.com/ingot-render/ingot/shaders/syntax"
)

// attrs evaluates attribute lists. Arguments that are string literals or
// bare identifiers become KString values (the identifier text); constant
// expressions are evaluated; an argument naming a function constant (or
// an expression over function constants) sets Attr.FuncConst.
func (c *checker) attrs(lists []*syntax.AttrList, s *Scope) []Attr {
	var out []Attr
	for _, l := range lists {
		for _, a := range l.Attrs {
			if a.Namespace != "" {
				continue // vendor attributes (clang::...) are ignored
			}
			at := Attr{Name: a.Name, Pos: a.NamePos, Raw: a, ArgExprs: a.Args}
			for _, e := range a.Args {
				at.Args = append(at.Args, c.attrArg(&at, e, s))
			}
			out = append(out, at)
		}
	}
	return out
}

func (c *checker) attrArg(at *Attr, e syntax.Expr, s *Scope) Value {
	switch x := e.(type) {
	case *syntax.BasicLit:
		if x.Kind == syntax.StringLit {
			return Value{Type: String, Str: x.Str}
		}
	case *syntax.TypeIDExpr:
		// A type name as argument: [[imageblock_data(Master)]], [[intersection(triangle, triangle_data)]].
		return Value{Type: String, Str: typeExprName(x.Type)}
	case *syntax.NameExpr:
		sym := c.lookupQualified(x.Name, s, false)
		if sym == nil || sym.Kind != SymVar && sym.Kind != SymEnumConst && sym.Kind != SymConst {
			// An identifier argument such as quad, triangle, any, less.
			return Value{Type: String, Str: x.Name.Plain()}
		}
		if sym.Kind == SymVar && sym.Var.FuncConst != nil {
			at.FuncConst = sym.Var
			c.recordGlobalExpr(e, sym.Var)
			return Value{}
		}
	}
	// Function-constant expressions such as a && b.
	if fc := c.funcConstIn(e, s); fc != nil {
		at.FuncConst = fc
		save := c.info
		c.info = c.prog.Info
		c.expr(e, s)
		c.info = save
		return Value{}
	}
	v, ok := c.constEval(e, s)
	if !ok {
		return Value{}
	}
	return v
}

func (c *checker) recordGlobalExpr(e syntax.Expr, v *Var) {
	c.prog.Info.Exprs[e] = &ExprInfo{Type: v.Type, LValue: true, Const: true, Space: SpaceConstant, Var: v}
}

// funcConstIn returns a function constant referenced by expression e, if any.
func (c *checker) funcConstIn(e syntax.Expr, s *Scope) *Var {
	var found *Var
	syntax.Inspect(e, func(n syntax.Node) bool {
		if found != nil {
			return false
		}
		if ne, ok := n.(*syntax.NameExpr); ok {
			if sym := c.lookupQualified(ne.Name, s, false); sym != nil && sym.Kind == SymVar && sym.Var.FuncConst != nil {
				found = sym.Var
			}
		}
		return true
	})
	return found
}

// hasAttr reports whether an attribute named name is present.
func hasAttr(as []Attr, name string) bool { return findAttr(as, name) != nil }

// typeExprName spells a written type for attribute arguments.
func typeExprName(t syntax.TypeExpr) string {
	switch t := t.(type) {
	case *syntax.NamedType:
		n := t.Name.Plain()
		if t.Name.Last().Template != nil {
			n += "<...>"
		}
		return n
	case *syntax.BuiltinType:
		return t.Name
	}
	return ""
}
