package gltfload

import (
	"fmt"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/ingot-render/ingot/scenes/model"
)

func (l *loader) meshes() error {
	for mi, gm := range l.doc.Meshes {
		name := label("mesh", mi, gm.Name)
		m := &model.Mesh{Name: gm.Name}
		for _, w := range gm.Weights {
			m.Weights = append(m.Weights, float32(w))
		}
		for pi, gp := range gm.Primitives {
			if err := l.ctx.Err(); err != nil {
				return err
			}
			if gp == nil {
				return fmt.Errorf("%s primitive %d: null", name, pi)
			}
			p, err := l.primitive(gp)
			if err != nil {
				return fmt.Errorf("%s primitive %d: %w", name, pi, err)
			}
			if what := nonFinitePositions(gp, &p); what != "" {
				l.warnf("%s primitive %d: %s; primitive skipped", name, pi, what)
				continue
			}
			if len(p.Targets) > 0 && len(m.Weights) != 0 && len(m.Weights) != len(p.Targets) {
				return fmt.Errorf("%s primitive %d: %d morph targets but mesh has %d weights", name, pi, len(p.Targets), len(m.Weights))
			}
			m.Primitives = append(m.Primitives, p)
		}
		if len(m.Weights) == 0 && len(m.Primitives) > 0 && len(m.Primitives[0].Targets) > 0 {
			m.Weights = make([]float32, len(m.Primitives[0].Targets))
		}
		m.ComputeBounds()
		l.s.Meshes = append(l.s.Meshes, m)
	}
	return nil
}

func (l *loader) attr(attrs map[string]int, name string, comps []int, count int) ([]float32, int, error) {
	ai, ok := attrs[name]
	if !ok {
		return nil, 0, nil
	}
	f, c, err := l.floats(ai)
	if err != nil {
		return nil, 0, fmt.Errorf("attribute %s: %w", name, err)
	}
	okc := false
	for _, w := range comps {
		okc = okc || c == w
	}
	if !okc {
		return nil, 0, fmt.Errorf("attribute %s: accessor %d has %d components, want %v", name, ai, c, comps)
	}
	if count >= 0 && len(f)/c != count {
		return nil, 0, fmt.Errorf("attribute %s: accessor %d has count %d, POSITION has %d", name, ai, len(f)/c, count)
	}
	return f, c, nil
}

func (l *loader) primitive(gp *gltf.Primitive) (model.Primitive, error) {
	p := model.Primitive{Material: -1}
	if gp.Material != nil {
		if *gp.Material < 0 || *gp.Material >= len(l.doc.Materials) {
			return p, fmt.Errorf("material %d out of range (%d materials)", *gp.Material, len(l.doc.Materials))
		}
		p.Material = *gp.Material
	}
	pos, _, err := l.attr(gp.Attributes, gltf.POSITION, []int{3}, -1)
	if err != nil {
		return p, err
	}
	if pos == nil {
		return p, fmt.Errorf("no POSITION attribute")
	}
	n := len(pos) / 3
	p.Positions = vec3s(pos)
	if f, _, err := l.attr(gp.Attributes, gltf.NORMAL, []int{3}, n); err != nil {
		return p, err
	} else {
		p.Normals = vec3s(f)
	}
	if f, _, err := l.attr(gp.Attributes, gltf.TANGENT, []int{4}, n); err != nil {
		return p, err
	} else {
		p.Tangents = vec4s(f)
	}
	if f, _, err := l.attr(gp.Attributes, gltf.TEXCOORD_0, []int{2}, n); err != nil {
		return p, err
	} else {
		p.UV0 = vec2s(f)
	}
	if f, _, err := l.attr(gp.Attributes, gltf.TEXCOORD_1, []int{2}, n); err != nil {
		return p, err
	} else {
		p.UV1 = vec2s(f)
	}
	if f, c, err := l.attr(gp.Attributes, gltf.COLOR_0, []int{3, 4}, n); err != nil {
		return p, err
	} else if c == 4 {
		p.Colors = vec4s(f)
	} else if c == 3 {
		p.Colors = make([][4]float32, n)
		for i := range p.Colors {
			p.Colors[i] = [4]float32{f[3*i], f[3*i+1], f[3*i+2], 1}
		}
	}
	if f, _, err := l.attr(gp.Attributes, gltf.WEIGHTS_0, []int{4}, n); err != nil {
		return p, err
	} else {
		p.Weights = vec4s(f)
	}
	if ai, ok := gp.Attributes[gltf.JOINTS_0]; ok {
		u, c, err := l.uints(ai)
		if err != nil {
			return p, fmt.Errorf("attribute JOINTS_0: %w", err)
		}
		if c != 4 || len(u)/4 != n {
			return p, fmt.Errorf("attribute JOINTS_0: accessor %d: want %d VEC4 elements", ai, n)
		}
		p.Joints = make([][4]uint16, n)
		for i := range p.Joints {
			for k := 0; k < 4; k++ {
				p.Joints[i][k] = uint16(min(u[4*i+k], 65535))
			}
		}
	}
	for a := range gp.Attributes {
		if strings.HasPrefix(a, "TEXCOORD_") && a != gltf.TEXCOORD_0 && a != gltf.TEXCOORD_1 ||
			strings.HasPrefix(a, "COLOR_") && a != gltf.COLOR_0 ||
			(strings.HasPrefix(a, "JOINTS_") || strings.HasPrefix(a, "WEIGHTS_")) && a != gltf.JOINTS_0 && a != gltf.WEIGHTS_0 {
			l.warnf("attribute %s ignored (only the first sets are imported)", a)
		}
	}
	// Indices.
	var idx []uint32
	if gp.Indices != nil {
		u, c, err := l.uints(*gp.Indices)
		if err != nil {
			return p, fmt.Errorf("indices: %w", err)
		}
		if c != 1 {
			return p, fmt.Errorf("indices: accessor %d is not SCALAR", *gp.Indices)
		}
		for i, v := range u {
			if v >= uint32(n) {
				return p, fmt.Errorf("indices: accessor %d: index %d = %d out of range (%d vertices)", *gp.Indices, i, v, n)
			}
		}
		idx = u
	} else {
		idx = make([]uint32, n)
		for i := range idx {
			idx[i] = uint32(i)
		}
	}
	p.Indices, p.Mode, err = convertMode(gp.Mode, idx)
	if err != nil {
		return p, err
	}
	if len(gp.Targets) > 0 {
		for ti, t := range gp.Targets {
			var mt model.MorphTarget
			for _, a := range []struct {
				name string
				dst  *[][3]float32
			}{{gltf.POSITION, &mt.Positions}, {gltf.NORMAL, &mt.Normals}, {gltf.TANGENT, &mt.Tangents}} {
				f, _, err := l.attr(t, a.name, []int{3}, n)
				if err != nil {
					return p, fmt.Errorf("target %d: %w", ti, err)
				}
				*a.dst = vec3s(f)
			}
			p.Targets = append(p.Targets, mt)
		}
	}
	if p.Mode == model.Triangles {
		if p.Normals == nil {
			p.Normals = model.GenerateNormals(p.Positions, p.Indices)
			p.GeneratedNormals = true
		}
		if p.Tangents == nil && p.Material >= 0 {
			m := &l.s.Materials[p.Material]
			uv := p.UV0
			if m.NormalTex.TexCoord == 1 {
				uv = p.UV1
			}
			if (m.NormalTex.Valid() || m.Clearcoat.NormalTex.Valid() || m.Anisotropy.Tex.Valid()) && uv != nil {
				p.Tangents = model.GenerateTangents(p.Positions, p.Normals, uv, p.Indices)
				p.GeneratedTangents = true
			}
		}
	}
	return p, nil
}

// convertMode turns strips, fans and loops into lists.
func convertMode(mode gltf.PrimitiveMode, idx []uint32) ([]uint32, model.Mode, error) {
	switch mode {
	case gltf.PrimitiveTriangles:
		if len(idx)%3 != 0 {
			return idx[:len(idx)/3*3], model.Triangles, nil
		}
		return idx, model.Triangles, nil
	case gltf.PrimitiveTriangleStrip:
		var out []uint32
		for i := 2; i < len(idx); i++ {
			if i%2 == 0 {
				out = append(out, idx[i-2], idx[i-1], idx[i])
			} else {
				out = append(out, idx[i-1], idx[i-2], idx[i])
			}
		}
		return out, model.Triangles, nil
	case gltf.PrimitiveTriangleFan:
		var out []uint32
		for i := 2; i < len(idx); i++ {
			out = append(out, idx[i-1], idx[i], idx[0])
		}
		return out, model.Triangles, nil
	case gltf.PrimitivePoints:
		return idx, model.Points, nil
	case gltf.PrimitiveLines:
		return idx[:len(idx)/2*2], model.Lines, nil
	case gltf.PrimitiveLineStrip, gltf.PrimitiveLineLoop:
		var out []uint32
		for i := 1; i < len(idx); i++ {
			out = append(out, idx[i-1], idx[i])
		}
		if mode == gltf.PrimitiveLineLoop && len(idx) > 2 {
			out = append(out, idx[len(idx)-1], idx[0])
		}
		return out, model.Lines, nil
	}
	return nil, 0, fmt.Errorf("unknown mode %d", mode)
}

// nonFinitePositions describes the first NaN or infinite position of p
// (POSITION or a morph target's), naming the accessor, or returns "".
// Such a vertex has no place in space: the loader skips the primitive.
func nonFinitePositions(gp *gltf.Primitive, p *model.Primitive) string {
	check := func(pos [][3]float32, what string, acc int) string {
		bad, first := 0, -1
		for i, v := range pos {
			if !finite3(v) {
				bad++
				if first < 0 {
					first = i
				}
			}
		}
		if bad == 0 {
			return ""
		}
		return fmt.Sprintf("%s accessor %d has %d non-finite (NaN or infinite) positions, the first at vertex %d: %v",
			what, acc, bad, first, pos[first])
	}
	if s := check(p.Positions, "POSITION", gp.Attributes[gltf.POSITION]); s != "" {
		return s
	}
	for ti, t := range p.Targets {
		acc := -1
		if ti < len(gp.Targets) {
			if a, ok := gp.Targets[ti][gltf.POSITION]; ok {
				acc = a
			}
		}
		if s := check(t.Positions, fmt.Sprintf("morph target %d POSITION", ti), acc); s != "" {
			return s
		}
	}
	return ""
}

func finite3(v [3]float32) bool {
	for _, x := range v {
		if x-x != 0 { // NaN or ±Inf
			return false
		}
	}
	return true
}
