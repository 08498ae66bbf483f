package accel

import (
	"context"
	"runtime"
	"sync"
)

// BuildQuality trades build time for traversal speed.
type BuildQuality uint8

// Build qualities.
const (
	// QualityMedium bins 16 ways (the default).
	QualityMedium BuildQuality = iota
	// QualityFast bins 8 ways and makes larger leaves
	// (MTLAccelerationStructureUsagePreferFastBuild).
	QualityFast
	// QualityHigh bins 32 ways and makes smaller leaves.
	QualityHigh
)

// BuildOptions control BVH construction.
type BuildOptions struct {
	// Width is the BVH branching factor, 4 or 8; 0 means 4.
	Width int
	// Quality selects the binning effort.
	Quality BuildQuality
	// Workers bounds the goroutines used; 0 means GOMAXPROCS. The result
	// does not depend on it.
	Workers int
}

type buildParams struct {
	width, maxLeaf, bins, workers int
	travCost, isectCost            float32
}

func (o *BuildOptions) params() buildParams {
	p := buildParams{width: o.Width, workers: o.Workers, travCost: 1, isectCost: 1}
	if p.width == 0 {
		p.width = 4
	}
	if p.workers <= 0 {
		p.workers = runtime.GOMAXPROCS(0)
	}
	switch o.Quality {
	case QualityFast:
		p.bins, p.maxLeaf = 8, 8
	case QualityHigh:
		p.bins, p.maxLeaf = 32, 4
	default:
		p.bins, p.maxLeaf = 16, 4
	}
	return p
}

// primRef is a primitive's bounds and its index in the build input.
type primRef struct {
	box aabb
	id  uint32
}

// entry is a range of refs waiting to become a child.
type entry struct {
	lo, hi   int
	box      aabb // bounds of the primitives
	cbox     aabb // bounds of doubled centroids (lo+hi)
	canSplit bool
	median   bool // split at the middle (degenerate centroids)
	axis     int
	bin      int
	nbins    int
}

// bnode is a temporary wide node.
type bnode struct {
	n     int
	box   [8]aabb
	child [8]*bnode
	lo    [8]int
	cnt   [8]int
}

type builder struct {
	p    buildParams
	refs []primRef
	sem  chan struct{}
	ctx  context.Context
}

const parallelThreshold = 2048

// buildBVH permutes refs into leaf order and returns the root of a wide tree.
func buildBVH(ctx context.Context, p buildParams, refs []primRef) (*bnode, aabb) {
	b := &builder{p: p, refs: refs, ctx: ctx}
	if p.workers > 1 {
		b.sem = make(chan struct{}, p.workers-1)
	}
	e := entry{lo: 0, hi: len(refs)}
	b.bounds(&e)
	b.evaluate(&e)
	return b.node(e, 0), e.box
}

func (b *builder) bounds(e *entry) {
	box, cbox := emptyBox(), emptyBox()
	for i := e.lo; i < e.hi; i++ {
		r := &b.refs[i]
		growBranchy(&box, &r.box)
		for k := 0; k < 3; k++ {
			c := r.box.lo[k] + r.box.hi[k]
			if c < cbox.lo[k] {
				cbox.lo[k] = c
			}
			if c > cbox.hi[k] {
				cbox.hi[k] = c
			}
		}
	}
	e.box, e.cbox = box, cbox
}

// growBranchy is aabb.grow with compares: in binning loops the updates are
// rare and well predicted, which beats the NaN-safe min/max builtins.
func growBranchy(b, o *aabb) {
	for k := 0; k < 3; k++ {
		if o.lo[k] < b.lo[k] {
			b.lo[k] = o.lo[k]
		}
		if o.hi[k] > b.hi[k] {
			b.hi[k] = o.hi[k]
		}
	}
}

type bin struct {
	box aabb
	n   int
}

// evaluate decides whether e should be split, and where (binned SAH).
func (b *builder) evaluate(e *entry) {
	n := e.hi - e.lo
	e.canSplit, e.median = false, false
	if n <= 1 {
		return
	}
	nb := min(b.p.bins, max(n, 4))
	var bins [3][32]bin
	var scale [3]float32
	degenerate := true
	for k := 0; k < 3; k++ {
		ext := e.cbox.hi[k] - e.cbox.lo[k]
		if ext > 0 {
			scale[k] = float32(nb) * (1 - 1.0/(1<<20)) / ext
			degenerate = false
		}
		for i := 0; i < nb; i++ {
			bins[k][i].box = emptyBox()
		}
	}
	if degenerate {
		if n > b.p.maxLeaf {
			e.canSplit, e.median = true, true
		}
		return
	}
	clo := e.cbox.lo
	for i := e.lo; i < e.hi; i++ {
		r := &b.refs[i]
		for k := 0; k < 3; k++ {
			c := r.box.lo[k] + r.box.hi[k]
			bi := int((c - clo[k]) * scale[k])
			if bi >= nb {
				bi = nb - 1
			} else if bi < 0 {
				bi = 0
			}
			bb := &bins[k][bi]
			bb.n++
			growBranchy(&bb.box, &r.box)
		}
	}
	bestCost := float32(-1)
	var rightArea [32]float32
	var rightN [32]int
	for k := 0; k < 3; k++ {
		if scale[k] == 0 {
			continue
		}
		acc := emptyBox()
		cnt := 0
		for i := nb - 1; i > 0; i-- {
			acc.grow(&bins[k][i].box)
			cnt += bins[k][i].n
			rightArea[i], rightN[i] = acc.halfArea(), cnt
		}
		acc = emptyBox()
		cnt = 0
		for i := 1; i < nb; i++ {
			acc.grow(&bins[k][i-1].box)
			cnt += bins[k][i-1].n
			if cnt == 0 || rightN[i] == 0 {
				continue
			}
			c := acc.halfArea()*float32(cnt) + rightArea[i]*float32(rightN[i])
			if bestCost < 0 || c < bestCost {
				bestCost, e.axis, e.bin, e.nbins = c, k, i, nb
			}
		}
	}
	if bestCost < 0 {
		if n > b.p.maxLeaf {
			e.canSplit, e.median = true, true
		}
		return
	}
	area := e.box.halfArea()
	splitCost := b.p.travCost*area + b.p.isectCost*bestCost
	leafCost := b.p.isectCost * area * float32(n)
	e.canSplit = n > b.p.maxLeaf || splitCost < leafCost
}

// split partitions e in place and returns the two halves (evaluated).
func (b *builder) split(e *entry) (l, r entry) {
	mid := (e.lo + e.hi) / 2
	if !e.median {
		k := e.axis
		ext := e.cbox.hi[k] - e.cbox.lo[k]
		nb := e.nbins
		scale := float32(nb) * (1 - 1.0/(1<<20)) / ext
		clo := e.cbox.lo[k]
		i, j := e.lo, e.hi-1
		for i <= j {
			r := &b.refs[i]
			bi := int((r.box.lo[k] + r.box.hi[k] - clo) * scale)
			if bi >= nb {
				bi = nb - 1
			} else if bi < 0 {
				bi = 0
			}
			if bi < e.bin {
				i++
			} else {
				b.refs[i], b.refs[j] = b.refs[j], b.refs[i]
				j--
			}
		}
		mid = i
		if mid == e.lo || mid == e.hi { // cannot happen with consistent binning; be safe
			mid = (e.lo + e.hi) / 2
		}
	}
	l = entry{lo: e.lo, hi: mid}
	r = entry{lo: mid, hi: e.hi}
	b.bounds(&l)
	b.bounds(&r)
	b.evaluate(&l)
	b.evaluate(&r)
	return l, r
}

// maxBuildDepth bounds the tree depth: below it ranges are split at the
// median, which keeps the depth (and so the traversal stack) bounded.
const maxBuildDepth = 40

func (b *builder) node(e entry, depth int) *bnode {
	var ch [8]entry
	ch[0] = e
	n := 1
	for n < b.p.width {
		best, bestArea := -1, float32(-1)
		for i := 0; i < n; i++ {
			if ch[i].canSplit {
				if a := ch[i].box.halfArea(); a > bestArea {
					best, bestArea = i, a
				}
			}
		}
		if best < 0 {
			break
		}
		if depth >= maxBuildDepth {
			ch[best].median = true
		}
		l, r := b.split(&ch[best])
		ch[best], ch[n] = l, r
		n++
	}
	nd := &bnode{n: n}
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		nd.box[i] = ch[i].box
		nd.lo[i], nd.cnt[i] = ch[i].lo, ch[i].hi-ch[i].lo
		if !ch[i].canSplit {
			continue
		}
		if b.sem != nil && ch[i].hi-ch[i].lo >= parallelThreshold {
			select {
			case b.sem <- struct{}{}:
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					nd.child[i] = b.node(ch[i], depth+1)
					<-b.sem
				}(i)
				continue
			default:
			}
		}
		nd.child[i] = b.node(ch[i], depth+1)
	}
	wg.Wait()
	return nd
}

// countNodes returns the number of wide nodes under n.
func countNodes(n *bnode) int {
	c := 1
	for i := 0; i < n.n; i++ {
		if n.child[i] != nil {
			c += countNodes(n.child[i])
		}
	}
	return c
}

// flatten4 writes the tree in depth-first preorder (parents before children).
func flatten4(n *bnode, out []node4, next *int) int32 {
	idx := *next
	*next++
	nd := &out[idx]
	eb := emptyBox()
	for i := 0; i < 4; i++ {
		switch {
		case i >= n.n:
			nd.setChild(i, &eb, emptyChild)
		case n.child[i] == nil:
			nd.setChild(i, &n.box[i], leafChild(n.lo[i], n.cnt[i]))
		default:
			c := flatten4(n.child[i], out, next)
			out[idx].setChild(i, &n.box[i], c)
		}
	}
	return int32(idx)
}

func flatten8(n *bnode, out []node8, next *int) int32 {
	idx := *next
	*next++
	eb := emptyBox()
	for i := 0; i < 8; i++ {
		switch {
		case i >= n.n:
			out[idx].setChild(i, &eb, emptyChild)
		case n.child[i] == nil:
			out[idx].setChild(i, &n.box[i], leafChild(n.lo[i], n.cnt[i]))
		default:
			c := flatten8(n.child[i], out, next)
			out[idx].setChild(i, &n.box[i], c)
		}
	}
	return int32(idx)
}
