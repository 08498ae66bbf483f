package refbvh

import (
	"fmt"
	"math"
)

// Instance places a BVH in a scene: ObjectToWorld is an affine transform,
// column-major with the translation last (the point p maps to
// M[0:3]·p.x + M[3:6]·p.y + M[6:9]·p.z + M[9:12]).
type Instance struct {
	BVH           *BVH
	ObjectToWorld [12]float32
}

// Scene is a two-level BVH: a binary BVH over the instances' world-space
// bounds (built like a mesh's, one instance per leaf slot), whose leaves
// trace the ray, moved into each instance's object space, through the
// instance's own BVH. It is read-only after BuildScene and safe for
// concurrent tracing.
type Scene struct {
	top  *BVH // tris unused; prims are instance indices
	inst []sceneInstance
}

type sceneInstance struct {
	bvh           *BVH
	worldToObject [12]float32
}

// SceneHit is a hit in a scene: the hit in the instance's BVH and the
// instance's index.
type SceneHit struct {
	Hit
	Instance uint32
}

// BuildScene builds the top-level BVH over instances on workers goroutines
// (at most; 0 or 1: serial).
func BuildScene(instances []Instance, workers int) (*Scene, error) {
	n := len(instances)
	s := &Scene{inst: make([]sceneInstance, n)}
	bd := &builder{boxes: make([]box, n), cent: make([][3]float32, n), idx: make([]uint32, n)}
	for i, in := range instances {
		if in.BVH == nil {
			return nil, fmt.Errorf("refbvh: instances[%d]: nil BVH", i)
		}
		inv, ok := invertAffine(&in.ObjectToWorld)
		if !ok {
			return nil, fmt.Errorf("refbvh: instances[%d]: singular transform", i)
		}
		s.inst[i] = sceneInstance{bvh: in.BVH, worldToObject: inv}
		b := emptyBox()
		if len(in.BVH.tris) > 0 {
			ob := in.BVH.nodes[0]
			for c := 0; c < 8; c++ {
				p := [3]float32{ob.lo[0], ob.lo[1], ob.lo[2]}
				for k := range 3 {
					if c>>k&1 != 0 {
						p[k] = ob.hi[k]
					}
				}
				b.growPoint(xfPoint(&in.ObjectToWorld, p))
			}
		}
		bd.boxes[i] = b
		bd.cent[i] = [3]float32{(b.lo[0] + b.hi[0]) / 2, (b.lo[1] + b.hi[1]) / 2, (b.lo[2] + b.hi[2]) / 2}
		bd.idx[i] = uint32(i)
	}
	depth := 0
	for 1<<depth < workers {
		depth++
	}
	s.top = &BVH{}
	if n == 0 {
		s.top.nodes = []node{{lo: emptyBox().lo, hi: emptyBox().hi}}
		return s, nil
	}
	s.top.nodes = bd.subtree(0, n, depth)
	if d := s.top.depth(); d >= stackSize {
		return nil, fmt.Errorf("refbvh: top tree depth %d exceeds the traversal stack (%d)", d, stackSize)
	}
	s.top.prims = bd.idx
	return s, nil
}

func xfPoint(m *[12]float32, p [3]float32) [3]float32 {
	return [3]float32{
		m[0]*p[0] + m[3]*p[1] + m[6]*p[2] + m[9],
		m[1]*p[0] + m[4]*p[1] + m[7]*p[2] + m[10],
		m[2]*p[0] + m[5]*p[1] + m[8]*p[2] + m[11],
	}
}

func xfVector(m *[12]float32, v [3]float32) [3]float32 {
	return [3]float32{
		m[0]*v[0] + m[3]*v[1] + m[6]*v[2],
		m[1]*v[0] + m[4]*v[1] + m[7]*v[2],
		m[2]*v[0] + m[5]*v[1] + m[8]*v[2],
	}
}

// invertAffine inverts m (in float64, rounded once).
func invertAffine(m *[12]float32) ([12]float32, bool) {
	var a [3][3]float64 // a[r][c]
	for c := range 3 {
		for r := range 3 {
			a[r][c] = float64(m[3*c+r])
		}
	}
	det := a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return [12]float32{}, false
	}
	var inv [3][3]float64
	for r := range 3 {
		for c := range 3 {
			// cofactor of a[c][r] over det
			r1, r2 := (c+1)%3, (c+2)%3
			c1, c2 := (r+1)%3, (r+2)%3
			inv[r][c] = (a[r1][c1]*a[r2][c2] - a[r1][c2]*a[r2][c1]) / det
		}
	}
	var out [12]float32
	t := [3]float64{float64(m[9]), float64(m[10]), float64(m[11])}
	for c := range 3 {
		for r := range 3 {
			out[3*c+r] = float32(inv[r][c])
		}
	}
	for r := range 3 {
		out[9+r] = float32(-(inv[r][0]*t[0] + inv[r][1]*t[1] + inv[r][2]*t[2]))
	}
	return out, true
}

// Intersect finds the nearest hit of r (world space), or reports false.
func (s *Scene) Intersect(r *Ray, h *SceneHit) bool { return s.trace(r, h, false) }

// Occluded reports whether r hits anything.
func (s *Scene) Occluded(r *Ray) bool {
	var h SceneHit
	return s.trace(r, &h, true)
}

func (s *Scene) trace(r *Ray, h *SceneHit, anyHit bool) bool {
	b := s.top
	p := newPrep(r)
	tmin, tmax := r.TMin, r.TMax
	found := false
	var stack [stackSize]struct {
		n uint32
		t float32
	}
	sp := 0
	if len(s.inst) == 0 || p.slab(&b.nodes[0], tmin, tmax) == float32(math.Inf(1)) {
		return false
	}
	ni := uint32(0)
	for {
		n := &b.nodes[ni]
		if n.count > 0 {
			for i := n.first; i < n.first+n.count; i++ {
				idx := b.prims[i]
				in := &s.inst[idx]
				or := Ray{Origin: xfPoint(&in.worldToObject, r.Origin), Dir: xfVector(&in.worldToObject, r.Dir), TMin: tmin, TMax: tmax}
				if !in.bvh.trace(&or, &h.Hit, anyHit) {
					continue
				}
				tmax, found, h.Instance = h.T, true, idx
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
