package sema

import "github.com/ingot-render/ingot/shaders/syntax"

// typeTrait checks a call of one of clang's type-trait intrinsics
// (`__is_empty(T)`, `__is_convertible_to(From, To)`, …) whose arguments
// are types, and records its value as a bool constant. Metal's own type
// traits and kernel libraries (MLX's steel `is_empty`) are written with
// them.
func (c *checker) typeTrait(e *syntax.CallExpr, name string, s *Scope) *ExprInfo {
	types := make([]*Type, len(e.Args))
	for i, a := range e.Args {
		te, ok := a.(*syntax.TypeIDExpr)
		if !ok {
			c.expr(a, s)
			c.errorf(a.Pos(), "type_trait", "'%s' takes types as its arguments", name)
			return c.invalid(e)
		}
		types[i] = c.resolveType(te.Type, s)
		c.record(te, &ExprInfo{Type: types[i], IsType: true})
		if types[i].IsBad() {
			return c.record(e, &ExprInfo{Type: Bool})
		}
	}
	want := 1
	switch name {
	case "__is_convertible", "__is_convertible_to", "__is_same", "__is_base_of":
		want = 2
	}
	if len(types) != want {
		c.errorf(e.Pos(), "type_trait", "type trait '%s' requires %d argument(s), have %d", name, want, len(types))
		return c.invalid(e)
	}
	t := types[0].Unqualified()
	var r bool
	switch name {
	case "__is_empty":
		r = t.Kind == KStruct && isEmptyStruct(t.Struct)
	case "__is_class":
		r = t.Kind == KStruct && !t.Struct.Union
	case "__is_union":
		r = t.Kind == KStruct && t.Struct.Union
	case "__is_enum":
		r = t.Kind == KEnum
	case "__is_arithmetic":
		r = t.IsArithmetic() || t.Kind == KBool
	case "__is_scalar":
		r = t.IsScalar() || t.Kind == KEnum || t.Kind == KPointer
	case "__is_trivially_copyable", "__is_trivial", "__is_standard_layout":
		// Metal has no virtual functions or user destructors with effects:
		// every complete object type qualifies.
		r = t.Kind != KVoid && t.Kind != KFunc && t.Kind != KReference
	case "__is_same":
		r = types[0] == types[1]
	case "__is_base_of":
		u := types[1].Unqualified()
		r = t.Kind == KStruct && u.Kind == KStruct && (t == u || derivesFrom(u.Struct, t))
	case "__is_convertible", "__is_convertible_to":
		to := types[1]
		switch {
		case to.Kind == KVoid:
			r = types[0].Kind == KVoid
		case types[0].Kind == KVoid:
			r = false
		default:
			r = ImplicitConversion(types[0], to, ConvOpts{}).Rank != RankNone
		}
	}
	v := BoolVal(r)
	return c.record(e, &ExprInfo{Type: Bool, Value: &v})
}

// isEmptyStruct reports whether a struct has no data members, in itself or
// its bases (C++ [meta.unary.prop] is_empty, without virtual functions).
func isEmptyStruct(st *Struct) bool {
	if st.Union || len(st.Fields) > 0 {
		return false
	}
	for _, b := range st.Bases {
		if b.Kind != KStruct || !isEmptyStruct(b.Struct) {
			return false
		}
	}
	return true
}
