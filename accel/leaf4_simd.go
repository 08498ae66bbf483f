//go:build goexperiment.simd && amd64

package accel

import (
	"math/bits"
	"simd/archsimd"
	"unsafe"
)

// leaf4 is fastHit.leaf over leaf ni in kc form (^(group<<leafShift |
// count), see leaf4.go): the triangles are tested four at a time with the
// same float32 operations in the same order per lane as leaf's watertight
// test, so every lane's u, v, w, det and t are bit-identical to leaf's.
// The rules that depend on order stay scalar: the lanes that pass every
// test but the current tmax are taken in slot order, each checked against
// the tmax its predecessors left (a later triangle at an equal distance
// replaces the earlier one, as in leaf). Where leaf would take its
// double-precision branch (u, v or w exactly zero in a lane that passed
// the early out) or a passing t is NaN or infinite (a miss: inHitRange), the rest
// of the leaf, from the current group on, goes to leaf itself.
func (h *fastHit) leaf4(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	v := int(^ni)
	g0, cnt := v>>leafShift, v&maxLeafSize
	ng := (cnt + 3) >> 2
	tri := s.tri4[g0*tri4Floats : (g0+ng)*tri4Floats]
	if len(tri) == 0 {
		return false
	}
	base := unsafe.Pointer(&tri[0])
	// Byte offsets of the permuted components of vertex 0 (vertex 1 is 48
	// bytes on, vertex 2 96).
	ox, oy, oz := uintptr(f.kx&3)*16, uintptr(f.ky&3)*16, uintptr(f.kz&3)*16
	pox, poy, poz := archsimd.BroadcastFloat32x4(f.pox), archsimd.BroadcastFloat32x4(f.poy), archsimd.BroadcastFloat32x4(f.poz)
	shx, shy, shz := archsimd.BroadcastFloat32x4(f.shx), archsimd.BroadcastFloat32x4(f.shy), archsimd.BroadcastFloat32x4(f.shz)
	zero := archsimd.BroadcastFloat32x4(0)
	found := false
	for q := 0; q < ng; q++ {
		gp := unsafe.Add(base, q*tri4Floats*4)
		valid := uint(0xf)
		if r := cnt - 4*q; r < 4 {
			valid = 1<<uint(r&3) - 1
		}
		az := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, oz))).Sub(poz)
		bz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 48+oz))).Sub(poz)
		cz := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 96+oz))).Sub(poz)
		ax := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, ox))).Sub(pox).Sub(shx.Mul(az))
		ay := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, oy))).Sub(poy).Sub(shy.Mul(az))
		bx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 48+ox))).Sub(pox).Sub(shx.Mul(bz))
		by := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 48+oy))).Sub(poy).Sub(shy.Mul(bz))
		cx := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 96+ox))).Sub(pox).Sub(shx.Mul(cz))
		cy := archsimd.LoadFloat32x4((*[4]float32)(unsafe.Add(gp, 96+oy))).Sub(poy).Sub(shy.Mul(cz))
		u := cx.Mul(by).Sub(cy.Mul(bx))
		w := bx.Mul(ay).Sub(by.Mul(ax))
		vv := ax.Mul(cy).Sub(ay.Mul(cx))
		// leaf's early out: u*w < 0.
		live := valid &^ uint(u.Mul(w).Less(zero).ToBits())
		if live == 0 {
			continue
		}
		if live&uint(u.Equal(zero).Or(vv.Equal(zero)).Or(w.Equal(zero)).ToBits()) != 0 {
			return h.leaf4Rest(s, f, int32(4*(g0+q)), cnt-4*q, anyHit) || found
		}
		neg := u.Less(zero).Or(vv.Less(zero)).Or(w.Less(zero)).ToBits()
		pos := u.Greater(zero).Or(vv.Greater(zero)).Or(w.Greater(zero)).ToBits()
		live &^= uint(neg & pos)
		if live == 0 {
			continue
		}
		det := u.Add(vv).Add(w)
		live &^= uint(det.Equal(zero).ToBits())
		if f.cull < 0 {
			live &^= uint(det.Less(zero).ToBits())
		} else if f.cull > 0 {
			live &^= uint(det.Greater(zero).ToBits())
		}
		rcp := archsimd.BroadcastFloat32x4(1).Div(det)
		t := u.Mul(shz.Mul(az)).Add(vv.Mul(shz.Mul(bz))).Add(w.Mul(shz.Mul(cz))).Mul(rcp)
		live &^= uint(t.Less(archsimd.BroadcastFloat32x4(f.tmin)).Or(t.Greater(archsimd.BroadcastFloat32x4(f.tmax))).ToBits())
		if live == 0 {
			continue
		}
		if live&^uint(t.LessEqual(archsimd.BroadcastFloat32x4(maxDist)).ToBits()) != 0 {
			return h.leaf4Rest(s, f, int32(4*(g0+q)), cnt-4*q, anyHit) || found
		}
		var ta, ua, va, da [4]float32
		t.Store(&ta)
		vv.Mul(rcp).Store(&ua)
		w.Mul(rcp).Store(&va)
		det.Store(&da)
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
