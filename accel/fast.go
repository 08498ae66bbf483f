package accel

import "unsafe"

// The fast kernel traces one ray through a primitive structure whose
// primitives are all opaque, static triangles (Structure.plain, keys == 1)
// and that no option makes non-opaque or culls by kind: the common case of
// closest-hit and shadow rays. It runs to completion (it never stops at a
// candidate) and gives the same hits as the general path in run: the same
// slab test, the same watertight triangle test, the same order of tests.
// With GOEXPERIMENT=simd on a CPU with AVX2 and FMA the slab test of
// 4-wide nodes runs 4-wide (fast_simd.go) and a leaf's triangles are
// tested four at a time (leaf4.go, leaf4_simd.go); the results are
// bit-identical.

// disableFast4 turns the kernel off (tests compare both paths).
var disableFast4 bool

// disableKernelRay makes the single-ray API set rays up in Go
// (levelRay.set) and then call traceFast, instead of running kernelRay's
// setup and the kernel in one call (traceRay4, traceRay8; tests and A/B
// measurements).
var disableKernelRay bool

// fastHit is what the kernel found, in 16 bytes (one vector move: an odd
// size is copied with overlapping stores that defeat store forwarding,
// which measured 17 ns per ray).
type fastHit struct {
	ref     int32 // slot index | hitDetNeg when det < 0; -1: no hit
	t, u, v float32
}

// hitDetNeg marks a hit whose determinant is negative (slot indices are
// below maxPrimitives = 2^27).
const hitDetNeg = 1 << 30

// slot returns the hit's slot index.
func (h *fastHit) slot() int32 { return h.ref &^ hitDetNeg }

// detNeg reports whether the hit's determinant is negative.
func (h *fastHit) detNeg() bool { return h.ref&hitDetNeg != 0 }

// fastTri holds a ray's watertight-test constants and search interval.
type fastTri struct {
	kx, ky, kz    int
	pox, poy, poz float32
	shx, shy, shz float32
	tmin, tmax    float32
	cull          int8
}

func (f *fastTri) set(r *levelRay, tmin, tmax float32, cull int8) {
	f.kx, f.ky, f.kz = r.kx&3, r.ky&3, r.kz&3
	f.pox, f.poy, f.poz = r.ok[0], r.ok[1], r.ok[2]
	f.shx, f.shy, f.shz = r.sx, r.sy, r.sz
	f.tmin, f.tmax, f.cull = tmin, tmax, cull
}

// traceFast dispatches to the SIMD kernel where it is available.
func traceFast(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	if useTraceKernel && s.tri4 != nil && !disableLeaf4 {
		return traceFastKernel(s, r, tmin, tmax, cull, anyHit, stack)
	}
	if s.width == 8 {
		return traceFast8(s, r, tmin, tmax, cull, anyHit, stack)
	}
	if useSIMDNodes {
		return traceFast4SIMD(s, r, tmin, tmax, cull, anyHit, stack)
	}
	return traceFast4(s, r, tmin, tmax, cull, anyHit, stack)
}

// traceFast4 traces ray r (with watertight constants) over [tmin, tmax]
// through s (width 4, plain). cull is levelFlags' cullDet; with anyHit the
// first hit ends the search. stack is scratch space.
func traceFast4(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	h := fastHit{ref: -1}
	var ft fastTri
	ft.set(r, tmin, tmax, cull)
	nodes := s.nodes4
	ox, oy, oz := r.o[0], r.o[1], r.o[2]
	fox, foy, foz := r.fo[0], r.fo[1], r.fo[2]
	ix, iy, iz := r.ix, r.iy, r.iz
	// Byte offsets of the near and far planes in a node (levelRay.set
	// keeps them in 0..20 floats, so every access stays inside the node).
	nx, ny, nz := uintptr(r.nx)*4, uintptr(r.ny)*4, uintptr(r.nz)*4
	fx, fy, fz := uintptr(r.fx)*4, uintptr(r.fy)*4, uintptr(r.fz)*4
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	stack[0] = stackEntry{0, tminb}
	sp := 1
	for sp > 0 {
		sp--
		e := stack[sp&(stackSize-1)]
		if e.t > tmaxb {
			continue
		}
		ni := e.node
		for ni >= 0 {
			n := &nodes[ni]
			nb := unsafe.Pointer(&n.b)
			lx, ly, lz := (*[4]float32)(unsafe.Add(nb, nx)), (*[4]float32)(unsafe.Add(nb, ny)), (*[4]float32)(unsafe.Add(nb, nz))
			hx, hy, hz := (*[4]float32)(unsafe.Add(nb, fx)), (*[4]float32)(unsafe.Add(nb, fy)), (*[4]float32)(unsafe.Add(nb, fz))
			// Slab test on the float bits as integers (see run). All eight
			// values before any branch: the tests then overlap the loads.
			// Branches, not conditional moves: predicted branches let the
			// core start loading the next node before the test resolves (a
			// branch-free sorting network measured 1.8× slower; one branch
			// per child right after its test 1.2× slower; a bit mask with
			// one branch for "none" and one for "a single child" has 30%
			// fewer mispredictions under cachegrind but measured 1-18%
			// slower, interleaved on the same rays).
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
			if c == 0 {
				ni = emptyChild
				break
			}
			if c > 1 {
				sp = pushFar(stack, sp, &hn, &ht, c)
			}
			ni = hn[0]
		}
		if ni == emptyChild {
			continue
		}
		if h.leaf(s, &ft, ni, anyHit) {
			tmaxb = fbits(ft.tmax)
			if anyHit {
				return h
			}
		}
	}
	return h
}

// traceFast8 is traceFast4 for 8-wide structures (scalar in every build).
func traceFast8(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	h := fastHit{ref: -1}
	var ft fastTri
	ft.set(r, tmin, tmax, cull)
	nodes := s.nodes8
	ox, oy, oz := r.o[0], r.o[1], r.o[2]
	fox, foy, foz := r.fo[0], r.fo[1], r.fo[2]
	ix, iy, iz := r.ix, r.iy, r.iz
	// Byte offsets of the planes (levelRay.set keeps them in 0..40 floats).
	nx, ny, nz := uintptr(r.nx)*4, uintptr(r.ny)*4, uintptr(r.nz)*4
	fx, fy, fz := uintptr(r.fx)*4, uintptr(r.fy)*4, uintptr(r.fz)*4
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	stack[0] = stackEntry{0, tminb}
	sp := 1
	for sp > 0 {
		sp--
		e := stack[sp&(stackSize-1)]
		if e.t > tmaxb {
			continue
		}
		ni := e.node
		for ni >= 0 {
			n := &nodes[ni]
			nb := unsafe.Pointer(&n.b)
			lx, ly, lz := (*[8]float32)(unsafe.Add(nb, nx)), (*[8]float32)(unsafe.Add(nb, ny)), (*[8]float32)(unsafe.Add(nb, nz))
			hx, hy, hz := (*[8]float32)(unsafe.Add(nb, fx)), (*[8]float32)(unsafe.Add(nb, fy)), (*[8]float32)(unsafe.Add(nb, fz))
			var hn, ht [8]int32
			c := 0
			for i := 0; i < 8; i++ {
				t0 := max(fbits((lx[i]-ox)*ix), fbits((ly[i]-oy)*iy), fbits((lz[i]-oz)*iz), tminb)
				t1 := min(min(fbits((hx[i]-fox)*ix), fbits((hy[i]-foy)*iy), fbits((hz[i]-foz)*iz))+robustULPs, tmaxb)
				if t0 <= t1 {
					hn[c&7], ht[c&7] = n.c[i], t0
					c++
				}
			}
			if c == 0 {
				ni = emptyChild
				break
			}
			if c > 1 {
				sp = pushFar8(stack, sp, &hn, &ht, c)
			}
			ni = hn[0]
		}
		if ni == emptyChild {
			continue
		}
		if h.leaf(s, &ft, ni, anyHit) {
			tmaxb = fbits(ft.tmax)
			if anyHit {
				return h
			}
		}
	}
	return h
}

// pushFar8 is pushFar for up to 8 children (at most 7 pushes per node).
func pushFar8(stack *[stackSize]stackEntry, sp int, hn, ht *[8]int32, c int) int {
	if sp > stackSize-8 {
		return sp
	}
	for i := 1; i < c; i++ {
		for j := i; j > 0 && ht[j&7] < ht[(j-1)&7]; j-- {
			ht[j&7], ht[(j-1)&7] = ht[(j-1)&7], ht[j&7]
			hn[j&7], hn[(j-1)&7] = hn[(j-1)&7], hn[j&7]
		}
	}
	for i := c - 1; i > 0; i-- {
		stack[sp&(stackSize-1)] = stackEntry{hn[i&7], ht[i&7]}
		sp++
	}
	return sp
}

// pushFar sorts the c hit children by entry distance (stable insertion
// sort: equal distances keep child order) and pushes all but the nearest,
// farthest first; the nearest ends in hn[0]. A structure level is at most
// maxBuildDepth plus 27 (median splits of up to 2^27 primitives) nodes deep
// and each pushes at most 3 entries, far below stackSize; the check only
// guards the masked indexing.
func pushFar(stack *[stackSize]stackEntry, sp int, hn, ht *[4]int32, c int) int {
	if sp > stackSize-4 {
		return sp
	}
	if c == 2 {
		if ht[1] < ht[0] {
			hn[0], hn[1], ht[0], ht[1] = hn[1], hn[0], ht[1], ht[0]
		}
		stack[sp&(stackSize-1)] = stackEntry{hn[1], ht[1]}
		return sp + 1
	}
	for i := 1; i < c; i++ {
		for j := i; j > 0 && ht[j&3] < ht[(j-1)&3]; j-- {
			ht[j&3], ht[(j-1)&3] = ht[(j-1)&3], ht[j&3]
			hn[j&3], hn[(j-1)&3] = hn[(j-1)&3], hn[j&3]
		}
	}
	for i := c - 1; i > 0; i-- {
		stack[sp&(stackSize-1)] = stackEntry{hn[i&3], ht[i&3]}
		sp++
	}
	return sp
}

// leaf tests the triangles of leaf child ni (in slot order) and keeps the
// closest hit in h (and f.tmax); it reports whether any was found. With
// anyHit it returns at the first hit.
func (h *fastHit) leaf(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	if s.verts == nil {
		return h.leafGrouped(s, f, ni, anyHit)
	}
	v := int(^ni)
	first, cnt := v>>leafShift, v&maxLeafSize
	vs := s.verts[first*vertsPerSlot : (first+cnt)*vertsPerSlot]
	if len(vs) == 0 {
		return false
	}
	// vs covers the leaf's slots, so every sv below stays inside it.
	base := unsafe.Pointer(&vs[0])
	kx, ky, kz := f.kx&3, f.ky&3, f.kz&3
	pox, poy, poz := f.pox, f.poy, f.poz
	shx, shy, shz := f.shx, f.shy, f.shz
	found := false
	for p := 0; p < cnt; p++ {
		sv := (*[9]float32)(unsafe.Add(base, p*vertsPerSlot*4))
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
		// Early out when u and w have strictly opposite signs (one branch;
		// a product that underflows only skips the early out, the full
		// test below decides).
		if u*w < 0 {
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
		if det == 0 || (f.cull < 0 && det < 0) || (f.cull > 0 && det > 0) {
			continue
		}
		rcp := 1 / det
		t := (float32(u*(shz*az)) + float32(vv*(shz*bz)) + float32(w*(shz*cz))) * rcp
		if !inHitRange(t, f.tmin, f.tmax) {
			continue
		}
		ref := int32(first + p)
		if det < 0 {
			ref |= hitDetNeg
		}
		*h = fastHit{ref: ref, t: t, u: vv * rcp, v: w * rcp}
		f.tmax = t
		found = true
		if anyHit {
			break
		}
	}
	return found
}

// directFast reports whether rays through s under tr.opts (set by setup)
// can go straight from Intersect or IntersectBatch to the kernel, and the
// culling sign to use: s must be a non-empty plain structure without
// motion, and the options must neither need world-space data nor
// change triangles' opacity or kind.
func (tr *Traverser) directFast(s *Structure) (int8, bool) {
	o := &tr.opts
	if disableFast4 || s == nil || s.kind != KindPrimitive || !s.plain || s.keys != 1 ||
		len(s.nodes4)+len(s.nodes8) == 0 || o.WorldSpaceData || !fastOptions(o) {
		return 0, false
	}
	return cullSign(o, false, false), true
}

// traceDirectGo traces one ray through s, set up in Go, with traceFast
// and writes its result (what run, commit and result would have written):
// traceDirect where the one-call kernel does not run.
func (tr *Traverser) traceDirectGo(s *Structure, cull int8, o, d *[3]float32, tmin, tmax float32, h *Hit) {
	if !validRay(o, d, tmin, tmax) {
		clearHit(h)
		return
	}
	var r levelRay
	r.set(o, d, s.width)
	f := traceFast(s, &r, tmin, tmax, cull, tr.opts.AcceptAny, &tr.fstack)
	tr.writeHit(s, &f, h)
}

// writeHit writes the single-ray API's result for the kernel hit f of s
// (none when f.ref < 0) to h. (traceDirect's kernel path writes it the
// same way, inline.)
func (tr *Traverser) writeHit(s *Structure, f *fastHit, h *Hit) {
	if f.ref < 0 {
		clearHit(h)
		return
	}
	sl := s.slotAt(int(f.slot()))
	g := sl.geom & geomMask
	// Zero, then set: a composite literal is built on the stack and copied.
	clearHit(h)
	h.Type, h.FrontFacing, h.Distance = HitTriangle, f.detNeg() == (tr.opts.Winding != CounterClockwise), f.t
	h.PrimitiveID, h.GeometryID = sl.prim, g
	// One store per weight: a [2]float32 literal is built on the stack in
	// two 4-byte stores and copied with one 8-byte load, which cannot be
	// forwarded from them.
	h.Barycentrics[0], h.Barycentrics[1] = f.u, f.v
	h.PrimitiveData = s.geoms[g].data(sl.prim)
}
