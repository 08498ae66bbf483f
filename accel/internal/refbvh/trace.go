package refbvh

import "math"

// Ray is a ray with its distance interval [TMin, TMax].
type Ray struct {
	Origin, Dir [3]float32
	TMin, TMax  float32
}

// Hit is a ray's hit: the distance, the barycentric weights of vertices 1
// and 2, the triangle's index in the mesh, and whether the triangle's
// vertices appear clockwise from the ray's origin (Metal's default front
// face).
type Hit struct {
	T, U, V float32
	Prim    uint32
	Front   bool
}

// stackSize bounds the traversal stack; a binned SAH tree over a mesh of
// float32 vertices stays far below it.
const stackSize = 64

// prep holds a ray's inverse direction for the slab tests.
type prep struct {
	o, inv [3]float32
}

func newPrep(r *Ray) prep {
	p := prep{o: r.Origin}
	for k := range 3 {
		if r.Dir[k] == 0 {
			p.inv[k] = float32(math.Copysign(math.Inf(1), float64(math.Float32bits(r.Dir[k])>>31)*-2+1))
		} else {
			p.inv[k] = 1 / r.Dir[k]
		}
	}
	return p
}

// slab returns the ray's entry distance into n, or +Inf when the ray
// misses it within [tmin, tmax]. NaN slab distances (an origin on a slab
// plane of a zero direction component) do not narrow the interval.
func (p *prep) slab(n *node, tmin, tmax float32) float32 {
	x0, x1 := (n.lo[0]-p.o[0])*p.inv[0], (n.hi[0]-p.o[0])*p.inv[0]
	y0, y1 := (n.lo[1]-p.o[1])*p.inv[1], (n.hi[1]-p.o[1])*p.inv[1]
	z0, z1 := (n.lo[2]-p.o[2])*p.inv[2], (n.hi[2]-p.o[2])*p.inv[2]
	// min and max of each pair, written so that a NaN pair (0·Inf) leaves
	// the interval alone: every comparison with NaN is false
	if x0 > x1 {
		x0, x1 = x1, x0
	}
	if y0 > y1 {
		y0, y1 = y1, y0
	}
	if z0 > z1 {
		z0, z1 = z1, z0
	}
	if x0 > tmin {
		tmin = x0
	}
	if y0 > tmin {
		tmin = y0
	}
	if z0 > tmin {
		tmin = z0
	}
	if x1 < tmax {
		tmax = x1
	}
	if y1 < tmax {
		tmax = y1
	}
	if z1 < tmax {
		tmax = z1
	}
	if tmin > tmax {
		return float32(math.Inf(1))
	}
	return tmin
}

// intersect is Möller–Trumbore in float32: the hit distance and
// barycentrics and the determinant, ok when the ray crosses the triangle
// strictly inside (tmin, tmax).
func intersect(r *Ray, t *tri, tmin, tmax float32) (d, u, v, det float32, ok bool) {
	px := r.Dir[1]*t.e2[2] - r.Dir[2]*t.e2[1]
	py := r.Dir[2]*t.e2[0] - r.Dir[0]*t.e2[2]
	pz := r.Dir[0]*t.e2[1] - r.Dir[1]*t.e2[0]
	det = t.e1[0]*px + t.e1[1]*py + t.e1[2]*pz
	if det == 0 {
		return
	}
	inv := 1 / det
	sx, sy, sz := r.Origin[0]-t.v0[0], r.Origin[1]-t.v0[1], r.Origin[2]-t.v0[2]
	u = (sx*px + sy*py + sz*pz) * inv
	if u < 0 || u > 1 {
		return
	}
	qx := sy*t.e1[2] - sz*t.e1[1]
	qy := sz*t.e1[0] - sx*t.e1[2]
	qz := sx*t.e1[1] - sy*t.e1[0]
	v = (r.Dir[0]*qx + r.Dir[1]*qy + r.Dir[2]*qz) * inv
	if v < 0 || u+v > 1 {
		return
	}
	d = (t.e2[0]*qx + t.e2[1]*qy + t.e2[2]*qz) * inv
	ok = d > tmin && d < tmax
	return
}

// Intersect finds the nearest hit of r, or reports false.
func (b *BVH) Intersect(r *Ray, h *Hit) bool {
	return b.trace(r, h, false)
}

// Occluded reports whether r hits anything (any hit, the first found).
func (b *BVH) Occluded(r *Ray) bool {
	var h Hit
	return b.trace(r, &h, true)
}

func (b *BVH) trace(r *Ray, h *Hit, anyHit bool) bool {
	p := newPrep(r)
	tmin, tmax := r.TMin, r.TMax
	found := false
	var stack [stackSize]struct {
		n uint32
		t float32
	}
	sp := 0
	if len(b.tris) == 0 || p.slab(&b.nodes[0], tmin, tmax) == float32(math.Inf(1)) {
		return false
	}
	ni := uint32(0)
	for {
		n := &b.nodes[ni]
		if n.count > 0 {
			for i := n.first; i < n.first+n.count; i++ {
				d, u, v, det, ok := intersect(r, &b.tris[i], tmin, tmax)
				if !ok {
					continue
				}
				tmax, found = d, true
				*h = Hit{T: d, U: u, V: v, Prim: b.prims[i], Front: det < 0}
				if anyHit {
					return true
				}
			}
		} else {
			near, far := n.first, n.first+1
			t0 := p.slab(&b.nodes[near], tmin, tmax)
			t1 := p.slab(&b.nodes[far], tmin, tmax)
			if t1 < t0 {
				near, far, t0, t1 = far, near, t1, t0
			}
			if t0 != float32(math.Inf(1)) {
				if t1 != float32(math.Inf(1)) {
					stack[sp].n, stack[sp].t = far, t1
					sp++
				}
				ni = near
				continue
			}
		}
		// pop the next node still nearer than the nearest hit
		for {
			if sp == 0 {
				return found
			}
			sp--
			if stack[sp].t <= tmax {
				break
			}
		}
		ni = stack[sp].n
	}
}
