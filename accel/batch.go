package accel

import (
	"math"
	"sync/atomic"
)

// TraceBatch traces whole batches that need no decision: rays through a
// plain primitive structure, or through an instance structure of static
// instances over plain primitive structures, under options with which no
// candidate can arise. It gives the state (and so the Hit results)
// Begin followed by Step until nothing waits would give.

// Batch eligibility of a structure (Structure.batch).
const (
	batchNone uint8 = iota
	// batchPrim: a primitive structure whose primitives are all opaque
	// triangles (plain), without motion.
	batchPrim
	// batchInst: an instance structure whose instances are all static (no
	// motion transforms) and none InstanceNonOpaque, over primitive
	// structures that are plain without motion, or empty.
	batchInst
)

// plainEpoch advances whenever Refit changes a primitive structure's plain
// flag. An instance structure's batchInst, which depends on its children's
// flags, holds only while plainEpoch equals its batchEpoch; otherwise
// TraceBatch checks the children again (per call, without writing).
var plainEpoch atomic.Uint64

// disableBatch turns TraceBatch off (tests compare it with Begin/Step);
// disableStream makes it trace one ray at a time.
var disableBatch, disableStream bool

// updateBatch computes s.batch (at build, Refit and RefitInstances).
func (s *Structure) updateBatch() {
	s.batch = batchNone
	s.stream = s.width == 4
	s.kwidth = 0
	switch s.kind {
	case KindPrimitive:
		if s.plain && s.keys == 1 {
			s.batch = batchPrim
		}
		if s.tri4 != nil {
			s.kwidth = int8(s.width)
		}
	case KindInstance:
		s.batchEpoch = plainEpoch.Load()
		s.split, s.splitOne = nil, -1
		static := true
		for i := range s.inst {
			in := &s.inst[i]
			if in.motion() || in.options&InstanceNonOpaque != 0 {
				static = false
				break
			}
		}
		if static && s.childrenBatch() {
			s.batch = batchInst
		} else if !s.updateSplit() {
			return
		}
		s.stream = true // the top level is traversed one ray at a time
		for i := range s.inst {
			if c := s.children[s.inst[i].child]; s.inPhase1(uint32(i)) && len(c.nodes8) != 0 {
				s.stream = false
			}
		}
		s.kwidth = s.childrenKernelWidth()
	}
	if s.footprint() < streamMinBytes {
		s.kwidth = 0
		// Nothing to overlap: a small structure stays in the caches, where
		// the stream kernel's bookkeeping only costs (a Cornell box: 145 vs
		// ~80 ns per ray).
		s.stream = false
	}
}

// kernelStream reports whether TraceBatch's streams through s run the
// assembly stream kernel (else the Go one).
func (s *Structure) kernelStream() bool {
	return useTraceKernel && !disableLeaf4 && s.kwidth != 0
}

// childrenKernelWidth is the width of instance structure s's non-empty
// children (those of its phase-1 instances where s.split is set) when they
// all have grouped leaf triangles and the same width (the assembly stream
// kernel then applies), or 0.
func (s *Structure) childrenKernelWidth() int8 {
	w := int8(0)
	for i := range s.inst {
		c := s.children[s.inst[i].child]
		if c == nil || len(c.nodes4)+len(c.nodes8) == 0 || !s.inPhase1(uint32(i)) {
			continue
		}
		if c.tri4 == nil || (w != 0 && int8(c.width) != w) {
			return 0
		}
		w = int8(c.width)
	}
	return w
}

// streamMinBytes is the structure size (with the children of an instance
// structure) from which incoherent batches use the stream kernel: about a
// core's L2 cache. (A variable: the tests lower it to cover the kernel on
// small scenes.)
var streamMinBytes = 256 << 10

// footprint is the memory traversal may touch: s and, for an instance
// structure, its children.
func (s *Structure) footprint() int {
	n := s.Sizes().Bytes
	if s.kind == KindInstance {
		for _, c := range s.children {
			if c != nil {
				n += c.Sizes().Bytes
			}
		}
	}
	return n
}

// childrenBatch reports whether every child of instance structure s is a
// plain primitive structure without motion, or empty.
func (s *Structure) childrenBatch() bool {
	for _, c := range s.children {
		if c.kind != KindPrimitive || c.keys != 1 {
			return false
		}
		if !c.plain && len(c.nodes4)+len(c.nodes8) != 0 {
			return false
		}
	}
	return true
}

// batchOptions reports whether TraceBatch applies to s under options o.
func batchOptions(s *Structure, o *Options) bool {
	var r Options
	if o != nil {
		r = *o
	}
	if r.AssumeGeometry == 0 {
		r.AssumeGeometry = GeometryTriangle | GeometryBoundingBox
	}
	if !fastOptions(&r) {
		return false
	}
	switch s.batch {
	case batchPrim:
		return true
	case batchInst:
		// MaxLevels 1 (or below) never enters an instance.
		if r.MaxLevels != 0 && r.MaxLevels < 2 {
			return false
		}
		return s.batchEpoch == plainEpoch.Load() || s.childrenBatch()
	}
	return false
}

// TraceBatch traces the active lanes of rb through s with options o to
// completion when no candidate can need a decision, and reports true; it
// returns false and does nothing otherwise (callers then use Begin/Step).
//
// It applies when the options neither force non-opacity (ForceNonOpaque),
// nor cull opaque primitives (OpacityCullOpaque), nor cull or exclude
// triangles (GeometryCull, AssumeGeometry), and s is either
//
//   - a primitive structure whose geometries are all opaque triangle
//     geometries, without primitive motion (one keyframe), or
//   - an instance structure whose instances have no motion transforms
//     (DecodeInstances turns a single motion keyframe into a static
//     transform) and no InstanceNonOpaque option, over primitive
//     structures of the first kind (or empty ones), with MaxLevels 0 or
//     at least 2.
//
// Everything else is allowed: culling, winding, instance culling and
// facing options, InstanceOpaque, masks, AcceptAny,
// AssumeIdentityTransforms, WorldSpaceData, any ray times, invalid rays.
// Eligibility is precomputed when s (or a child) is built or refitted.
//
// After it returns true the Traverser is where Begin and Step (until it
// returns 0) would leave it: Running and Step return 0, every active lane
// is finished with its committed hit, inactive lanes are idle, and Hit,
// Decide, Abort and Candidate behave as after Step. The hits are
// bit-identical to Begin/Step's: the same tests in the same order.
func (tr *Traverser) TraceBatch(s *Structure, o *Options, rb *RayBatch) bool {
	if disableBatch || s == nil || !batchOptions(s, o) {
		return false
	}
	tr.traceBatch(s, o, rb, streams(s, rb))
	return true
}

// traceBatch is TraceBatch once it applies; stream selects the stream
// kernel (streams(s, rb)).
func (tr *Traverser) traceBatch(s *Structure, o *Options, rb *RayBatch, stream bool) {
	tr.setup(s, o)
	tr.traceLanes(s, rb, stream)
}

// traceLanes is traceBatch after setup (and, for a split traversal's phase
// 1, with tr.phase set).
func (tr *Traverser) traceLanes(s *Structure, rb *RayBatch, stream bool) {
	tr.running, tr.waiting = 0, 0
	if s.kind == KindInstance && (len(s.inst) == 1 || tr.phase == phase1 && s.splitOne >= 0) && (!stream || s.kernelStream()) {
		idx := uint32(0)
		if tr.phase == phase1 {
			idx = uint32(s.splitOne)
		}
		tr.traceSingleLanes(s, idx, rb, stream)
		return
	}
	if stream && s.kind == KindPrimitive && s.kernelStream() {
		tr.primStreamLanes(s, rb)
		return
	}
	var run uint64
	for i := 0; i < BatchSize; i++ {
		l := &tr.lanes[i]
		if rb.Active&(1<<uint(i)) == 0 {
			l.state = laneIdle
			continue
		}
		tr.startLane(l, [3]float32{rb.OX[i], rb.OY[i], rb.OZ[i]}, [3]float32{rb.DX[i], rb.DY[i], rb.DZ[i]},
			rb.MinDistance[i], rb.MaxDistance[i], rb.Time[i], rb.Mask[i])
		if l.state == laneRunning {
			run |= 1 << uint(i)
		}
	}
	switch {
	case stream:
		tr.streamLanes(s, run)
	case s.kind == KindPrimitive:
		tr.tracePrimLanes(s, run)
	default:
		clearUpper()
		for m := run; m != 0; m &= m - 1 {
			tr.traceInstLane(&tr.lanes[trailing(m)])
		}
	}
}

// startRay starts lane l on ray i of rb as startLane does (no hit, done
// until its traversal is set up) and returns the ray; ok is false, the
// lane left idle or done, when the ray is inactive or invalid.
func (l *lane) startRay(rb *RayBatch, i int) (ox, oy, oz, dx, dy, dz, tmin, tmax float32, ok bool) {
	if rb.Active&(1<<uint(i)) == 0 {
		l.state = laneIdle
		return
	}
	ox, oy, oz = rb.OX[i], rb.OY[i], rb.OZ[i]
	dx, dy, dz = rb.DX[i], rb.DY[i], rb.DZ[i]
	tmin, tmax = rb.MinDistance[i], rb.MaxDistance[i]
	l.hType = HitNone
	l.depth, l.sp, l.leafPos, l.leafEnd = 0, 0, 0, 0
	l.state = laneDone
	if !validRay3(ox, oy, oz, dx, dy, dz, tmin, tmax) {
		return
	}
	l.tmin, l.tmax, l.time, l.mask = tmin, tmax, rb.Time[i], rb.Mask[i]
	return ox, oy, oz, dx, dy, dz, tmin, tmax, true
}

// traceSingleLanes is traceBatch for an instance structure s holding one
// instance idx (a scene merged into one instance, a single model; or the
// one phase-1 instance of a split traversal), one ray at a time, without
// walking the top level: the instance's leaf box, and every node box
// above it, bounds the instance, so a ray the child's own root test lets
// through passes them too.
// Each lane starts as startLane starts it, except that the top level's ray
// constants are not needed (only its origin and direction are kept, for
// Hit); the ray in the instance is set up in the Traverser's own scratch
// (hot in the cache) rather than in the lane's state. With stream the
// rays are set up in the lanes (lv[1]) and traced together by the
// assembly stream kernel (streamLevel); without it, where the one-ray
// assembly kernel applies, traceSingleKernel traces them.
func (tr *Traverser) traceSingleLanes(s *Structure, idx uint32, rb *RayBatch, stream bool) {
	opts := &tr.opts
	in := &s.inst[idx]
	child := s.children[in.child]
	live := len(s.nodes4)+len(s.nodes8) != 0 && len(child.nodes4)+len(child.nodes8) != 0
	ccwInst := in.options&InstanceFrontFacingCCW != 0
	cull := cullSign(opts, in.options&InstanceDisableTriangleCulling != 0, ccwInst)
	frontNeg := (opts.Winding == CounterClockwise) == ccwInst // front-facing <=> detNeg() == frontNeg
	identity, acceptAny := opts.AssumeIdentityTransforms, opts.AcceptAny
	clearUpper()
	if !stream && live && useTraceKernel && child.tri4 != nil && !disableLeaf4 && !disableKernelRay {
		tr.traceSingleKernel(s, child, idx, rb, cull, frontNeg)
		return
	}
	keeps := !identity && in.inv.keepsNonzero() // (a ray it keeps needs no transform)
	var run uint64
	for m := ^rb.Active; m != 0; m &= m - 1 {
		tr.lanes[trailing(m)].state = laneIdle
	}
	for m := rb.Active; m != 0; m &= m - 1 {
		i := trailing(m) & (BatchSize - 1)
		l := &tr.lanes[i]
		// The ray stays in registers (see setSlab3).
		ox, oy, oz, dx, dy, dz, tmin, tmax, ok := l.startRay(rb, i)
		if !ok {
			continue
		}
		mask := l.mask
		lv := &l.lv[0]
		lv.s = s
		lv.r.o[0], lv.r.o[1], lv.r.o[2] = ox, oy, oz
		lv.r.d[0], lv.r.d[1], lv.r.d[2] = dx, dy, dz
		lv.inst, lv.opacity, lv.cullOff, lv.ccw, lv.tableOffset = 0, 0, false, false, 0
		if !live || in.mask&mask == 0 {
			continue
		}
		if !identity && !(keeps && noZero(ox, oy, oz, dx, dy, dz)) {
			ox, oy, oz, dx, dy, dz = in.inv.transformRay3(ox, oy, oz, dx, dy, dz)
			if dx == 0 && dy == 0 && dz == 0 {
				continue
			}
		}
		if stream {
			l.lv[1].r.set3Signs(ox, oy, oz, dx, dy, dz, child.width) // incoherent rays (streams)
			l.lv[1].cullDet = cull
			run |= 1 << uint(i)
			continue
		}
		h := tr.traceSingle(child, cull, ox, oy, oz, dx, dy, dz, tmin, tmax, acceptAny)
		if h.ref >= 0 {
			l.commitInst(child, h, h.detNeg() == frontNeg, idx)
		}
	}
	if run != 0 {
		tr.streamLevel(child, run, 1, frontNeg, idx)
	}
}

// traceSingle traces the object-space ray (ox, oy, oz, dx, dy, dz) over
// [tmin, tmax] through the plain structure s with the kernel, as
// traceSingleLanes' coherent case: set up by kernelRay's code and traced
// in the same call (traceRay4, traceRay8) where the one-ray assembly kernel
// runs (the same hits; a ray whose transform overflowed
// misses), by levelRay.set3 otherwise.
func (tr *Traverser) traceSingle(s *Structure, cull int8, ox, oy, oz, dx, dy, dz, tmin, tmax float32, acceptAny bool) fastHit {
	if useTraceKernel && s.tri4 != nil && !disableLeaf4 && !disableKernelRay {
		r := Ray{Origin: [3]float32{ox, oy, oz}, Direction: [3]float32{dx, dy, dz}, MinDistance: tmin, MaxDistance: tmax}
		h, ok := tr.direct.trace(s, cull, &r, acceptAny, &tr.fstack)
		if !ok {
			return fastHit{ref: -1}
		}
		return h
	}
	r := &tr.single
	r.set3(ox, oy, oz, dx, dy, dz, s.width)
	return traceFast(s, r, tmin, tmax, cull, acceptAny, &tr.fstack)
}

// tracePrimLanes traces the started lanes in run through the plain
// primitive structure s with the kernel.
func (tr *Traverser) tracePrimLanes(s *Structure, run uint64) {
	acceptAny := tr.opts.AcceptAny
	frontNeg := tr.opts.Winding != CounterClockwise // front-facing <=> det < 0
	for m := run; m != 0; m &= m - 1 {
		l := &tr.lanes[trailing(m)]
		lv := &l.lv[0]
		h := traceFast(s, &lv.r, l.tmin, l.tmax, lv.cullDet, acceptAny, &tr.fstack)
		if h.ref >= 0 {
			sl := s.slotAt(int(h.slot()))
			l.commit(HitTriangle, h.t, h.u, h.v, h.detNeg() == frontNeg, sl.prim, sl.geom&geomMask)
		}
		l.sp = 0
		l.state = laneDone
	}
}

// traceInstLane traces started lane l through its instance structure
// (batchInst): the top level as run traverses it, each instance's plain
// structure with the kernel, as run does for kernel levels.
func (tr *Traverser) traceInstLane(l *lane) {
	acceptAny := tr.opts.AcceptAny
	ccwOpt := tr.opts.Winding == CounterClockwise
	for {
		child, cull, ccwInst, idx, ok := tr.instAdvance(l)
		if !ok {
			break
		}
		h := traceFast(child, &l.lv[1].r, l.tmin, l.tmax, cull, acceptAny, &tr.fstack)
		if h.ref < 0 {
			continue
		}
		l.commitInst(child, h, h.detNeg() == (ccwOpt == ccwInst), idx)
		if acceptAny {
			break
		}
	}
	l.sp = 0
	l.state = laneDone
}

// commitInst commits kernel hit h in instance idx's structure s (as run's
// commit at depth 1 does).
func (l *lane) commitInst(s *Structure, h fastHit, front bool, idx uint32) {
	sl := s.slotAt(int(h.slot()))
	l.hType, l.hT, l.hU, l.hV, l.hFront = HitTriangle, h.t, h.u, h.v, front
	l.hPrim, l.hGeom = sl.prim, sl.geom&geomMask
	l.hDepth, l.hPath[0] = 1, idx
	l.tmax = h.t
}

// instAdvance continues lane l's traversal of its instance structure
// (batchInst; l.stack and l.sp hold it, l.tmax the closest hit so far)
// up to the next instance to enter, as run does: it sets up the ray in
// the instance's structure in l.lv[1].r and returns the structure, the
// culling sign, whether the instance makes counter-clockwise triangles
// front-facing, and the instance index. ok is false when the top level is
// exhausted.
func (tr *Traverser) instAdvance(l *lane) (child *Structure, cull int8, ccwInst bool, idx uint32, ok bool) {
	o := &tr.opts
	lv := &l.lv[0]
	s := lv.s
	tminb, tmaxb := fbits(l.tmin), fbits(l.tmax)
	stack := &l.stack
	sp := l.sp
	for sp > 0 {
		sp--
		e := stack[sp&(stackSize-1)]
		if e.t > tmaxb {
			continue
		}
		ni := e.node
		for ni >= 0 {
			var hn, ht [8]int32
			c := 0
			if s.width == 4 {
				n := &s.nodes4[ni]
				m, t := slab4(n, &lv.r, tminb, tmaxb)
				for ; m != 0; m &= m - 1 {
					i := trailing(uint64(m)) & 3
					hn[c&7], ht[c&7] = n.c[i], t[i]
					c++
				}
			} else {
				c = slab8(&s.nodes8[ni], &lv.r, tminb, tmaxb, &hn, &ht)
			}
			if c == 0 {
				ni = emptyChild
				break
			}
			if c > 1 {
				sp = tr.pushSorted(stack, sp, &hn, &ht, c)
			}
			ni = hn[0]
		}
		if ni == emptyChild {
			continue
		}
		idx := s.ids[int(^ni)>>leafShift]
		in := &s.inst[idx]
		if in.mask&l.mask == 0 || tr.phase == phase1 && s.split[idx>>6]&(1<<(idx&63)) == 0 {
			continue
		}
		child := s.children[in.child]
		if len(child.nodes4)+len(child.nodes8) == 0 {
			continue
		}
		ro, rd := lv.r.o, lv.r.d
		if !o.AssumeIdentityTransforms {
			in.inv.transformRay(&ro, &rd)
			if rd[0] == 0 && rd[1] == 0 && rd[2] == 0 {
				continue
			}
		}
		l.lv[1].r.set(&ro, &rd, child.width)
		l.sp = sp
		ccwInst := in.options&InstanceFrontFacingCCW != 0
		return child, cullSign(o, in.options&InstanceDisableTriangleCulling != 0, ccwInst), ccwInst, idx, true
	}
	l.sp = 0
	return nil, 0, false, 0, false
}

// slab8 is run's slab test of an 8-wide node: it stores the children the
// ray reaches, in child order, and their entry distances' bits in hn and
// ht, and returns their count.
func slab8(n *node8, r *levelRay, tminb, tmaxb int32, hn, ht *[8]int32) int {
	lx, ly, lz := (*[8]float32)(n.b[r.nx:r.nx+8]), (*[8]float32)(n.b[r.ny:r.ny+8]), (*[8]float32)(n.b[r.nz:r.nz+8])
	hx, hy, hz := (*[8]float32)(n.b[r.fx:r.fx+8]), (*[8]float32)(n.b[r.fy:r.fy+8]), (*[8]float32)(n.b[r.fz:r.fz+8])
	ox, oy, oz := r.o[0], r.o[1], r.o[2]
	fox, foy, foz := r.fo[0], r.fo[1], r.fo[2]
	ix, iy, iz := r.ix, r.iy, r.iz
	c := 0
	for i := 0; i < 8; i++ {
		t0 := max(fbits((lx[i]-ox)*ix), fbits((ly[i]-oy)*iy), fbits((lz[i]-oz)*iz), tminb)
		t1 := min(min(fbits((hx[i]-fox)*ix), fbits((hy[i]-foy)*iy), fbits((hz[i]-foz)*iz))+robustULPs, tmaxb)
		if t0 <= t1 {
			hn[c&7], ht[c&7] = n.c[i], t0
			c++
		}
	}
	return c
}

// pushSorted sorts the c > 1 reached children by entry distance (stable)
// and pushes all but the nearest, farthest first, as run does (including
// its overflow rule); the nearest ends in hn[0].
func (tr *Traverser) pushSorted(stack *[stackSize]stackEntry, sp int, hn, ht *[8]int32, c int) int {
	for i := 1; i < c; i++ {
		for j := i; j > 0 && ht[j&7] < ht[(j-1)&7]; j-- {
			ht[j&7], ht[(j-1)&7] = ht[(j-1)&7], ht[j&7]
			hn[j&7], hn[(j-1)&7] = hn[(j-1)&7], hn[j&7]
		}
	}
	if sp+c > stackSize {
		tr.overflow = true
		c = stackSize - sp + 1
	}
	for i := c - 1; i > 0; i-- {
		stack[sp&(stackSize-1)] = stackEntry{hn[i&7], ht[i&7]}
		sp++
	}
	return sp
}

// streams reports whether TraceBatch uses the stream kernel for rb.
func streams(s *Structure, rb *RayBatch) bool {
	return hasPrefetch && (s.stream || s.kernelStream()) && !disableStream && !coherent(s, rb)
}

// coherent reports whether the active rays of rb look like a camera's:
// origins within 1/256 of s's extent of the first one, directions in one
// octant (judged on a sample of the lanes). Such
// rays visit the same cached nodes one after the other, and the one-ray
// kernel, which keeps a ray's state in registers, is faster for them than
// the stream kernel (measured: 1.25x on primary bunny rays), which wins
// on incoherent rays (1.1-1.25x). Either way the results are the same.
func coherent(s *Structure, rb *RayBatch) bool {
	m := rb.Active
	if m == 0 {
		return true
	}
	i0 := trailing(m)
	x0, y0, z0 := rb.OX[i0], rb.OY[i0], rb.OZ[i0]
	var spread float32              // largest |o - o0| component
	and, or := uint32(7), uint32(0) // sign bits of the directions
	// One active lane of every 8 (a camera's batch is coherent throughout,
	// an incoherent one shows it in any few lanes): all 64 cost 7 ns per
	// ray.
	for k := 0; k < BatchSize; k += 8 {
		sub := m >> uint(k) & 0xff
		if sub == 0 {
			continue
		}
		i := (k + trailing(sub)) & (BatchSize - 1)
		// Plain comparisons, not min/max, whose NaN rules cost several
		// instructions each (a NaN origin, an invalid ray, may be missed:
		// the choice of kernel changes only the speed).
		if d := abs32(rb.OX[i] - x0); d > spread {
			spread = d
		}
		if d := abs32(rb.OY[i] - y0); d > spread {
			spread = d
		}
		if d := abs32(rb.OZ[i] - z0); d > spread {
			spread = d
		}
		sg := math.Float32bits(rb.DX[i])>>31 | math.Float32bits(rb.DY[i])>>31<<1 | math.Float32bits(rb.DZ[i])>>31<<2
		and &= sg
		or |= sg
	}
	if and != or {
		return false
	}
	b := &s.bounds
	ext := max(b.hi[0]-b.lo[0], b.hi[1]-b.lo[1], b.hi[2]-b.lo[2])
	return spread <= ext*(1.0/256)
}
