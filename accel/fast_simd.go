//go:build goexperiment.simd && amd64

package accel

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// useSIMDNodes selects traceFast4SIMD; set once at start-up when the CPU
// has AVX2 and FMA (the project's rule for archsimd kernels). Only 128-bit
// (VEX) operations are used, which leave the AVX upper state as they find
// it; but that state may be dirty on entry (asynchronous preemption
// restores the full registers), and then every switch between these VEX
// instructions and the scalar SSE code of the triangle tests costs tens of
// cycles on Intel cores (measured: 10× slower traversal on a Xeon). So the
// traversal entry points start with clearUpper.
var useSIMDNodes = archsimd.X86.AVX2() && archsimd.X86.FMA()

// clearUpper clears the AVX upper state (VZEROUPPER) when the SIMD node
// test is in use.
func clearUpper() {
	if useSIMDNodes {
		archsimd.ClearAVXUpperBits()
	}
}

// traceFast4SIMD is traceFast4 with the four children's slab test done
// 4-wide: the same float operations on the same values in the same order
// per lane, so the distances, the hit children and their order, and so
// the results, are bit-identical to traceFast4.
func traceFast4SIMD(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	archsimd.ClearAVXUpperBits()
	h := fastHit{ref: -1}
	var ft fastTri
	ft.set(r, tmin, tmax, cull)
	nodes := s.nodes4
	ox, oy, oz := archsimd.BroadcastFloat32x4(r.o[0]), archsimd.BroadcastFloat32x4(r.o[1]), archsimd.BroadcastFloat32x4(r.o[2])
	fox, foy, foz := archsimd.BroadcastFloat32x4(r.fo[0]), archsimd.BroadcastFloat32x4(r.fo[1]), archsimd.BroadcastFloat32x4(r.fo[2])
	ix, iy, iz := archsimd.BroadcastFloat32x4(r.ix), archsimd.BroadcastFloat32x4(r.iy), archsimd.BroadcastFloat32x4(r.iz)
	nx, ny, nz := uintptr(r.nx)*4, uintptr(r.ny)*4, uintptr(r.nz)*4
	fx, fy, fz := uintptr(r.fx)*4, uintptr(r.fy)*4, uintptr(r.fz)*4
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	// t0 <= t1 is tested as t0 < t1+1 (one compare instead of three):
	// rob and tmax4 carry the +1. No sum overflows: exits are float bits
	// of at most +Inf (or a negative NaN), tmax at most +Inf.
	tmin4, tmax4 := archsimd.BroadcastInt32x4(tminb), archsimd.BroadcastInt32x4(tmaxb+1)
	rob := archsimd.BroadcastInt32x4(robustULPs + 1)
	// With grouped leaf triangles the children come from kc and leaves go
	// to leaf4 (leaf4.go); otherwise from c, to leaf.
	l4 := s.tri4 != nil && !disableLeaf4
	coff := unsafe.Offsetof(node4{}.c)
	if l4 {
		coff = unsafe.Offsetof(node4{}.kc)
	}
	stack[0] = stackEntry{0, tminb}
	sp := 1
	var ht [4]int32
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
			kids := (*[4]int32)(unsafe.Add(nb, coff))
			lx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, nx)))
			ly := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, ny)))
			lz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, nz)))
			hx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, fx)))
			hy := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, fy)))
			hz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, fz)))
			t0 := lx.Sub(ox).Mul(ix).AsInt32x4().Max(ly.Sub(oy).Mul(iy).AsInt32x4()).Max(lz.Sub(oz).Mul(iz).AsInt32x4()).Max(tmin4)
			t1 := hx.Sub(fox).Mul(ix).AsInt32x4().Min(hy.Sub(foy).Mul(iy).AsInt32x4()).Min(hz.Sub(foz).Mul(iz).AsInt32x4()).Add(rob).Min(tmax4)
			m := uint(t0.Less(t1).ToBits())
			if m == 0 {
				ni = emptyChild
				break
			}
			if m&(m-1) == 0 {
				ni = kids[bits.TrailingZeros(m)&3]
				continue
			}
			t0.Store(&ht)
			var hn, hd [4]int32
			c := 0
			for ; m != 0; m &= m - 1 {
				i := bits.TrailingZeros(m) & 3
				hn[c&3], hd[c&3] = kids[i], ht[i]
				c++
			}
			sp = pushFar(stack, sp, &hn, &hd, c)
			ni = hn[0]
		}
		if ni == emptyChild {
			continue
		}
		var hit bool
		if l4 {
			hit = h.leaf4(s, &ft, ni, anyHit)
		} else {
			hit = h.leaf(s, &ft, ni, anyHit)
		}
		if hit {
			tmaxb = fbits(ft.tmax)
			tmax4 = archsimd.BroadcastInt32x4(tmaxb + 1)
			if anyHit {
				return h
			}
		}
	}
	return h
}

// slab4 is the slab test of node n's four children for the general
// traversal (run): the mask of children the ray reaches and their entry
// distances' bits, computed as in traceFast4SIMD.
func slab4(n *node4, r *levelRay, tminb, tmaxb int32) (uint, [4]int32) {
	nb := unsafe.Pointer(&n.b)
	lx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.nx)*4)))
	ly := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.ny)*4)))
	lz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.nz)*4)))
	hx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.fx)*4)))
	hy := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.fy)*4)))
	hz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(nb, uintptr(r.fz)*4)))
	ix, iy, iz := archsimd.BroadcastFloat32x4(r.ix), archsimd.BroadcastFloat32x4(r.iy), archsimd.BroadcastFloat32x4(r.iz)
	t0 := lx.Sub(archsimd.BroadcastFloat32x4(r.o[0])).Mul(ix).AsInt32x4().
		Max(ly.Sub(archsimd.BroadcastFloat32x4(r.o[1])).Mul(iy).AsInt32x4()).
		Max(lz.Sub(archsimd.BroadcastFloat32x4(r.o[2])).Mul(iz).AsInt32x4()).
		Max(archsimd.BroadcastInt32x4(tminb))
	t1 := hx.Sub(archsimd.BroadcastFloat32x4(r.fo[0])).Mul(ix).AsInt32x4().
		Min(hy.Sub(archsimd.BroadcastFloat32x4(r.fo[1])).Mul(iy).AsInt32x4()).
		Min(hz.Sub(archsimd.BroadcastFloat32x4(r.fo[2])).Mul(iz).AsInt32x4()).
		Add(archsimd.BroadcastInt32x4(robustULPs)).Min(archsimd.BroadcastInt32x4(tmaxb))
	var t [4]int32
	t0.Store(&t)
	return uint(t0.LessEqual(t1).ToBits()), t
}
