package mesh

// kdTree indexes triangle centroids for the nearest-unused-triangle query
// that seeds a meshlet when the open one has no live neighbour. Each node
// counts its live items so that fully emitted subtrees are skipped, which
// keeps late queries as cheap as early ones.
type kdTree struct {
	nodes  []kdNode
	items  []kdItem // leaves own contiguous ranges
	leafOf []int32  // triangle id → leaf node
	dead   []bool
}

// kdItem is a triangle's centroid and id, kept together so that
// partitioning and searching touch one array.
type kdItem struct {
	p  [3]float32
	id uint32
}

type kdNode struct {
	split       float32
	axis        int8 // 0..2, or kdLeaf
	left, right int32
	start, n    int32 // leaf item range
	parent      int32
	live        int32
}

const (
	kdLeaf     = 3
	kdLeafSize = 8
)

func buildKD(pts []triCone) *kdTree {
	t := &kdTree{items: make([]kdItem, len(pts)), leafOf: make([]int32, len(pts)), dead: make([]bool, len(pts))}
	for i := range t.items {
		t.items[i] = kdItem{p: pts[i].p, id: uint32(i)}
	}
	if len(pts) > 0 {
		t.build(0, int32(len(pts)), -1)
	}
	return t
}

// build makes the node for items[lo:hi] and returns its index.
func (t *kdTree) build(lo, hi, parent int32) int32 {
	id := int32(len(t.nodes))
	t.nodes = append(t.nodes, kdNode{parent: parent, live: hi - lo})
	if hi-lo <= kdLeafSize {
		t.nodes[id].axis, t.nodes[id].start, t.nodes[id].n = kdLeaf, lo, hi-lo
		for _, it := range t.items[lo:hi] {
			t.leafOf[it.id] = id
		}
		return id
	}
	var mn, mx [3]float32
	mn, mx = t.items[lo].p, t.items[lo].p
	for _, it := range t.items[lo:hi] {
		p := it.p
		for k := range 3 {
			mn[k] = min(mn[k], p[k])
			mx[k] = max(mx[k], p[k])
		}
	}
	axis := 0
	for k := 1; k < 3; k++ {
		if mx[k]-mn[k] > mx[axis]-mn[axis] {
			axis = k
		}
	}
	mid := lo + (hi-lo)/2
	t.selectNth(lo, hi, mid, axis)
	t.nodes[id].axis = int8(axis)
	t.nodes[id].split = t.items[mid].p[axis]
	l := t.build(lo, mid, id)
	r := t.build(mid, hi, id)
	t.nodes[id].left, t.nodes[id].right = l, r
	return id
}

// selectNth partially orders items[lo:hi] so that items[k] has the k-th
// smallest coordinate on axis, smaller-or-equal ones before it and
// greater-or-equal ones after (Hoare quickselect, median-of-three pivot).
func (t *kdTree) selectNth(lo, hi, k int32, axis int) {
	items := t.items
	key := func(i int32) float32 { return items[i].p[axis] }
	hi--
	for lo < hi {
		m := lo + (hi-lo)/2
		// median of three into position m
		if key(m) < key(lo) {
			t.items[m], t.items[lo] = t.items[lo], t.items[m]
		}
		if key(hi) < key(lo) {
			t.items[hi], t.items[lo] = t.items[lo], t.items[hi]
		}
		if key(hi) < key(m) {
			t.items[hi], t.items[m] = t.items[m], t.items[hi]
		}
		pivot := key(m)
		i, j := lo, hi
		for i <= j {
			for key(i) < pivot {
				i++
			}
			for key(j) > pivot {
				j--
			}
			if i <= j {
				t.items[i], t.items[j] = t.items[j], t.items[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// remove marks triangle it as emitted.
func (t *kdTree) remove(it uint32) {
	t.dead[it] = true
	for n := t.leafOf[it]; n >= 0; n = t.nodes[n].parent {
		t.nodes[n].live--
	}
}

// nearest returns the live triangle whose centroid is closest to p (ties:
// the first found in tree order), or noTri when none is left.
func (t *kdTree) nearest(p [3]float32) uint32 {
	if len(t.nodes) == 0 || t.nodes[0].live == 0 {
		return noTri
	}
	best, bestD := noTri, float32(0)
	t.search(0, p, &best, &bestD)
	return best
}

func (t *kdTree) search(n int32, p [3]float32, best *uint32, bestD *float32) {
	nd := &t.nodes[n]
	if nd.live == 0 {
		return
	}
	if nd.axis == kdLeaf {
		for _, it := range t.items[nd.start : nd.start+nd.n] {
			if t.dead[it.id] {
				continue
			}
			d := sub3(it.p, p)
			d2 := dot3(d, d)
			if *best == noTri || d2 < *bestD {
				*best, *bestD = it.id, d2
			}
		}
		return
	}
	delta := p[nd.axis] - nd.split
	first, second := nd.left, nd.right
	if delta > 0 {
		first, second = second, first
	}
	t.search(first, p, best, bestD)
	if *best == noTri || delta*delta <= *bestD {
		t.search(second, p, best, bestD)
	}
}
