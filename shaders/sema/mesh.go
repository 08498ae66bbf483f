package sema

import (
	"maps"

	"github.com/ingot-render/ingot/shaders/diag"
)

// checkMeshArg applies the §2.20.2 rules on the type of a mesh<V, P, NV,
// NP, topology> argument: V is float4 or a struct with a [[position]]
// member, and V and P (when a struct) do not share a member name (they
// share the fragment-matching namespace, §5.7.2). Diagnostics point at the
// offending member, or at the argument when V lacks a position.
func (c *checker) checkMeshArg(p *Param) {
	t := p.Type.Unqualified()
	if t.Kind != KOpaque || t.Opaque == nil || len(t.Opaque.Args) < 2 {
		return
	}
	vt, pt := t.Opaque.Args[0].Type, t.Opaque.Args[1].Type
	if vt == nil {
		return
	}
	vt = vt.Unqualified()
	switch {
	case vt.Kind == KVector && vt.N == 4 && vt.Elem.Kind == KFloat:
	case vt.Kind == KStruct && vt.Struct != nil:
		found := false
		for _, f := range vt.Struct.Fields {
			found = found || !f.Static && f.Attr("position") != nil
		}
		if !found {
			c.errorf(p.Pos, "mesh-position", "mesh vertex type '%s' of argument '%s' has no [[position]] member", vt, p.Name)
		}
	default:
		c.errorf(p.Pos, "mesh-vertex", "mesh vertex type '%s' of argument '%s' must be float4 or a struct", vt, p.Name)
		return
	}
	if pt == nil || vt.Kind != KStruct {
		return
	}
	pt = pt.Unqualified()
	if pt.Kind != KStruct || pt.Struct == nil {
		return
	}
	names := map[string]bool{}
	for _, f := range vt.Struct.Fields {
		if !f.Static {
			names[f.Name] = true
		}
	}
	for _, f := range pt.Struct.Fields {
		if !f.Static && names[f.Name] {
			c.errorf(diag.Pos(f.Pos), "mesh-member-name", "member '%s' of mesh primitive type '%s' has the name of a member of the vertex type '%s'", f.Name, pt, vt)
		}
	}
}

// meshStaticMember returns the static constant name of the mesh<V, P, NV,
// NP, t> type t (§2.20.2: max_vertices, max_primitive, indices_per_primitive,
// max_indices) as a symbol with its value, or nil.
func meshStaticMember(t *Type, name string) *Symbol {
	if t == nil || t.Kind != KOpaque || t.Opaque == nil || t.Opaque.Name != "mesh" || len(t.Opaque.Args) != 5 {
		return nil
	}
	a := t.Opaque.Args
	if a[2].Value == nil || a[3].Value == nil || a[4].Value == nil {
		return nil
	}
	nv, np, ipp := a[2].Value.I, a[3].Value.I, a[4].Value.I+1
	var v int64
	switch name {
	case "max_vertices":
		v = nv
	case "max_primitive", "max_primitives":
		v = np
	case "indices_per_primitive":
		v = ipp
	case "max_indices":
		v = np * ipp
	default:
		return nil
	}
	return &Symbol{Kind: SymConst, Name: name, Value: &Value{Type: UInt, I: v}}
}

// objectBuiltins are the object function input attributes of Table 5.12:
// the kernel built-ins plus [[amplification_count]] ([[payload]] is a
// binding, checked by checkPayload).
var objectBuiltins = withBuiltins(kernelBuiltins, "amplification_count")

// meshBuiltins are the mesh function input attributes of Table 5.13: the
// kernel built-ins plus [[amplification_count]] and [[amplification_id]].
var meshBuiltins = withBuiltins(kernelBuiltins, "amplification_count", "amplification_id")

// withBuiltins returns a copy of base with the ushort-or-uint built-ins
// names added.
func withBuiltins(base map[string]*builtinRule, names ...string) map[string]*builtinRule {
	m := maps.Clone(base)
	for _, n := range names {
		m[n] = ruleU
	}
	return m
}
