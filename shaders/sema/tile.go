package sema

// LookupType returns the type a global name denotes (a struct, enum or
// alias declared at file scope), or nil.
func (p *Program) LookupType(name string) *Type {
	if p == nil || p.Global == nil {
		return nil
	}
	if sym := p.Global.lookupLocal(name); sym != nil && sym.Kind == SymType {
		return sym.Type
	}
	return nil
}

// ImageblockCopy maps one member of an imageblock view struct onto its
// master struct: Size bytes at offset View of the view are the bytes at
// offset Master of the master.
type ImageblockCopy struct{ View, Master, Size int }

// ImageblockViewCopies maps the members of view onto master as §5.6.1
// matches them (by [[user(name)]], anywhere in the master, else by name
// and type among the master's top-level members); members that match
// nothing (a checked program reports those) are left out.
func ImageblockViewCopies(view, master *Type) []ImageblockCopy {
	if view == nil || master == nil || view.Kind != KStruct || master.Kind != KStruct {
		return nil
	}
	type at struct {
		off int
		t   *Type
	}
	byUser, byName := map[string]at{}, map[string]at{}
	var collect func(t *Type, base int, top bool)
	collect = func(t *Type, base int, top bool) {
		_, _, offs := Layout(t)
		for i, f := range t.Struct.Fields {
			if f.Static {
				continue
			}
			a := at{base + offs[i], f.Type}
			if u := f.Attr("user"); u != nil && u.StrArg(0) != "" {
				byUser[u.StrArg(0)] = a
			}
			if top {
				byName[f.Name] = a
			}
			if f.Type.Kind == KStruct {
				collect(f.Type, a.off, false)
			}
		}
	}
	collect(master, 0, true)
	_, _, voffs := Layout(view)
	var out []ImageblockCopy
	for i, f := range view.Struct.Fields {
		if f.Static {
			continue
		}
		m, ok := byName[f.Name]
		if u := f.Attr("user"); u != nil {
			m, ok = byUser[u.StrArg(0)]
		}
		if ok && m.t == f.Type {
			out = append(out, ImageblockCopy{View: voffs[i], Master: m.off, Size: SizeOf(f.Type)})
		}
	}
	return out
}

// imageblockArgWeight is what one imageblock<T, L> argument of a kernel
// adds to the function's imageblock count (autoBind): 1 for an explicit
// layout, 1<<8 for an implicit one (L is imageblock_layout_implicit, or L
// is omitted and T has [[color(n)]] members). §5.6.5 lets a kernel take an
// explicit and an implicit imageblock; more than one of either is refused
// (imageblocksTooMany), since two views of one storage would alias.
func imageblockArgWeight(t *Type) int {
	if t == nil || t.Opaque == nil || len(t.Opaque.Args) == 0 {
		return 1
	}
	if len(t.Opaque.Args) > 1 && t.Opaque.Args[1].Type != nil {
		switch t.Opaque.Args[1].Type.String() {
		case "imageblock_layout_implicit", "metal::imageblock_layout_implicit":
			return 1 << 8
		case "imageblock_layout_explicit", "metal::imageblock_layout_explicit":
			return 1
		}
	}
	if e := t.Opaque.Args[0].Type; e != nil && e.Kind == KStruct && e.Struct != nil {
		for _, f := range e.Struct.Fields {
			if f.Attr("color") != nil {
				return 1 << 8
			}
		}
	}
	return 1
}

// imageblocksTooMany reports whether an imageblock count of
// imageblockArgWeight values holds more than one explicit or more than
// one implicit imageblock.
func imageblocksTooMany(n int) bool { return n&0xff > 1 || n>>8 > 1 }
