package accel

import (
	"context"
	"math"
	"runtime"
	"sync"
)

// BuildQuality trades build time for traversal speed.
type BuildQuality uint8

// Build qualities.
const (
	// QualityMedium (the default) bins 16 ways along the axis of largest
	// centroid extent, with leaves of up to 4 primitives. (Every quality
	// counts a primitive structure's primitives in groups of four in the
	// SAH, as the SIMD leaf test tests them: a leaf of 3 costs what one of
	// 4 does.)
	QualityMedium BuildQuality = iota
	// QualityFast bins 8 ways along one axis and makes leaves of up to 8
	// (MTLAccelerationStructureUsagePreferFastBuild).
	QualityFast
	// QualityHigh bins 32 ways along all three axes and evaluates SAH down
	// to single primitives.
	QualityHigh
)

// BuildOptions control BVH construction.
type BuildOptions struct {
	// Width is the BVH branching factor, 4 or 8; 0 means 8 (with AVX2 the
	// traversal kernels test a node's eight children at once, and the
	// shallower tree visits a third fewer nodes per ray).
	Width int
	// Quality selects the binning effort.
	Quality BuildQuality
	// Workers bounds the goroutines used; 0 means GOMAXPROCS. The result
	// does not depend on it.
	Workers int
}

type buildParams struct {
	width, maxLeaf, bins, workers int
	leafNoSAH                     int  // ranges this small become leaves without evaluation
	oneAxis                       bool // bin only the axis of largest centroid extent
	travCost, isectCost           float32
	// blockLog: the SAH counts a range's primitives in blocks of
	// 1<<blockLog (primitive structures: the leaf triangles are tested in
	// groups of four, so a leaf of 3 costs what one of 4 does, and splits
	// that fill the groups are preferred; instance structures: 0).
	blockLog uint
}

// blocks is n primitives counted in blocks of 1<<p.blockLog.
func (p *buildParams) blocks(n int) float32 {
	return float32((n + 1<<p.blockLog - 1) >> p.blockLog)
}

func (o *BuildOptions) params() buildParams {
	p := buildParams{width: o.Width, workers: o.Workers, travCost: 1, isectCost: 1}
	if p.width == 0 {
		p.width = 8
	}
	if p.workers <= 0 {
		p.workers = runtime.GOMAXPROCS(0)
	}
	switch o.Quality {
	case QualityFast:
		p.bins, p.maxLeaf, p.leafNoSAH, p.oneAxis = 8, 8, 4, true
	case QualityHigh:
		p.bins, p.maxLeaf, p.leafNoSAH = 32, 4, 1
	default:
		p.bins, p.maxLeaf, p.leafNoSAH, p.oneAxis = 16, 4, 4, true
	}
	return p
}

// primRef is a primitive's bounds, as order-preserving integer keys (see
// fkey; lo x, y, z then hi x, y, z), its doubled centroid and its index in
// the build input. Integer keys let binning use branch-free integer min/max.
type primRef struct {
	k  [6]int32
	c  [3]float32
	id uint32
}

func makeRef(b aabb, id uint32) primRef {
	r := primRef{id: id}
	for j := 0; j < 3; j++ {
		r.k[j], r.k[3+j] = fkey(b.lo[j]), fkey(b.hi[j])
		r.c[j] = b.lo[j] + b.hi[j]
	}
	return r
}

// fkey maps a float32 to an int32 with the same order (for non-NaN values);
// it is its own inverse on the bits.
func fkey(f float32) int32 {
	i := int32(math.Float32bits(f))
	return i ^ (i >> 31 & 0x7fffffff)
}

func unkey(k int32) float32 { return math.Float32frombits(uint32(k ^ (k >> 31 & 0x7fffffff))) }

// kbox is a box of keys.
type kbox [6]int32

func emptyKBox() kbox {
	return kbox{math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32, math.MinInt32}
}

func (b *kbox) grow(k *[6]int32) {
	b[0], b[1], b[2] = min(b[0], k[0]), min(b[1], k[1]), min(b[2], k[2])
	b[3], b[4], b[5] = max(b[3], k[3]), max(b[4], k[4]), max(b[5], k[5])
}

func (b *kbox) aabb() aabb {
	if b[0] > b[3] {
		return emptyBox()
	}
	return aabb{lo: [3]float32{unkey(b[0]), unkey(b[1]), unkey(b[2])}, hi: [3]float32{unkey(b[3]), unkey(b[4]), unkey(b[5])}}
}

// halfArea of a key box.
func (b *kbox) halfArea() float32 {
	if b[0] > b[3] {
		return 0
	}
	a := b.aabb()
	return a.halfArea()
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
	// sides: side holds the bounds and centroid bounds of the refs below
	// bin (0) and from it (1), gathered from the bins (one-axis binning),
	// so that split need not gather them again.
	sides bool
	side  [2]struct{ box, cb kbox }
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
	sc := new(scratch)
	b.evaluate(sc, &e)
	return b.node(sc, e, 0), e.box
}

func (b *builder) bounds(e *entry) {
	box, cb := emptyKBox(), emptyKBox()
	for i := e.lo; i < e.hi; i++ {
		r := &b.refs[i]
		box.grow(&r.k)
		c0, c1, c2 := fkey(r.c[0]), fkey(r.c[1]), fkey(r.c[2])
		cb.grow(&[6]int32{c0, c1, c2, c0, c1, c2})
	}
	e.box, e.cbox = box.aabb(), cb.aabb()
}

type bin struct {
	box kbox
	cb  kbox // bounds of the doubled centroids (one-axis binning only)
	n   int
}

// evaluate decides whether e should be split, and where (binned SAH).
// parallelBinThreshold is the range size from which binning is split over
// the workers.
const parallelBinThreshold = 16384

// bin adds refs [lo, hi) to the bins.
func (b *builder) bin(bins *[3][32]bin, lo, hi, nb int, clo, scale *[3]float32, sets *[2][32]simdBin) {
	var axes [3]int
	na := 0
	for k := 0; k < 3; k++ {
		if scale[k] != 0 {
			axes[na] = k
			na++
		}
	}
	if na == 1 && b.p.oneAxis {
		// One axis: also gather each bin's centroid bounds (entry.side).
		k := axes[0]
		c, s := clo[k], scale[k]
		bk := &bins[k]
		if useBinAsm && !disableBinAsm && hi-lo >= binAsmMin {
			b.binAsm(bk, lo, hi, k, c, s, nb, sets)
			return
		}
		for i := lo; i < hi; i++ {
			r := &b.refs[i]
			bi := min(max(int((r.c[k]-c)*s), 0), nb-1)
			bb := &bk[bi]
			bb.n++
			bb.box.grow(&r.k)
			c0, c1, c2 := fkey(r.c[0]), fkey(r.c[1]), fkey(r.c[2])
			bb.cb.grow(&[6]int32{c0, c1, c2, c0, c1, c2})
		}
		return
	}
	for i := lo; i < hi; i++ {
		r := &b.refs[i]
		for a := 0; a < na; a++ {
			k := axes[a]
			bi := int((r.c[k] - clo[k]) * scale[k])
			if bi >= nb {
				bi = nb - 1
			} else if bi < 0 {
				bi = 0
			}
			bb := &bins[k][bi]
			bb.n++
			bb.box.grow(&r.k)
		}
	}
}

// disableBinAsm makes bin use the Go loop everywhere (tests compare both).
var disableBinAsm bool

// binAsm is bin's one-axis loop over refs [lo, hi) with binRefs, whose two
// sets of bins it merges into bk (exact: integer min/max and counts).
func (b *builder) binAsm(bk *[32]bin, lo, hi, k int, c, s float32, nb int, sets *[2][32]simdBin) {
	binRefs(&b.refs[lo], hi-lo, k, c, s, nb, sets)
	for j := range sets {
		for i := 0; i < nb && i < 32; i++ {
			sb, bb := &sets[j][i], &bk[i]
			if sb.n == 0 {
				continue
			}
			bb.n += sb.n
			bb.box.grow(&[6]int32{sb.mn[0], sb.mn[1], sb.mn[2], sb.mx[0], sb.mx[1], sb.mx[2]})
			bb.cb.grow(&[6]int32{sb.mn[4], sb.mn[5], sb.mn[6], sb.mx[4], sb.mx[5], sb.mx[6]})
		}
	}
}

// binParallel bins e on all workers. Merging bins (integer min/max and
// counts) is exact, so the result equals sequential binning.
func (b *builder) binParallel(bins *[3][32]bin, e *entry, nb int, clo, scale *[3]float32) {
	w := b.p.workers
	parts := make([][3][32]bin, w)
	sets := make([][2][32]simdBin, w)
	var wg sync.WaitGroup
	n := e.hi - e.lo
	for p := 0; p < w; p++ {
		for k := 0; k < 3; k++ {
			for i := 0; i < nb && scale[k] != 0; i++ {
				parts[p][k][i] = bin{box: emptyKBox(), cb: emptyKBox()}
			}
		}
		lo, hi := e.lo+n*p/w, e.lo+n*(p+1)/w
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			b.bin(&parts[p], lo, hi, nb, clo, scale, &sets[p])
		}(p)
	}
	wg.Wait()
	for p := 0; p < w; p++ {
		for k := 0; k < 3; k++ {
			for i := 0; i < nb && scale[k] != 0; i++ {
				bins[k][i].n += parts[p][k][i].n
				bins[k][i].box.grow((*[6]int32)(&parts[p][k][i].box))
				bins[k][i].cb.grow((*[6]int32)(&parts[p][k][i].cb))
			}
		}
	}
}

// scratch is one goroutine's working memory: bins and a slab of nodes.
type scratch struct {
	bins [3][32]bin
	sets [2][32]simdBin // binRefs' bins
	slab []bnode
	tmp  []primRef
}

func (sc *scratch) newNode() *bnode {
	if len(sc.slab) == 0 {
		sc.slab = make([]bnode, 256)
	}
	n := &sc.slab[0]
	sc.slab = sc.slab[1:]
	return n
}

func (b *builder) evaluate(sc *scratch, e *entry) {
	n := e.hi - e.lo
	e.canSplit, e.median, e.sides = false, false, false
	if n <= b.p.leafNoSAH {
		return
	}
	nb := min(b.p.bins, max((n+1)/2, 4))
	bins := &sc.bins
	var scale [3]float32
	degenerate := true
	kmax := 0
	for k := 1; k < 3; k++ {
		if e.cbox.hi[k]-e.cbox.lo[k] > e.cbox.hi[kmax]-e.cbox.lo[kmax] {
			kmax = k
		}
	}
	for k := 0; k < 3; k++ {
		ext := e.cbox.hi[k] - e.cbox.lo[k]
		if ext > 0 && (!b.p.oneAxis || k == kmax) {
			scale[k] = float32(nb) * (1 - 1.0/(1<<20)) / ext
			degenerate = false
			for i := 0; i < nb; i++ {
				bins[k][i] = bin{box: emptyKBox(), cb: emptyKBox()}
			}
		}
	}
	if degenerate {
		if n > b.p.maxLeaf {
			e.canSplit, e.median = true, true
		}
		return
	}
	clo := e.cbox.lo
	if b.sem != nil && n >= parallelBinThreshold {
		b.binParallel(bins, e, nb, &clo, &scale)
	} else {
		b.bin(bins, e.lo, e.hi, nb, &clo, &scale, &sc.sets)
	}
	bestCost := float32(-1)
	var rightArea [32]float32
	var rightN [32]int
	for k := 0; k < 3; k++ {
		if scale[k] == 0 {
			continue
		}
		acc := emptyKBox()
		cnt := 0
		ar := float32(0)
		for i := nb - 1; i > 0; i-- {
			if bins[k][i].n != 0 { // empty bins change nothing
				acc.grow((*[6]int32)(&bins[k][i].box))
				cnt += bins[k][i].n
				ar = acc.halfArea()
			}
			rightArea[i], rightN[i] = ar, cnt
		}
		acc = emptyKBox()
		cnt = 0
		ar = 0
		for i := 1; i < nb; i++ {
			if bins[k][i-1].n == 0 {
				continue // same split as the previous bin boundary
			}
			acc.grow((*[6]int32)(&bins[k][i-1].box))
			cnt += bins[k][i-1].n
			if rightN[i] == 0 {
				break
			}
			c := acc.halfArea()*b.p.blocks(cnt) + rightArea[i]*b.p.blocks(rightN[i])
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
	leafCost := b.p.isectCost * area * b.p.blocks(n)
	e.canSplit = n > b.p.maxLeaf || splitCost < leafCost
	if e.canSplit && b.p.oneAxis {
		// The sides' bounds are the unions of their bins' (integer
		// min/max: exactly what split would gather from the refs).
		for s := range e.side {
			e.side[s].box, e.side[s].cb = emptyKBox(), emptyKBox()
		}
		for i := 0; i < nb; i++ {
			bb := &bins[e.axis][i]
			if bb.n == 0 {
				continue
			}
			s := &e.side[b2i(i >= e.bin)]
			s.box.grow((*[6]int32)(&bb.box))
			s.cb.grow((*[6]int32)(&bb.cb))
		}
		e.sides = true
	}
}

// split partitions e in place and returns the two halves (evaluated).
func (b *builder) split(sc *scratch, e *entry) (l, r entry) {
	mid := (e.lo + e.hi) / 2
	if !e.median {
		k := e.axis
		ext := e.cbox.hi[k] - e.cbox.lo[k]
		nb := e.nbins
		scale := float32(nb) * (1 - 1.0/(1<<20)) / ext
		clo := e.cbox.lo[k]
		if e.sides {
			return b.splitSides(sc, e, k, nb, scale, clo)
		}
		// Partition and gather both sides' bounds in the same pass.
		var box, cb [2]kbox
		box[0], box[1], cb[0], cb[1] = emptyKBox(), emptyKBox(), emptyKBox(), emptyKBox()
		// Branch-free out-of-place partition: left refs fill tmp from the
		// front, right refs from the back (the side is data-dependent and
		// would be mispredicted half the time).
		n := e.hi - e.lo
		if cap(sc.tmp) < n {
			sc.tmp = make([]primRef, n)
		}
		tmp := sc.tmp[:n]
		var pos [2]int
		pos[1] = n - 1
		src := b.refs[e.lo:e.hi]
		for i := range src {
			r := &src[i]
			bi := int((r.c[k] - clo) * scale)
			bi = min(max(bi, 0), nb-1)
			side := 0
			if bi >= e.bin {
				side = 1
			}
			box[side].grow(&r.k)
			c0, c1, c2 := fkey(r.c[0]), fkey(r.c[1]), fkey(r.c[2])
			cb[side].grow(&[6]int32{c0, c1, c2, c0, c1, c2})
			tmp[pos[side]] = *r
			pos[0] += 1 - side
			pos[1] -= side
		}
		copy(src, tmp)
		mid = e.lo + pos[0]
		if mid != e.lo && mid != e.hi {
			l = entry{lo: e.lo, hi: mid, box: box[0].aabb(), cbox: cb[0].aabb()}
			r = entry{lo: mid, hi: e.hi, box: box[1].aabb(), cbox: cb[1].aabb()}
			b.evaluate(sc, &l)
			b.evaluate(sc, &r)
			return l, r
		}
		mid = (e.lo + e.hi) / 2 // cannot happen with consistent binning; be safe
	}
	l = entry{lo: e.lo, hi: mid}
	r = entry{lo: mid, hi: e.hi}
	b.bounds(&l)
	b.bounds(&r)
	b.evaluate(sc, &l)
	b.evaluate(sc, &r)
	return l, r
}

// splitSides is split for an entry whose sides' bounds are known
// (entry.sides): the partition only moves the refs.
func (b *builder) splitSides(sc *scratch, e *entry, k, nb int, scale, clo float32) (l, r entry) {
	n := e.hi - e.lo
	if cap(sc.tmp) < n {
		sc.tmp = make([]primRef, n)
	}
	tmp := sc.tmp[:n]
	lo, hi := 0, n-1
	src := b.refs[e.lo:e.hi]
	split := e.bin
	if useBinAsm && !disableBinAsm && n >= binAsmMin {
		lo = partitionRefs(&src[0], &tmp[0], n, k, clo, scale, nb, split)
		src = src[:0] // (the loop below has nothing left to do)
	}
	for i := range src {
		r := &src[i]
		bi := min(max(int((r.c[k]-clo)*scale), 0), nb-1)
		side := b2i(bi >= split)
		// Branch-free: left refs fill tmp from the front, right refs from
		// the back (as in split).
		dst := lo + side*(hi-lo)
		tmp[dst] = *r
		lo += 1 - side
		hi -= side
	}
	copy(b.refs[e.lo:e.hi], tmp)
	mid := e.lo + lo
	if mid == e.lo || mid == e.hi {
		// Cannot happen with consistent binning; be safe.
		mid = (e.lo + e.hi) / 2
		l, r = entry{lo: e.lo, hi: mid}, entry{lo: mid, hi: e.hi}
		b.bounds(&l)
		b.bounds(&r)
	} else {
		l = entry{lo: e.lo, hi: mid, box: e.side[0].box.aabb(), cbox: e.side[0].cb.aabb()}
		r = entry{lo: mid, hi: e.hi, box: e.side[1].box.aabb(), cbox: e.side[1].cb.aabb()}
	}
	b.evaluate(sc, &l)
	b.evaluate(sc, &r)
	return l, r
}

// maxBuildDepth bounds the tree depth: below it ranges are split at the
// median, which keeps the depth (and so the traversal stack) bounded.
const maxBuildDepth = 40

func (b *builder) node(sc *scratch, e entry, depth int) *bnode {
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
		l, r := b.split(sc, &ch[best])
		ch[best], ch[n] = l, r
		n++
	}
	nd := sc.newNode()
	nd.n = n
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
					nd.child[i] = b.node(new(scratch), ch[i], depth+1)
					<-b.sem
				}(i)
				continue
			default:
			}
		}
		nd.child[i] = b.node(sc, ch[i], depth+1)
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
