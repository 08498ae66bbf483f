package lower

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// Lambdas (Metal 3.2). sema checks a lambda as its own *Func whose body
// refers to the enclosing function's variables. A lambda is lowered as a
// function taking, after its parameters, the Thread address of every
// variable it captures; a call passes the caller's objects (copied in and
// out when they live in registers). Captures therefore behave as by
// reference for the duration of each call: a by-value capture sees the
// variable's value at the call, not at the lambda's creation.

func isLambda(sf *sema.Func) bool { return sf != nil && sf.QualName == "(lambda)" }

// captures lists the outer variables a lambda body uses, in order of
// first use.
func (p *program) captures(sf *sema.Func) []*sema.Var {
	if c, ok := p.lambdaCaps[sf]; ok {
		return c
	}
	own := map[*sema.Var]bool{}
	for _, v := range sf.Params {
		own[v] = true
	}
	for _, v := range sf.Info.Vars {
		own[v] = true
	}
	var out []*sema.Var
	seen := map[*sema.Var]bool{}
	syntax.Inspect(sf.Decl.Body, func(n syntax.Node) bool {
		if ne, ok := n.(*syntax.NameExpr); ok {
			if xi := sf.Info.Exprs[ne]; xi != nil && xi.Var != nil {
				v := xi.Var
				if !own[v] && !v.Global && !v.Member && v.FuncConst == nil && !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
		return true
	})
	if p.lambdaCaps == nil {
		p.lambdaCaps = map[*sema.Func][]*sema.Var{}
	}
	p.lambdaCaps[sf] = out
	return out
}

// lambdaOf returns the lambda a callee expression denotes: a lambda
// expression or a local initialized with one.
func (f *fn) lambdaOf(e syntax.Expr) *sema.Func {
	switch x := unparen(e).(type) {
	case *syntax.LambdaExpr:
		if xi := f.info.Exprs[x]; xi != nil && isLambda(xi.Func) {
			return xi.Func
		}
	case *syntax.NameExpr:
		xi := f.info.Exprs[x]
		if xi == nil || xi.Var == nil {
			return nil
		}
		if d, ok := xi.Var.Decl.(*syntax.VarDecl); ok && d.Init != nil {
			if sf := f.lambdaOf(d.Init); sf != nil {
				return sf
			}
			if il, ok := d.Init.(*syntax.InitListExpr); ok && len(il.Elems) == 1 {
				return f.lambdaOf(il.Elems[0])
			}
		}
	}
	return nil
}

// lambdaCall calls lambda sf with the arguments of e.
func (f *fn) lambdaCall(e *syntax.CallExpr, sf *sema.Func) *lvalue {
	var extra []ir.Reg
	var after []func()
	for _, v := range f.p.captures(sf) {
		lv := f.locals[v]
		if lv == nil {
			f.errorf(e.Pos(), "captured variable '%s' has no storage here", v.Name)
		}
		a, back := f.addressOf(lv, ir.Thread, true)
		extra = append(extra, a)
		if back != nil {
			after = append(after, back)
		}
	}
	r := f.callExtra(sf, nil, e.Args, nil, nil, extra, e.Pos())
	for _, fn := range after {
		fn()
	}
	return r
}

// bindCaptures makes a lambda's hidden parameters the storage of the
// variables it captures.
func (f *fn) bindCaptures(sf *sema.Func, regs []ir.Reg, pos diag.Pos) {
	for i, v := range f.p.captures(sf) {
		t := v.Type
		if t.Kind == sema.KReference {
			t = t.Elem
		}
		f.locals[v] = &lvalue{t: t, mem: true, addr: regs[i], space: ir.Thread}
	}
}
