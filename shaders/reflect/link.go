package reflect

import (
	"fmt"
)

// Mismatch is one way a fragment function's inputs fail to match the
// outputs of the vertex or mesh function it is paired with.
type Mismatch struct {
	// Input is the fragment input at fault.
	Input Varying
	// Msg says what is wrong.
	Msg string
}

// Error formats the mismatch with the input's position.
func (m Mismatch) Error() string {
	if m.Input.Pos != "" {
		return m.Input.Pos + ": " + m.Msg
	}
	return m.Msg
}

// rasterizerInputs are fragment inputs the rasterizer (or the framebuffer)
// provides; they need no matching output (MSL §5.7.1).
var rasterizerInputs = map[string]bool{
	"position": true, "front_facing": true, "point_coord": true, "sample_id": true,
	"sample_mask": true, "color": true, "barycentric_coord": true, "primitive_id": true,
	"render_target_array_index": true, "viewport_array_index": true, "amplification_id": true,
	"amplification_count": true, "shared": true,
}

// CheckSignatures reports every way the fragment function's stage_in
// members fail to match the outputs of producer, a vertex or mesh function,
// following MSL §5.7: a user input matches the output with the same
// [[user(name)]] (or, without one, the same member name); their types must
// be equal or the input must be interpolant<T,P> of the output's type T;
// with a mesh producer, flat inputs match per-primitive outputs and other
// inputs per-vertex outputs. Built-ins produced by the rasterizer and
// framebuffer colours need no match. It returns nil when they match.
func CheckSignatures(producer, fragment *Function) []Mismatch {
	var out []Mismatch
	if fragment.Kind != KindFragment {
		return []Mismatch{{Msg: fmt.Sprintf("%s is a %s function, not a fragment function", fragment.Name, fragment.Kind)}}
	}
	if producer.Kind != KindVertex && producer.Kind != KindMesh {
		return []Mismatch{{Msg: fmt.Sprintf("%s is a %s function, not a vertex or mesh function", producer.Name, producer.Kind)}}
	}
	mesh := producer.Kind == KindMesh
	for _, in := range fragment.Inputs {
		if in.Attribute != "" && in.Attribute != "user" && rasterizerInputs[in.Attribute] {
			continue
		}
		what := fmt.Sprintf("fragment input '%s'", in.Member)
		if in.Attribute == "user" {
			what += fmt.Sprintf(" [[user(%s)]]", in.Name)
		}
		var match *Varying
		for i := range producer.Outputs {
			o := &producer.Outputs[i]
			if o.Name != in.Name || (o.Attribute != "" && o.Attribute != "user") {
				continue
			}
			if mesh && o.PerPrimitive != (in.Interpolation == "flat") {
				continue
			}
			match = o
			break
		}
		if match == nil {
			kind := "vertex"
			if mesh {
				kind = "per-vertex mesh"
				if in.Interpolation == "flat" {
					kind = "per-primitive mesh"
				}
			}
			out = append(out, Mismatch{Input: in, Msg: fmt.Sprintf("%s has no matching %s output in %s", what, kind, producer.Name)})
			continue
		}
		if match.Type != in.Type {
			out = append(out, Mismatch{Input: in, Msg: fmt.Sprintf("%s has type %s but the %s output '%s' has type %s",
				what, in.Type, producer.Name, match.Member, match.Type)})
		}
	}
	return out
}
