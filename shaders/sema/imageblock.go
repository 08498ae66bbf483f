package sema

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// checkImageblockData checks an explicit imageblock struct used through
// [[imageblock_data]] or [[imageblock_data(Master)]].
func (c *checker) checkImageblockData(fn *Function, t *Type, a *Attr, pos diag.Pos) {
	if t.Kind == KReference {
		t = t.Elem
	}
	if t.Kind != KStruct {
		if !t.IsBad() {
			c.errorf(pos, "imageblock-data", "[[imageblock_data]] requires a struct type, not '%s'", t)
		}
		return
	}
	if c.ibChecked == nil {
		c.ibChecked = map[*Struct]bool{}
	}
	c.noColorMembers(t.Struct, c.ibChecked)
	var master *Type
	if a != nil && len(a.ArgExprs) == 1 {
		switch ae := a.ArgExprs[0].(type) {
		case *syntax.NameExpr:
			master = c.namedType(ae.Name, fn.Func.scope)
		case *syntax.TypeIDExpr:
			master = c.resolveType(ae.Type, fn.Func.scope)
		}
	}
	if master == nil || master == t {
		if fn.Kind == FuncFragment {
			c.checkROG(t.Struct)
		}
		return
	}
	if master.Kind != KStruct {
		return
	}
	c.checkROG(master.Struct)
	key := [2]*Struct{t.Struct, master.Struct}
	if c.viewChecked == nil {
		c.viewChecked = map[[2]*Struct]bool{}
	}
	if !c.viewChecked[key] {
		c.viewChecked[key] = true
		c.checkView(t.Struct, master.Struct)
	}
}

func (c *checker) noColorMembers(st *Struct, seen map[*Struct]bool) {
	if seen[st] {
		return
	}
	seen[st] = true
	for _, f := range st.Fields {
		if a := f.Attr("color"); a != nil {
			c.errorf(a.Pos, "imageblock-color", "explicit imageblock member '%s' cannot have a [[color(n)]] attribute", f.Name)
		}
		if a := f.Attr("function_constant"); a != nil {
			c.errorf(a.Pos, "imageblock-fc", "imageblock member '%s' cannot have a [[function_constant]] attribute", f.Name)
		}
		if f.Type.Kind == KStruct {
			c.noColorMembers(f.Type.Struct, seen)
		}
	}
}

// checkROG checks raster order groups on a master explicit imageblock
// struct (§5.6.2): a nested struct member takes a group either as a whole
// or on every one of its members, and an array member has exactly one
// group, written on the array. In fragment functions every data member
// needs a group (§5.6.2: "raster order groups are required"), directly or
// through the nested struct that contains it.
func (c *checker) checkROG(st *Struct) {
	if c.rogChecked == nil {
		c.rogChecked = map[*Struct]bool{}
	}
	if c.rogChecked[st] {
		return
	}
	c.rogChecked[st] = true
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") != nil {
			continue
		}
		switch {
		case f.Type.Kind == KArray && f.Type.Elem.Kind == KStruct && anyROG(f.Type.Elem.Struct):
			c.errorf(diag.Pos(f.Pos), "rog-array", "array member '%s' of an explicit imageblock must have a single [[raster_order_group]] on the array, not on the members of '%s'", f.Name, f.Type.Elem)
		case f.Type.Kind == KStruct && anyROG(f.Type.Struct) && !allROG(f.Type.Struct):
			c.errorf(diag.Pos(f.Pos), "rog-partial", "member '%s' needs a [[raster_order_group]], on the struct as a whole or on every member of '%s'", f.Name, f.Type)
		case f.Type.Kind == KStruct && allROG(f.Type.Struct):
		case !f.Static && f.Attr("color") == nil: // a [[color(n)]] member is an error of its own
			c.errorf(diag.Pos(f.Pos), "rog-missing", "member '%s' of explicit imageblock '%s' used in a fragment function needs a [[raster_order_group]]", f.Name, st.QualName)
		}
	}
}

func anyROG(st *Struct) bool {
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") != nil {
			return true
		}
	}
	return false
}

func allROG(st *Struct) bool {
	for _, f := range st.Fields {
		if f.Attr("raster_order_group") == nil {
			return false
		}
	}
	return true
}

type masterField struct {
	path string
	t    *Type
}

// checkView matches an imageblock view struct against its master (§5.6.1).
func (c *checker) checkView(view, master *Struct) {
	byUser := map[string]masterField{}
	byName := map[string]masterField{}
	var collect func(st *Struct, prefix string, top bool)
	collect = func(st *Struct, prefix string, top bool) {
		for _, f := range st.Fields {
			mf := masterField{path: prefix + f.Name, t: f.Type}
			if u := f.Attr("user"); u != nil {
				if n := u.StrArg(0); n != "" {
					byUser[n] = mf
				}
			}
			if top {
				byName[f.Name] = mf
			}
			if f.Type.Kind == KStruct {
				collect(f.Type.Struct, mf.path+".", false)
			}
		}
	}
	collect(master, "", true)
	var taken []masterField
	userSeen := map[string]bool{}
	for _, f := range view.Fields {
		var mf masterField
		var ok bool
		if u := f.Attr("user"); u != nil {
			n := u.StrArg(0)
			if userSeen[n] {
				c.errorf(u.Pos, "view-user-dup", "[[user(%s)]] is used twice in imageblock view '%s'", n, view.QualName)
				continue
			}
			userSeen[n] = true
			mf, ok = byUser[n]
			if !ok {
				c.errorf(u.Pos, "view-match", "imageblock view member '%s' ([[user(%s)]]) matches no member of '%s'", f.Name, n, master.QualName)
				continue
			}
		} else {
			mf, ok = byName[f.Name]
			if !ok {
				c.errorf(diag.Pos(f.Pos), "view-match", "imageblock view member '%s' matches no member of '%s'", f.Name, master.QualName)
				continue
			}
		}
		if mf.t != f.Type && !f.Type.IsBad() {
			c.errorf(diag.Pos(f.Pos), "view-type", "type '%s' of imageblock view member '%s' differs from master member type '%s'", f.Type, f.Name, mf.t)
			continue
		}
		for _, o := range taken {
			if o.path == mf.path || hasPathPrefix(o.path, mf.path) || hasPathPrefix(mf.path, o.path) {
				c.errorf(diag.Pos(f.Pos), "view-alias", "imageblock view member '%s' aliases another view member (master '%s' overlaps '%s')", f.Name, mf.path, o.path)
				break
			}
		}
		taken = append(taken, mf)
	}
}

func hasPathPrefix(p, prefix string) bool {
	return len(p) > len(prefix) && p[:len(prefix)] == prefix && p[len(prefix)] == '.'
}

// checkAliasColors checks [[alias_implicit_imageblock_color(n)]]: n lying
// between declared color attachments without being declared is an error.
func (c *checker) checkAliasColors(fn *Function) {
	c.checkImageblockAlias(fn)
	declared := map[int64]bool{}
	lo, hi := int64(-1), int64(-1)
	note := func(a *Attr) {
		if a == nil || a.FuncConst != nil {
			return
		}
		n := a.IntArg(0, 0)
		declared[n] = true
		if lo < 0 || n < lo {
			lo = n
		}
		if n > hi {
			hi = n
		}
	}
	var aliases []*Attr
	for _, p := range fn.Params {
		note(findAttr(p.Attrs, "color"))
		if a := findAttr(p.Attrs, "alias_implicit_imageblock_color"); a != nil {
			aliases = append(aliases, a)
		}
		// A struct argument of [[color(n)]] members (programmable blending).
		if t := p.Type.Unqualified(); fn.Kind == FuncFragment && t.Kind == KStruct && p.Bind != BindImageblockData && t.Struct != nil {
			for _, f := range t.Struct.Fields {
				note(f.Attr("color"))
			}
		}
	}
	if fn.Kind == FuncFragment && (fn.Result.Kind == KVector || fn.Result.IsScalar()) {
		declared[0] = true
		lo, hi = 0, 0
	}
	if fn.Result.Kind == KStruct {
		for _, f := range fn.Result.Struct.Fields {
			note(f.Attr("color"))
			if a := f.Attr("alias_implicit_imageblock_color"); a != nil {
				aliases = append(aliases, a)
			}
		}
	}
	// A color attachment used as input and output must have one type.
	outs := map[int64]*Type{}
	switch rt := fn.Result; {
	case rt.Kind == KStruct:
		for _, f := range rt.Struct.Fields {
			if a := f.Attr("color"); a != nil && a.FuncConst == nil {
				outs[a.IntArg(0, 0)] = f.Type
			}
		}
	case fn.Kind == FuncFragment && (rt.Kind == KVector || rt.IsScalar()):
		outs[0] = rt
	}
	for _, p := range fn.Params {
		if a := findAttr(p.Attrs, "color"); a != nil && a.FuncConst == nil {
			if ot, ok := outs[a.IntArg(0, 0)]; ok && ot != p.Type && !p.Type.IsBad() && !ot.IsBad() {
				c.errorf(a.Pos, "color-inout", "color attachment %d is read as '%s' but written as '%s'", a.IntArg(0, 0), p.Type, ot)
			}
		}
	}
	for _, a := range aliases {
		n := a.IntArg(0, -1)
		if n > lo && n < hi && !declared[n] {
			c.errorf(a.Pos, "alias-color", "alias_implicit_imageblock_color(%d) refers to an undeclared color attachment between %d and %d", n, lo, hi)
		}
	}
}
