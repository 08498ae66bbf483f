// Package refbvh is the baseline the accel benchmarks compare against: the
// bounding volume hierarchy a competent Go programmer would write in an
// afternoon. It is a binary BVH over an indexed triangle mesh, built top
// down by binned surface-area heuristic (16 bins over the centroid bounds,
// in-place partitioning of the triangle indices, optionally with the top
// subtrees built on parallel goroutines), traced in scalar float32 with a
// stack, nearest child first, and Möller–Trumbore triangle tests on
// triangles stored in leaf order with precomputed edges.
//
// It is deliberately plain: no SIMD, no wide nodes, no quantisation, no
// watertight edge rules (a ray exactly on a shared edge may hit both
// triangles or, rarely, neither). It is not used to render anything.
package refbvh

import (
	"fmt"
	"math"
	"sync"
)

// node is one BVH node (32 bytes). An inner node (count 0) has its two
// children at first and first+1; a leaf has count triangles from first.
type node struct {
	lo    [3]float32
	first uint32
	hi    [3]float32
	count uint32
}

// tri is a triangle in Möller–Trumbore form: a vertex and two edges.
type tri struct {
	v0, e1, e2 [3]float32
}

// BVH is a built hierarchy over a triangle mesh; it is read-only after
// Build and safe for concurrent tracing.
type BVH struct {
	nodes []node
	tris  []tri
	prims []uint32 // triangle index of each entry of tris
}

// Nodes reports the node count.
func (b *BVH) Nodes() int { return len(b.nodes) }

const (
	bins     = 16
	maxLeaf  = 8 // a leaf larger than this is split even if SAH disagrees
	leafSize = 2 // at most this many triangles: always a leaf
	// parMin is the smallest range whose two halves get their own
	// goroutines in a parallel build.
	parMin = 4096
)

type box struct{ lo, hi [3]float32 }

func emptyBox() box {
	inf := float32(math.Inf(1))
	return box{lo: [3]float32{inf, inf, inf}, hi: [3]float32{-inf, -inf, -inf}}
}

func (b *box) grow(o *box) {
	b.lo = [3]float32{min(b.lo[0], o.lo[0]), min(b.lo[1], o.lo[1]), min(b.lo[2], o.lo[2])}
	b.hi = [3]float32{max(b.hi[0], o.hi[0]), max(b.hi[1], o.hi[1]), max(b.hi[2], o.hi[2])}
}

func (b *box) growPoint(p [3]float32) {
	for k := range 3 {
		b.lo[k] = min(b.lo[k], p[k])
		b.hi[k] = max(b.hi[k], p[k])
	}
}

func (b *box) area() float32 {
	dx, dy, dz := b.hi[0]-b.lo[0], b.hi[1]-b.lo[1], b.hi[2]-b.lo[2]
	if dx < 0 {
		return 0
	}
	return dx*dy + dy*dz + dz*dx
}

// builder holds the shared, read-only per-triangle data of a build and the
// index permutation, whose disjoint ranges the subtree builds reorder.
type builder struct {
	boxes []box
	cent  [][3]float32
	idx   []uint32
}

// Build builds a BVH over the mesh (xyz per vertex, three indices per
// triangle) on workers goroutines (at most; 0 or 1: serial).
func Build(positions []float32, indices []uint32, workers int) (*BVH, error) {
	if len(indices)%3 != 0 {
		return nil, fmt.Errorf("refbvh: indices: length %d is not a multiple of 3", len(indices))
	}
	nv := uint32(len(positions) / 3)
	n := len(indices) / 3
	bd := &builder{boxes: make([]box, n), cent: make([][3]float32, n), idx: make([]uint32, n)}
	for i := range n {
		b := emptyBox()
		for j := range 3 {
			v := indices[3*i+j]
			if v >= nv {
				return nil, fmt.Errorf("refbvh: indices[%d]: vertex %d out of range (%d vertices)", 3*i+j, v, nv)
			}
			b.growPoint([3]float32{positions[3*v], positions[3*v+1], positions[3*v+2]})
		}
		bd.boxes[i] = b
		bd.cent[i] = [3]float32{(b.lo[0] + b.hi[0]) / 2, (b.lo[1] + b.hi[1]) / 2, (b.lo[2] + b.hi[2]) / 2}
		bd.idx[i] = uint32(i)
	}
	depth := 0
	for 1<<depth < workers {
		depth++
	}
	out := &BVH{}
	if n == 0 {
		out.nodes = []node{{lo: emptyBox().lo, hi: emptyBox().hi}} // traced as a miss
		return out, nil
	}
	out.nodes = bd.subtree(0, n, depth)
	if d := out.depth(); d >= stackSize {
		return nil, fmt.Errorf("refbvh: tree depth %d exceeds the traversal stack (%d)", d, stackSize)
	}
	out.tris = make([]tri, n)
	out.prims = bd.idx
	for i, p := range bd.idx {
		var v [3][3]float32
		for j := range 3 {
			x := indices[3*p+uint32(j)]
			v[j] = [3]float32{positions[3*x], positions[3*x+1], positions[3*x+2]}
		}
		out.tris[i] = tri{v0: v[0],
			e1: [3]float32{v[1][0] - v[0][0], v[1][1] - v[0][1], v[1][2] - v[0][2]},
			e2: [3]float32{v[2][0] - v[0][0], v[2][1] - v[0][1], v[2][2] - v[0][2]}}
	}
	return out, nil
}

// subtree builds the tree over idx[start:end] and returns its nodes, the
// root first, with child indices relative to the returned slice. While
// par > 0 the two halves of a large range are built on two goroutines and
// merged.
func (bd *builder) subtree(start, end, par int) []node {
	root := bd.bounds(start, end)
	if par <= 0 || end-start < parMin {
		nodes := make([]node, 1, 2*(end-start)/leafSize+1)
		nodes[0] = node{lo: root.lo, hi: root.hi}
		return bd.split(nodes, 0, start, end)
	}
	mid, _, _, ok := bd.partition(&root, start, end)
	if !ok {
		nodes := []node{{lo: root.lo, hi: root.hi}}
		return bd.split(nodes, 0, start, end)
	}
	var l, r []node
	var wg sync.WaitGroup
	wg.Go(func() { l = bd.subtree(start, mid, par-1) })
	r = bd.subtree(mid, end, par-1)
	wg.Wait()
	// root, left root, right root, the rest of left, the rest of right
	nodes := make([]node, 0, len(l)+len(r)+1)
	nodes = append(nodes, node{lo: root.lo, hi: root.hi, first: 1}, l[0], r[0])
	nodes = append(nodes, l[1:]...)
	nodes = append(nodes, r[1:]...)
	fix := func(n *node, off uint32) {
		if n.count == 0 {
			n.first += off // children are never a subtree's root
		}
	}
	fix(&nodes[1], 2)
	fix(&nodes[2], uint32(len(l))+1)
	for i := 3; i < 3+len(l)-1; i++ {
		fix(&nodes[i], 2)
	}
	for i := 3 + len(l) - 1; i < len(nodes); i++ {
		fix(&nodes[i], uint32(len(l))+1)
	}
	return nodes
}

func (bd *builder) bounds(start, end int) box {
	b := emptyBox()
	for _, p := range bd.idx[start:end] {
		b.grow(&bd.boxes[p])
	}
	return b
}

// split turns nodes[ni] (bounds set) over idx[start:end] into a leaf or an
// inner node with two children, recursively, and returns nodes.
func (bd *builder) split(nodes []node, ni, start, end int) []node {
	mid, ok := 0, false
	var lb, rb box
	if end-start > leafSize {
		b := box{lo: nodes[ni].lo, hi: nodes[ni].hi}
		mid, lb, rb, ok = bd.partition(&b, start, end)
	}
	if !ok {
		nodes[ni].first, nodes[ni].count = uint32(start), uint32(end-start)
		return nodes
	}
	c := len(nodes)
	nodes = append(nodes, node{lo: lb.lo, hi: lb.hi}, node{lo: rb.lo, hi: rb.hi})
	nodes[ni].first = uint32(c)
	nodes = bd.split(nodes, c, start, mid)
	return bd.split(nodes, c+1, mid, end)
}

// partition picks the binned-SAH split of idx[start:end] (bounds b),
// partitions the range in place and returns the two sides' bounds; ok is false when a leaf is better (and the
// range is at most maxLeaf) or no split separates the centroids.
func (bd *builder) partition(b *box, start, end int) (mid int, lb, rb box, ok bool) {
	cb := emptyBox()
	for _, p := range bd.idx[start:end] {
		cb.growPoint(bd.cent[p])
	}
	n := end - start
	// one pass bins every triangle on all three axes; small ranges use
	// fewer bins (the bins' fixed cost dominates near the leaves)
	nb := min(bins, max(4, n))
	var scale [3]float32
	for k := range 3 {
		if ext := cb.hi[k] - cb.lo[k]; ext > 0 {
			scale[k] = float32(nb) / ext
		}
	}
	var bb [3][bins]box
	var cnt [3][bins]int
	for k := range 3 {
		for i := range nb {
			bb[k][i] = emptyBox()
		}
	}
	for _, p := range bd.idx[start:end] {
		bx, c := &bd.boxes[p], &bd.cent[p]
		for k := range 3 {
			j := min(int((c[k]-cb.lo[k])*scale[k]), nb-1)
			cnt[k][j]++
			bb[k][j].grow(bx)
		}
	}
	bestAxis, bestBin, bestCost := -1, 0, float32(math.Inf(1))
	for k := range 3 {
		if scale[k] == 0 {
			continue
		}
		// sweep: right-side areas and counts, then left to right
		var ra [bins]float32
		var rc [bins]int
		acc, c := emptyBox(), 0
		for j := nb - 1; j > 0; j-- {
			acc.grow(&bb[k][j])
			c += cnt[k][j]
			ra[j], rc[j] = acc.area(), c
		}
		acc, c = emptyBox(), 0
		for j := 1; j < nb; j++ {
			acc.grow(&bb[k][j-1])
			c += cnt[k][j-1]
			if c == 0 || rc[j] == 0 {
				continue
			}
			if cost := acc.area()*float32(c) + ra[j]*float32(rc[j]); cost < bestCost {
				bestAxis, bestBin, bestCost = k, j, cost
			}
		}
	}
	if bestAxis < 0 {
		return 0, lb, rb, false // all centroids equal: nothing separates them
	}
	// leaf cost n·area against traversal (1) plus the split's cost
	if a := b.area(); n <= maxLeaf && bestCost/max(a, 1e-30)+1 >= float32(n) {
		return 0, lb, rb, false
	}
	k := bestAxis
	lb, rb = emptyBox(), emptyBox()
	for j := range nb {
		if j < bestBin {
			lb.grow(&bb[k][j])
		} else {
			rb.grow(&bb[k][j])
		}
	}
	i, j := start, end-1
	for i <= j {
		if min(int((bd.cent[bd.idx[i]][k]-cb.lo[k])*scale[k]), nb-1) < bestBin {
			i++
		} else {
			bd.idx[i], bd.idx[j] = bd.idx[j], bd.idx[i]
			j--
		}
	}
	return i, lb, rb, i > start && i < end
}

// depth returns the number of levels of the tree (1 for a single leaf).
func (b *BVH) depth() int {
	type item struct {
		n uint32
		d int
	}
	stack := []item{{0, 1}}
	deepest := 0
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		deepest = max(deepest, it.d)
		if n := &b.nodes[it.n]; n.count == 0 {
			stack = append(stack, item{n.first, it.d + 1}, item{n.first + 1, it.d + 1})
		}
	}
	return deepest
}
