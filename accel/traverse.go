package accel

import (
	"math"
	"math/bits"
)

// stackEntry is a node to visit and its entry distance as float bits
// (distances on the stack are >= 0, so integer order is float order).
type stackEntry struct {
	node int32
	t    int32
}

// fbits returns the bits of a float32 as an int32. For x >= 0 the order of
// fbits(x) is the order of x; every negative x maps below fbits(0).
func fbits(x float32) int32 { return int32(math.Float32bits(x)) }

// robustULPs widens the far slab distance by 8 units in the last place,
// a relative 4.8e-7 or more: above 1+2γ(3) (Ize 2013), so rounding in the
// slab test never drops a box the ray touches.
const robustULPs = 8

const (
	stackSize  = 512
	markerNode = int32(math.MinInt32) // pops one structure level
)

// level is the traversal state of one structure level of one lane.
type level struct {
	s           *Structure
	r           levelRay
	inst        uint32 // instance index in the parent structure
	seg         int    // primitive motion keyframe segment at the ray time
	frac        float32
	opacity     uint8 // 0: geometry's, 1: opaque, 2: non-opaque (instance options)
	cullOff     bool
	ccw         bool
	fast        bool // plain opaque static triangles need no per-slot checks but culling
	kernel      bool // fast and every primitive an opaque triangle: traceFast applies
	cullDet     int8 // skip triangles whose det has this sign (0: no culling)
	tableOffset uint32
}

const (
	laneIdle uint8 = iota
	laneRunning
	laneWaiting
	laneDone
)

// lane is one ray's resumable traversal state.
type lane struct {
	state            uint8
	depth            int
	sp               int
	leafPos, leafEnd int
	tmin, tmax       float32
	time             float32
	mask             uint32

	// Committed hit.
	hType  IntersectionType
	hFront bool
	hT     float32
	hU, hV float32
	hPrim  uint32
	hGeom  uint32
	hDepth int
	hPath  [MaxInstanceLevels]uint32

	// Pending candidate.
	pType  IntersectionType
	pFront bool
	pT     float32
	pU, pV float32
	pPrim  uint32
	pGeom  uint32
	cand   Candidate

	lv    [MaxLevels]level
	stack [stackSize]stackEntry
}

// Traverser holds the traversal state of up to BatchSize rays. It is reusable
// and allocation-free after creation; use one per goroutine.
type Traverser struct {
	opts      Options
	s         *Structure
	maxLevels int
	running   uint64
	waiting   uint64
	overflow  bool
	// phase is the phase of a split traversal of s (split.go): in phase 1
	// the batch kernels trace only the instances s.split marks, in phase 2
	// the general traversal skips them; 0 otherwise.
	phase     uint8
	lanes     [BatchSize]lane
	fstack    [stackSize]stackEntry // traceFast4's stack
	single    levelRay              // traceSingleLanes' ray in the instance
	slots     [streamK]streamSlot   // the stream kernel's rays
	sstack    [streamK][stackSize]stackEntry
	kslots    [streamK]kslot // the assembly stream kernel's rays
	kq        kqueue         // and their work
	handBacks int            // leaf groups the stream kernel handed back (tests)
	// (the fields below come last: the stream kernels' slots above keep
	// their alignment)
	direct directState // the single-ray API's kernel state
	// Intersect's last direct call (directOK): its options as given and
	// culling sign, for the next call with the same structure and
	// options (setup clears directOK).
	directOpts Options
	directCull int8
	directOK   bool
}

// NewTraverser returns a Traverser.
func NewTraverser() *Traverser { return new(Traverser) }

// Overflowed reports whether some ray of the last batch exceeded the
// traversal stack (possible only with absurdly deep nesting); such rays may
// miss hits.
func (tr *Traverser) Overflowed() bool { return tr.overflow }

// validRay applies Metal's rules: finite origin and direction, a non-zero
// direction, 0 <= min <= max, min finite (NaNs fail every comparison).
func validRay(o, d *[3]float32, tmin, tmax float32) bool {
	return validRay3(o[0], o[1], o[2], d[0], d[1], d[2], tmin, tmax)
}

// validRay3 is validRay with the components as values.
func validRay3(ox, oy, oz, dx, dy, dz, tmin, tmax float32) bool {
	// x-x is 0 for finite x and NaN otherwise; the sum is 0 only if all are.
	if (ox-ox)+(oy-oy)+(oz-oz)+(dx-dx)+(dy-dy)+(dz-dz) != 0 {
		return false
	}
	return (dx != 0 || dy != 0 || dz != 0) && tmin >= 0 && tmin <= tmax && tmin < float32(math.Inf(1))
}

// Begin starts traversing the active lanes of rb through s with options o.
func (tr *Traverser) Begin(s *Structure, o *Options, rb *RayBatch) {
	tr.setup(s, o)
	tr.running, tr.waiting = 0, 0
	for i := 0; i < BatchSize; i++ {
		l := &tr.lanes[i]
		if rb.Active&(1<<uint(i)) == 0 {
			l.state = laneIdle
			continue
		}
		tr.startLane(l, [3]float32{rb.OX[i], rb.OY[i], rb.OZ[i]}, [3]float32{rb.DX[i], rb.DY[i], rb.DZ[i]},
			rb.MinDistance[i], rb.MaxDistance[i], rb.Time[i], rb.Mask[i])
		if l.state == laneRunning {
			tr.running |= 1 << uint(i)
		}
	}
}

func (tr *Traverser) setup(s *Structure, o *Options) {
	tr.directOK = false
	tr.s = s
	if o != nil {
		tr.opts = *o
	} else {
		tr.opts = Options{}
	}
	if tr.opts.AssumeGeometry == 0 {
		tr.opts.AssumeGeometry = GeometryTriangle | GeometryBoundingBox
	}
	tr.maxLevels = tr.opts.MaxLevels
	if tr.maxLevels == 0 {
		tr.maxLevels = 2
	}
	tr.maxLevels = min(max(tr.maxLevels, 1), MaxLevels)
	tr.overflow = false
	tr.phase = 0
}

func (tr *Traverser) startLane(l *lane, o, d [3]float32, tmin, tmax, time float32, mask uint32) {
	l.hType = HitNone
	l.depth, l.sp, l.leafPos, l.leafEnd = 0, 0, 0, 0
	l.state = laneDone
	s := tr.s
	if s == nil || !validRay(&o, &d, tmin, tmax) {
		return
	}
	l.tmin, l.tmax, l.time, l.mask = tmin, tmax, time, mask
	lv := &l.lv[0]
	lv.s = s
	if s.kind == KindInstance {
		lv.r.setSlab(&o, &d, s.width) // its leaves are instances: no triangle tests
	} else {
		lv.r.set(&o, &d, s.width)
	}
	lv.inst, lv.opacity, lv.cullOff, lv.ccw, lv.tableOffset = 0, 0, false, false, 0
	if s.kind == KindPrimitive {
		seg, f, ok := keyAt(time, s.motionStart, s.motionEnd, s.keys, s.startBorder, s.endBorder)
		if !ok {
			return
		}
		lv.seg, lv.frac = seg, f
	}
	tr.levelFlags(lv)
	if len(s.nodes4)+len(s.nodes8) == 0 {
		return
	}
	l.stack[0] = stackEntry{node: 0, t: fbits(tmin)}
	l.sp = 1
	l.state = laneRunning
}

// levelFlags derives the per-level fast-path and culling constants.
func (tr *Traverser) levelFlags(lv *level) {
	o := &tr.opts
	s := lv.s
	lv.cullDet = cullSign(o, lv.cullOff, lv.ccw)
	lv.fast = s.kind == KindPrimitive && s.keys == 1 && lv.opacity != 2 && fastOptions(o)
	lv.kernel = lv.fast && s.plain
}

// cullSign is the sign of the determinant of culled triangles (0: no
// culling) under options o and an instance path's culling and facing
// options.
func cullSign(o *Options, cullOff, ccwInst bool) int8 {
	if o.CullMode == CullNone || cullOff {
		return 0
	}
	// front-facing <=> (det < 0) != ccw
	ccw := (o.Winding == CounterClockwise) != ccwInst
	frontSign := int8(-1)
	if ccw {
		frontSign = 1
	}
	if o.CullMode == CullFront {
		return frontSign
	}
	return -frontSign
}

// fastOptions reports whether options o leave opaque triangles opaque and
// unculled by kind.
func fastOptions(o *Options) bool {
	return o.ForceOpacity != ForceNonOpaque && o.OpacityCull != OpacityCullOpaque &&
		o.GeometryCull&GeometryTriangle == 0 && o.AssumeGeometry&GeometryTriangle != 0
}

// Step advances every running lane until it finishes or stops at a
// candidate. It returns the mask of lanes waiting for a Decision.
func (tr *Traverser) Step() uint64 {
	// Each lane runs until it stops or finishes: interleaving lanes node by
	// node (with prefetching) measured no gain (BENCHMARKS.md).
	for m := tr.running &^ tr.waiting; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if tr.run(&tr.lanes[i]) == runWait {
			tr.waiting |= 1 << uint(i)
		} else {
			tr.running &^= 1 << uint(i)
		}
	}
	return tr.waiting
}

// Running reports the mask of lanes not yet finished.
func (tr *Traverser) Running() uint64 { return tr.running }

// Candidate returns the candidate lane i waits on (valid until Decide).
func (tr *Traverser) Candidate(i int) *Candidate { return &tr.lanes[i].cand }

// Group is a set of waiting lanes that need the same intersection function.
type Group struct {
	FunctionIndex uint32
	Lanes         uint64
}

// Groups appends to dst one Group per distinct FunctionIndex among the
// waiting lanes, in increasing FunctionIndex order, and returns it. With a
// dst of capacity BatchSize it does not allocate.
func (tr *Traverser) Groups(dst []Group) []Group {
	dst = dst[:0]
	for m := tr.waiting; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		f := tr.lanes[i].cand.FunctionIndex
		j := 0
		for j < len(dst) && dst[j].FunctionIndex < f {
			j++
		}
		if j < len(dst) && dst[j].FunctionIndex == f {
			dst[j].Lanes |= 1 << uint(i)
			continue
		}
		dst = append(dst, Group{})
		copy(dst[j+1:], dst[j:])
		dst[j] = Group{FunctionIndex: f, Lanes: 1 << uint(i)}
	}
	return dst
}

// Decide applies an intersection function's decision to waiting lane i and
// makes it runnable again. Deciding a lane that is not waiting does nothing.
func (tr *Traverser) Decide(i int, d Decision) {
	bit := uint64(1) << uint(i)
	if tr.waiting&bit == 0 {
		return
	}
	tr.waiting &^= bit
	l := &tr.lanes[i]
	l.state = laneRunning
	if !d.Accept {
		return
	}
	t := l.pT
	if l.pType == HitBoundingBox {
		t = d.Distance
		if !(t >= l.tmin && t <= l.tmax) {
			return
		}
	}
	l.commit(l.pType, t, l.pU, l.pV, l.pFront, l.pPrim, l.pGeom)
	if tr.opts.AcceptAny || !d.Continue {
		l.state = laneDone
		l.sp, l.leafPos, l.leafEnd = 0, 0, 0
	}
}

// Abort ends lane i's traversal, keeping its committed hit (MSL
// intersection_query::abort). A waiting lane's candidate is dropped.
func (tr *Traverser) Abort(i int) {
	bit := uint64(1) << uint(i)
	tr.waiting &^= bit
	tr.running &^= bit
	l := &tr.lanes[i]
	if l.state != laneIdle {
		l.state = laneDone
	}
	l.sp, l.leafPos, l.leafEnd = 0, 0, 0
}

func (l *lane) commit(kind IntersectionType, t, u, v float32, front bool, prim, geom uint32) {
	l.hType, l.hT, l.hU, l.hV, l.hFront, l.hPrim, l.hGeom = kind, t, u, v, front, prim, geom
	l.tmax = t
	l.hDepth = l.depth
	for d := 1; d <= l.depth; d++ {
		l.hPath[d-1] = l.lv[d].inst
	}
}

// Results of run.
const (
	runWait = iota // stopped at a candidate
	runDone        // finished
)

// run advances lane l until it stops at a candidate or finishes.
func (tr *Traverser) run(l *lane) int {
	if l.state == laneDone {
		return runDone
	}
	clearUpper() // see fast_simd.go: the SIMD node test needs a clean AVX state
	if l.leafPos < l.leafEnd {
		if tr.leaf(l) {
			return runWait
		}
		if l.state == laneDone {
			return runDone
		}
	}
	acceptAny := tr.opts.AcceptAny
	ccwOpt := tr.opts.Winding == CounterClockwise
	if lv := &l.lv[0]; l.depth == 0 && lv.kernel && l.sp == 1 && !disableFast4 {
		// A fresh lane over plain triangles: the fast kernel.
		h := traceFast(lv.s, &lv.r, l.tmin, l.tmax, lv.cullDet, acceptAny, &tr.fstack)
		if h.ref >= 0 {
			sl := lv.s.slotAt(int(h.slot()))
			l.commit(HitTriangle, h.t, h.u, h.v, h.detNeg() == !(ccwOpt != lv.ccw), sl.prim, sl.geom&geomMask)
		}
		l.sp = 0
		l.state = laneDone
		return runDone
	}
	tmin, tmax := l.tmin, l.tmax
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	sp := l.sp
	stack := &l.stack
reload:
	lv := &l.lv[l.depth]
	s := lv.s
	ox, oy, oz := lv.r.o[0], lv.r.o[1], lv.r.o[2]
	fox, foy, foz := lv.r.fo[0], lv.r.fo[1], lv.r.fo[2]
	ix, iy, iz := lv.r.ix, lv.r.iy, lv.r.iz
	nx, ny, nz, fx, fy, fz := lv.r.nx, lv.r.ny, lv.r.nz, lv.r.fx, lv.r.fy, lv.r.fz
	// Watertight-test constants.
	kx, ky, kz := lv.r.kx&3, lv.r.ky&3, lv.r.kz&3
	pox, poy, poz := lv.r.ok[0], lv.r.ok[1], lv.r.ok[2]
	shx, shy, shz := lv.r.sx, lv.r.sy, lv.r.sz
	cull := lv.cullDet
	frontNeg := !(ccwOpt != lv.ccw) // front-facing <=> det < 0 when true
	fast := lv.fast
	plain := s.plain
	for sp > 0 {
		sp--
		e := stack[sp&(stackSize-1)]
		if e.node == markerNode {
			l.depth--
			goto reload
		}
		if e.t > tmaxb {
			continue
		}
		ni := e.node
		for ni >= 0 {
			var hn [8]int32
			var ht [8]int32
			c := 0
			if s.width == 4 && useSIMDNodes {
				n := &s.nodes4[ni]
				m, t := slab4(n, &lv.r, tminb, tmaxb)
				for ; m != 0; m &= m - 1 {
					i := bits.TrailingZeros(m) & 3
					hn[c&7], ht[c&7] = n.c[i], t[i]
					c++
				}
			} else if s.width == 4 {
				n := &s.nodes4[ni]
				lx, ly, lz := (*[4]float32)(n.b[nx:nx+4]), (*[4]float32)(n.b[ny:ny+4]), (*[4]float32)(n.b[nz:nz+4])
				hx, hy, hz := (*[4]float32)(n.b[fx:fx+4]), (*[4]float32)(n.b[fy:fy+4]), (*[4]float32)(n.b[fz:fz+4])
				// Slab test on the float bits as integers: every compared
				// value that matters is >= 0, where integer and float order
				// agree; negative distances sort below tmin >= 0 and so drop
				// out. Unrolled so the four children's chains interleave.
				a0 := max(fbits((lx[0]-ox)*ix), fbits((ly[0]-oy)*iy), fbits((lz[0]-oz)*iz), tminb)
				a1 := min(min(fbits((hx[0]-fox)*ix), fbits((hy[0]-foy)*iy), fbits((hz[0]-foz)*iz))+robustULPs, tmaxb)
				b0 := max(fbits((lx[1]-ox)*ix), fbits((ly[1]-oy)*iy), fbits((lz[1]-oz)*iz), tminb)
				b1 := min(min(fbits((hx[1]-fox)*ix), fbits((hy[1]-foy)*iy), fbits((hz[1]-foz)*iz))+robustULPs, tmaxb)
				c0 := max(fbits((lx[2]-ox)*ix), fbits((ly[2]-oy)*iy), fbits((lz[2]-oz)*iz), tminb)
				c1 := min(min(fbits((hx[2]-fox)*ix), fbits((hy[2]-foy)*iy), fbits((hz[2]-foz)*iz))+robustULPs, tmaxb)
				d0 := max(fbits((lx[3]-ox)*ix), fbits((ly[3]-oy)*iy), fbits((lz[3]-oz)*iz), tminb)
				d1 := min(min(fbits((hx[3]-fox)*ix), fbits((hy[3]-foy)*iy), fbits((hz[3]-foz)*iz))+robustULPs, tmaxb)
				if a0 <= a1 {
					hn[0], ht[0] = n.c[0], a0
					c++
				}
				if b0 <= b1 {
					hn[c&7], ht[c&7] = n.c[1], b0
					c++
				}
				if c0 <= c1 {
					hn[c&7], ht[c&7] = n.c[2], c0
					c++
				}
				if d0 <= d1 {
					hn[c&7], ht[c&7] = n.c[3], d0
					c++
				}
			} else {
				n := &s.nodes8[ni]
				lx, ly, lz := (*[8]float32)(n.b[nx:nx+8]), (*[8]float32)(n.b[ny:ny+8]), (*[8]float32)(n.b[nz:nz+8])
				hx, hy, hz := (*[8]float32)(n.b[fx:fx+8]), (*[8]float32)(n.b[fy:fy+8]), (*[8]float32)(n.b[fz:fz+8])
				// Slab test on the float bits as integers: every compared
				// value that matters is >= 0, where integer and float order
				// agree; negative distances sort below tmin >= 0 and so drop
				// out.
				for i := 0; i < 8; i++ {
					t0 := max(fbits((lx[i]-ox)*ix), fbits((ly[i]-oy)*iy), fbits((lz[i]-oz)*iz), tminb)
					t1 := min(min(fbits((hx[i]-fox)*ix), fbits((hy[i]-foy)*iy), fbits((hz[i]-foz)*iz))+robustULPs, tmaxb)
					if t0 <= t1 {
						hn[c&7], ht[c&7] = n.c[i], t0
						c++
					}
				}
			}
			if c == 0 {
				ni = emptyChild
				break
			}
			if c > 1 {
				// Sort by entry distance (insertion sort), push far ones.
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
			}
			ni = hn[0]
			e.t = ht[0]
		}
		if ni == emptyChild {
			continue
		}
		v := int(^ni)
		first, cnt := v>>leafShift, v&maxLeafSize
		if s.kind == KindInstance {
			l.sp, l.tmax = sp, tmax
			if tr.enter(l, s.ids[first], math.Float32frombits(uint32(e.t))) {
				if nl := &l.lv[l.depth]; nl.kernel && !disableFast4 {
					// The instance's structure is plain triangles: trace
					// it with the fast kernel and stay on this level.
					h := traceFast(nl.s, &nl.r, tmin, tmax, nl.cullDet, acceptAny, &tr.fstack)
					if h.ref >= 0 {
						sl := nl.s.slotAt(int(h.slot()))
						l.commit(HitTriangle, h.t, h.u, h.v, h.detNeg() == !(ccwOpt != nl.ccw), sl.prim, sl.geom&geomMask)
						tmax, tmaxb = h.t, fbits(h.t)
						if acceptAny {
							l.state, l.sp = laneDone, 0
							return runDone
						}
					}
					l.depth--
					sp = l.sp - 2 // drop the level marker and root entry enter pushed
					continue
				}
				sp = l.sp
				goto reload
			}
			continue
		}
		end := first + cnt
		if fast {
			if s.tri4 != nil && !disableLeaf4 && cnt > 0 && s.opaqueTriangles(first, end, plain) {
				// Opaque triangles only: the SIMD leaf test on the
				// grouped triangles (leaf4.go), as in the kernel.
				var ft fastTri
				ft.set(&lv.r, tmin, tmax, cull)
				h := fastHit{ref: -1}
				if h.leaf4(s, &ft, ^int32(first>>2<<leafShift|cnt), acceptAny) {
					sl := s.slotAt(int(h.slot()))
					l.commit(HitTriangle, h.t, h.u, h.v, h.detNeg() == frontNeg, sl.prim, sl.geom&geomMask)
					tmax, tmaxb = h.t, fbits(h.t)
					if acceptAny {
						l.state, l.sp = laneDone, 0
						return runDone
					}
				}
				continue
			}
			var vs []float32 // nil: the vertices are in groups (leaf4.go)
			q0 := 0          // then the leaf's first position there
			var kv [9]float32
			if s.verts != nil {
				vs = s.verts[first*vertsPerSlot : end*vertsPerSlot]
			} else {
				q0 = first // grouped slots sit at their positions
			}
			for p := range cnt {
				if !plain && s.slotFlags(first+p) != 0 {
					first += p
					goto general
				}
				var sv *[9]float32
				if vs != nil {
					sv = (*[9]float32)(vs[p*vertsPerSlot:])
				} else {
					s.groupVerts(q0+p, &kv)
					sv = &kv
				}
				// Watertight ray/triangle test (see intersectTriangle).
				az := sv[kz] - poz
				bz := sv[3+kz] - poz
				cz := sv[6+kz] - poz
				ax := sv[kx] - pox - float32(shx*az)
				ay := sv[ky] - poy - float32(shy*az)
				bx := sv[3+kx] - pox - float32(shx*bz)
				by := sv[3+ky] - poy - float32(shy*bz)
				cx := sv[6+kx] - pox - float32(shx*cz)
				cy := sv[6+ky] - poy - float32(shy*cz)
				u := float32(cx*by) - float32(cy*bx)
				w := float32(bx*ay) - float32(by*ax)
				if (u < 0 && w > 0) || (u > 0 && w < 0) {
					continue
				}
				vv := float32(ax*cy) - float32(ay*cx)
				if u == 0 || vv == 0 || w == 0 {
					u = float32(float64(cx)*float64(by) - float64(cy)*float64(bx))
					vv = float32(float64(ax)*float64(cy) - float64(ay)*float64(cx))
					w = float32(float64(bx)*float64(ay) - float64(by)*float64(ax))
				}
				if (u < 0 || vv < 0 || w < 0) && (u > 0 || vv > 0 || w > 0) {
					continue
				}
				det := u + vv + w
				if det == 0 || (cull < 0 && det < 0) || (cull > 0 && det > 0) {
					continue
				}
				rcp := 1 / det
				t := (float32(u*(shz*az)) + float32(vv*(shz*bz)) + float32(w*(shz*cz))) * rcp
				if !inHitRange(t, tmin, tmax) {
					continue
				}
				sl := s.slotAt(first + p)
				l.commit(HitTriangle, t, vv*rcp, w*rcp, (det < 0) == frontNeg, sl.prim, sl.geom&geomMask)
				tmax, tmaxb = t, fbits(t)
				if acceptAny {
					l.state, l.sp = laneDone, 0
					return runDone
				}
			}
			continue
		}
	general:
		l.leafPos, l.leafEnd = first, end
		l.sp, l.tmax = sp, tmax
		if tr.leaf(l) {
			return runWait
		}
		if l.state == laneDone {
			return runDone
		}
		tmax, tmaxb = l.tmax, fbits(l.tmax)
	}
	l.sp, l.tmax = 0, tmax
	l.state = laneDone
	return runDone
}

// enter descends into instance idx of the current level; it reports whether
// a level was pushed.
func (tr *Traverser) enter(l *lane, idx uint32, t float32) bool {
	parent := &l.lv[l.depth]
	ps := parent.s
	in := &ps.inst[idx]
	if tr.phase == phase2 && l.depth == 0 && ps.split[idx>>6]&(1<<(idx&63)) != 0 {
		return false // traced in phase 1 of a split traversal
	}
	if in.mask&l.mask == 0 || l.depth+1 >= tr.maxLevels || l.sp+2 > stackSize {
		if l.sp+2 > stackSize {
			tr.overflow = true
		}
		return false
	}
	child := ps.children[in.child]
	if len(child.nodes4)+len(child.nodes8) == 0 {
		return false
	}
	o, d := parent.r.o, parent.r.d
	if !tr.opts.AssumeIdentityTransforms {
		if in.motion() {
			xf, ok := in.at(l.time)
			if !ok {
				return false
			}
			inv := xf.Inverse()
			inv.transformRay(&o, &d)
		} else {
			in.inv.transformRay(&o, &d)
		}
		if d[0] == 0 && d[1] == 0 && d[2] == 0 {
			return false
		}
	}
	nl := &l.lv[l.depth+1]
	if child.kind == KindPrimitive {
		seg, f, ok := keyAt(l.time, child.motionStart, child.motionEnd, child.keys, child.startBorder, child.endBorder)
		if !ok {
			return false
		}
		nl.seg, nl.frac = seg, f
	}
	nl.s = child
	if child.kind == KindInstance {
		nl.r.setSlab(&o, &d, child.width)
	} else {
		nl.r.set(&o, &d, child.width)
	}
	nl.inst = idx
	switch {
	case in.options&InstanceOpaque != 0:
		nl.opacity = 1
	case in.options&InstanceNonOpaque != 0:
		nl.opacity = 2
	default:
		nl.opacity = parent.opacity
	}
	nl.cullOff = parent.cullOff || in.options&InstanceDisableTriangleCulling != 0
	nl.ccw = parent.ccw || in.options&InstanceFrontFacingCCW != 0
	nl.tableOffset = in.tableOffset
	tr.levelFlags(nl)
	l.stack[l.sp] = stackEntry{markerNode, 0}
	l.stack[l.sp+1] = stackEntry{0, fbits(t)}
	l.sp += 2
	l.depth++
	return true
}

// leaf processes slots [l.leafPos, l.leafEnd) of the current primitive
// level with every rule; it returns true when it stops at a candidate.
func (tr *Traverser) leaf(l *lane) bool {
	o := &tr.opts
	lv := &l.lv[l.depth]
	s := lv.s
	keys := s.keys
	for p := l.leafPos; p < l.leafEnd; p++ {
		if s.ids[p] == holeID {
			continue
		}
		sl := s.slotAt(p)
		info := sl.geom
		isBox := info&flagBox != 0
		kind := GeometryTriangle
		if isBox {
			kind = GeometryBoundingBox
		}
		if o.GeometryCull&kind != 0 || o.AssumeGeometry&kind == 0 {
			continue
		}
		opaque := info&flagNonOpaque == 0
		switch lv.opacity {
		case 1:
			opaque = true
		case 2:
			opaque = false
		}
		switch o.ForceOpacity {
		case ForceOpaque:
			opaque = true
		case ForceNonOpaque:
			opaque = false
		}
		if (o.OpacityCull == OpacityCullOpaque && opaque) || (o.OpacityCull == OpacityCullNonOpaque && !opaque) {
			continue
		}
		var v [9]float32
		s.slotVerts(p, &v)
		if keys > 1 {
			base := (p*keys + lv.seg) * 9
			a := s.motion[base : base+9]
			b := s.motion[base+9 : base+18]
			for j := range v {
				v[j] = a[j] + (b[j]-a[j])*lv.frac
			}
		}
		prim, geom := sl.prim, info&geomMask
		if !isBox {
			t, u, w, det, ok := intersectTriangle(&lv.r, &v)
			if !ok || !inHitRange(t, l.tmin, l.tmax) || (lv.cullDet < 0 && det < 0) || (lv.cullDet > 0 && det > 0) {
				continue
			}
			front := (det < 0) != ((o.Winding == CounterClockwise) != lv.ccw)
			if opaque {
				l.commit(HitTriangle, t, u, w, front, prim, geom)
				if o.AcceptAny {
					l.state, l.sp, l.leafPos, l.leafEnd = laneDone, 0, 0, 0
					return false
				}
				continue
			}
			l.pType, l.pT, l.pU, l.pV, l.pFront, l.pPrim, l.pGeom = HitTriangle, t, u, w, front, prim, geom
		} else {
			if _, ok := intersectBox(&lv.r, (*[3]float32)(v[0:3]), (*[3]float32)(v[3:6]), l.tmin, l.tmax); !ok {
				continue
			}
			l.pType, l.pT, l.pU, l.pV, l.pFront, l.pPrim, l.pGeom = HitBoundingBox, 0, 0, 0, false, prim, geom
		}
		l.leafPos = p + 1
		tr.fillCandidate(l, opaque)
		l.state = laneWaiting
		return true
	}
	l.leafPos, l.leafEnd = 0, 0
	return false
}

// fillCandidate describes the pending candidate of l.
func (tr *Traverser) fillCandidate(l *lane, opaque bool) {
	c := &l.cand
	lv := &l.lv[l.depth]
	s := lv.s
	g := &s.geoms[l.pGeom]
	c.Type = l.pType
	c.InstanceTableOffset = lv.tableOffset
	c.GeometryTableOffset = g.tableOffset
	c.FunctionIndex = lv.tableOffset + g.tableOffset
	c.PrimitiveID, c.GeometryID = l.pPrim, l.pGeom
	c.Distance, c.Barycentrics, c.FrontFacing = l.pT, [2]float32{l.pU, l.pV}, l.pFront
	c.Opaque = opaque
	c.Origin, c.Direction = lv.r.o, lv.r.d
	c.WorldOrigin, c.WorldDirection = l.lv[0].r.o, l.lv[0].r.d
	c.MinDistance, c.MaxDistance = l.tmin, l.tmax
	c.Time, c.MotionStartTime, c.MotionEndTime, c.KeyframeCount = l.time, s.motionStart, s.motionEnd, uint32(s.keys)
	c.PrimitiveData = g.data(l.pPrim)
	c.InstanceCount = uint32(l.depth)
	var path [MaxInstanceLevels]uint32
	for d := 1; d <= l.depth; d++ {
		path[d-1] = l.lv[d].inst
	}
	c.InstanceID = path
	tr.pathInfo(&path, l.depth, l.time, &c.UserInstanceID, &c.ObjectToWorld, &c.WorldToObject)
}

func (g *geomInfo) data(prim uint32) []byte {
	if g.primData == nil {
		return nil
	}
	o := int(prim) * g.primSize
	return g.primData[o : o+g.primSize : o+g.primSize]
}

// pathInfo walks an instance path from the top structure: user ids and the
// composed transforms at time t.
func (tr *Traverser) pathInfo(path *[MaxInstanceLevels]uint32, depth int, t float32, user *[MaxInstanceLevels]uint32, o2w, w2o *Float4x3) *Structure {
	s := tr.s
	*o2w, *w2o = Identity4x3, Identity4x3
	*user = [MaxInstanceLevels]uint32{}
	for d := 0; d < depth; d++ {
		in := &s.inst[path[d]]
		user[d] = in.userID
		if !tr.opts.AssumeIdentityTransforms {
			xf, inv := in.xf, in.inv
			if in.motion() {
				xf, _ = in.at(t)
				inv = xf.Inverse()
			}
			*o2w = o2w.Mul(&xf)
			*w2o = inv.Mul(w2o)
		}
		s = s.children[in.child]
	}
	return s
}

// HitSummary returns the fields of lane i's result that need no
// transform and no primitive data, read straight from the lane (what Hit
// would write to h.Type, Distance, PrimitiveID, GeometryID, Barycentrics,
// FrontFacing and InstanceCount): a cheap read for callers that want only
// these. A lane without a hit returns HitNone and zeros.
func (tr *Traverser) HitSummary(i int) (typ IntersectionType, dist float32, prim, geom uint32, bary [2]float32, front bool, instances uint32) {
	l := &tr.lanes[i]
	if l.state == laneIdle || l.hType == HitNone {
		return HitNone, 0, 0, 0, [2]float32{}, false, 0
	}
	return l.hType, l.hT, l.hPrim, l.hGeom, [2]float32{l.hU, l.hV}, l.hFront, uint32(l.hDepth)
}

// HitInstance returns the instance index and user instance ID at level k
// of lane i's result (Hit's InstanceID[k] and UserInstanceID[k]); ok is
// false when the hit has no level k.
func (tr *Traverser) HitInstance(i, k int) (id, user uint32, ok bool) {
	l := &tr.lanes[i]
	if l.state == laneIdle || l.hType == HitNone || k < 0 || k >= l.hDepth {
		return 0, 0, false
	}
	s := tr.s
	for d := 0; d < k; d++ {
		s = s.children[s.inst[l.hPath[d]].child]
	}
	return l.hPath[k], s.inst[l.hPath[k]].userID, true
}

// Hit writes lane i's result to h.
func (tr *Traverser) Hit(i int, h *Hit) {
	l := &tr.lanes[i]
	tr.result(l, h)
}

func (tr *Traverser) result(l *lane, h *Hit) {
	if l.state == laneIdle || l.hType == HitNone {
		clearHit(h)
		return
	}
	h.Type, h.Distance, h.FrontFacing = l.hType, l.hT, l.hFront
	h.PrimitiveID, h.GeometryID = l.hPrim, l.hGeom
	h.Barycentrics[0], h.Barycentrics[1] = l.hU, l.hV // (one store each: see traceDirect)
	h.InstanceCount = uint32(l.hDepth)
	h.InstanceID = [MaxInstanceLevels]uint32{}
	copy(h.InstanceID[:l.hDepth], l.hPath[:l.hDepth])
	if !tr.opts.WorldSpaceData {
		// Only the user ids and the hit structure: no transforms to
		// compose (pathInfo without its matrix products).
		s := tr.s
		h.UserInstanceID = [MaxInstanceLevels]uint32{}
		for d := 0; d < l.hDepth; d++ {
			in := &s.inst[l.hPath[d]]
			h.UserInstanceID[d] = in.userID
			s = s.children[in.child]
		}
		h.PrimitiveData = s.geoms[l.hGeom].data(l.hPrim)
		h.ObjectToWorld, h.WorldToObject = Float4x3{}, Float4x3{}
		h.ObjectOrigin, h.ObjectDirection = [3]float32{}, [3]float32{}
		return
	}
	s := tr.pathInfo(&l.hPath, l.hDepth, l.time, &h.UserInstanceID, &h.ObjectToWorld, &h.WorldToObject)
	h.PrimitiveData = s.geoms[l.hGeom].data(l.hPrim)
	h.ObjectOrigin, h.ObjectDirection = tr.objectRay(l)
}

// objectRay re-derives the object-space ray of the committed hit the way
// traversal did (one instance transform at a time).
func (tr *Traverser) objectRay(l *lane) (o, d [3]float32) {
	o, d = l.lv[0].r.o, l.lv[0].r.d
	if tr.opts.AssumeIdentityTransforms {
		return
	}
	s := tr.s
	for k := 0; k < l.hDepth; k++ {
		in := &s.inst[l.hPath[k]]
		inv := in.inv
		if in.motion() {
			xf, _ := in.at(l.time)
			inv = xf.Inverse()
		}
		inv.transformRay(&o, &d)
		s = s.children[in.child]
	}
	return
}

func trailing(m uint64) int { return bits.TrailingZeros64(m) }
