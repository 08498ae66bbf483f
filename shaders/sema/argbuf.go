package sema

// ArgID is the argument-buffer ID of one (possibly nested) struct member.
type ArgID struct {
	Path  string // "material.albedo"
	Field *Field
	ID    int // first ID used
	Count int // IDs used (array length for arrays of resources, 1 otherwise)
}

// isResource reports whether t is a handle stored in an argument buffer
// (texture, sampler, pointer, acceleration structure, function table).
func isResource(t *Type) bool {
	switch t.Kind {
	case KTexture, KSampler, KPointer:
		return true
	case KOpaque:
		return true
	case KArray:
		return isResource(t.Elem)
	}
	return false
}

// IsArgumentBuffer reports whether a struct type is an argument buffer:
// it has a member with [[id(n)]] or a resource member (texture, sampler,
// pointer, handle), directly or in a nested struct.
func IsArgumentBuffer(t *Type) bool {
	return isArgumentBuffer(t, map[*Struct]bool{})
}

// isArgumentBuffer is IsArgumentBuffer with the structs being visited: a
// struct that (after an error) contains itself is not walked again.
func isArgumentBuffer(t *Type, visiting map[*Struct]bool) bool {
	if t.Kind != KStruct || visiting[t.Struct] {
		return false
	}
	visiting[t.Struct] = true
	defer delete(visiting, t.Struct)
	for _, f := range t.Struct.Fields {
		if f.Attr("id") != nil || isResource(f.Type) || f.Type.Kind == KStruct && isArgumentBuffer(f.Type, visiting) {
			return true
		}
	}
	return false
}

// ArgumentIDs assigns argument-buffer IDs to the members of struct type t
// as MSL §2.13 does: a member with [[id(n)]] starts at n; any other member
// takes the next ID after the previous member's last one (0 for the
// first); an array uses one ID per element and a nested struct the IDs of
// its members. Explicit IDs must not go below an ID already used; such
// members are returned in bad.
func ArgumentIDs(t *Type) (ids []ArgID, bad []*Field) {
	if t.Kind != KStruct {
		return nil, nil
	}
	next := 0
	visiting := map[*Struct]bool{}
	var walk func(st *Struct, prefix string)
	walk = func(st *Struct, prefix string) {
		if visiting[st] {
			return // a struct containing itself (an error reported elsewhere)
		}
		visiting[st] = true
		defer delete(visiting, st)
		for _, f := range st.Fields {
			if f.Static {
				continue
			}
			if a := f.Attr("id"); a != nil && a.FuncConst == nil {
				n := int(a.IntArg(0, int64(next)))
				if n < next {
					bad = append(bad, f)
				} else {
					next = n
				}
			}
			ft := f.Type
			if ft.Kind == KStruct && f.Attr("id") == nil {
				walk(ft.Struct, prefix+f.Name+".")
				continue
			}
			count := 1
			if ft.Kind == KArray && ft.N > 0 {
				count = ft.N
			}
			ids = append(ids, ArgID{Path: prefix + f.Name, Field: f, ID: next, Count: count})
			next += count
		}
	}
	walk(t.Struct, "")
	return ids, bad
}

// checkArgumentBuffer reports non-increasing [[id(n)]]s of an argument
// buffer struct passed to a qualified function (once per struct).
func (c *checker) checkArgumentBuffer(t *Type) {
	if t.Kind != KStruct || !IsArgumentBuffer(t) {
		return
	}
	if c.argbufChecked == nil {
		c.argbufChecked = map[*Struct]bool{}
	}
	if c.argbufChecked[t.Struct] {
		return
	}
	c.argbufChecked[t.Struct] = true
	_, bad := ArgumentIDs(t)
	for _, f := range bad {
		a := f.Attr("id")
		c.errorf(a.Pos, "argbuf-id", "[[id(%d)]] of member '%s' must be greater than the IDs of the members before it", a.IntArg(0, 0), f.Name)
	}
}
