package refpt

// node is a BVH node: its bounds, and either two children (count 0: the
// left child follows at index+1, the right is at right) or count
// triangles from first.
type node struct {
	lo, hi       vec3
	right, first int32
	count        int32
	axis         int32 // split axis, to visit the nearer child first
}

const (
	maxLeaf = 4  // triangles in a leaf
	sahBins = 12 // candidate split planes per axis
	// Cost of a traversal step relative to one triangle test.
	traversalCost = 1.0
	// maxDepth bounds the tree's depth (the traversal stack holds 64).
	maxDepth = 60
)

type aabb struct{ lo, hi vec3 }

func emptyBox() aabb {
	const inf = 3.4e38
	return aabb{vec3{inf, inf, inf}, vec3{-inf, -inf, -inf}}
}

func (b *aabb) grow(p vec3)  { b.lo, b.hi = vmin(b.lo, p), vmax(b.hi, p) }
func (b *aabb) union(o aabb) { b.lo, b.hi = vmin(b.lo, o.lo), vmax(b.hi, o.hi) }
func (b aabb) area() float32 {
	d := b.hi.sub(b.lo)
	if d.x < 0 {
		return 0
	}
	return 2 * (d.x*d.y + d.y*d.z + d.z*d.x)
}

func triBox(t *triangle) aabb {
	b := emptyBox()
	b.grow(t.p0)
	b.grow(t.p0.add(t.e1))
	b.grow(t.p0.add(t.e2))
	return b
}

// buildBVH reorders tris in place and returns their BVH (binned SAH,
// depth-first node order).
func buildBVH(tris []triangle) []node {
	if len(tris) == 0 {
		return nil
	}
	boxes := make([]aabb, len(tris))
	cents := make([]vec3, len(tris))
	for i := range tris {
		boxes[i] = triBox(&tris[i])
		cents[i] = boxes[i].lo.add(boxes[i].hi).scale(0.5)
	}
	b := builder{tris: tris, boxes: boxes, cents: cents}
	b.nodes = make([]node, 0, 2*len(tris)/maxLeaf+1)
	b.build(0, len(tris), 0)
	return b.nodes
}

type builder struct {
	tris  []triangle
	boxes []aabb
	cents []vec3
	nodes []node
}

func (b *builder) swap(i, j int) {
	b.tris[i], b.tris[j] = b.tris[j], b.tris[i]
	b.boxes[i], b.boxes[j] = b.boxes[j], b.boxes[i]
	b.cents[i], b.cents[j] = b.cents[j], b.cents[i]
}

// build makes the node of tris[first:end] at the given depth and its
// subtree; it returns the node's index.
func (b *builder) build(first, end, depth int) int32 {
	idx := int32(len(b.nodes))
	b.nodes = append(b.nodes, node{})
	box, cbox := emptyBox(), emptyBox()
	for i := first; i < end; i++ {
		box.union(b.boxes[i])
		cbox.grow(b.cents[i])
	}
	n := end - first
	leaf := node{lo: box.lo, hi: box.hi, first: int32(first), count: int32(n)}
	if n <= maxLeaf || depth >= maxDepth {
		b.nodes[idx] = leaf
		return idx
	}
	axis, split, cost := b.bestSplit(first, end, box.area(), cbox)
	if axis < 0 {
		// All centroids coincide: split the range in half.
		return b.inner(idx, box, 0, first, first+n/2, end, depth)
	}
	if cost >= float32(n) && n <= 4*maxLeaf {
		b.nodes[idx] = leaf // testing them all is cheaper than any split
		return idx
	}
	// Partition in place by the chosen bin plane.
	lo, ext := cbox.lo.axis(axis), cbox.hi.axis(axis)-cbox.lo.axis(axis)
	i, j := first, end-1
	for i <= j {
		if binOf(b.cents[i].axis(axis), lo, ext) < split {
			i++
		} else {
			b.swap(i, j)
			j--
		}
	}
	return b.inner(idx, box, axis, first, i, end, depth)
}

func (b *builder) inner(idx int32, box aabb, axis, first, mid, end, depth int) int32 {
	b.build(first, mid, depth+1)
	right := b.build(mid, end, depth+1)
	b.nodes[idx] = node{lo: box.lo, hi: box.hi, right: right, axis: int32(axis)}
	return idx
}

func binOf(c, lo, ext float32) int {
	k := int(float32(sahBins) * (c - lo) / ext)
	return min(max(k, 0), sahBins-1)
}

// bestSplit returns the axis and bin index of the cheapest SAH split of
// tris[first:end] (triangles of bins below split go left) and its cost
// in triangle tests, areas relative to the node's (parent); axis −1 when
// all centroids coincide.
func (b *builder) bestSplit(first, end int, parent float32, cbox aabb) (axis, split int, cost float32) {
	axis, cost = -1, 3.4e38
	if !(parent > 0) {
		parent = 1
	}
	for a := range 3 {
		lo, ext := cbox.lo.axis(a), cbox.hi.axis(a)-cbox.lo.axis(a)
		if !(ext > 0) {
			continue
		}
		var bins [sahBins]aabb
		var counts [sahBins]int
		for k := range bins {
			bins[k] = emptyBox()
		}
		for i := first; i < end; i++ {
			k := binOf(b.cents[i].axis(a), lo, ext)
			counts[k]++
			bins[k].union(b.boxes[i])
		}
		// Sweep from the right to get the area and count of every suffix.
		var rightArea [sahBins]float32
		var rightCount [sahBins]int
		acc, cnt := emptyBox(), 0
		for k := sahBins - 1; k > 0; k-- {
			acc.union(bins[k])
			cnt += counts[k]
			rightArea[k], rightCount[k] = acc.area(), cnt
		}
		acc, cnt = emptyBox(), 0
		for k := 1; k < sahBins; k++ {
			acc.union(bins[k-1])
			cnt += counts[k-1]
			if cnt == 0 || rightCount[k] == 0 {
				continue
			}
			c := traversalCost + (acc.area()*float32(cnt)+rightArea[k]*float32(rightCount[k]))/parent
			if c < cost {
				axis, split, cost = a, k, c
			}
		}
	}
	return axis, split, cost
}

// hit is a ray's closest intersection.
type hit struct {
	t      float32
	b1, b2 float32 // barycentrics of vertices 1 and 2
	tri    int32
}

// ray is a ray with its reciprocal direction, for the slab test.
type ray struct {
	o, d, inv vec3
	neg       [3]bool // direction component < 0
}

func newRay(o, d vec3) ray {
	r := ray{o: o, d: d, inv: vec3{1 / d.x, 1 / d.y, 1 / d.z}}
	r.neg = [3]bool{d.x < 0, d.y < 0, d.z < 0}
	return r
}

// slab reports whether r enters box [lo, hi] within (tmin, tmax).
func (r *ray) slab(lo, hi vec3, tmin, tmax float32) bool {
	tx0, tx1 := (lo.x-r.o.x)*r.inv.x, (hi.x-r.o.x)*r.inv.x
	ty0, ty1 := (lo.y-r.o.y)*r.inv.y, (hi.y-r.o.y)*r.inv.y
	tz0, tz1 := (lo.z-r.o.z)*r.inv.z, (hi.z-r.o.z)*r.inv.z
	t0 := max(min(tx0, tx1), min(ty0, ty1), min(tz0, tz1), tmin)
	t1 := min(max(tx0, tx1), max(ty0, ty1), max(tz0, tz1), tmax)
	return t0 <= t1
}

// intersectTri is Möller–Trumbore: the distance and barycentrics of r's
// hit on t, and whether the triangle faces the ray (counter-clockwise
// seen from the origin).
func intersectTri(r *ray, t *triangle) (dist, b1, b2 float32, front, ok bool) {
	pv := r.d.cross(t.e2)
	det := t.e1.dot(pv)
	if det == 0 || det != det {
		return
	}
	inv := 1 / det
	tv := r.o.sub(t.p0)
	b1 = tv.dot(pv) * inv
	if b1 < 0 || b1 > 1 {
		return
	}
	qv := tv.cross(t.e1)
	b2 = r.d.dot(qv) * inv
	if b2 < 0 || b1+b2 > 1 {
		return
	}
	return t.e2.dot(qv) * inv, b1, b2, det > 0, true
}

// closest returns the nearest hit of r in (tmin, tmax); cull skips the
// back faces of single-sided materials.
func (s *Scene) closest(r *ray, tmin, tmax float32, cull bool) (hit, bool) {
	h := hit{t: tmax, tri: -1}
	if len(s.bvh) == 0 {
		return h, false
	}
	var stack [64]int32
	sp := 0
	ni := int32(0)
	for {
		n := &s.bvh[ni]
		if r.slab(n.lo, n.hi, tmin, h.t) {
			if n.count > 0 {
				for i := n.first; i < n.first+n.count; i++ {
					t := &s.tris[i]
					d, b1, b2, front, ok := intersectTri(r, t)
					if !ok || !(d > tmin) || !(d < h.t) {
						continue
					}
					if cull && !front && !s.materials[t.material].doubleSided {
						continue
					}
					h = hit{t: d, b1: b1, b2: b2, tri: i}
				}
			} else {
				near, far := ni+1, n.right
				if r.neg[n.axis] {
					near, far = far, near
				}
				stack[sp] = far
				sp++
				ni = near
				continue
			}
		}
		if sp == 0 {
			break
		}
		sp--
		ni = stack[sp]
	}
	return h, h.tri >= 0
}

// occluded reports whether anything lies on r within (tmin, tmax).
func (s *Scene) occluded(r *ray, tmin, tmax float32) bool {
	if len(s.bvh) == 0 {
		return false
	}
	var stack [64]int32
	sp := 0
	ni := int32(0)
	for {
		n := &s.bvh[ni]
		if r.slab(n.lo, n.hi, tmin, tmax) {
			if n.count > 0 {
				for i := n.first; i < n.first+n.count; i++ {
					d, _, _, _, ok := intersectTri(r, &s.tris[i])
					if ok && d > tmin && d < tmax {
						return true
					}
				}
			} else {
				stack[sp] = n.right
				sp++
				ni++
				continue
			}
		}
		if sp == 0 {
			return false
		}
		sp--
		ni = stack[sp]
	}
}
