package sema

import (
	"fmt"
	"strings"

	"github.com/ingot-render/ingot/shaders/syntax"
)

// Generic lambdas: a lambda with a parameter declared `auto` (`auto x`,
// `auto& x`, `const thread auto& x`) is, as in C++14, a closure whose
// operator() is a template. Its type is a function type of its own (not
// interned: two generic lambdas never have the same type), and each call
// with a new list of argument types checks the body again with the auto
// parameters bound to those types, as MLX's `const_for_loop<0, N, 1>([&](auto
// i) { t.frag_at<i.value>(); })` needs (each i is another Int<k>). The
// result type is the instance's (deduced from its returns).
//
// The ExprInfo of a call records the instance it calls (Func), which the
// lowering calls as it calls a lambda. Only calls where the lowering finds
// the captured variables lower: a lambda called in the function that
// creates it, or one without captures passed to a function template.

// GenericLambda is the definition of a generic lambda and its instances.
type GenericLambda struct {
	decl  *syntax.FuncDecl
	scope *Scope
	kind  FuncKind
	outer *Func
	insts map[string]*Func
	depth int
}

// isGenericLambda reports whether a parameter of f is declared auto.
func isGenericLambda(f *Func) bool {
	for _, p := range f.Params {
		if isAutoParam(p.Type) {
			return true
		}
	}
	return false
}

func isAutoParam(t *Type) bool {
	return t == autoType || t != nil && t.Kind == KReference && t.Elem == autoType
}

// genericLambdaType returns the distinct function type of the generic
// lambda declared by fd in scope s (f is its signature as declared).
func (c *checker) genericLambdaType(fd *syntax.FuncDecl, s *Scope, f *Func) *Type {
	g := &GenericLambda{decl: fd, scope: s, kind: f.Kind, outer: f.outer, insts: map[string]*Func{}}
	ps := make([]*Type, len(f.Params))
	for i, p := range f.Params {
		ps[i] = p.Type
	}
	t := &Type{Kind: KFunc, Func: &FuncSig{Result: Unknown, Params: ps, Generic: g}}
	// The name keys template instances (argsKey), so it is unique per
	// lambda expression checked.
	c.genericLambdas++
	t.name = fmt.Sprintf("(generic lambda %d)", c.genericLambdas)
	return t
}

// genericLambdaCall records call e of generic lambda g.
func (c *checker) genericLambdaCall(e *syntax.CallExpr, g *GenericLambda, xs []*ExprInfo) *ExprInfo {
	t, f := c.callGenericLambda(e, g, xs)
	return c.record(e, &ExprInfo{Type: t, Func: f})
}

// callGenericLambda instantiates g for the argument types of xs (once per
// list of types) and returns the instance's result type and the instance.
func (c *checker) callGenericLambda(e *syntax.CallExpr, g *GenericLambda, xs []*ExprInfo) (*Type, *Func) {
	if len(xs) != len(g.decl.Params) {
		c.errorf(e.Lparen, "call-args", "no matching function for call to lambda: expected %d arguments, have %d", len(g.decl.Params), len(xs))
		return Invalid, nil
	}
	var kb strings.Builder
	for _, x := range xs {
		if x.Type.IsBad() {
			return Unknown, nil
		}
		fmt.Fprintf(&kb, "%p,%d,", x.Type.Unqualified(), x.Space)
	}
	key := kb.String()
	if f, ok := g.insts[key]; ok {
		return f.Result, f
	}
	if g.depth >= maxInstDepth {
		c.errorf(e.Lparen, "template-depth", "recursive generic lambda instantiation exceeded maximum depth of %d", maxInstDepth)
		return Invalid, nil
	}
	saveInfo := c.info
	f := c.funcSig(g.decl, g.scope, nil)
	c.info = saveInfo
	f.QualName = "(lambda)"
	f.Kind = g.kind
	f.outer = g.outer
	f.genericInst = true
	for i, p := range f.Params {
		at := xs[i].Type.Unqualified()
		switch {
		case p.Type == autoType:
			p.Type = at
		case isAutoParam(p.Type):
			sp := p.Type.Space
			if sp == 0 {
				sp = xs[i].Space
			}
			p.Type = RefTo(at, sp, p.Type.Const || xs[i].Const, p.Type.Volatile)
		}
	}
	g.insts[key] = f
	g.depth++
	c.checkBody(f)
	g.depth--
	if f.Result == autoType {
		f.Result = Void
	}
	return f.Result, f
}
