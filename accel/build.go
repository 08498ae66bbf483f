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
	var r primRef
	r.set(&b, id)
	return r
}

// set makes r the ref of a primitive with bounds b, field by field (see
// emptyKB).
func (r *primRef) set(b *aabb, id uint32) {
	r.id = id
	for j := 0; j < 3; j++ {
		r.k[j], r.k[3+j] = fkey(b.lo[j]), fkey(b.hi[j])
		r.c[j] = b.lo[j] + b.hi[j]
	}
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

// emptyKB is the empty key box; emptyBin a bin holding nothing. (Copies
// of package variables: a box built in place with 4-byte stores and
// copied whole with 16-byte loads, as a literal is, stalls on store
// forwarding.)
var (
	emptyKB  = kbox{math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32, math.MinInt32}
	emptyBin = bin{mn: [8]int32{math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt32, math.MaxInt32},
		mx: [8]int32{math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32, math.MinInt32}}
)

func (b *kbox) grow(k *[6]int32) {
	b[0], b[1], b[2] = min(b[0], k[0]), min(b[1], k[1]), min(b[2], k[2])
	b[3], b[4], b[5] = max(b[3], k[3]), max(b[4], k[4]), max(b[5], k[5])
}

func (b *kbox) aabb() aabb {
	var a aabb
	b.toAABB(&a)
	return a
}

// toAABB sets a to b as floats (emptyBox's bits for an empty b), one
// element at a time (see emptyKB).
func (b *kbox) toAABB(a *aabb) {
	if b[0] > b[3] {
		inf := float32(math.Inf(1))
		a.lo[0], a.lo[1], a.lo[2] = inf, inf, inf
		a.hi[0], a.hi[1], a.hi[2] = -inf, -inf, -inf
		return
	}
	a.lo[0], a.lo[1], a.lo[2] = unkey(b[0]), unkey(b[1]), unkey(b[2])
	a.hi[0], a.hi[1], a.hi[2] = unkey(b[3]), unkey(b[4]), unkey(b[5])
}

// halfArea of a key box: aabb.halfArea of b.aabb(), from scalars.
func (b *kbox) halfArea() float32 {
	if b[0] > b[3] {
		return 0
	}
	lx, ly, lz := unkey(b[0]), unkey(b[1]), unkey(b[2])
	hx, hy, hz := unkey(b[3]), unkey(b[4]), unkey(b[5])
	if !(lx <= hx && ly <= hy && lz <= hz) {
		return 0
	}
	dx, dy, dz := hx-lx, hy-ly, hz-lz
	return dx*dy + dy*dz + dz*dx
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
	// alt: the range's refs are in builder.alt, not builder.refs (split
	// partitions from one into the other; node moves leaves back).
	alt bool
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
	// alt is the second buffer of refs: split partitions an entry's range
	// out of one buffer into the same range of the other (entry.alt), and
	// node copies a leaf's range back into refs if it ends up in alt.
	alt []primRef
	sem chan struct{}
	ctx context.Context
}

// buf is the buffer holding e's refs.
func (b *builder) buf(e *entry) []primRef {
	if e.alt {
		return b.alt
	}
	return b.refs
}

const parallelThreshold = 2048

// buildBVH permutes refs into leaf order and returns the root of a wide tree.
func buildBVH(ctx context.Context, p buildParams, refs []primRef) (*bnode, aabb) {
	b := &builder{p: p, refs: refs, alt: make([]primRef, len(refs)), ctx: ctx}
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
	box, cb := emptyKB, emptyKB
	refs := b.buf(e)
	for i := e.lo; i < e.hi; i++ {
		r := &refs[i]
		box.grow(&r.k)
		c0, c1, c2 := fkey(r.c[0]), fkey(r.c[1]), fkey(r.c[2])
		cb.grow(&[6]int32{c0, c1, c2, c0, c1, c2})
	}
	box.toAABB(&e.box)
	cb.toAABB(&e.cbox)
}

// bin is one bin of the binning, in the layout binRefs (bin_amd64.s)
// keeps: lanes 0-2 of mn and mx the mins of the bounds' lo keys and the
// maxes of their hi keys, lanes 4-6 the mins and maxes of the doubled
// centroids' keys (one-axis binning only), lanes 3 and 7 padding (never
// read), and the count.
type bin struct {
	mn, mx [8]int32
	n      int
}

// growBox grows b by x's bounds.
func (b *kbox) growBox(x *bin) {
	b[0], b[1], b[2] = min(b[0], x.mn[0]), min(b[1], x.mn[1]), min(b[2], x.mn[2])
	b[3], b[4], b[5] = max(b[3], x.mx[0]), max(b[4], x.mx[1]), max(b[5], x.mx[2])
}

// growCentroids grows b by x's centroid bounds.
func (b *kbox) growCentroids(x *bin) {
	b[0], b[1], b[2] = min(b[0], x.mn[4]), min(b[1], x.mn[5]), min(b[2], x.mn[6])
	b[3], b[4], b[5] = max(b[3], x.mx[4]), max(b[4], x.mx[5]), max(b[5], x.mx[6])
}

// addRef adds ref r to x: its bounds, and with centroids its centroid.
func (x *bin) addRef(r *primRef, centroids bool) {
	x.n++
	x.mn[0], x.mn[1], x.mn[2] = min(x.mn[0], r.k[0]), min(x.mn[1], r.k[1]), min(x.mn[2], r.k[2])
	x.mx[0], x.mx[1], x.mx[2] = max(x.mx[0], r.k[3]), max(x.mx[1], r.k[4]), max(x.mx[2], r.k[5])
	if centroids {
		c0, c1, c2 := fkey(r.c[0]), fkey(r.c[1]), fkey(r.c[2])
		x.mn[4], x.mn[5], x.mn[6] = min(x.mn[4], c0), min(x.mn[5], c1), min(x.mn[6], c2)
		x.mx[4], x.mx[5], x.mx[6] = max(x.mx[4], c0), max(x.mx[5], c1), max(x.mx[6], c2)
	}
}

// merge adds y's refs to x (exact: integer min/max and counts).
func (x *bin) merge(y *bin) {
	x.n += y.n
	for j := range x.mn {
		x.mn[j], x.mx[j] = min(x.mn[j], y.mn[j]), max(x.mx[j], y.mx[j])
	}
}

// evaluate decides whether e should be split, and where (binned SAH).
// parallelBinThreshold is the range size from which binning is split over
// the workers.
const parallelBinThreshold = 16384

// bin sets the first nb bins of each axis with a non-zero scale to the
// binning of refs [lo, hi).
// (spare: binRefs' second set of bins.)
func (b *builder) bin(bins *[3][32]bin, refs []primRef, lo, hi, nb int, clo, scale *[3]float32, spare *[32]bin) {
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
			binRefs(&refs[lo], hi-lo, k, c, s, nb, bk, spare)
			return
		}
		for i := 0; i < nb; i++ {
			bk[i] = emptyBin
		}
		for i := lo; i < hi; i++ {
			r := &refs[i]
			bi := min(max(int((r.c[k]-c)*s), 0), nb-1)
			bk[bi].addRef(r, true)
		}
		return
	}
	for a := 0; a < na; a++ {
		for i := 0; i < nb; i++ {
			bins[axes[a]][i] = emptyBin
		}
	}
	for i := lo; i < hi; i++ {
		r := &refs[i]
		for a := 0; a < na; a++ {
			k := axes[a]
			bi := int((r.c[k] - clo[k]) * scale[k])
			if bi >= nb {
				bi = nb - 1
			} else if bi < 0 {
				bi = 0
			}
			bins[k][bi].addRef(r, false)
		}
	}
}

// disableBinAsm makes bin use the Go loop everywhere (tests compare both).
var disableBinAsm bool

// binParallel bins e on all workers. Merging bins (integer min/max and
// counts) is exact, so the result equals sequential binning.
// (clo and scale are copies: the goroutines' references to them would
// otherwise move evaluate's arrays to the heap on every call.)
func (b *builder) binParallel(bins *[3][32]bin, e *entry, nb int, clo, scale [3]float32) {
	w := b.p.workers
	refs := b.buf(e)
	parts := make([][3][32]bin, w)
	spares := make([][32]bin, w)
	var wg sync.WaitGroup
	n := e.hi - e.lo
	for k := 0; k < 3; k++ {
		for i := 0; i < nb && scale[k] != 0; i++ {
			bins[k][i] = emptyBin
		}
	}
	for p := 0; p < w; p++ {
		lo, hi := e.lo+n*p/w, e.lo+n*(p+1)/w
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			b.bin(&parts[p], refs, lo, hi, nb, &clo, &scale, &spares[p])
		}(p)
	}
	wg.Wait()
	for p := 0; p < w; p++ {
		for k := 0; k < 3; k++ {
			for i := 0; i < nb && scale[k] != 0; i++ {
				bins[k][i].merge(&parts[p][k][i])
			}
		}
	}
}

// scratch is one goroutine's working memory: bins and a slab of nodes.
type scratch struct {
	bins  [3][32]bin
	spare [32]bin // binRefs' second set
	slab  []bnode
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
		b.binParallel(bins, e, nb, clo, scale)
	} else {
		b.bin(bins, b.buf(e), e.lo, e.hi, nb, &clo, &scale, &sc.spare)
	}
	bestCost := float32(-1)
	var rightArea [32]float32
	var rightN [32]int
	for k := 0; k < 3; k++ {
		if scale[k] == 0 {
			continue
		}
		acc := emptyKB
		cnt := 0
		ar := float32(0)
		for i := nb - 1; i > 0; i-- {
			if bins[k][i].n != 0 { // empty bins change nothing
				acc.growBox(&bins[k][i])
				cnt += bins[k][i].n
				ar = acc.halfArea()
			}
			rightArea[i], rightN[i] = ar, cnt
		}
		acc = emptyKB
		cnt = 0
		ar = 0
		for i := 1; i < nb; i++ {
			if bins[k][i-1].n == 0 {
				continue // same split as the previous bin boundary
			}
			acc.growBox(&bins[k][i-1])
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
			e.side[s].box = emptyKB
			e.side[s].cb = emptyKB
		}
		for i := 0; i < nb; i++ {
			bb := &bins[e.axis][i]
			if bb.n == 0 {
				continue
			}
			s := &e.side[b2i(i >= e.bin)]
			s.box.growBox(bb)
			s.cb.growCentroids(bb)
		}
		e.sides = true
	}
}

// split partitions e's refs in place and sets l and r (which must not
// be e) to the two halves, evaluated.
func (b *builder) split(sc *scratch, e *entry, l, r *entry) {
	mid := (e.lo + e.hi) / 2
	if !e.median {
		k := e.axis
		ext := e.cbox.hi[k] - e.cbox.lo[k]
		nb := e.nbins
		scale := float32(nb) * (1 - 1.0/(1<<20)) / ext
		clo := e.cbox.lo[k]
		if e.sides {
			b.splitSides(sc, e, k, nb, scale, clo, l, r)
			return
		}
		// Partition and gather both sides' bounds in the same pass.
		var box, cb [2]kbox
		box[0], box[1] = emptyKB, emptyKB
		cb[0], cb[1] = emptyKB, emptyKB
		// Branch-free out-of-place partition into the other buffer: left
		// refs fill the range from the front, right refs from the back (the
		// side is data-dependent and would be mispredicted half the time).
		n := e.hi - e.lo
		src := b.buf(e)[e.lo:e.hi]
		e.alt = !e.alt
		tmp := b.buf(e)[e.lo:e.hi]
		var pos [2]int
		pos[1] = n - 1
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
		mid = e.lo + pos[0]
		if mid != e.lo && mid != e.hi {
			l.reset(e.lo, mid, e.alt)
			r.reset(mid, e.hi, e.alt)
			box[0].toAABB(&l.box)
			cb[0].toAABB(&l.cbox)
			box[1].toAABB(&r.box)
			cb[1].toAABB(&r.cbox)
			b.evaluate(sc, l)
			b.evaluate(sc, r)
			return
		}
		mid = (e.lo + e.hi) / 2 // cannot happen with consistent binning; be safe
	}
	l.reset(e.lo, mid, e.alt)
	r.reset(mid, e.hi, e.alt)
	b.bounds(l)
	b.bounds(r)
	b.evaluate(sc, l)
	b.evaluate(sc, r)
}

// reset sets e to the range [lo, hi) of buffer alt with every other
// field zero (then set field by field: see emptyKB).
func (e *entry) reset(lo, hi int, alt bool) {
	*e = entry{}
	e.lo, e.hi, e.alt = lo, hi, alt
}

// splitSides is split for an entry whose sides' bounds are known
// (entry.sides): the partition only moves the refs.
func (b *builder) splitSides(sc *scratch, e *entry, k, nb int, scale, clo float32, l, r *entry) {
	n := e.hi - e.lo
	src := b.buf(e)[e.lo:e.hi]
	e.alt = !e.alt
	tmp := b.buf(e)[e.lo:e.hi]
	lo, hi := 0, n-1
	split := e.bin
	if useBinAsm && !disableBinAsm && n >= binAsmMin {
		lo = partitionRefs(&src[0], &tmp[0], n, k, clo, scale, nb, split)
		src = src[:0] // (the loop below has nothing left to do)
	}
	for i := range src {
		r := &src[i]
		bi := min(max(int((r.c[k]-clo)*scale), 0), nb-1)
		side := b2i(bi >= split)
		// Branch-free: left refs fill the other buffer's range from the
		// front, right refs from the back (as in split).
		dst := lo + side*(hi-lo)
		tmp[dst] = *r
		lo += 1 - side
		hi -= side
	}
	mid := e.lo + lo
	if mid == e.lo || mid == e.hi {
		// Cannot happen with consistent binning; be safe.
		mid = (e.lo + e.hi) / 2
		l.reset(e.lo, mid, e.alt)
		r.reset(mid, e.hi, e.alt)
		b.bounds(l)
		b.bounds(r)
	} else {
		l.reset(e.lo, mid, e.alt)
		r.reset(mid, e.hi, e.alt)
		e.side[0].box.toAABB(&l.box)
		e.side[0].cb.toAABB(&l.cbox)
		e.side[1].box.toAABB(&r.box)
		e.side[1].cb.toAABB(&r.cbox)
	}
	b.evaluate(sc, l)
	b.evaluate(sc, r)
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
		e := ch[best]
		b.split(sc, &e, &ch[best], &ch[n])
		n++
	}
	nd := sc.newNode()
	nd.n = n
	var wg *sync.WaitGroup // allocated for the first child handed to a goroutine
	for i := 0; i < n; i++ {
		nd.box[i] = ch[i].box
		nd.lo[i], nd.cnt[i] = ch[i].lo, ch[i].hi-ch[i].lo
		if !ch[i].canSplit {
			if ch[i].alt {
				copy(b.refs[ch[i].lo:ch[i].hi], b.alt[ch[i].lo:ch[i].hi])
			}
			continue
		}
		if b.sem != nil && ch[i].hi-ch[i].lo >= parallelThreshold {
			select {
			case b.sem <- struct{}{}:
				if wg == nil {
					wg = new(sync.WaitGroup)
				}
				b.spawn(wg, &nd.child[i], ch[i], depth+1)
				continue
			default:
			}
		}
		nd.child[i] = b.node(sc, ch[i], depth+1)
	}
	if wg != nil {
		wg.Wait()
	}
	return nd
}

// spawn builds the node of e on a new goroutine (holding a b.sem token,
// which it releases) and stores it in *dst. (A separate function: a
// goroutine in node referring to its children's entries would move them
// to the heap on every call.)
func (b *builder) spawn(wg *sync.WaitGroup, dst **bnode, e entry, depth int) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		*dst = b.node(new(scratch), e, depth)
		<-b.sem
	}()
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
