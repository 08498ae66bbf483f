//go:build goexperiment.simd && amd64

package fmath

import (
	"math"
	"simd/archsimd"
)

// AVX2 kernels for the hottest fast:: lane loops. Each one processes whole
// groups of 8 lanes with exactly the operations of the scalar function, in
// the same order, without FMA (AVX mul and add round like their scalar
// counterparts), so results are bit-identical to the pure-Go build. A group
// holding any input outside the kernel's simple range (NaN, ±∞, subnormal,
// large argument, …) is computed with the scalar function instead. Every
// kernel calls archsimd.ClearAVXUpperBits before returning to scalar code.

// useAVX2 selects the kernels; set once at start-up.
var useAVX2 = archsimd.X86.AVX2()

// HasSIMD reports whether the lane loops use SIMD kernels in this build
// (GOEXPERIMENT=simd on a CPU with AVX2).
func HasSIMD() bool { return useAVX2 }

// The kernels' broadcast constants, built once at start-up (on AVX2 CPUs
// only) and used in place: a constants struct built per call is copied
// with legacy-SSE moves while the upper halves are dirty, which costs an
// AVX-SSE transition per call on this machine class.
var (
	exp2K, log2K, trigK = newConsts()
)

func newConsts() (e exp2Consts, l log2Consts, t trigConsts) {
	if useAVX2 {
		e, l, t = newExp2Consts(), newLog2Consts(), newTrigConsts()
		archsimd.ClearAVXUpperBits()
	}
	return
}

func bf(v float32) archsimd.Float32x8 { return archsimd.BroadcastFloat32x8(v) }
func bu(v uint32) archsimd.Uint32x8   { return archsimd.BroadcastUint32x8(v) }

// scalarGroup computes lanes [i, i+8) with fn after leaving AVX state.
func scalarGroup(dst, x []float32, i int, fn func(float32) float32) {
	archsimd.ClearAVXUpperBits()
	for j := i; j < i+8; j++ {
		dst[j] = fn(x[j])
	}
}

// exp2Consts holds the broadcast constants of FastExp2.
type exp2Consts struct {
	lo, hi, magic, c0, c1, c2, c3, c4, c5, one archsimd.Float32x8
	under                                      archsimd.Float32x8 // −151: FastExp2 is +0 below
	bias                                       archsimd.Int32x8
}

func newExp2Consts() exp2Consts {
	return exp2Consts{
		lo: bf(-126), hi: bf(127), magic: bf(roundMagic),
		c0: bf(1.535336188319500e-4), c1: bf(1.339887440266574e-3), c2: bf(9.618437357674640e-3),
		c3: bf(5.550332471162809e-2), c4: bf(2.402264791363012e-1), c5: bf(6.931472028550421e-1),
		one: bf(1), under: bf(-151), bias: archsimd.BroadcastInt32x8(127),
	}
}

// eval is FastExp2 for lanes with −126 ≤ x ≤ 127 (a one-step scale).
func (k *exp2Consts) eval(v archsimd.Float32x8) archsimd.Float32x8 {
	r := v.Add(k.magic).Sub(k.magic)
	f := v.Sub(r)
	p := k.c0.Mul(f).Add(k.c1)
	p = p.Mul(f).Add(k.c2)
	p = p.Mul(f).Add(k.c3)
	p = p.Mul(f).Add(k.c4)
	p = p.Mul(f).Add(k.c5)
	p = p.Mul(f).Add(k.one)
	scale := r.ConvertToInt32().Add(k.bias).ShiftAllLeft(23).AsFloat32x8()
	return p.Mul(scale)
}

// evalLow is FastExp2 for groups whose lanes all pass ok or lie below
// −151 (−∞ included; NaN excluded), where FastExp2 returns +0; it reports
// false (result undefined) for other groups.
func (k *exp2Consts) evalLow(v archsimd.Float32x8) (archsimd.Float32x8, bool) {
	in := v.GreaterEqual(k.lo).And(v.LessEqual(k.hi))
	low := v.Less(k.under)
	if in.Or(low).ToBits() != 0xff {
		return v, false
	}
	r := k.eval(v)
	if low.ToBits() != 0 {
		r = r.Merge(archsimd.Float32x8{}, in)
	}
	return r, true
}

func accelFastExp2(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	k := &exp2K
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		r, ok := k.evalLow(v)
		if !ok {
			scalarGroup(dst, x, i, FastExp2)
			continue
		}
		r.StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// log2Consts holds the broadcast constants of FastLog2.
type log2Consts struct {
	minNorm, maxF, one, half, log2eA   archsimd.Float32x8
	negInf                             archsimd.Float32x8
	p0, p1, p2, p3, p4, p5, p6, p7, p8 archsimd.Float32x8
	off, mant, base                    archsimd.Uint32x8
	bias                               archsimd.Int32x8
}

func newLog2Consts() log2Consts {
	return log2Consts{
		minNorm: bf(0x1p-126), maxF: bf(3.40282346638528859811704183484516925440e+38), one: bf(1), half: bf(0.5),
		log2eA: bf(0.44269504088896340736), negInf: bf(float32(math.Inf(-1))),
		p0: bf(7.0376836292e-2), p1: bf(-1.1514610310e-1), p2: bf(1.1676998740e-1), p3: bf(-1.2420140846e-1),
		p4: bf(1.4249322787e-1), p5: bf(-1.6668057665e-1), p6: bf(2.0000714765e-1), p7: bf(-2.4999993993e-1),
		p8:  bf(3.3333331174e-1),
		off: bu(0x3f800000 - 0x3f3504f3), mant: bu(0x007fffff), base: bu(0x3f3504f3),
		bias: archsimd.BroadcastInt32x8(0x7f),
	}
}

// ok reports whether every lane is a positive normal finite float.
func (k *log2Consts) ok(v archsimd.Float32x8) bool {
	return v.GreaterEqual(k.minNorm).And(v.LessEqual(k.maxF)).ToBits() == 0xff
}

// eval is FastLog2 (logKernel + combination) for lanes that passed ok.
func (k *log2Consts) eval(v archsimd.Float32x8) archsimd.Float32x8 {
	f, e, y := k.kernel(v)
	w := y.Mul(k.log2eA)
	w = w.Add(f.Mul(k.log2eA))
	w = w.Add(y)
	w = w.Add(f)
	return w.Add(e)
}

// kernel is logKernel for lanes that passed ok.
func (k *log2Consts) kernel(v archsimd.Float32x8) (f, e, y archsimd.Float32x8) {
	ix := v.AsUint32x8().Add(k.off)
	e = ix.AsInt32x8().ShiftAllRight(23).Sub(k.bias).ConvertToFloat32() // ix < 2^31: arithmetic shift is exact
	f = ix.And(k.mant).Add(k.base).AsFloat32x8().Sub(k.one)
	z := f.Mul(f)
	p := k.p0.Mul(f).Add(k.p1)
	p = p.Mul(f).Add(k.p2)
	p = p.Mul(f).Add(k.p3)
	p = p.Mul(f).Add(k.p4)
	p = p.Mul(f).Add(k.p5)
	p = p.Mul(f).Add(k.p6)
	p = p.Mul(f).Add(k.p7)
	p = p.Mul(f).Add(k.p8)
	y = p.Mul(f).Mul(z).Sub(k.half.Mul(z))
	return f, e, y
}

// evalZero is FastLog2 for groups whose lanes all pass ok or are ±0, where
// FastLog2 returns −∞; it reports false (result undefined) for other
// groups.
func (k *log2Consts) evalZero(v archsimd.Float32x8) (archsimd.Float32x8, bool) {
	in := v.GreaterEqual(k.minNorm).And(v.LessEqual(k.maxF))
	zero := v.Equal(archsimd.Float32x8{})
	if in.Or(zero).ToBits() != 0xff {
		return v, false
	}
	r := k.eval(v)
	if zero.ToBits() != 0 {
		r = r.Merge(k.negInf, in)
	}
	return r, true
}

func accelFastLog2(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	k := &log2K
	i := 0
	// Two groups a step: two independent polynomial chains in flight.
	for ; i+16 <= n; i += 16 {
		v0 := archsimd.LoadFloat32x8Slice(x[i : i+8])
		v1 := archsimd.LoadFloat32x8Slice(x[i+8 : i+16])
		r0, ok0 := k.evalZero(v0)
		r1, ok1 := k.evalZero(v1)
		if ok0 && ok1 {
			r0.StoreSlice(dst[i : i+8])
			r1.StoreSlice(dst[i+8 : i+16])
			continue
		}
		if ok0 {
			r0.StoreSlice(dst[i : i+8])
		} else {
			scalarGroup(dst, x, i, FastLog2)
		}
		if r1, ok1 := k.evalZero(archsimd.LoadFloat32x8Slice(x[i+8 : i+16])); ok1 {
			r1.StoreSlice(dst[i+8 : i+16])
		} else {
			scalarGroup(dst, x, i+8, FastLog2)
		}
	}
	for ; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		r, ok := k.evalZero(v)
		if !ok {
			scalarGroup(dst, x, i, FastLog2)
			continue
		}
		r.StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

func accelFastPow(dst, x, y []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	kl, ke := &log2K, &exp2K
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		if l, ok := kl.evalZero(v); ok {
			t := archsimd.LoadFloat32x8Slice(y[i:]).Mul(l)
			if r, ok := ke.evalLow(t); ok {
				r.StoreSlice(dst[i:])
				continue
			}
		}
		archsimd.ClearAVXUpperBits()
		for j := i; j < i+8; j++ {
			dst[j] = FastPow(x[j], y[j])
		}
	}
	archsimd.ClearAVXUpperBits()
	return n
}

func accelFastPowr(dst, x, y []float32) int { return accelFastPow(dst, x, y) } // same formula

// trigConsts holds the broadcast constants of FastSin/FastCos.
type trigConsts struct {
	max, fourOverPi, dp1, dp2, dp3, half, one archsimd.Float32x8
	s0, s1, s2, c0, c1, c2                    archsimd.Float32x8
	abs, signBit                              archsimd.Uint32x8
	one32, three32                            archsimd.Int32x8
}

func newTrigConsts() trigConsts {
	return trigConsts{
		max: bf(fastTrigMax), fourOverPi: bf(1.27323954473516),
		dp1: bf(0.78515625), dp2: bf(2.4187564849853515625e-4), dp3: bf(3.77489497744594108e-8),
		half: bf(0.5), one: bf(1),
		s0: bf(-1.9515295891e-4), s1: bf(8.3321608736e-3), s2: bf(-1.6666654611e-1),
		c0: bf(2.443315711809948e-5), c1: bf(-1.388731625493765e-3), c2: bf(4.166664568298827e-2),
		abs: bu(0x7fffffff), signBit: bu(0x80000000),
		one32: archsimd.BroadcastInt32x8(1), three32: archsimd.BroadcastInt32x8(3),
	}
}

// reduce is reduceQuarter plus both polynomials: it returns sinPoly, cosPoly,
// the quadrant and the argument's bits. ok is false when a lane is NaN or
// beyond ±fastTrigMax.
func (k *trigConsts) reduce(v archsimd.Float32x8) (s, c archsimd.Float32x8, q archsimd.Int32x8, ok bool) {
	ax := v.AsUint32x8().And(k.abs).AsFloat32x8()
	if ax.LessEqual(k.max).ToBits() != 0xff {
		return s, c, q, false
	}
	j := ax.Mul(k.fourOverPi).ConvertToInt32()
	j = j.Add(j.And(k.one32))
	y := j.ConvertToFloat32()
	r := ax.Sub(y.Mul(k.dp1)).Sub(y.Mul(k.dp2)).Sub(y.Mul(k.dp3))
	q = j.ShiftAllRight(1).And(k.three32)
	z := r.Mul(r)
	p := k.s0.Mul(z).Add(k.s1)
	p = p.Mul(z).Add(k.s2)
	s = p.Mul(z).Mul(r).Add(r)
	p = k.c0.Mul(z).Add(k.c1)
	p = p.Mul(z).Add(k.c2)
	c = p.Mul(z).Mul(z).Sub(k.half.Mul(z)).Add(k.one)
	return s, c, q, true
}

// sinOf applies FastSin's quadrant selection and sign.
func (k *trigConsts) sinOf(v, s, c archsimd.Float32x8, q archsimd.Int32x8) archsimd.Float32x8 {
	odd := q.And(k.one32).Equal(k.one32)
	y := c.Merge(s, odd).AsUint32x8()
	sign := v.AsUint32x8().Xor(q.AsUint32x8().ShiftAllLeft(30)).And(k.signBit)
	return y.Xor(sign).AsFloat32x8()
}

// cosOf applies FastCos's quadrant selection and sign.
func (k *trigConsts) cosOf(s, c archsimd.Float32x8, q archsimd.Int32x8) archsimd.Float32x8 {
	odd := q.And(k.one32).Equal(k.one32)
	y := s.Merge(c, odd).AsUint32x8()
	sign := q.Add(k.one32).AsUint32x8().ShiftAllLeft(30).And(k.signBit)
	return y.Xor(sign).AsFloat32x8()
}

func accelFastSin(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	k := &trigK
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		s, c, q, ok := k.reduce(v)
		if !ok {
			scalarGroup(dst, x, i, FastSin)
			continue
		}
		k.sinOf(v, s, c, q).StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

func accelFastCos(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	k := &trigK
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		s, c, q, ok := k.reduce(v)
		if !ok {
			scalarGroup(dst, x, i, FastCos)
			continue
		}
		k.cosOf(s, c, q).StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

func accelFastSincos(sd, cd, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(sd) &^ 7
	k := &trigK
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		s, c, q, ok := k.reduce(v)
		if !ok {
			archsimd.ClearAVXUpperBits()
			for j := i; j < i+8; j++ {
				sd[j], cd[j] = FastSincos(x[j])
			}
			continue
		}
		k.sinOf(v, s, c, q).StoreSlice(sd[i:])
		k.cosOf(s, c, q).StoreSlice(cd[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// accelSqrt: VSQRTPS is correctly rounded, as is float32(math.Sqrt(x)),
// including NaN propagation and sqrt(−0) = −0.
func accelSqrt(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(x[i:]).Sqrt().StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

func accelFastSqrt(dst, x []float32) int { return accelSqrt(dst, x) }

// accelFastRsqrt: 1 / sqrt(x) with a correctly rounded sqrt and divide, as
// the scalar FastRsqrt.
func accelFastRsqrt(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	one := bf(1)
	for i := 0; i < n; i += 8 {
		one.Div(archsimd.LoadFloat32x8Slice(x[i:]).Sqrt()).StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// accelFastExp is FastExp for groups with −87 ≤ x ≤ 88 (one-step scale).
func accelFastExp(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	lo, hi, magic := bf(-87), bf(88), bf(roundMagic)
	l2e, hiC, loC := bf(log2e), bf(ln2Hi), bf(ln2Lo)
	c0, c1, c2 := bf(1.9875691500e-4), bf(1.3981999507e-3), bf(8.3334519073e-3)
	c3, c4, c5 := bf(4.1665795894e-2), bf(1.6666665459e-1), bf(5.0000001201e-1)
	one, bias := bf(1), archsimd.BroadcastInt32x8(127)
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		if v.GreaterEqual(lo).And(v.LessEqual(hi)).ToBits() != 0xff {
			scalarGroup(dst, x, i, FastExp)
			continue
		}
		nn := v.Mul(l2e).Add(magic).Sub(magic)
		r := v.Sub(nn.Mul(hiC))
		r = r.Sub(nn.Mul(loC))
		z := r.Mul(r)
		p := c0.Mul(r).Add(c1)
		p = p.Mul(r).Add(c2)
		p = p.Mul(r).Add(c3)
		p = p.Mul(r).Add(c4)
		p = p.Mul(r).Add(c5)
		p = p.Mul(z).Add(r)
		p = p.Add(one)
		scale := nn.ConvertToInt32().Add(bias).ShiftAllLeft(23).AsFloat32x8()
		p.Mul(scale).StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// accelFastLog is FastLog for groups of positive normal finite inputs.
func accelFastLog(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	k := &log2K
	hiC, loC := bf(ln2Hi), bf(ln2Lo)
	for i := 0; i < n; i += 8 {
		v := archsimd.LoadFloat32x8Slice(x[i:])
		if !k.ok(v) {
			scalarGroup(dst, x, i, FastLog)
			continue
		}
		f, e, y := k.kernel(v)
		y = y.Add(e.Mul(loC))
		f.Add(y).Add(e.Mul(hiC)).StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// accelRoundHalf is RoundHalf on 8 lanes: the four cases of the scalar code
// (half subnormal, normal, overflow, NaN) are all computed and selected by
// masks. Integer compares are signed; the magnitudes compared are < 2^31.
func accelRoundHalf(dst, x []float32) int {
	if !useAVX2 {
		return 0
	}
	n := len(dst) &^ 7
	bi := archsimd.BroadcastInt32x8
	absMask, signMask := bi(0x7fffffff), bi(-0x80000000)
	subLim, nrmLim, infLim := bi(0x38800000), bi(0x477ff000), bi(0x7f800001)
	half := bf(0.5)
	rnd, one, low13, quiet := bi(0xfff), bi(1), bi(0x1fff), bi(0x00400000)
	inf := bi(0x7f800000)
	for i := 0; i < n; i += 8 {
		b := archsimd.LoadFloat32x8Slice(x[i:]).AsInt32x8()
		a := b.And(absMask)
		s := b.And(signMask)
		sub := a.AsFloat32x8().Add(half).Sub(half).AsInt32x8()
		nrm := a.Add(rnd).Add(a.ShiftAllRight(13).And(one)).AndNot(low13)
		nan := b.Or(quiet).AndNot(low13)
		r := inf.Or(s).Merge(nan, a.Less(infLim))
		r = nrm.Or(s).Merge(r, a.Less(nrmLim))
		r = sub.Or(s).Merge(r, a.Less(subLim))
		r.AsFloat32x8().StoreSlice(dst[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}
