package sema

import "github.com/ingot-render/ingot/shaders/syntax"

// tieBreak settles a call that Resolve found ambiguous by the C++ rules
// that follow the conversion ranks ([over.match.best]): among the
// candidates no other one beats, a non-template function wins over
// template instances, and a more specialized function template wins over
// a less specialized one ([temp.func.order]). It returns nil when the
// call stays ambiguous.
func tieBreak(cands []*Match) *Match {
	var top []*Match
	for _, m := range cands {
		if m == nil {
			continue
		}
		beaten := false
		for _, o := range cands {
			if o != nil && o != m && o.better(m) {
				beaten = true
				break
			}
		}
		if !beaten {
			top = append(top, m)
		}
	}
	if len(top) < 2 {
		return nil
	}
	var plain []*Match
	for _, m := range top {
		if m.Func != nil && m.Func.Template == nil {
			plain = append(plain, m)
		}
	}
	if len(plain) == 1 {
		return plain[0]
	}
	if len(plain) > 1 {
		return nil
	}
	for _, m := range top {
		won := true
		for _, o := range top {
			if o != m && !moreSpecialized(m.Func, o.Func) {
				won = false
				break
			}
		}
		if won {
			return m
		}
	}
	return nil
}

// moreSpecialized reports whether template instance a comes from a more
// specialized template than b: each parameter of a is at least as
// specialized as b's and one is strictly more. A parameter written as a
// bare template parameter (T, const thread T&) is the least specialized;
// any other form (vec<T, 4>, device T*, S<T>) is more.
func moreSpecialized(a, b *Func) bool {
	if a == nil || b == nil || a.Template == nil || b.Template == nil {
		return false
	}
	fa, ok1 := a.Template.Decl.Decl.(*syntax.FuncDecl)
	fb, ok2 := b.Template.Decl.Decl.(*syntax.FuncDecl)
	if !ok1 || !ok2 {
		return false
	}
	n := len(fa.Params)
	if len(fb.Params) < n {
		n = len(fb.Params)
	}
	strict := false
	for i := 0; i < n; i++ {
		sa := !bareParam(fa.Params[i].Type, a.Template)
		sb := !bareParam(fb.Params[i].Type, b.Template)
		switch {
		case sb && !sa:
			return false
		case sa && !sb:
			strict = true
		}
	}
	return strict
}

// bareParam reports whether t is a template parameter of tmpl, possibly
// qualified or referenced (T, const T, thread T&).
func bareParam(t syntax.TypeExpr, tmpl *Template) bool {
	for {
		switch x := t.(type) {
		case *syntax.QualType:
			t = x.Elem
			continue
		case *syntax.RefType:
			t = x.Elem
			continue
		case *syntax.NamedType:
			if x.Name == nil || x.Name.Qualified() || len(x.Name.Segs) != 1 || x.Name.Segs[0].Template != nil {
				return false
			}
			for _, p := range tmpl.Params {
				if p.Name != nil && p.Name.Name == x.Name.Segs[0].Name {
					return true
				}
			}
		}
		return false
	}
}
