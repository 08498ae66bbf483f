package reflect

import (
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
)

// interpolationAttrs are the sampling-and-interpolation qualifiers of
// fragment inputs (MSL §5.4).
var interpolationAttrs = map[string]bool{
	"center_perspective": true, "center_no_perspective": true,
	"centroid_perspective": true, "centroid_no_perspective": true,
	"sample_perspective": true, "sample_no_perspective": true, "flat": true,
}

// structVaryings lists the members of a varying struct (vertex output,
// fragment stage_in, mesh vertex or primitive type), flattening nested
// structs.
func structVaryings(fset *diag.FileSet, t *sema.Type, perPrimitive bool) []Varying {
	for t != nil && (t.Kind == sema.KReference || t.Kind == sema.KPointer) {
		t = t.Elem
	}
	if t == nil || t.Kind != sema.KStruct || t.Struct == nil {
		return nil
	}
	var out []Varying
	for _, f := range t.Struct.Fields {
		if f.Static {
			continue
		}
		if f.Type.Kind == sema.KStruct && len(f.Attrs) == 0 {
			out = append(out, structVaryings(fset, f.Type, perPrimitive)...)
			continue
		}
		v := Varying{Name: f.Name, Member: f.Name, Type: typeName(f.Type), PerPrimitive: perPrimitive,
			Pos: fset.Position(diag.Pos(f.Pos)).String()}
		if f.Type.Kind == sema.KOpaque && f.Type.Opaque != nil && f.Type.Opaque.Name == "interpolant" && len(f.Type.Opaque.Args) > 0 && f.Type.Opaque.Args[0].Type != nil {
			v.Type = typeName(f.Type.Opaque.Args[0].Type)
			v.Interpolation = "interpolant"
		}
		for _, a := range f.Attrs {
			switch {
			case interpolationAttrs[a.Name]:
				if v.Interpolation == "" {
					v.Interpolation = a.Name
				}
			case a.Name == "user":
				v.Attribute = "user"
				if len(a.Args) > 0 && a.Args[0].Str != "" {
					v.Name = a.Args[0].Str
				}
			case v.Attribute == "":
				v.Attribute = a.Name
				if len(a.Args) > 0 && a.Args[0].Str == "" {
					v.Index = int(a.Args[0].AsInt())
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// resultVaryings describes what a vertex function returns: the members of
// its result struct, or a lone position for a float4 result.
func resultVaryings(fset *diag.FileSet, t *sema.Type) []Varying {
	if t.Kind == sema.KStruct {
		return structVaryings(fset, t, false)
	}
	if t.Kind == sema.KVoid {
		return nil
	}
	return []Varying{{Name: "position", Member: "", Type: typeName(t), Attribute: "position"}}
}

func stageInVaryings(fset *diag.FileSet, p *sema.Param) []Varying {
	return structVaryings(fset, p.Type, false)
}

// meshVaryings describes the vertex (V) and primitive (P) types of a
// mesh<V, P, NV, NP, topology> output.
func meshVaryings(fset *diag.FileSet, t *sema.Type) []Varying {
	for t != nil && (t.Kind == sema.KReference || t.Kind == sema.KPointer) {
		t = t.Elem
	}
	if t == nil || t.Kind != sema.KOpaque || t.Opaque == nil || t.Opaque.Name != "mesh" {
		return nil
	}
	args := t.Opaque.Args
	var out []Varying
	if len(args) > 0 && args[0].Type != nil {
		out = append(out, structVaryings(fset, args[0].Type, false)...)
	}
	if len(args) > 1 && args[1].Type != nil {
		out = append(out, structVaryings(fset, args[1].Type, true)...)
	}
	return out
}
