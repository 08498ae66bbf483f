//go:build goexperiment.simd && amd64

package texel

import "simd/archsimd"

// useBilinear8 selects the AVX2 bilinear kernel; set once at start-up.
var useBilinear8 = archsimd.X86.AVX2()

// bilinear8 filters lanes [i, i+8) of the direct RGBA8Unorm bilinear path
// with AVX2 when all eight read 2×2 blocks wholly inside the level; it
// reports false (writing nothing) otherwise. It does the float operations
// of the scalar loop in the same order, without FMA, and decodes a byte c
// as float32(c)/255 (exactly unorm8LUT[c]), so results are bit-identical.
func (k *bilinearRGBA8) bilinear8(i int) bool {
	if !useBilinear8 {
		return false
	}
	x := archsimd.LoadFloat32x8Slice(k.u[i : i+8])
	y := archsimd.LoadFloat32x8Slice(k.v[i : i+8])
	if k.norm {
		x = x.Mul(archsimd.BroadcastFloat32x8(k.wf))
		y = y.Mul(archsimd.BroadcastFloat32x8(k.hf))
	}
	half := archsimd.BroadcastFloat32x8(0.5)
	x = x.Add(archsimd.BroadcastFloat32x8(k.ox)).Sub(half)
	y = y.Add(archsimd.BroadcastFloat32x8(k.oy)).Sub(half)
	x0, y0 := x.Floor(), y.Floor()
	i0, j0 := x0.ConvertToInt32(), y0.ConvertToInt32()
	// 0 ≤ i0 < w-1 and 0 ≤ j0 < h-1 (NaN and huge values convert to a
	// negative integer and fail).
	m1 := archsimd.BroadcastInt32x8(-1)
	in := i0.Greater(m1).ToBits() & archsimd.BroadcastInt32x8(k.w1).Greater(i0).ToBits() &
		j0.Greater(m1).ToBits() & archsimd.BroadcastInt32x8(k.h1).Greater(j0).ToBits()
	if in != 0xff {
		archsimd.ClearAVXUpperBits()
		return false
	}
	var ii, jj [8]int32
	i0.Store(&ii)
	j0.Store(&jj)
	var p00, p10, p01, p11 [8]uint32
	data, base, row := k.data, k.base, k.row
	for l := range 8 {
		o := base + int(jj[l])*row + int(ii[l])*4
		q0, q1 := le.Uint64(data[o:o+8]), le.Uint64(data[o+row:o+row+8])
		p00[l], p10[l], p01[l], p11[l] = uint32(q0), uint32(q0>>32), uint32(q1), uint32(q1>>32)
	}
	one := archsimd.BroadcastFloat32x8(1)
	fx, fy := x.Sub(x0), y.Sub(y0)
	wx0, wy0 := one.Sub(fx), one.Sub(fy)
	w00, w10, w01, w11 := wx0.Mul(wy0), fx.Mul(wy0), wx0.Mul(fy), fx.Mul(fy)
	t00, t10 := archsimd.LoadUint32x8(&p00), archsimd.LoadUint32x8(&p10)
	t01, t11 := archsimd.LoadUint32x8(&p01), archsimd.LoadUint32x8(&p11)
	ff := archsimd.BroadcastUint32x8(0xff)
	k255 := archsimd.BroadcastFloat32x8(255)
	dec := func(t archsimd.Uint32x8, s uint64) archsimd.Float32x8 {
		if s != 0 {
			t = t.ShiftAllRight(s)
		}
		if s != 24 {
			t = t.And(ff)
		}
		return t.AsInt32x8().ConvertToFloat32().Div(k255)
	}
	for c, dst := range [4][]float32{k.c0, k.g, k.c2, k.a} {
		s := uint64(8 * c)
		acc := w00.Mul(dec(t00, s)) // 0 + p = p: p ≥ +0 (see the scalar loop)
		acc = acc.Add(w10.Mul(dec(t10, s)))
		acc = acc.Add(w01.Mul(dec(t01, s)))
		acc = acc.Add(w11.Mul(dec(t11, s)))
		acc.StoreSlice(dst[i : i+8])
	}
	archsimd.ClearAVXUpperBits()
	return true
}
