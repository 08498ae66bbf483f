package accel

//go:generate python3 internal/tracegen/gen.py

import "unsafe"

// traceState is the kernels' view of one ray's traversal (its layout is
// fixed by trace_amd64.s; TestTraceStateLayout checks it): the triangle
// test constants and interval, the hit so far, the slab interval bits, the
// saved stack depth, the structure's arrays, and scratch space.
type traceState struct {
	ft           fastTri
	h            fastHit
	tminb, tmaxb int32
	sp           int
	nodes        unsafe.Pointer // &nodes4[0]
	nnodes       int
	tri4         unsafe.Pointer // &tri4[0]
	ngroups      int
	reserved     unsafe.Pointer // unused: keeps the offsets trace_amd64.s uses
	kx16, ky16   int            // byte offsets of the permuted axes' components in a group
	kz16         int
	anyHit       uint32
	// A leaf group the kernel hands back (it returned 1): the group, the
	// leaf's triangles from it on, and whether the leaf's earlier groups
	// had a hit.
	fbGroup, fbRem int32
	fbFound        uint32
	dist           [8]int32       // the node's entry distances
	hn, hd         [8]int32       // hit children and distances, sorted
	out            [4][4]float32  // a group's t, u, v and det
	slots          unsafe.Pointer // &ids[0]: the kernels prefetch a new hit's id for its commit
}

// traceKernel4 runs the traversal of st through a 4-wide structure (see
// trace_amd64.s): 0 when it is done, 1 when a leaf group needs the scalar
// test, 2 when a child index lies outside the structure.
//
//go:noescape
func traceKernel4(r *levelRay, st *traceState, stack *[stackSize]stackEntry) uint32

// traceKernel8 is traceKernel4 for 8-wide structures.
//
//go:noescape
func traceKernel8(r *levelRay, st *traceState, stack *[stackSize]stackEntry) uint32

// leaf4Group is the kernels' test of one group of four leaf triangles on
// its own (trace_amd64.s), for the Go loops' leaf4 in builds without
// GOEXPERIMENT=simd: the lanes that pass (bits 0-3; their t, u, v and det
// in out), 0 when none does, 256 when the scalar test must take the group
// over.
//
//go:noescape
func leaf4Group(gp unsafe.Pointer, f *fastTri, valid uint32, out *[4][4]float32) uint32

// kernelRay is the slab-test part of levelRay.set3Signs of ray (o, d)
// into r (o, d, fo, the inverse direction, the plane offsets) and the
// watertight constants into st (fastTri's permuted origin and shear, and
// kx16, ky16, kz16), in one branch-free assembly routine
// (raysetup_amd64.s); false, writing nothing, when a component of o or d
// is not finite or d is zero. r's watertight fields and st.ft's kx, ky, kz
// are left as they were (the kernels do not read them). traceRay4 and
// traceRay8 run the same text (gen.py copies it); this callable form is
// the reference their tests compare with.
//
//go:noescape
func kernelRay(o, d *[3]float32, width int, r *levelRay, st *traceState) bool

// directState is the single-ray API's kernel state (Traverser.direct),
// kept between rays so that a ray writes only what it changes.
type directState struct {
	r  levelRay
	st traceState
	s  *Structure // the structure st points at (use), or nil
}

// use points st at s's arrays unless the last ray's structure was s with
// the same grouped triangles (a structure's arrays are fixed once built;
// the second test catches a Structure value assigned over another).
func (ds *directState) use(s *Structure) {
	if ds.s != s || ds.st.tri4 != unsafe.Pointer(unsafe.SliceData(s.tri4)) {
		ds.st.setStructure(s)
		ds.s = s
	}
}

// traceRay4 is kernelRay(&ray.Origin, &ray.Direction, 4, r, st), the
// interval [ray.MinDistance, ray.MaxDistance] and no hit into st, and
// traceKernel4 from the root (trace_amd64.s), in one call: traceKernel4's
// status, or 3, writing nothing, for a ray kernelRay rejects or an
// interval that is not 0 <= tmin <= tmax with tmin finite (the ray's
// Time and Mask are not read).
// st's structure, cull and anyHit must be set. The watertight constants
// (st.ft's permuted origin and shear, kx16, ky16, kz16) are written at the
// ray's first leaf, from r: a ray that reaches no leaf leaves them as they
// were and st.kz16 -1 (the kernels read them only in leaves, and Go only
// after a hand-back, which comes from a leaf). The node tests take the
// plane offsets from a table by the signs of d; r's copy (nx … fz, which
// traceKernel4 reads) is written only when a group is handed back (status
// 1). At the first leaf the kernel prefetches the leaf's first group
// before it derives the watertight constants (the group's loads wait on
// kz) and hands them to the group test in registers.
//
//go:noescape
func traceRay4(r *levelRay, st *traceState, stack *[stackSize]stackEntry, ray *Ray) uint32

// traceRay8 is traceRay4 for 8-wide structures.
//
//go:noescape
func traceRay8(r *levelRay, st *traceState, stack *[stackSize]stackEntry, ray *Ray) uint32

// Intersect traces one ray through s and stores the closest accepted hit
// (or, with Options.AcceptAny, the first) in h. fn decides candidates; with
// a nil fn non-opaque triangles are accepted and bounding boxes rejected.
// It uses lane 0 of tr and does not allocate.
func (tr *Traverser) Intersect(s *Structure, o *Options, r *Ray, fn IntersectionFunc, h *Hit) {
	if !tr.directOK || o == nil || s != tr.s || !o.same(&tr.directOpts) || disableFast4 {
		tr.intersect(s, o, r, fn, h)
		return
	}
	// The previous call's structure and options, which went straight to
	// the direct path: setup would set what it set.
	tr.overflow = false
	tr.running, tr.waiting = 0, 0
	tr.lanes[0].state = laneIdle
	if !useTraceKernel || s.tri4 == nil || disableLeaf4 || disableKernelRay {
		tr.traceDirectGo(s, tr.directCull, &r.Origin, &r.Direction, r.MinDistance, r.MaxDistance, h)
		return
	}
	// traceDirect's kernel path, in this frame (a miss ends here)
	ds := &tr.direct
	st := &ds.st
	st.ft.cull = tr.directCull
	ds.use(s)
	st.anyHit = uint32(b2i(tr.opts.AcceptAny))
	var status uint32
	if s.width == 8 {
		status = traceRay8(&ds.r, st, &tr.fstack, r)
	} else {
		status = traceRay4(&ds.r, st, &tr.fstack, r)
	}
	if status != 0 || st.h.ref >= 0 {
		tr.directResult(s, status, r, h)
		return
	}
	clearHit(h)
}

// traceDirect traces ray (its origin, direction and interval) through s
// and writes its result (what run, commit and result would have written):
// with the one-call kernel (traceRay4, traceRay8) where it runs, as
// traceDirectGo otherwise (Intersect runs the kernel path in its own
// frame). A miss ends in this frame; a hit, a hand-back and a rejected ray
// go to directResult. (directState.trace is the same start for
// callers that want the fastHit.)
func (tr *Traverser) traceDirect(s *Structure, cull int8, ray *Ray, h *Hit) {
	if !useTraceKernel || s.tri4 == nil || disableLeaf4 || disableKernelRay {
		tr.traceDirectGo(s, cull, &ray.Origin, &ray.Direction, ray.MinDistance, ray.MaxDistance, h)
		return
	}
	ds := &tr.direct
	st := &ds.st
	st.ft.cull = cull
	ds.use(s)
	st.anyHit = uint32(b2i(tr.opts.AcceptAny))
	var status uint32
	if s.width == 8 {
		status = traceRay8(&ds.r, st, &tr.fstack, ray)
	} else {
		status = traceRay4(&ds.r, st, &tr.fstack, ray)
	}
	if status != 0 || st.h.ref >= 0 {
		tr.directResult(s, status, ray, h)
		return
	}
	clearHit(h)
}

// directResult is traceDirect's result for a kernel status other than a
// finished miss: a rejected ray (3: a miss), a traversal to finish
// (resume), or a hit in st.h.
func (tr *Traverser) directResult(s *Structure, status uint32, ray *Ray, h *Hit) {
	ds := &tr.direct
	if status != 0 {
		if status == 3 {
			clearHit(h)
			return
		}
		f := ds.resume(s, status, ray, &tr.fstack)
		tr.writeHit(s, &f, h)
		return
	}
	// writeHit, inline
	f := &ds.st.h
	sl := s.slotAt(int(f.slot()))
	g := sl.geom & geomMask
	clearHit(h)
	h.Type, h.FrontFacing, h.Distance = HitTriangle, f.detNeg() == (tr.opts.Winding != CounterClockwise), f.t
	h.PrimitiveID, h.GeometryID = sl.prim, g
	h.Barycentrics[0], h.Barycentrics[1] = f.u, f.v
	h.PrimitiveData = s.geoms[g].data(sl.prim)
}

// trace traces ray (its origin, direction and interval) through s (a
// plain structure with grouped leaf triangles) with the one-ray kernel,
// the ray set up by kernelRay's code in the same call (traceRay4,
// traceRay8), which also checks the interval: traceFastKernel's hit. It
// reports false for a ray that validRay rejects.
func (ds *directState) trace(s *Structure, cull int8, ray *Ray, anyHit bool, stack *[stackSize]stackEntry) (fastHit, bool) {
	st := &ds.st
	st.ft.cull = cull
	ds.use(s)
	st.anyHit = 0
	if anyHit {
		st.anyHit = 1
	}
	var status uint32
	if s.width == 8 {
		status = traceRay8(&ds.r, st, stack, ray)
	} else {
		status = traceRay4(&ds.r, st, stack, ray)
	}
	switch status {
	case 0:
		return st.h, true
	case 3:
		return fastHit{}, false
	}
	return ds.resume(s, status, ray, stack), true
}

// traceSingleKernel is traceSingleLanes' one-ray-at-a-time case with the
// one-ray kernel (s's top level and instance idx's structure child are
// non-empty, child has grouped leaf triangles): the same lane states and
// hits as startRay, the instance transform, traceSingle and commitInst
// lane by lane, with the per-batch work done once (the kernel state's
// structure, culling and any-hit flag; whether the transform can change a
// ray) and only what the finished lanes' results read written: a lane
// ends done (idle where inactive), with its interval, time and mask, and
// with a hit, its hit and the top level's origin and direction (Hit's
// object ray). Where the inverse transform keeps rays without zero
// components (keepsNonzero: the identity, which the renderer's merged
// static geometry has) such a ray goes to the kernel as it is, and the
// kernel's own check (that of validRay) rejects an invalid one; other
// rays are checked and transformed as traceSingleLanes does.
func (tr *Traverser) traceSingleKernel(s, child *Structure, idx uint32, rb *RayBatch, cull int8, frontNeg bool) {
	in := &s.inst[idx]
	ds := &tr.direct
	st := &ds.st
	st.ft.cull = cull
	ds.use(child)
	st.anyHit = uint32(b2i(tr.opts.AcceptAny))
	assume := tr.opts.AssumeIdentityTransforms
	keeps := assume || in.inv.keepsNonzero()
	imask := in.mask
	wide := child.width == 8
	for m := ^rb.Active; m != 0; m &= m - 1 {
		tr.lanes[trailing(m)].state = laneIdle
	}
	var ray Ray
	for m := rb.Active; m != 0; m &= m - 1 {
		i := trailing(m) & (BatchSize - 1)
		l := &tr.lanes[i]
		// (A done lane's depth, stack and leaf positions are not read:
		// Begin and BeginSplit's phase 2 set them for the lanes they
		// start.)
		l.hType = HitNone
		l.state = laneDone
		ox, oy, oz := rb.OX[i], rb.OY[i], rb.OZ[i]
		dx, dy, dz := rb.DX[i], rb.DY[i], rb.DZ[i]
		tmin, tmax := rb.MinDistance[i], rb.MaxDistance[i]
		mask := rb.Mask[i]
		l.tmin, l.tmax, l.time, l.mask = tmin, tmax, rb.Time[i], mask
		if imask&mask == 0 {
			continue
		}
		// (noZero also holds for a ray with a component that is not
		// finite and none zero, which the kernel rejects as validRay
		// does.)
		if !assume && (!keeps || !noZero(ox, oy, oz, dx, dy, dz)) {
			if !validRay3(ox, oy, oz, dx, dy, dz, tmin, tmax) {
				continue
			}
			ox, oy, oz, dx, dy, dz = in.inv.transformRay3(ox, oy, oz, dx, dy, dz)
			if dx == 0 && dy == 0 && dz == 0 {
				continue
			}
		}
		ray.Origin[0], ray.Origin[1], ray.Origin[2] = ox, oy, oz
		ray.Direction[0], ray.Direction[1], ray.Direction[2] = dx, dy, dz
		ray.MinDistance, ray.MaxDistance = tmin, tmax
		var status uint32
		if wide {
			status = traceRay8(&ds.r, st, &tr.fstack, &ray)
		} else {
			status = traceRay4(&ds.r, st, &tr.fstack, &ray)
		}
		h := &st.h
		if status != 0 {
			if status == 3 {
				continue
			}
			f := ds.resume(child, status, &ray, &tr.fstack)
			h = &f
		}
		if h.ref < 0 {
			continue
		}
		sl := child.slotAt(int(h.slot()))
		l.hType, l.hT, l.hU, l.hV, l.hFront = HitTriangle, h.t, h.u, h.v, h.detNeg() == frontNeg
		l.hPrim, l.hGeom = sl.prim, sl.geom&geomMask
		l.hDepth, l.hPath[0] = 1, idx
		l.tmax = h.t
		r := &l.lv[0].r
		r.o[0], r.o[1], r.o[2] = rb.OX[i], rb.OY[i], rb.OZ[i]
		r.d[0], r.d[1], r.d[2] = rb.DX[i], rb.DY[i], rb.DZ[i]
	}
}

// resume finishes the traversal that traceRay4 or traceRay8 left with
// status 1 (a leaf group for the scalar test; the kernel goes on after it)
// or 2 (a child index outside the structure: the Go loop from the start)
// and returns its hit.
func (ds *directState) resume(s *Structure, status uint32, ray *Ray, stack *[stackSize]stackEntry) fastHit {
	st := &ds.st
	anyHit := st.anyHit != 0
	for {
		switch status {
		case 0:
			return st.h
		case 1:
			// the scalar test of the group handed back (it reads the
			// permuted axes from fastTri)
			st.ft.kx, st.ft.ky, st.ft.kz = st.kx16>>4, st.ky16>>4, st.kz16>>4
			hit := st.h.leaf4Rest(s, &st.ft, 4*st.fbGroup, int(st.fbRem), anyHit) || st.fbFound != 0
			if hit {
				st.tmaxb = fbits(st.ft.tmax)
				if anyHit {
					return st.h
				}
			}
		default:
			// a child index outside the structure: the Go loop from the
			// start, with the whole ray set up
			ds.r.set(&ray.Origin, &ray.Direction, s.width)
			return st.goLoop(s, &ds.r, ray.MaxDistance, stack)
		}
		if s.width == 8 {
			status = traceKernel8(&ds.r, st, stack)
		} else {
			status = traceKernel4(&ds.r, st, stack)
		}
	}
}

// useTraceKernel selects the assembly kernels for plain structures with
// grouped leaves (tests turn it off to compare them with the Go loops).
var useTraceKernel = true

// setRay starts st on ray r over [tmin, tmax] with culling sign cull (an
// empty stack; the hit none).
func (st *traceState) setRay(r *levelRay, tmin, tmax float32, cull int8) {
	st.ft.set(r, tmin, tmax, cull)
	st.h = fastHit{ref: -1}
	st.tminb, st.tmaxb = fbits(tmin), fbits(tmax)
	st.sp = 0
	st.kx16, st.ky16, st.kz16 = (r.kx&3)*16, (r.ky&3)*16, (r.kz&3)*16
}

// setStructure points st at s's nodes and grouped leaf triangles.
func (st *traceState) setStructure(s *Structure) {
	if s.width == 8 {
		st.nodes, st.nnodes = unsafe.Pointer(unsafe.SliceData(s.nodes8)), len(s.nodes8)
	} else {
		st.nodes, st.nnodes = unsafe.Pointer(unsafe.SliceData(s.nodes4)), len(s.nodes4)
	}
	st.tri4 = unsafe.Pointer(unsafe.SliceData(s.tri4))
	st.ngroups = min(len(s.tri4)/tri4Floats, len(s.ids)/4)
	st.slots = unsafe.Pointer(unsafe.SliceData(s.ids))
}

// traceFastKernel is traceFast4SIMD (width 4) or traceFast8 (width 8)
// with the whole loop in assembly, for a structure with grouped leaf
// triangles (s.tri4 non-nil): the same hits, bit for bit.
func traceFastKernel(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	var st traceState
	st.setRay(r, tmin, tmax, cull)
	st.setStructure(s)
	if anyHit {
		st.anyHit = 1
	}
	return st.run(s, r, tmax, stack, nil)
}

// run traces st's ray through s (set up by setRay and setStructure; tmax
// the ray's own) with the one-ray kernel and returns the hit. It tests the
// leaf groups the kernel hands back, counting them in handBacks when not
// nil (tests).
func (st *traceState) run(s *Structure, r *levelRay, tmax float32, stack *[stackSize]stackEntry, handBacks *int) fastHit {
	anyHit := st.anyHit != 0
	stack[0] = stackEntry{0, st.tminb}
	st.sp = 1
	for {
		var status uint32
		if s.width == 8 {
			status = traceKernel8(r, st, stack)
		} else {
			status = traceKernel4(r, st, stack)
		}
		switch status {
		case 0:
			return st.h
		case 1:
			if handBacks != nil {
				*handBacks++
			}
			hit := st.h.leaf4Rest(s, &st.ft, 4*st.fbGroup, int(st.fbRem), anyHit) || st.fbFound != 0
			if hit {
				st.tmaxb = fbits(st.ft.tmax)
				if anyHit {
					return st.h
				}
			}
		default:
			return st.goLoop(s, r, tmax, stack)
		}
	}
}

// goLoop traces st's ray again from the start with the Go loop, for a
// child index the kernels found outside the structure: not a structure
// the builder made, which the Go loops' bounds checks report.
func (st *traceState) goLoop(s *Structure, r *levelRay, tmax float32, stack *[stackSize]stackEntry) fastHit {
	if s.width == 8 {
		return traceFast8(s, r, st.ft.tmin, tmax, st.ft.cull, st.anyHit != 0, stack)
	}
	return traceFast4SIMD(s, r, st.ft.tmin, tmax, st.ft.cull, st.anyHit != 0, stack)
}

// kslot is one ray in flight in the assembly stream kernels (layout fixed
// by trace_amd64.s, 1024 bytes): traceKernel4's state, the ray, the node
// or leaf to visit next, the lane whose hit it is, the slot's stack, and
// the ray's slab constants broadcast 8-wide (kslotVectors).
type kslot struct {
	st    traceState
	lr    *levelRay // the ray: a lane's, which stays put while traced (the kernels store it without a write barrier; the Traverser holding both keeps it alive)
	ni    int32
	lane  int32
	stack *[stackSize]stackEntry
	tmax  float32 // the ray's own tmax (st.ft.tmax follows the hits)
	near  int32   // the pending decision's nearest hit child (its index in the node)
	_     [136]byte
	vo    [3][8]float32 // origin
	vfo   [3][8]float32 // exit origin
	vi    [3][8]float32 // inverse direction
	vt    [2][8]int32   // tmin bits, tmax bits + 1
	s     *Structure    // the structure traversed (for Go's scalar test)
	m     int32         // the pending decision's hit mask (-1: none)
	_     int32
	node  unsafe.Pointer // and the node it belongs to
	_     [136]byte
}

// kray is a ray queued for the stream kernels (layout fixed by
// trace_amd64.s): its constants, interval and culling sign, and its lane.
type kray struct {
	lr         *levelRay
	tmin, tmax float32
	cull       int8
	_          [3]byte
	lane       int32
}

// kqueue is the stream kernels' work (layout fixed by trace_amd64.s): the
// hits by lane, the rays that the kernel starts in turn as slots free up
// (rays[head:n]), the busy slots and the slot of the last step, and yield,
// which makes the kernel hand each finished slot back to Go instead (the
// instance structures' bookkeeping).
type kqueue struct {
	out     [BatchSize]fastHit
	rays    [BatchSize]kray
	head, n int32
	live, k uint32
	yield   uint32
}

// kslotVectors fills ks's vectors from its ray and interval bits (in
// assembly: vectors written a float at a time would be read back 32 bytes
// at a time, which defeats store forwarding).
//
//go:noescape
func kslotVectors(ks *kslot)

// streamKernel4 advances the traversals of the slots in q.live through
// 4-wide structures (see trace_amd64.s) until one of them needs Go or all
// are done: it returns the slot | status<<8, status 0 when the slot's
// traversal is done (q.yield: its hit in st.h), 1 when a leaf group needs
// the scalar test, 2 when a child index lies outside the structure, 3 when
// every ray is done (their hits in q.out).
//
//go:noescape
func streamKernel4(slots *[streamK]kslot, q *kqueue) uint32

// streamKernel8 is streamKernel4 for 8-wide structures.
//
//go:noescape
func streamKernel8(slots *[streamK]kslot, q *kqueue) uint32

// kdone is kstep's result when every queued ray is done.
const kdone = 3 << 8

// init starts the slot on ray r over [tmin, tmax] with culling sign cull
// (its structure comes with setStructure). r must stay put while the slot
// traces it.
func (ks *kslot) init(r *levelRay, tmin, tmax float32, cull int8) {
	ks.st.setRay(r, tmin, tmax, cull)
	ks.lr = r
	ks.ni = 0 // the root (traceFast4 pops it first: tmin <= tmax)
	ks.m = -1
	ks.tmax = tmax
	kslotVectors(ks)
}

// setStructure points the slot at s's arrays.
func (ks *kslot) setStructure(s *Structure) {
	ks.s = s
	ks.st.setStructure(s)
}

// streamLanesKernel is streamLanes with the assembly stream kernel
// (top.kwidth wide): the Go slots keep the lanes' bookkeeping, the kernel
// slots the traversals, handed back to Go as each one finishes.
func (tr *Traverser) streamLanesKernel(top *Structure, run uint64) {
	tr.kstartSlots()
	for k := range tr.slots {
		tr.slots[k].ks = &tr.kslots[k]
	}
	q := &tr.kq
	live, next := tr.streamStart(top, run)
	q.yield, q.n, q.head, q.live, q.k = 1, 0, 0, uint32(live), streamK-1
	w8 := top.kwidth == 8
	for q.live != 0 {
		k := tr.kstep(w8)
		sl := &tr.slots[k]
		sl.h = tr.kslots[k].st.h
		if !tr.streamFinish(top, sl, &next) {
			q.live &^= 1 << k
		}
	}
	for k := range tr.slots {
		tr.slots[k].ks = nil
	}
}

// kstartSlots points the kernel slots at their stacks and sets the
// any-hit option.
func (tr *Traverser) kstartSlots() {
	for k := range tr.kslots {
		ks := &tr.kslots[k]
		ks.stack = &tr.sstack[k]
		ks.st.anyHit = 0
		if tr.opts.AcceptAny {
			ks.st.anyHit = 1
		}
	}
}

// kstep runs the stream kernel (8-wide with w8) over the slots in
// tr.kq.live, starting after slot kq.k, and tests the leaf groups handed
// back. With kq.yield it returns the first slot whose traversal is done
// (its hit in st.h); otherwise it returns kdone once every queued ray is
// done (their hits in kq.out).
func (tr *Traverser) kstep(w8 bool) uint32 {
	acceptAny := tr.opts.AcceptAny
	q := &tr.kq
	for {
		var r uint32
		if w8 {
			r = streamKernel8(&tr.kslots, q)
		} else {
			r = streamKernel4(&tr.kslots, q)
		}
		if r == kdone {
			return r
		}
		k := r & (streamK - 1)
		ks := &tr.kslots[k]
		s := ks.s
		switch r >> 8 {
		case 0:
			return k
		case 1:
			tr.handBacks++
			hit := ks.st.h.leaf4Rest(s, &ks.st.ft, 4*ks.st.fbGroup, int(ks.st.fbRem), acceptAny) || ks.st.fbFound != 0
			ks.ni = emptyChild // the next step pops
			if !hit {
				continue
			}
			ks.st.tmaxb = fbits(ks.st.ft.tmax)
			kslotVectors(ks)
			if !acceptAny {
				continue
			}
		default:
			ks.st.h = ks.st.goLoop(s, ks.lr, ks.tmax, ks.stack)
		}
		// slot k's traversal is done
		if q.yield != 0 {
			return k
		}
		if tr.krefill(k) == kdone {
			return kdone
		}
	}
}

// krefill is the kernel's refill in Go, for a slot whose traversal Go
// finished: its hit goes to kq.out and it takes the next queued ray, or
// leaves kq.live. It returns kdone when no slot is left busy.
func (tr *Traverser) krefill(k uint32) uint32 {
	q := &tr.kq
	ks := &tr.kslots[k]
	q.out[ks.lane&(BatchSize-1)] = ks.st.h
	if q.head < q.n {
		ks.initRay(&q.rays[q.head])
		q.head++
		return k
	}
	q.live &^= 1 << k
	if q.live == 0 {
		return kdone
	}
	return k
}

// initRay starts the slot on queued ray r (as the kernel's REFILL).
func (ks *kslot) initRay(r *kray) {
	ks.init(r.lr, r.tmin, r.tmax, r.cull)
	ks.lane = r.lane
}

// streamLevel traces the lanes in run through the plain structure s with
// the stream kernel, each from its ray at instance level (lv[level].r,
// culling sign lv[level].cullDet), and commits their hits: level 0 for a
// primitive structure (as tracePrimLanes), 1 for the one instance idx of
// traceSingleLanes (idx's hits). frontNeg: a hit is front-facing when its
// determinant's sign is negative.
func (tr *Traverser) streamLevel(s *Structure, run uint64, level int, frontNeg bool, idx uint32) {
	q := &tr.kq
	n := int32(0)
	for m := run; m != 0; m &= m - 1 {
		i := trailing(m)
		l := &tr.lanes[i]
		lv := &l.lv[level&1]
		q.rays[n&(BatchSize-1)] = kray{lr: &lv.r, tmin: l.tmin, tmax: l.tmax, cull: lv.cullDet, lane: int32(i)}
		n++
	}
	tr.kstream(s, n, level, frontNeg, idx)
}

// kstream traces the n rays queued in kq.rays through the plain structure
// s with the stream kernel, which takes them in turn as slots free up, and
// commits their hits to their lanes (level, frontNeg and idx as
// streamLevel's).
func (tr *Traverser) kstream(s *Structure, n int32, level int, frontNeg bool, idx uint32) {
	tr.kstartSlots()
	q := &tr.kq
	q.yield, q.n, q.head, q.live, q.k = 0, n, 0, 0, streamK-1
	for k := 0; k < streamK && q.head < q.n; k++ {
		ks := &tr.kslots[k]
		ks.setStructure(s)
		ks.initRay(&q.rays[q.head])
		q.head++
		q.live |= 1 << k
	}
	if q.live != 0 {
		tr.kstep(s.width == 8)
	}
	for j := range n {
		i := int(q.rays[j&(BatchSize-1)].lane)
		l := &tr.lanes[i&(BatchSize-1)]
		if h := q.out[i&(BatchSize-1)]; h.ref >= 0 {
			if level == 0 {
				sl := s.slotAt(int(h.slot()))
				l.commit(HitTriangle, h.t, h.u, h.v, h.detNeg() == frontNeg, sl.prim, sl.geom&geomMask)
			} else {
				l.commitInst(s, h, h.detNeg() == frontNeg, idx)
			}
		}
		l.sp = 0
		l.state = laneDone
	}
}

// primStreamLanes is traceBatch for a primitive structure s with the
// stream kernel (s.kernelStream()): each active lane starts as startLane
// starts it, with the level constants that all of them share derived
// once, and goes straight into the kernel's queue.
func (tr *Traverser) primStreamLanes(s *Structure, rb *RayBatch) {
	var shared level
	shared.s = s
	tr.levelFlags(&shared)
	live := len(s.nodes4)+len(s.nodes8) != 0
	width := s.width
	q := &tr.kq
	n := int32(0)
	clearUpper()
	for i := 0; i < BatchSize; i++ {
		l := &tr.lanes[i]
		// The ray stays in registers (see setSlab3).
		ox, oy, oz, dx, dy, dz, tmin, tmax, ok := l.startRay(rb, i)
		if !ok {
			continue
		}
		lv := &l.lv[0]
		lv.s = s
		lv.r.set3Signs(ox, oy, oz, dx, dy, dz, width) // incoherent rays (streams)
		lv.inst, lv.opacity, lv.cullOff, lv.ccw, lv.tableOffset = 0, 0, false, false, 0
		lv.seg, lv.frac = 0, 0 // one keyframe (keyAt)
		lv.cullDet, lv.fast, lv.kernel = shared.cullDet, shared.fast, shared.kernel
		if !live {
			continue
		}
		q.rays[n&(BatchSize-1)] = kray{lr: &lv.r, tmin: tmin, tmax: tmax, cull: shared.cullDet, lane: int32(i)}
		n++
	}
	tr.kstream(s, n, 0, tr.opts.Winding != CounterClockwise, 0)
}
