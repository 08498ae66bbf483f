//go:build amd64 && !goexperiment.simd

package accel

import (
	"math/bits"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The SIMD node and leaf tests in builds without GOEXPERIMENT=simd: the
// traversal loops of fast_simd.go and leaf4_simd.go with their archsimd
// arithmetic replaced by the assembly kernels of simd_amd64.s (the same
// float32 operations in the same order, so bit-identical hits). Used on
// CPUs with AVX2 and FMA, as the archsimd kernels are.

// useSIMDNodes selects the SIMD kernels (and the grouped leaf layout).
var useSIMDNodes = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// slabVecs holds a ray's slab-test constants 4-wide: origin, exit origin
// and inverse direction per axis, then the tmin bits and the tmax bits + 1
// (t0 <= t1 is tested as t0 < t1+1). streamSlot's vo, vfo, vi and vt have
// this layout (TestSlabVecsLayout).
type slabVecs struct {
	o, fo, inv [3][4]float32
	t          [2][4]int32
}

// leaf4Consts are leaf4Group's per-ray constants (see simd_amd64.s).
type leaf4Consts struct {
	po, sh     [3][4]float32 // permuted origin; shear x, y, z
	tmin, tmax [4]float32
	ox, oy, oz uintptr // byte offsets of the permuted components of vertex 0
	valid      int32   // lanes holding triangles
	cull       int32   // fastTri.cull
}

// The kernels hard-code robustULPs + 1 = 9.
var _ = [1]struct{}{}[robustULPs-8]

//go:noescape
func slab4Node(nb unsafe.Pointer, off *[6]uintptr, v *slabVecs, t0 *[4]int32) uint32

//go:noescape
func leaf4Group(gp unsafe.Pointer, c *leaf4Consts, out *[4][4]float32) uint32

// clearUpper clears the AVX upper state (VZEROUPPER): the executor's AVX
// kernels run just before traversal, and scalar SSE code after a dirty
// upper state ran 2× slower on the test host.
func clearUpper() {
	if useSIMDNodes {
		vzeroupper()
	}
}

// set fills v from ray r with the interval bits tminb, tmaxb.
func (v *slabVecs) set(r *levelRay, tminb, tmaxb int32) {
	for a := 0; a < 3; a++ {
		v.o[a] = [4]float32{r.o[a], r.o[a], r.o[a], r.o[a]}
		v.fo[a] = [4]float32{r.fo[a], r.fo[a], r.fo[a], r.fo[a]}
	}
	v.inv = [3][4]float32{{r.ix, r.ix, r.ix, r.ix}, {r.iy, r.iy, r.iy, r.iy}, {r.iz, r.iz, r.iz, r.iz}}
	v.t = [2][4]int32{{tminb, tminb, tminb, tminb}, {tmaxb + 1, tmaxb + 1, tmaxb + 1, tmaxb + 1}}
}

// planeOffsets returns r's plane byte offsets in a node.
func planeOffsets(r *levelRay) [6]uintptr {
	return [6]uintptr{uintptr(r.nx) * 4, uintptr(r.ny) * 4, uintptr(r.nz) * 4, uintptr(r.fx) * 4, uintptr(r.fy) * 4, uintptr(r.fz) * 4}
}

// traceFast4SIMD is traceFast4 with the 4-wide slab test and grouped
// leaves (fast_simd.go's loop).
func traceFast4SIMD(s *Structure, r *levelRay, tmin, tmax float32, cull int8, anyHit bool, stack *[stackSize]stackEntry) fastHit {
	h := fastHit{ref: -1}
	var ft fastTri
	ft.set(r, tmin, tmax, cull)
	nodes := s.nodes4
	tminb, tmaxb := fbits(tmin), fbits(tmax)
	var v slabVecs
	v.set(r, tminb, tmaxb)
	off := planeOffsets(r)
	l4 := s.tri4 != nil && !disableLeaf4
	coff := unsafe.Offsetof(node4{}.c)
	if l4 {
		coff = unsafe.Offsetof(node4{}.kc)
	}
	var lc leaf4Consts // leaf4c's constants, made at the first grouped leaf
	lcSet := false
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
			m := uint(slab4Node(nb, &off, &v, &ht))
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
			if !lcSet {
				lc.set(&ft)
				lcSet = true
			}
			hit = h.leaf4c(s, &ft, &lc, ni, anyHit)
		} else {
			hit = h.leaf(s, &ft, ni, anyHit)
		}
		if hit {
			tmaxb = fbits(ft.tmax)
			t1 := tmaxb + 1
			v.t[1] = [4]int32{t1, t1, t1, t1}
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
	var v slabVecs
	v.set(r, tminb, tmaxb)
	off := planeOffsets(r)
	var t [4]int32
	m := slab4Node(unsafe.Pointer(&n.b), &off, &v, &t)
	return uint(m), t
}

// streamLanes4SIMD is streamLanes4 with the 4-wide slab test
// (fast_simd.go's loop).
func (tr *Traverser) streamLanes4SIMD(top *Structure, run uint64) {
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
				kids := (*[4]int32)(unsafe.Add(nb, sl.coff))
				var ht [4]int32
				hm := uint(slab4Node(nb, (*[6]uintptr)(unsafe.Pointer(&sl.nx)), (*slabVecs)(unsafe.Pointer(&sl.vo)), &ht))
				if hm != 0 {
					if hm&(hm-1) == 0 {
						sl.ni = kids[bits.TrailingZeros(hm)&3]
					} else {
						var hn, hd [4]int32
						c := 0
						for ; hm != 0; hm &= hm - 1 {
							i := bits.TrailingZeros(hm) & 3
							hn[c&3], hd[c&3] = kids[i], ht[i]
							c++
						}
						sl.sp = int32(pushFar(stack, int(sl.sp), &hn, &hd, c))
						sl.ni = hn[0]
					}
					if nx := sl.ni; nx >= 0 {
						prefetch(uintptr(unsafe.Pointer(&s.nodes4[nx])))
					} else if sl.l4 {
						touchLeaf4(nx, s)
					} else {
						touchLeaf(nx, s)
					}
					continue
				}
			} else if ni != emptyChild {
				var hit bool
				if sl.l4 {
					hit = sl.h.leaf4(s, &sl.ft, ni, acceptAny)
				} else {
					hit = sl.h.leaf(s, &sl.ft, ni, acceptAny)
				}
				if hit {
					sl.tmaxb = fbits(sl.ft.tmax)
					t1 := sl.tmaxb + 1
					sl.vt[1] = [4]int32{t1, t1, t1, t1}
					if acceptAny {
						sl.sp = 0
					}
				}
			}
			if sl.pop(stack) {
				if nx := sl.ni; nx >= 0 {
					prefetch(uintptr(unsafe.Pointer(&s.nodes4[nx])))
				} else if sl.l4 {
					touchLeaf4(nx, s)
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

// set fills c from the ray constants in f (all but valid and tmax, which
// leaf4c sets per group).
func (c *leaf4Consts) set(f *fastTri) {
	c.ox, c.oy, c.oz = uintptr(f.kx&3)*16, uintptr(f.ky&3)*16, uintptr(f.kz&3)*16
	c.po = [3][4]float32{{f.pox, f.pox, f.pox, f.pox}, {f.poy, f.poy, f.poy, f.poy}, {f.poz, f.poz, f.poz, f.poz}}
	c.sh = [3][4]float32{{f.shx, f.shx, f.shx, f.shx}, {f.shy, f.shy, f.shy, f.shy}, {f.shz, f.shz, f.shz, f.shz}}
	c.tmin = [4]float32{f.tmin, f.tmin, f.tmin, f.tmin}
	c.cull = int32(f.cull)
}

// leaf4 is fastHit.leaf over leaf ni in kc form, four triangles at a time
// (leaf4_simd.go's loop; leaf4Group computes each group's lanes).
func (h *fastHit) leaf4(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	var c leaf4Consts
	c.set(f)
	return h.leaf4c(s, f, &c, ni, anyHit)
}

// leaf4c is leaf4 with the ray's constants in c (c.set(f), made once per
// ray by the kernels).
func (h *fastHit) leaf4c(s *Structure, f *fastTri, c *leaf4Consts, ni int32, anyHit bool) bool {
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
		c.valid = 0xf
		if r := cnt - 4*q; r < 4 {
			c.valid = 1<<uint(r&3) - 1
		}
		c.tmax = [4]float32{f.tmax, f.tmax, f.tmax, f.tmax}
		live := uint(leaf4Group(gp, c, &out))
		if live == 0 {
			continue
		}
		if live == 256 {
			return h.leaf4Rest(s, f, s.tri4First[g0+q], cnt-4*q, anyHit) || found
		}
		ta, ua, va, da := &out[0], &out[1], &out[2], &out[3]
		first := s.tri4First[g0+q]
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
