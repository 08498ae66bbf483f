//go:build goexperiment.simd && amd64

package exec_test

import (
	"simd/archsimd"

	"github.com/ingot-render/ingot/engine/exec"
	"github.com/ingot-render/ingot/internal/lane"
)

// AVX2 versions of the exp2/log2 stand-ins, bit-identical to exp2Poly and
// log2Poly (separate multiply and add, as scalar Go computes them).

func init() {
	if lane.HasAVX2() {
		mathIntrinsics = exec.Intrinsics{"exp2.f32": exp2LanesAVX2, "log2.f32": log2LanesAVX2}
	}
}

func bf(x float32) archsimd.Float32x8 { return archsimd.BroadcastFloat32x8(x) }

func exp2LanesAVX2(c *exec.Call) error {
	a, d := c.ArgF32(0), c.ResF32(0)
	n := len(d) &^ 7
	lo, hi := bf(-126), bf(126)
	c5, c4, c3, c2, c1, c0 := bf(1.8775767e-3), bf(8.9893397e-3), bf(5.5826318e-2), bf(2.4015361e-1), bf(6.9315308e-1), bf(0.99999994)
	bias := archsimd.BroadcastInt32x8(127)
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadFloat32x8Slice(a[i:]).Max(lo).Min(hi)
		fi := x.Floor()
		f := x.Sub(fi)
		p := c5.Mul(f).Add(c4)
		p = p.Mul(f).Add(c3)
		p = p.Mul(f).Add(c2)
		p = p.Mul(f).Add(c1)
		p = p.Mul(f).Add(c0)
		scale := fi.ConvertToInt32().Add(bias).ShiftAllLeft(23).AsFloat32x8()
		p.Mul(scale).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = exp2Poly(a[i])
	}
	return nil
}

func log2LanesAVX2(c *exec.Call) error {
	a, d := c.ArgF32(0), c.ResF32(0)
	n := len(d) &^ 7
	one := bf(1)
	k4, k3, k2, k1, k0 := bf(2.0/9), bf(2.0/7), bf(2.0/5), bf(2.0/3), bf(2)
	ln2inv := bf(1.442695)
	negInf := archsimd.BroadcastInt32x8(-8388608).AsFloat32x8() // 0xff800000
	zero := bf(0)
	mant := archsimd.BroadcastInt32x8(0x7fffff)
	oneBits := archsimd.BroadcastInt32x8(0x3f800000)
	ff := archsimd.BroadcastInt32x8(0xff)
	e127 := archsimd.BroadcastInt32x8(127)
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadFloat32x8Slice(a[i:])
		bits := x.AsInt32x8()
		e := bits.ShiftAllRight(23).And(ff).Sub(e127).ConvertToFloat32()
		m := bits.And(mant).Or(oneBits).AsFloat32x8()
		t := m.Sub(one).Div(m.Add(one))
		t2 := t.Mul(t)
		p := k4.Mul(t2).Add(k3)
		p = p.Mul(t2).Add(k2)
		p = p.Mul(t2).Add(k1)
		p = p.Mul(t2).Add(k0)
		r := e.Add(p.Mul(t).Mul(ln2inv))
		// !(x > 0) gives -Inf.
		r.Merge(negInf, x.Greater(zero)).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = log2Poly(a[i])
	}
	return nil
}
