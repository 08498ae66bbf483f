package sema

import "github.com/ingot-render/ingot/shaders/diag"

// tileFragmentInputs are the built-in fragment inputs a fragment-based tile
// function cannot take: a tile dispatch has no primitive behind its
// fragments, so nothing provides them.
var tileFragmentInputs = map[string]bool{
	"front_facing": true, "primitive_id": true, "barycentric_coord": true, "point_coord": true,
	"viewport_array_index": true, "amplification_id": true, "amplification_count": true,
}

// CheckTileFragment checks fragment function fn for use as the tile
// function of a tile render pipeline (a fragment-based tile function,
// §5.1.9), rules that apply only once a pipeline makes it one:
//
//   - it cannot output [[stencil]] (§5.2.3.5);
//   - it has no primitive behind it, so it takes no [[stage_in]] and none of
//     the inputs a primitive provides ([[front_facing]], [[primitive_id]],
//     [[barycentric_coord]], [[point_coord]], [[viewport_array_index]],
//     [[amplification_id]], [[amplification_count]]);
//   - a tile dispatch runs no depth test, so it writes no [[depth]].
//
// It returns nil or a *diag.List with one error per violation at the
// attribute (or argument) at fault.
func (p *Program) CheckTileFragment(fn *Function) error {
	if p == nil || fn == nil {
		return nil
	}
	l := diag.NewList(p.Fset)
	if fn.Kind != FuncFragment {
		l.Errorf(fn.Pos, "tile-fragment", "'%s' is a %s function, not a fragment function", fn.Name, fn.Kind)
		return l.Err()
	}
	for _, prm := range fn.Params {
		at := prm.Pos
		for _, a := range prm.Attrs {
			if a.Name == "stage_in" || tileFragmentInputs[a.Name] {
				at = a.Pos
			}
		}
		switch {
		case prm.Bind == BindStageIn:
			l.Errorf(at, "tile-fragment-input", "fragment-based tile function '%s' cannot take a [[stage_in]] argument ('%s'): a tile dispatch has no vertex stage", fn.Name, prm.Name)
		case prm.Bind == BindBuiltin && tileFragmentInputs[prm.Builtin]:
			l.Errorf(at, "tile-fragment-input", "fragment-based tile function '%s' cannot take [[%s]] (argument '%s'): a tile dispatch has no primitive", fn.Name, prm.Builtin, prm.Name)
		}
	}
	if rt := fn.Result; rt != nil && rt.Kind == KStruct && rt.Struct != nil {
		for _, f := range rt.Struct.Fields {
			for _, a := range f.Attrs {
				switch a.Name {
				case "stencil":
					l.Errorf(a.Pos, "tile-fragment-stencil", "fragment-based tile function '%s' cannot output [[stencil]] (member '%s')", fn.Name, f.Name)
				case "depth":
					l.Errorf(a.Pos, "tile-fragment-depth", "fragment-based tile function '%s' cannot output [[depth]] (member '%s'): a tile dispatch runs no depth test", fn.Name, f.Name)
				}
			}
		}
	}
	l.Sort()
	return l.Err()
}
