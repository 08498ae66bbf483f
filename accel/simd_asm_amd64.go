//go:build amd64 && !goexperiment.simd

package accel

import (
	"math/bits"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The SIMD node and leaf tests in builds without GOEXPERIMENT=simd: the
// traversal loops of fast_simd.go and leaf4_simd.go with their archsimd
// arithmetic replaced by the assembly kernels of simd_amd64.s and by
// trace_amd64.s's leaf4Group (the same float32 operations in the same
// order, so bit-identical hits). Used on CPUs with AVX2 and FMA, as the
// archsimd kernels are.

// useSIMDNodes selects the SIMD kernels (and the grouped leaf layout).
var useSIMDNodes = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// slab4NodeRay is the 4-wide slab test of node nb's children for ray r
// (levelRay's layout, TestSlabScalarsLayout) over the interval bits tb
// (tmin, tmax): the mask of children hit, their entry distances in t0.
//
//go:noescape
func slab4NodeRay(nb unsafe.Pointer, r *levelRay, tb *[2]int32, t0 *[4]int32) uint32

// clearUpper clears the AVX upper state (VZEROUPPER): the executor's AVX
// kernels run just before traversal, and scalar SSE code after a dirty
// upper state ran 2× slower on the test host.
func clearUpper() {
	if useSIMDNodes {
		vzeroupper()
	}
}

// traceFast4SIMD is traceFast4 with the 4-wide slab test and grouped
// leaves (fast_simd.go's loop).
func traceFast4SIMD(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	h := fastHit{ref: -1}
	var ft fastTri
	ft.set(r, tmin, tmax, cull)
	nodes := s.nodes4
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	tb := [2]int32{tminb, tmaxb}
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
			m := uint(slab4NodeRay(nb, r, &tb, &ht))
			if m == 0 {
				ni = emptyChild
				break
			}
			if m&(m-1) == 0 {
				ni = kids[bits.TrailingZeros(m)&3]
				continue
			}
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
			tb[1] = tmaxb
			if anyHit {
				return h
			}
		}
	}
	return h
}

// slab4 is the slab test of node n's four children for the general
// traversal (run): the mask of children the ray reaches and their entry
// distances' bits.
func slab4(n *node4, r *levelRay, tminb, tmaxb int32) (uint, [4]int32) {
	tb := [2]int32{tminb, tmaxb}
	var t [4]int32
	m := slab4NodeRay(unsafe.Pointer(&n.b), r, &tb, &t)
	return uint(m), t
}

// leaf4 is fastHit.leaf over leaf ni in kc form, four triangles at a time
// (leaf4_simd.go's loop; leaf4Group computes each group's lanes).
func (h *fastHit) leaf4(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	v := int(^ni)
	g0, cnt := v>>leafShift, v&maxLeafSize
	ng := (cnt + 3) >> 2
	tri := s.tri4[g0*tri4Floats : (g0+ng)*tri4Floats]
	if len(tri) == 0 {
		return false
	}
	base := unsafe.Pointer(&tri[0])
	found := false
	var out [4][4]float32
	for q := 0; q < ng; q++ {
		gp := unsafe.Add(base, q*tri4Floats*4)
		valid := uint32(0xf)
		if r := cnt - 4*q; r < 4 {
			valid = 1<<uint(r&3) - 1
		}
		live := uint(leaf4Group(gp, f, valid, &out))
		if live == 0 {
			continue
		}
		if live == 256 {
			return h.leaf4Rest(s, f, int32(4*(g0+q)), cnt-4*q, anyHit) || found
		}
		ta, ua, va, da := &out[0], &out[1], &out[2], &out[3]
		first := int32(4 * (g0 + q))
		for ; live != 0; live &= live - 1 {
			i := bits.TrailingZeros(live) & 3
			if ta[i] > f.tmax {
				continue
			}
			ref := first + int32(i)
			if da[i] < 0 {
				ref |= hitDetNeg
			}
			*h = fastHit{ref: ref, t: ta[i], u: ua[i], v: va[i]}
			f.tmax = ta[i]
			found = true
			if anyHit {
				return true
			}
		}
	}
	return found
}
