package accel

import (
	"math/bits"
	"unsafe"
)

// The stream kernel traces several rays of a batch at once through plain
// 4-wide structures (TraceBatch's primitive structure, or the instances'
// structures under its instance structure, whose top level each lane
// traverses on its own between them). It advances the rays in turn, one
// node or one leaf each, and prefetches each ray's next node (or leaf
// triangles) as soon as it is chosen: while that line is on its way the
// core works on the other rays, so the cache misses of different rays
// overlap (a single ray's next node address depends on its current node,
// so its own misses cannot). Each ray does exactly what traceFast4 does,
// in the same order: the results are bit-identical. It pays off on
// incoherent rays; camera-like batches, whose nodes stay cached, are
// faster one ray at a time (see coherent).
//
// Where the assembly kernels run (trace_amd64.go) the traversals are theirs
// (streamKernel4/8, any width) and this file keeps the lanes' bookkeeping
// for instance structures; streamLanes4 below is the Go form, for CPUs
// without AVX2 and for the tests.

// streamK is the number of rays in flight.
const streamK = 8

// streamSlot is one ray in flight: traceFast4's per-ray state.
type streamSlot struct {
	ox, oy, oz             float32
	fox, foy, foz          float32
	ix, iy, iz             float32
	tminb, tmaxb           int32
	ni                     int32 // node (>= 0) or leaf (< 0) to visit next
	sp                     int32
	lane                   int32
	nx, ny, nz, fx, fy, fz uintptr // byte offsets of the planes
	ft                     fastTri
	h                      fastHit
	s                      *Structure // the plain structure traversed
	inst                   bool       // s is instance idx's structure
	ccwInst                bool       // the instance's InstanceFrontFacingCCW
	idx                    uint32
	// ks is the slot's twin in the assembly stream kernel while
	// streamLanesKernel runs (nil otherwise): init and syncKernel start it.
	ks *kslot
}

// touchLeaf prefetches the first two cache lines of leaf ni's triangles
// in s. (The stream kernel prefetches a chosen node itself, inline; a
// leaf's triangles here.)
func touchLeaf(ni int32, s *Structure) {
	if p := (int(^ni) >> leafShift) * vertsPerSlot; p < len(s.verts) {
		prefetch(uintptr(unsafe.Pointer(&s.verts[p])))
	}
}

// init starts the slot on ray r over [tmin, tmax] (a valid ray) with
// culling sign cull, for lane.
func (sl *streamSlot) init(r *levelRay, tmin, tmax float32, cull int8, lane int) {
	if sl.ks != nil {
		sl.ks.init(r, tmin, tmax, cull)
		sl.lane = int32(lane)
		return
	}
	sl.ox, sl.oy, sl.oz = r.o[0], r.o[1], r.o[2]
	sl.fox, sl.foy, sl.foz = r.fo[0], r.fo[1], r.fo[2]
	sl.ix, sl.iy, sl.iz = r.ix, r.iy, r.iz
	sl.nx, sl.ny, sl.nz = uintptr(r.nx)*4, uintptr(r.ny)*4, uintptr(r.nz)*4
	sl.fx, sl.fy, sl.fz = uintptr(r.fx)*4, uintptr(r.fy)*4, uintptr(r.fz)*4
	// traceFast4 starts by popping the root with entry tmin <= tmax.
	sl.tminb, sl.tmaxb = fbits(tmin), fbits(tmax)
	sl.ni, sl.sp, sl.lane = 0, 0, int32(lane)
	sl.ft.set(r, tmin, tmax, cull)
	sl.h = fastHit{ref: -1}
}

// streamLanes traces the started lanes in run of tr (lane state as
// startLane leaves it) through s (TraceBatch's structure, s.stream set)
// with the stream kernel and commits their hits.
func (tr *Traverser) streamLanes(s *Structure, run uint64) {
	clearUpper()
	switch {
	case !s.kernelStream():
		tr.streamLanes4(s, run)
	case s.kind == KindPrimitive:
		tr.streamLevel(s, run, 0, tr.opts.Winding != CounterClockwise, 0)
	default:
		tr.streamLanesKernel(s, run)
	}
}

// streamStart fills the slots with the first lanes of run; it returns the
// mask of busy slots and the lanes left.
func (tr *Traverser) streamStart(s *Structure, run uint64) (live uint, next uint64) {
	next = run
	for k := 0; k < streamK; k++ {
		tr.slots[k].inst = false // no lane to resume
		if !tr.streamNext(s, &tr.slots[k], &next) {
			break
		}
		live |= 1 << k
	}
	return live, next
}

// streamNext gives slot sl its next traversal: its lane's next instance
// (for an instance structure s), or else the next lane of next that has
// any. It reports false when no work is left.
func (tr *Traverser) streamNext(s *Structure, sl *streamSlot, next *uint64) bool {
	if sl.inst && tr.streamInst(sl, int(sl.lane)) {
		return true
	}
	for *next != 0 {
		i := bits.TrailingZeros64(*next)
		*next &= *next - 1
		if s.kind == KindPrimitive {
			l := &tr.lanes[i]
			sl.init(&l.lv[0].r, l.tmin, l.tmax, l.lv[0].cullDet, i)
			sl.s, sl.inst, sl.ccwInst, sl.idx = s, false, false, 0
			sl.syncKernel()
			return true
		}
		if tr.streamInst(sl, i) {
			return true
		}
	}
	sl.inst = false
	return false
}

// streamInst starts slot sl on lane i's next instance (instAdvance); when
// there is none the lane is finished and it reports false.
func (tr *Traverser) streamInst(sl *streamSlot, i int) bool {
	l := &tr.lanes[i]
	child, cull, ccwInst, idx, ok := tr.instAdvance(l)
	if !ok {
		l.sp = 0
		l.state = laneDone
		return false
	}
	sl.init(&l.lv[1].r, l.tmin, l.tmax, cull, i)
	sl.s, sl.inst, sl.ccwInst, sl.idx = child, true, ccwInst, idx
	sl.syncKernel()
	return true
}

// syncKernel points the slot's assembly twin, if any, at its structure sl.s.
func (sl *streamSlot) syncKernel() {
	if sl.ks != nil {
		sl.ks.setStructure(sl.s)
	}
}

// streamLanes4 is streamLanes with traceFast4's scalar slab test.
func (tr *Traverser) streamLanes4(top *Structure, run uint64) {
	acceptAny := tr.opts.AcceptAny
	slots := &tr.slots
	live, next := tr.streamStart(top, run)
	for live != 0 {
		for m := live; m != 0; m &= m - 1 {
			k := bits.TrailingZeros(m) & (streamK - 1)
			sl := &slots[k]
			stack := &tr.sstack[k]
			s := sl.s
			ni := sl.ni
			if ni >= 0 {
				n := &s.nodes4[ni]
				nb := unsafe.Pointer(&n.b)
				lx, ly, lz := (*[4]float32)(unsafe.Add(nb, sl.nx)), (*[4]float32)(unsafe.Add(nb, sl.ny)), (*[4]float32)(unsafe.Add(nb, sl.nz))
				hx, hy, hz := (*[4]float32)(unsafe.Add(nb, sl.fx)), (*[4]float32)(unsafe.Add(nb, sl.fy)), (*[4]float32)(unsafe.Add(nb, sl.fz))
				ox, oy, oz := sl.ox, sl.oy, sl.oz
				fox, foy, foz := sl.fox, sl.foy, sl.foz
				ix, iy, iz := sl.ix, sl.iy, sl.iz
				tminb, tmaxb := sl.tminb, sl.tmaxb
				a0 := max(fbits((lx[0]-ox)*ix), fbits((ly[0]-oy)*iy), fbits((lz[0]-oz)*iz), tminb)
				a1 := min(min(fbits((hx[0]-fox)*ix), fbits((hy[0]-foy)*iy), fbits((hz[0]-foz)*iz))+robustULPs, tmaxb)
				b0 := max(fbits((lx[1]-ox)*ix), fbits((ly[1]-oy)*iy), fbits((lz[1]-oz)*iz), tminb)
				b1 := min(min(fbits((hx[1]-fox)*ix), fbits((hy[1]-foy)*iy), fbits((hz[1]-foz)*iz))+robustULPs, tmaxb)
				c0 := max(fbits((lx[2]-ox)*ix), fbits((ly[2]-oy)*iy), fbits((lz[2]-oz)*iz), tminb)
				c1 := min(min(fbits((hx[2]-fox)*ix), fbits((hy[2]-foy)*iy), fbits((hz[2]-foz)*iz))+robustULPs, tmaxb)
				d0 := max(fbits((lx[3]-ox)*ix), fbits((ly[3]-oy)*iy), fbits((lz[3]-oz)*iz), tminb)
				d1 := min(min(fbits((hx[3]-fox)*ix), fbits((hy[3]-foy)*iy), fbits((hz[3]-foz)*iz))+robustULPs, tmaxb)
				var hn, ht [4]int32
				c := 0
				if a0 <= a1 {
					hn[0], ht[0] = n.c[0], a0
					c++
				}
				if b0 <= b1 {
					hn[c&3], ht[c&3] = n.c[1], b0
					c++
				}
				if c0 <= c1 {
					hn[c&3], ht[c&3] = n.c[2], c0
					c++
				}
				if d0 <= d1 {
					hn[c&3], ht[c&3] = n.c[3], d0
					c++
				}
				if c != 0 {
					if c > 1 {
						sl.sp = int32(pushFar(stack, int(sl.sp), &hn, &ht, c))
					}
					sl.ni = hn[0]
					if nx := hn[0]; nx >= 0 {
						prefetch(uintptr(unsafe.Pointer(&s.nodes4[nx])))
					} else {
						touchLeaf(nx, s)
					}
					continue
				}
			} else if ni != emptyChild {
				if sl.h.leaf(s, &sl.ft, ni, acceptAny) {
					sl.tmaxb = fbits(sl.ft.tmax)
					if acceptAny {
						sl.sp = 0
					}
				}
			}
			if sl.pop(stack) {
				if nx := sl.ni; nx >= 0 {
					prefetch(uintptr(unsafe.Pointer(&s.nodes4[nx])))
				} else {
					touchLeaf(nx, s)
				}
				continue
			}
			if !tr.streamFinish(top, sl, &next) {
				live &^= 1 << k
			}
		}
	}
}

// streamFinish commits the hit of slot sl's finished traversal (as
// tracePrimLanes and traceInstLane do) and gives the slot its next
// traversal; it reports false when none is left.
func (tr *Traverser) streamFinish(top *Structure, sl *streamSlot, next *uint64) bool {
	l := &tr.lanes[sl.lane&(BatchSize-1)]
	ccwOpt := tr.opts.Winding == CounterClockwise
	if h := sl.h; h.ref >= 0 {
		front := h.detNeg() == (ccwOpt == sl.ccwInst)
		if sl.inst {
			l.commitInst(sl.s, h, front, sl.idx)
		} else {
			st := sl.s.slotAt(int(h.slot()))
			l.commit(HitTriangle, h.t, h.u, h.v, front, st.prim, st.geom&geomMask)
		}
		if tr.opts.AcceptAny {
			sl.inst = false
		}
	}
	if !sl.inst {
		l.sp = 0
		l.state = laneDone
	}
	return tr.streamNext(top, sl, next)
}

// pop moves the slot to the next stacked node the ray still reaches; it
// reports false when there is none (the ray is finished).
func (sl *streamSlot) pop(stack *[stackSize]stackEntry) bool {
	sp := sl.sp
	for sp > 0 {
		sp--
		e := stack[sp&(stackSize-1)]
		if e.t <= sl.tmaxb {
			sl.ni, sl.sp = e.node, sp
			return true
		}
	}
	sl.sp = 0
	return false
}
