package mesh

import "math"

// Bounds are a meshlet's culling data: a bounding sphere of its vertices and
// a normal cone. The cone holds every triangle's normal (cross(b-a, c-a), so
// counter-clockwise triangles face the viewer, as in glTF and OBJ): a viewer
// for which BackFacing is true sees only back faces of the meshlet.
type Bounds struct {
	Center [3]float32
	Radius float32
	// ConeApex lies behind the plane of every triangle; ConeAxis is the unit
	// mean normal; ConeCutoff is the sine of the cone's half angle, 1 when
	// the normals spread over more than a hemisphere (never back-facing).
	ConeApex   [3]float32
	ConeAxis   [3]float32
	ConeCutoff float32
}

// BackFacing reports whether every triangle of the meshlet faces away from
// a perspective viewer at eye (meshoptimizer's apex test).
func (b *Bounds) BackFacing(eye [3]float32) bool {
	if b.ConeCutoff >= 1 {
		return false
	}
	d := sub3(b.ConeApex, eye)
	l := float32(math.Sqrt(float64(dot3(d, d))))
	return dot3(d, b.ConeAxis) >= b.ConeCutoff*l
}

// BackFacingOrtho reports whether every triangle faces away from an
// orthographic viewer looking along the unit direction view.
func (b *Bounds) BackFacingOrtho(view [3]float32) bool {
	return b.ConeCutoff < 1 && dot3(view, b.ConeAxis) >= b.ConeCutoff
}

// OutsideFrustum reports whether the bounding sphere lies wholly outside one
// of the planes (a, b, c, d), each with its normal (a, b, c) pointing into
// the frustum: the sphere is outside when a·x + b·y + c·z + d < -r·|n|.
func (b *Bounds) OutsideFrustum(planes *[6][4]float32) bool {
	for i := range planes {
		p := &planes[i]
		n := float32(math.Sqrt(float64(p[0]*p[0] + p[1]*p[1] + p[2]*p[2])))
		if p[0]*b.Center[0]+p[1]*b.Center[1]+p[2]*b.Center[2]+p[3] < -b.Radius*n {
			return true
		}
	}
	return false
}

// FrustumPlanes extracts the six inward clip planes (left, right, bottom,
// top, near, far) of a column-major view-projection matrix with Metal's
// clip volume -w ≤ x, y ≤ w, 0 ≤ z ≤ w.
func FrustumPlanes(m *[16]float32) [6][4]float32 {
	row := func(i int) [4]float32 { return [4]float32{m[i], m[4+i], m[8+i], m[12+i]} }
	r0, r1, r2, r3 := row(0), row(1), row(2), row(3)
	add := func(a, b [4]float32, s float32) [4]float32 {
		return [4]float32{a[0] + s*b[0], a[1] + s*b[1], a[2] + s*b[2], a[3] + s*b[3]}
	}
	return [6][4]float32{add(r3, r0, 1), add(r3, r0, -1), add(r3, r1, 1), add(r3, r1, -1), r2, add(r3, r2, -1)}
}

// computeBounds returns the bounds of one meshlet (vertex list and local
// triangle indices). Work is in float64 and the results are widened by a
// small relative margin, so float32 rounding in the tests never culls a
// front-facing triangle or one that pokes out of the sphere.
func computeBounds(pos [][3]float32, verts []uint32, tris []uint8) Bounds {
	type v3 = [3]float64
	at := func(l uint8) v3 {
		p := pos[verts[l]]
		return v3{float64(p[0]), float64(p[1]), float64(p[2])}
	}
	// Ritter's sphere over the vertices: the longest of the three axis
	// extreme pairs as the initial diameter, then grow to fit.
	var pmin, pmax [3]int
	for i := range verts {
		p := at(uint8(i))
		for k := range 3 {
			if p[k] < at(uint8(pmin[k]))[k] {
				pmin[k] = i
			}
			if p[k] > at(uint8(pmax[k]))[k] {
				pmax[k] = i
			}
		}
	}
	axis, axisD2 := 0, -1.0
	for k := range 3 {
		a, b := at(uint8(pmin[k])), at(uint8(pmax[k]))
		d2 := (b[0]-a[0])*(b[0]-a[0]) + (b[1]-a[1])*(b[1]-a[1]) + (b[2]-a[2])*(b[2]-a[2])
		if d2 > axisD2 {
			axis, axisD2 = k, d2
		}
	}
	p1, p2 := at(uint8(pmin[axis])), at(uint8(pmax[axis]))
	c := v3{(p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2, (p1[2] + p2[2]) / 2}
	r := math.Sqrt(axisD2) / 2
	for i := range verts {
		p := at(uint8(i))
		d2 := (p[0]-c[0])*(p[0]-c[0]) + (p[1]-c[1])*(p[1]-c[1]) + (p[2]-c[2])*(p[2]-c[2])
		if d2 > r*r {
			d := math.Sqrt(d2)
			k := 0.5 + (r/d)/2
			for j := range 3 {
				c[j] = c[j]*k + p[j]*(1-k)
			}
			r = (r + d) / 2
		}
	}
	scale := math.Max(math.Max(math.Abs(c[0]), math.Abs(c[1])), math.Max(math.Abs(c[2]), r))
	r += 1e-5*scale + 1e-30
	b := Bounds{Center: [3]float32{float32(c[0]), float32(c[1]), float32(c[2])}, Radius: float32(r), ConeCutoff: 1}

	// Normal cone.
	nt := len(tris) / 3
	normals := make([]v3, 0, nt)
	corners := make([]v3, 0, nt)
	var ax v3
	for t := range nt {
		a, bb, cc := at(tris[3*t]), at(tris[3*t+1]), at(tris[3*t+2])
		e1 := v3{bb[0] - a[0], bb[1] - a[1], bb[2] - a[2]}
		e2 := v3{cc[0] - a[0], cc[1] - a[1], cc[2] - a[2]}
		n := v3{e1[1]*e2[2] - e1[2]*e2[1], e1[2]*e2[0] - e1[0]*e2[2], e1[0]*e2[1] - e1[1]*e2[0]}
		l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
		if l == 0 {
			continue // degenerate: never visible
		}
		n = v3{n[0] / l, n[1] / l, n[2] / l}
		normals = append(normals, n)
		corners = append(corners, a)
		for k := range 3 {
			ax[k] += n[k]
		}
	}
	al := math.Sqrt(ax[0]*ax[0] + ax[1]*ax[1] + ax[2]*ax[2])
	if len(normals) == 0 || al == 0 {
		return b
	}
	ax = v3{ax[0] / al, ax[1] / al, ax[2] / al}
	mindp := 1.0
	for _, n := range normals {
		mindp = math.Min(mindp, n[0]*ax[0]+n[1]*ax[1]+n[2]*ax[2])
	}
	const margin = 1e-4
	mindp -= margin
	if mindp <= 0.1 {
		return b // the cone spans (almost) a hemisphere: never back-facing
	}
	// The apex is the point c - t·axis behind every triangle plane.
	maxt := 0.0
	for i, n := range normals {
		p := corners[i]
		dc := (c[0]-p[0])*n[0] + (c[1]-p[1])*n[1] + (c[2]-p[2])*n[2]
		dn := ax[0]*n[0] + ax[1]*n[1] + ax[2]*n[2]
		maxt = math.Max(maxt, dc/dn)
	}
	maxt += margin * r
	b.ConeApex = [3]float32{float32(c[0] - ax[0]*maxt), float32(c[1] - ax[1]*maxt), float32(c[2] - ax[2]*maxt)}
	b.ConeAxis = [3]float32{float32(ax[0]), float32(ax[1]), float32(ax[2])}
	b.ConeCutoff = float32(math.Sqrt(1-mindp*mindp) + margin)
	if b.ConeCutoff >= 1 {
		b.ConeCutoff = 1
	}
	return b
}
