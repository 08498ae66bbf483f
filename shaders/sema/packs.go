package sema

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/syntax"
)

// Variadic templates, as SPIRV-Cross's helpers write them:
//
//	template <typename Tex, typename... Ts>
//	inline auto spvGather(const thread Tex& t, sampler s, Ts... params) { return t.gather(s, params...); }
//
// A template parameter pack is bound (bindParams) to a SymType with IsPack
// and its arguments; a function parameter pack `Ts... params` of an
// instance becomes one parameter per element, found through a SymPack. A
// pack expansion `pattern...` in a call's arguments, a template argument
// list or sizeof...(p) is expanded per instance: each element is the
// pattern checked in a scope that binds every pack it names to that
// element (a fresh syntax.PackElem node per element, so that each has its
// own ExprInfo).

// hasParamPack reports whether fd declares a function parameter pack.
func hasParamPack(fd *syntax.FuncDecl) bool {
	for _, p := range fd.Params {
		if p.Ellipsis {
			return true
		}
	}
	return false
}

// packsIn returns the packs that pattern names (as seen from s) and their
// common length; ok is false when it names none or packs of different
// lengths (reported at pos).
func (c *checker) packsIn(pattern syntax.Node, s *Scope) (packs []*Symbol, n int, ok bool) {
	seen := map[string]bool{}
	add := func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		sym := c.lookup(name, s)
		if sym == nil || !(sym.IsPack || sym.Kind == SymPack) {
			return
		}
		packs = append(packs, sym)
	}
	syntax.Inspect(pattern, func(nd syntax.Node) bool {
		switch x := nd.(type) {
		case *syntax.PackExpansion:
			return x == pattern // an inner expansion expands its own packs
		case *syntax.NameExpr:
			if !x.Name.Qualified() && len(x.Name.Segs) == 1 {
				add(x.Name.Segs[0].Name)
			}
		case *syntax.NamedType:
			if !x.Name.Qualified() && len(x.Name.Segs) == 1 {
				add(x.Name.Segs[0].Name)
			}
		}
		return true
	})
	if len(packs) == 0 {
		return nil, 0, false
	}
	n = packLen(packs[0])
	for _, p := range packs[1:] {
		if packLen(p) != n {
			c.errorf(pattern.Pos(), "pack-length", "pack expansion contains parameter packs '%s' and '%s' that have different lengths (%d vs. %d)",
				packs[0].Name, p.Name, n, packLen(p))
			return nil, 0, false
		}
	}
	return packs, n, true
}

func packLen(p *Symbol) int {
	if p.Kind == SymPack {
		return len(p.PackVars)
	}
	return len(p.Pack)
}

// packScope returns a scope inside s that binds each of packs to its i-th
// element.
func packScope(packs []*Symbol, i int, s *Scope) *Scope {
	es := newScope(ScopeBlock, s, "")
	for _, p := range packs {
		switch {
		case p.Kind == SymPack:
			v := p.PackVars[i]
			es.insert(&Symbol{Kind: SymVar, Name: p.Name, Var: v, Pos: v.Pos})
		case p.Pack[i].Type != nil:
			es.insert(&Symbol{Kind: SymType, Name: p.Name, Type: p.Pack[i].Type, Pos: p.Pos})
		case p.Pack[i].Value != nil:
			v := *p.Pack[i].Value
			es.insert(&Symbol{Kind: SymConst, Name: p.Name, Value: &v, Type: v.Type, Pos: p.Pos})
		}
	}
	return es
}

// hasPackExpansion reports whether an argument list holds `x...`.
func hasPackExpansion(args []syntax.Expr) bool {
	for _, a := range args {
		if _, ok := a.(*syntax.PackExpansion); ok {
			return true
		}
	}
	return false
}

// expandArgs returns args with each pack expansion replaced by its
// elements (PackElem nodes); ok is false after an error.
func (c *checker) expandArgs(args []syntax.Expr, s *Scope) ([]syntax.Expr, bool) {
	out := make([]syntax.Expr, 0, len(args))
	for _, a := range args {
		pe, isPack := a.(*syntax.PackExpansion)
		if !isPack {
			out = append(out, a)
			continue
		}
		_, n, ok := c.packsIn(pe, s)
		if !ok {
			c.errorf(pe.Ellipsis, "pack-expansion", "pattern of a pack expansion contains no unexpanded parameter pack")
			return nil, false
		}
		for i := range n {
			out = append(out, &syntax.PackElem{X: pe.X, Index: i})
		}
	}
	return out, true
}

// packElem checks one element of a pack expansion.
func (c *checker) packElem(e *syntax.PackElem, s *Scope) *ExprInfo {
	packs, n, ok := c.packsIn(e.X, s)
	if !ok || e.Index >= n {
		return c.invalid(e)
	}
	x := c.expr(e.X, packScope(packs, e.Index, s))
	return c.record(e, x)
}

// callWithPacks checks a call whose arguments expand packs, through a copy
// of the call with the expanded arguments; e records the copy's typing.
func (c *checker) callWithPacks(e *syntax.CallExpr, s *Scope) *ExprInfo {
	args, ok := c.expandArgs(e.Args, s)
	if !ok {
		return c.invalid(e)
	}
	ce := *e
	ce.Args = args
	x := c.call(&ce, s)
	c.info.Exprs[e] = x
	if c.info.Expanded == nil {
		c.info.Expanded = map[*syntax.CallExpr]*syntax.CallExpr{}
	}
	c.info.Expanded[e] = &ce
	return x
}

// packParams expands the function parameter pack p (`Ts... params`) of an
// instance into f's parameters; false when p's type names no bound pack
// (the template itself, before instantiation).
func (c *checker) packParams(f *Func, p *syntax.ParamDecl, s *Scope) bool {
	packs, n, ok := c.packsIn(p.Type, s)
	if !ok {
		return false
	}
	name := ""
	if p.Name != nil {
		name = p.Name.Name
	}
	var vars []*Var
	for i := range n {
		q := c.resolveQual(p.Type, packScope(packs, i, s))
		v := &Var{Type: q.t, Param: true, Const: q.isConst, Decl: p, Space: SpaceThread, Pos: p.StartPos, packElem: true}
		if name != "" {
			v.Name = fmt.Sprintf("%s#%d", name, i)
		}
		if q.t.Kind == KArray && q.t.N != 0 && !q.t.StdArray {
			v.Type = PointerTo(q.t.Elem, SpaceThread, q.isConst, false)
		}
		vars = append(vars, v)
		f.Params = append(f.Params, v)
		f.Defaults = append(f.Defaults, nil)
	}
	if name != "" {
		f.packName, f.packVars = name, vars
	}
	return true
}

// deducePack deduces the template parameter pack named in te (a function
// parameter pack's type) from the argument types ats, one element each.
func (c *checker) deducePack(te syntax.TypeExpr, ats []*Type, params map[string]*syntax.TemplateParam, b map[string]TemplArg, s *Scope) bool {
	pack := ""
	syntax.Inspect(te, func(nd syntax.Node) bool {
		if nt, ok := nd.(*syntax.NamedType); ok && !nt.Name.Qualified() && len(nt.Name.Segs) == 1 {
			if p := params[nt.Name.Segs[0].Name]; p != nil && p.Variadic && pack == "" {
				pack = p.Name.Name
			}
		}
		return true
	})
	if pack == "" {
		return true
	}
	if old, ok := b[pack]; ok && old.isPack {
		return true // given explicitly
	}
	elems := make([]TemplArg, 0, len(ats))
	for _, at := range ats {
		bi := map[string]TemplArg{}
		if !c.deduce(te, at, params, bi, s) {
			return false
		}
		a, ok := bi[pack]
		if !ok {
			return false
		}
		elems = append(elems, a)
	}
	b[pack] = TemplArg{Pack: elems, isPack: true}
	return true
}

// sizeofPack checks sizeof...(p): the number of elements of pack p.
func (c *checker) sizeofPack(e *syntax.SizeofExpr, s *Scope) *ExprInfo {
	name := ""
	switch {
	case e.Type != nil:
		if nt, ok := e.Type.(*syntax.NamedType); ok && !nt.Name.Qualified() && len(nt.Name.Segs) == 1 {
			name = nt.Name.Segs[0].Name
		}
	case e.X != nil:
		x := e.X
		if p, ok := x.(*syntax.ParenExpr); ok {
			x = p.X
		}
		if ne, ok := x.(*syntax.NameExpr); ok && !ne.Name.Qualified() && len(ne.Name.Segs) == 1 {
			name = ne.Name.Segs[0].Name
		}
	}
	sym := c.lookup(name, s)
	if name == "" || sym == nil || !(sym.IsPack || sym.Kind == SymPack) {
		c.errorf(e.KwPos, "sizeof-pack", "'sizeof...' needs the name of a parameter pack")
		return c.invalid(e)
	}
	v := IntVal(SizeT, int64(packLen(sym)))
	return c.record(e, &ExprInfo{Type: SizeT, Value: &v})
}

// expandTemplArgs expands `Ts...` in a template argument list.
func (c *checker) expandTemplArgs(ta *syntax.TemplateArgs, s *Scope) []TemplArg {
	out := make([]TemplArg, 0, len(ta.Args))
	for _, a := range ta.Args {
		if !a.Ellipsis {
			out = append(out, c.templArg(a, s))
			continue
		}
		packs, n, ok := c.packsIn(a, s)
		if !ok {
			c.errorf(a.Pos(), "pack-expansion", "pattern of a pack expansion contains no unexpanded parameter pack")
			out = append(out, TemplArg{Type: Invalid})
			continue
		}
		for i := range n {
			out = append(out, c.templArg(a, packScope(packs, i, s)))
		}
	}
	return out
}

// declval checks metal's declval<T>(): a value of type T for unevaluated
// operands (decltype(declval<Tex>().gather(...))); a reference type gives
// an lvalue.
func (c *checker) declval(e *syntax.CallExpr, last *syntax.NameSegment, s *Scope) *ExprInfo {
	if len(e.Args) != 0 {
		c.args(e.Args, s)
		c.errorf(e.Lparen, "declval", "'declval' takes no arguments")
		return c.invalid(e)
	}
	a := c.templArg(last.Template.Args[0], s)
	if a.Type == nil {
		c.errorf(last.NamePos, "declval", "the template argument of 'declval' must be a type")
		return c.invalid(e)
	}
	if a.Type.Kind == KReference {
		return c.record(e, &ExprInfo{Type: a.Type.Elem, LValue: true, Const: a.Type.Const, Space: a.Type.Space})
	}
	return c.record(e, &ExprInfo{Type: a.Type})
}
