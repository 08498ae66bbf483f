package model

import (
	"github.com/go-gl/mathgl/mgl32"
)

// LightType is a punctual light type.
type LightType uint8

// Punctual light types (KHR_lights_punctual).
const (
	Directional LightType = iota
	Point
	Spot
)

// String returns the KHR_lights_punctual type name.
func (t LightType) String() string {
	return [...]string{"directional", "point", "spot"}[t%3]
}

// Light is a KHR_lights_punctual light; its node places it, shining down
// the node's local -Z.
type Light struct {
	Name  string
	Type  LightType
	Color [3]float32
	// Intensity is in candela (point, spot) or lux (directional).
	Intensity float32
	// Range is 0 for infinite.
	Range          float32
	InnerConeAngle float32
	OuterConeAngle float32
	// Node is the node carrying the light, -1 if none (then World applies).
	Node  int
	World mgl32.Mat4
}

// AreaLight is an emissive primitive of an instance, usable as an area light.
type AreaLight struct {
	// Instance indexes the slice passed to AreaLights.
	Instance  int
	Primitive int
	// Radiance is the material's emissive colour (strength applied).
	Radiance [3]float32
	// Textured reports an emissive texture modulating Radiance.
	Textured  bool
	Triangles int
	// Area is the world-space surface area.
	Area float32
}

// AreaLights lists the emissive triangle primitives of insts.
func (s *Scene) AreaLights(insts []Instance) []AreaLight {
	var out []AreaLight
	for ii, in := range insts {
		if in.Mesh < 0 || in.Mesh >= len(s.Meshes) {
			continue
		}
		m := s.Meshes[in.Mesh]
		for pi := range m.Primitives {
			p := &m.Primitives[pi]
			mat := s.Material(p.Material)
			if p.Mode != Triangles || !mat.IsEmissive() {
				continue
			}
			var area float32
			for t := 0; t+2 < len(p.Indices); t += 3 {
				a := in.Transform.Mul4x1(vec4(p.Positions[p.Indices[t]])).Vec3()
				b := in.Transform.Mul4x1(vec4(p.Positions[p.Indices[t+1]])).Vec3()
				c := in.Transform.Mul4x1(vec4(p.Positions[p.Indices[t+2]])).Vec3()
				area += b.Sub(a).Cross(c.Sub(a)).Len() / 2
			}
			out = append(out, AreaLight{Instance: ii, Primitive: pi, Radiance: mat.Emissive,
				Textured: mat.EmissiveTex.Valid(), Triangles: p.Triangles(), Area: area})
		}
	}
	return out
}

func vec4(p [3]float32) mgl32.Vec4 { return mgl32.Vec4{p[0], p[1], p[2], 1} }
