package model

import (
	"math"
)

func normalize3(v [3]float32) [3]float32 {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
	if l == 0 || math.IsNaN(float64(l)) || math.IsInf(float64(l), 0) {
		return [3]float32{0, 0, 1}
	}
	return [3]float32{v[0] / l, v[1] / l, v[2] / l}
}

func sub3(a, b [3]float32) [3]float32 { return [3]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross3(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot3(a, b [3]float32) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// cornerAngle returns the angle at a of triangle (a, b, c).
func cornerAngle(a, b, c [3]float32) float32 {
	u, v := normalize3(sub3(b, a)), normalize3(sub3(c, a))
	d := max(-1, min(1, dot3(u, v)))
	return float32(math.Acos(float64(d)))
}

// FaceNormal returns the unit normal of a counter-clockwise triangle (zero
// length triangles give +Z).
func FaceNormal(a, b, c [3]float32) [3]float32 {
	return normalize3(cross3(sub3(b, a), sub3(c, a)))
}

// GenerateNormals computes smooth per-vertex normals for an indexed
// triangle list: each triangle adds its unit face normal weighted by its
// corner angle at the vertex (Thürmer–Wüthrich), then the sums are
// normalized. Vertices used by no triangle get +Z.
func GenerateNormals(pos [][3]float32, idx []uint32) [][3]float32 {
	acc := make([][3]float32, len(pos))
	for t := 0; t+2 < len(idx); t += 3 {
		i0, i1, i2 := idx[t], idx[t+1], idx[t+2]
		a, b, c := pos[i0], pos[i1], pos[i2]
		cr := cross3(sub3(b, a), sub3(c, a))
		if dot3(cr, cr) == 0 {
			continue
		}
		n := normalize3(cr)
		w := [3]float32{cornerAngle(a, b, c), cornerAngle(b, c, a), cornerAngle(c, a, b)}
		for k, vi := range [3]uint32{i0, i1, i2} {
			for e := 0; e < 3; e++ {
				acc[vi][e] += w[k] * n[e]
			}
		}
	}
	for i := range acc {
		acc[i] = normalize3(acc[i])
	}
	return acc
}

// GenerateTangents computes per-vertex tangents for an indexed triangle
// list with normals and UVs, in the MikkTSpace convention (tangent along
// +U, bitangent along +V, w = handedness so that B = w * cross(N, T)):
// per-triangle UV gradients are accumulated with corner-angle weights,
// orthogonalized against the vertex normal (Gram-Schmidt) and normalized.
// Unlike full MikkTSpace it does not split vertices whose triangles
// disagree in handedness; for meshes exported with split UV seams (the
// norm for glTF) the results agree.
func GenerateTangents(pos, nrm [][3]float32, uv [][2]float32, idx []uint32) [][4]float32 {
	tan := make([][3]float32, len(pos))
	bit := make([][3]float32, len(pos))
	for t := 0; t+2 < len(idx); t += 3 {
		i := [3]uint32{idx[t], idx[t+1], idx[t+2]}
		p0, p1, p2 := pos[i[0]], pos[i[1]], pos[i[2]]
		e1, e2 := sub3(p1, p0), sub3(p2, p0)
		du1, dv1 := uv[i[1]][0]-uv[i[0]][0], uv[i[1]][1]-uv[i[0]][1]
		du2, dv2 := uv[i[2]][0]-uv[i[0]][0], uv[i[2]][1]-uv[i[0]][1]
		det := du1*dv2 - du2*dv1
		if det == 0 || math.IsNaN(float64(det)) {
			continue
		}
		r := 1 / det
		// glTF UVs have V down; MikkTSpace works with V up (flip V).
		var sd, td [3]float32
		for e := 0; e < 3; e++ {
			sd[e] = (e1[e]*dv2 - e2[e]*dv1) * r
			td[e] = (e2[e]*du1 - e1[e]*du2) * r
		}
		sd, td = normalize3(sd), normalize3(td)
		w := [3]float32{cornerAngle(p0, p1, p2), cornerAngle(p1, p2, p0), cornerAngle(p2, p0, p1)}
		for k, vi := range i {
			for e := 0; e < 3; e++ {
				tan[vi][e] += w[k] * sd[e]
				bit[vi][e] += w[k] * td[e]
			}
		}
	}
	out := make([][4]float32, len(pos))
	for v := range pos {
		n := [3]float32{0, 0, 1}
		if v < len(nrm) {
			n = nrm[v]
		}
		t := tan[v]
		d := dot3(n, t)
		t = [3]float32{t[0] - n[0]*d, t[1] - n[1]*d, t[2] - n[2]*d}
		if dot3(t, t) < 1e-20 {
			t = anyPerp(n)
		}
		t = normalize3(t)
		// With V pointing down in glTF, the bitangent of a right-handed
		// frame points to -V, so the stored sign flips.
		w := float32(1)
		if dot3(cross3(n, t), bit[v]) > 0 {
			w = -1
		}
		out[v] = [4]float32{t[0], t[1], t[2], w}
	}
	return out
}

func anyPerp(n [3]float32) [3]float32 {
	if math.Abs(float64(n[0])) < 0.9 {
		return cross3(n, [3]float32{1, 0, 0})
	}
	return cross3(n, [3]float32{0, 1, 0})
}
