package model

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Skin binds a mesh's JOINTS/WEIGHTS streams to nodes.
type Skin struct {
	Name string
	// Joints are node indices.
	Joints []int
	// InverseBind has one matrix per joint (identity when absent in the file).
	InverseBind []mgl32.Mat4
	// Skeleton is the root node hint, -1 if none.
	Skeleton int
}

// Deform returns the instance's mesh with morph targets and skinning
// applied for pose p. Positions, normals and tangents are new slices; every
// other stream is shared with the rest-pose mesh. For skinned instances the
// result is in world space (the instance's Transform is the identity).
// Instances that do not deform return the rest-pose mesh itself.
func (s *Scene) Deform(in Instance, p *Pose) *Mesh {
	rest := s.Meshes[in.Mesh]
	if !in.Deforms {
		return rest
	}
	out := &Mesh{Name: rest.Name, Weights: in.Weights, Primitives: make([]Primitive, len(rest.Primitives))}
	var joints, normalMats []mgl32.Mat4
	if in.Skin >= 0 && in.Skin < len(s.Skins) {
		sk := &s.Skins[in.Skin]
		joints = make([]mgl32.Mat4, len(sk.Joints))
		normalMats = make([]mgl32.Mat4, len(sk.Joints))
		for j, nodeIdx := range sk.Joints {
			w := mgl32.Ident4()
			if nodeIdx >= 0 && nodeIdx < len(p.World) {
				w = p.World[nodeIdx]
			}
			ib := mgl32.Ident4()
			if j < len(sk.InverseBind) {
				ib = sk.InverseBind[j]
			}
			joints[j] = w.Mul4(ib)
			normalMats[j] = joints[j].Mat3().Inv().Transpose().Mat4()
		}
	}
	for i := range rest.Primitives {
		rp := &rest.Primitives[i]
		np := *rp
		morph := len(rp.Targets) > 0 && anyNonZero(in.Weights)
		if morph || joints != nil {
			np.Positions = append([][3]float32(nil), rp.Positions...)
			if rp.Normals != nil {
				np.Normals = append([][3]float32(nil), rp.Normals...)
			}
			if rp.Tangents != nil {
				np.Tangents = append([][4]float32(nil), rp.Tangents...)
			}
		}
		if morph {
			applyMorph(&np, rp.Targets, in.Weights)
		}
		if joints != nil && rp.Joints != nil && rp.Weights != nil {
			applySkin(&np, rp, joints, normalMats)
		}
		out.Primitives[i] = np
	}
	out.ComputeBounds()
	return out
}

func anyNonZero(w []float32) bool {
	for _, x := range w {
		if x != 0 {
			return true
		}
	}
	return false
}

func applyMorph(p *Primitive, targets []MorphTarget, weights []float32) {
	for ti, tg := range targets {
		if ti >= len(weights) || weights[ti] == 0 {
			continue
		}
		w := weights[ti]
		for v := range p.Positions {
			if tg.Positions != nil {
				for k := 0; k < 3; k++ {
					p.Positions[v][k] += w * tg.Positions[v][k]
				}
			}
			if tg.Normals != nil && p.Normals != nil {
				for k := 0; k < 3; k++ {
					p.Normals[v][k] += w * tg.Normals[v][k]
				}
			}
			if tg.Tangents != nil && p.Tangents != nil {
				for k := 0; k < 3; k++ {
					p.Tangents[v][k] += w * tg.Tangents[v][k]
				}
			}
		}
	}
	for v := range p.Normals {
		p.Normals[v] = normalize3(p.Normals[v])
	}
	for v := range p.Tangents {
		t := normalize3([3]float32{p.Tangents[v][0], p.Tangents[v][1], p.Tangents[v][2]})
		p.Tangents[v] = [4]float32{t[0], t[1], t[2], p.Tangents[v][3]}
	}
}

func applySkin(p *Primitive, rp *Primitive, joints, normalMats []mgl32.Mat4) {
	for v := range p.Positions {
		var m, nm mgl32.Mat4
		for k := 0; k < 4; k++ {
			w := rp.Weights[v][k]
			j := int(rp.Joints[v][k])
			if w == 0 || j >= len(joints) {
				continue
			}
			for e := 0; e < 16; e++ {
				m[e] += w * joints[j][e]
				nm[e] += w * normalMats[j][e]
			}
		}
		q := m.Mul4x1(vec4(p.Positions[v]))
		p.Positions[v] = [3]float32{q[0], q[1], q[2]}
		if p.Normals != nil {
			n := nm.Mul4x1(mgl32.Vec4{p.Normals[v][0], p.Normals[v][1], p.Normals[v][2], 0})
			p.Normals[v] = normalize3([3]float32{n[0], n[1], n[2]})
		}
		if p.Tangents != nil {
			t := m.Mul4x1(mgl32.Vec4{p.Tangents[v][0], p.Tangents[v][1], p.Tangents[v][2], 0})
			tn := normalize3([3]float32{t[0], t[1], t[2]})
			p.Tangents[v] = [4]float32{tn[0], tn[1], tn[2], p.Tangents[v][3]}
		}
	}
}
