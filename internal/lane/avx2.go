//go:build goexperiment.simd && amd64

package lane

import (
	"math/bits"
	"simd/archsimd"
)

// useAVX2 selects the archsimd kernels; set once at start-up when the CPU
// has AVX2 and FMA.
var useAVX2 = archsimd.X86.AVX2() && archsimd.X86.FMA()

// HasAVX2 reports whether the AVX2 kernels are in use.
func HasAVX2() bool { return useAVX2 }

// Every kernel processes whole groups of 8 lanes with AVX2, then calls
// archsimd.ClearAVXUpperBits before any scalar tail: without it every
// AVX-256 to SSE transition costs ~120 ns on this machine class.

func addF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Add(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).Add(archsimd.LoadFloat32x8Slice(b[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Add(d[n:], a[n:], b[n:])
	}
}

func subF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Sub(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).Sub(archsimd.LoadFloat32x8Slice(b[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Sub(d[n:], a[n:], b[n:])
	}
}

func mulF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Mul(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).Mul(archsimd.LoadFloat32x8Slice(b[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Mul(d[n:], a[n:], b[n:])
	}
}

func divF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Div(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).Div(archsimd.LoadFloat32x8Slice(b[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = a[i] / b[i]
	}
}

func fmaF32AVX2(d, a, b, c []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		dp, ap, bp, cp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64]), (*[64]float32)(c[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i:i+8])).MulAdd(archsimd.LoadFloat32x8((*[8]float32)(bp[i:i+8])), archsimd.LoadFloat32x8((*[8]float32)(cp[i:i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).MulAdd(archsimd.LoadFloat32x8Slice(b[i:]), archsimd.LoadFloat32x8Slice(c[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		fmaGo(d[n:], a[n:], b[n:], c[n:])
	}
}

func minF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			x := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8]))
			y := archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))
			// VMINPS(y, x) = y < x ? y : x, which returns x when either is NaN;
			// fmin must return y when x is NaN.
			r := y.Min(x)
			r.Merge(y, x.IsNaN().ToInt32x8().Equal(archsimd.Int32x8{})).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadFloat32x8Slice(a[i:])
		y := archsimd.LoadFloat32x8Slice(b[i:])
		// VMINPS(y, x) = y < x ? y : x, which returns x when either is NaN;
		// fmin must return y when x is NaN.
		r := y.Min(x)
		r.Merge(y, x.IsNaN().ToInt32x8().Equal(archsimd.Int32x8{})).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = FMin(a[i], b[i])
	}
}

func maxF32AVX2(d, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			x := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8]))
			y := archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))
			r := y.Max(x)
			r.Merge(y, x.IsNaN().ToInt32x8().Equal(archsimd.Int32x8{})).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadFloat32x8Slice(a[i:])
		y := archsimd.LoadFloat32x8Slice(b[i:])
		r := y.Max(x)
		r.Merge(y, x.IsNaN().ToInt32x8().Equal(archsimd.Int32x8{})).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = FMax(a[i], b[i])
	}
}

func sqrtF32AVX2(d, a []float32) {
	if len(d) == 64 && len(a) >= 64 {
		dp, ap := (*[64]float32)(d), (*[64]float32)(a[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Sqrt().Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a = a[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadFloat32x8Slice(a[i:]).Sqrt().StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		sqrtGo(d[n:], a[n:])
	}
}

var oneI32x8 = [8]int32{1, 1, 1, 1, 1, 1, 1, 1}

func ltF32AVX2(d []uint32, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		one := archsimd.LoadInt32x8(&oneI32x8)
		dp, ap, bp := (*[64]uint32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			m := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Less(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			m.ToInt32x8().And(one).AsUint32x8().Store((*[8]uint32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	one := archsimd.LoadInt32x8(&oneI32x8)
	for i := 0; i < n; i += 8 {
		m := archsimd.LoadFloat32x8Slice(a[i:]).Less(archsimd.LoadFloat32x8Slice(b[i:]))
		m.ToInt32x8().And(one).AsUint32x8().StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Lt(d[n:], a[n:], b[n:])
	}
}

func leF32AVX2(d []uint32, a, b []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		one := archsimd.LoadInt32x8(&oneI32x8)
		dp, ap, bp := (*[64]uint32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			m := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).LessEqual(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			m.ToInt32x8().And(one).AsUint32x8().Store((*[8]uint32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	one := archsimd.LoadInt32x8(&oneI32x8)
	for i := 0; i < n; i += 8 {
		m := archsimd.LoadFloat32x8Slice(a[i:]).LessEqual(archsimd.LoadFloat32x8Slice(b[i:]))
		m.ToInt32x8().And(one).AsUint32x8().StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Le(d[n:], a[n:], b[n:])
	}
}

func select32AVX2(d []uint32, c, a, b []uint32) {
	if len(d) == 64 && len(c) >= 64 && len(a) >= 64 && len(b) >= 64 {
		var zero archsimd.Int32x8
		dp, cp, ap, bp := (*[64]uint32)(d), (*[64]uint32)(c[:64]), (*[64]uint32)(a[:64]), (*[64]uint32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			m := archsimd.LoadUint32x8((*[8]uint32)(cp[i : i+8])).AsInt32x8().Equal(zero)
			// Merge keeps x where the mask is true: lanes with c == 0 take b.
			archsimd.LoadUint32x8((*[8]uint32)(bp[i:i+8])).Merge(archsimd.LoadUint32x8((*[8]uint32)(ap[i:i+8])), m).Store((*[8]uint32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	c, a, b = c[:len(d)], a[:len(d)], b[:len(d)]
	var zero archsimd.Int32x8
	for i := 0; i < n; i += 8 {
		m := archsimd.LoadUint32x8Slice(c[i:]).AsInt32x8().Equal(zero)
		// Merge keeps x where the mask is true: lanes with c == 0 take b.
		archsimd.LoadUint32x8Slice(b[i:]).Merge(archsimd.LoadUint32x8Slice(a[i:]), m).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Select(d[n:], c[n:], a[n:], b[n:])
	}
}

func addI32AVX2(d, a, b []int32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]int32)(d), (*[64]int32)(a[:64]), (*[64]int32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			archsimd.LoadInt32x8((*[8]int32)(ap[i : i+8])).Add(archsimd.LoadInt32x8((*[8]int32)(bp[i : i+8]))).Store((*[8]int32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		archsimd.LoadInt32x8Slice(a[i:]).Add(archsimd.LoadInt32x8Slice(b[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	if n < len(d) {
		Add(d[n:], a[n:], b[n:])
	}
}

var bitsI32x8 = [8]int32{1, 2, 4, 8, 16, 32, 64, 128}

func moveMasked32AVX2(d, s []uint32, m Mask) {
	sp, dp := (*[64]uint32)(s[:64]), (*[64]uint32)(d[:64])
	bitv := archsimd.LoadInt32x8(&bitsI32x8)
	for i := 0; i <= 56; i += 8 {
		b := int32(m>>uint(i)) & 0xff
		if b == 0 {
			continue
		}
		sel := archsimd.BroadcastInt32x8(b).And(bitv).Equal(bitv) // true: take s
		archsimd.LoadUint32x8((*[8]uint32)(sp[i:i+8])).Merge(archsimd.LoadUint32x8((*[8]uint32)(dp[i:i+8])), sel).Store((*[8]uint32)(dp[i : i+8]))
	}
	archsimd.ClearAVXUpperBits()
}

func cmpMaskF32AVX2(cmp int, a, b []float32) Mask {
	ap, bp := (*[64]float32)(a[:64]), (*[64]float32)(b[:64])
	var m Mask
	for i := 0; i <= 56; i += 8 {
		x := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8]))
		y := archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8]))
		var k archsimd.Mask32x8
		switch cmp {
		case CmpLt:
			k = x.Less(y)
		case CmpLe:
			k = x.LessEqual(y)
		case CmpEq:
			k = x.Equal(y)
		default:
			k = x.NotEqual(y)
		}
		m |= Mask(k.ToBits()) << uint(i)
	}
	archsimd.ClearAVXUpperBits()
	return m
}

func cmpMaskI32AVX2(cmp int, a, b []int32) Mask {
	ap, bp := (*[64]int32)(a[:64]), (*[64]int32)(b[:64])
	var m Mask
	for i := 0; i <= 56; i += 8 {
		x := archsimd.LoadInt32x8((*[8]int32)(ap[i : i+8]))
		y := archsimd.LoadInt32x8((*[8]int32)(bp[i : i+8]))
		var k archsimd.Mask32x8
		switch cmp {
		case CmpLt:
			k = y.Greater(x)
		case CmpLe:
			k = x.Greater(y) // inverted below
		case CmpEq:
			k = x.Equal(y)
		default:
			k = x.Equal(y) // inverted below
		}
		bits := Mask(k.ToBits())
		if cmp == CmpLe || cmp == CmpNe {
			bits ^= 0xff
		}
		m |= bits << uint(i)
	}
	archsimd.ClearAVXUpperBits()
	return m
}

func cmpMaskU32AVX2(cmp int, a, b []uint32) Mask {
	ap, bp := (*[64]uint32)(a[:64]), (*[64]uint32)(b[:64])
	sign := archsimd.BroadcastInt32x8(-2147483648)
	var m Mask
	for i := 0; i <= 56; i += 8 {
		// Flipping the sign bit maps unsigned order onto signed order.
		x := archsimd.LoadUint32x8((*[8]uint32)(ap[i : i+8])).AsInt32x8().Xor(sign)
		y := archsimd.LoadUint32x8((*[8]uint32)(bp[i : i+8])).AsInt32x8().Xor(sign)
		var k archsimd.Mask32x8
		switch cmp {
		case CmpLt:
			k = y.Greater(x)
		case CmpLe, CmpNe:
			k = x.Greater(y)
			if cmp == CmpNe {
				k = x.Equal(y)
			}
		default:
			k = x.Equal(y)
		}
		bits := Mask(k.ToBits())
		if cmp == CmpLe || cmp == CmpNe {
			bits ^= 0xff
		}
		m |= bits << uint(i)
	}
	archsimd.ClearAVXUpperBits()
	return m
}

// fromBoolsAVX2 is FromBools for len(c) a multiple of 8 (at most 64).
func fromBoolsAVX2(c []uint32) Mask {
	zero := archsimd.Int32x8{}
	var m Mask
	for i := 0; i+8 <= len(c); i += 8 {
		z := archsimd.LoadUint32x8Slice(c[i:]).AsInt32x8().Equal(zero)
		m |= Mask(^z.ToBits()) << uint(i)
	}
	archsimd.ClearAVXUpperBits()
	return m
}

// bitU32AVX2 is d = a & b (op 0) or a | b (op 1).
func bitU32AVX2(op int, d, a, b []uint32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		dp, ap, bp := (*[64]uint32)(d), (*[64]uint32)(a[:64]), (*[64]uint32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			x, y := archsimd.LoadUint32x8((*[8]uint32)(ap[i:i+8])), archsimd.LoadUint32x8((*[8]uint32)(bp[i:i+8]))
			bitU32Op(op, x, y).Store((*[8]uint32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	for i := 0; i < n; i += 8 {
		x, y := archsimd.LoadUint32x8Slice(a[i:]), archsimd.LoadUint32x8Slice(b[i:])
		bitU32Op(op, x, y).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = bitU32Scalar(op, a[i], b[i])
	}
}

func bitU32Op(op int, x, y archsimd.Uint32x8) archsimd.Uint32x8 {
	switch op {
	case bitAnd:
		return x.And(y)
	case bitOr:
		return x.Or(y)
	case bitXor:
		return x.Xor(y)
	case bitSub:
		return x.Sub(y)
	case bitMul:
		return x.Mul(y)
	case bitShr:
		return x.ShiftRight(y.And(archsimd.BroadcastUint32x8(31)))
	case bitXorMul:
		return x.Xor(x.Mul(y))
	case bitXorShr:
		return x.Xor(x.ShiftRight(y.And(archsimd.BroadcastUint32x8(31))))
	}
	return x.ShiftLeft(y.And(archsimd.BroadcastUint32x8(31)))
}

// cmpI32AVX2 sets d to 1 where a < b (a <= b with le), else 0, comparing
// signed lanes, or unsigned ones with unsigned.
func cmpI32AVX2(le, unsigned bool, d []uint32, a, b []int32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		one := archsimd.LoadInt32x8(&oneI32x8)
		var flip archsimd.Int32x8
		if unsigned {
			flip = archsimd.BroadcastInt32x8(-2147483648)
		}
		dp, ap, bp := (*[64]uint32)(d), (*[64]int32)(a[:64]), (*[64]int32)(b[:64])
		for i := 0; i <= 56; i += 8 {
			x := archsimd.LoadInt32x8((*[8]int32)(ap[i : i+8])).Xor(flip)
			y := archsimd.LoadInt32x8((*[8]int32)(bp[i : i+8])).Xor(flip)
			if le { // a <= b is !(a > b)
				x.Greater(y).ToInt32x8().And(one).Xor(one).AsUint32x8().Store((*[8]uint32)(dp[i : i+8]))
			} else {
				y.Greater(x).ToInt32x8().And(one).AsUint32x8().Store((*[8]uint32)(dp[i : i+8]))
			}
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b = a[:len(d)], b[:len(d)]
	one := archsimd.LoadInt32x8(&oneI32x8)
	var flip archsimd.Int32x8
	if unsigned {
		flip = archsimd.BroadcastInt32x8(-2147483648)
	}
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadInt32x8Slice(a[i:]).Xor(flip)
		y := archsimd.LoadInt32x8Slice(b[i:]).Xor(flip)
		if le { // a <= b is !(a > b)
			x.Greater(y).ToInt32x8().And(one).Xor(one).AsUint32x8().StoreSlice(d[i:])
		} else {
			y.Greater(x).ToInt32x8().And(one).AsUint32x8().StoreSlice(d[i:])
		}
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		x, y := a[i], b[i]
		var r bool
		if unsigned {
			r = uint32(x) < uint32(y) || le && x == y
		} else {
			r = x < y || le && x == y
		}
		d[i] = 0
		if r {
			d[i] = 1
		}
	}
}

func fill32AVX2(d []uint32, v uint32) {
	x := archsimd.BroadcastUint32x8(v)
	if len(d) == 64 {
		dp := (*[64]uint32)(d)
		for i := 0; i <= 56; i += 8 {
			x.Store((*[8]uint32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	for i := 0; i+8 <= len(d); i += 8 {
		x.StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
}

var iotaU32x8 = [8]uint32{0, 1, 2, 3, 4, 5, 6, 7}

func iota32AVX2(d []uint32, start uint32) {
	x := archsimd.LoadUint32x8(&iotaU32x8).Add(archsimd.BroadcastUint32x8(start))
	eight := archsimd.BroadcastUint32x8(8)
	if len(d) == 64 {
		dp := (*[64]uint32)(d)
		for i := 0; i <= 56; i += 8 {
			x.Store((*[8]uint32)(dp[i : i+8]))
			x = x.Add(eight)
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	for i := 0; i+8 <= len(d); i += 8 {
		x.StoreSlice(d[i:])
		x = x.Add(eight)
	}
	archsimd.ClearAVXUpperBits()
}

// The unfused multiply-add kernels: Mul then Add/Sub, two roundings.

func mulAddF32AVX2(d, a, b, c []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		dp, ap, bp, cp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64]), (*[64]float32)(c[:64])
		for i := 0; i <= 56; i += 8 {
			p := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Mul(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			p.Add(archsimd.LoadFloat32x8((*[8]float32)(cp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := 0; i < n; i += 8 {
		p := archsimd.LoadFloat32x8Slice(a[i:]).Mul(archsimd.LoadFloat32x8Slice(b[i:]))
		p.Add(archsimd.LoadFloat32x8Slice(c[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = float32(a[i]*b[i]) + c[i]
	}
}

func addMulF32AVX2(d, a, b, c []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		dp, ap, bp, cp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64]), (*[64]float32)(c[:64])
		for i := 0; i <= 56; i += 8 {
			p := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Mul(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			archsimd.LoadFloat32x8((*[8]float32)(cp[i : i+8])).Add(p).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := 0; i < n; i += 8 {
		p := archsimd.LoadFloat32x8Slice(a[i:]).Mul(archsimd.LoadFloat32x8Slice(b[i:]))
		archsimd.LoadFloat32x8Slice(c[i:]).Add(p).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = c[i] + float32(a[i]*b[i])
	}
}

func mulSubF32AVX2(d, a, b, c []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		dp, ap, bp, cp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64]), (*[64]float32)(c[:64])
		for i := 0; i <= 56; i += 8 {
			p := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Mul(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			p.Sub(archsimd.LoadFloat32x8((*[8]float32)(cp[i : i+8]))).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := 0; i < n; i += 8 {
		p := archsimd.LoadFloat32x8Slice(a[i:]).Mul(archsimd.LoadFloat32x8Slice(b[i:]))
		p.Sub(archsimd.LoadFloat32x8Slice(c[i:])).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = float32(a[i]*b[i]) - c[i]
	}
}

func subMulF32AVX2(d, a, b, c []float32) {
	if len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		dp, ap, bp, cp := (*[64]float32)(d), (*[64]float32)(a[:64]), (*[64]float32)(b[:64]), (*[64]float32)(c[:64])
		for i := 0; i <= 56; i += 8 {
			p := archsimd.LoadFloat32x8((*[8]float32)(ap[i : i+8])).Mul(archsimd.LoadFloat32x8((*[8]float32)(bp[i : i+8])))
			archsimd.LoadFloat32x8((*[8]float32)(cp[i : i+8])).Sub(p).Store((*[8]float32)(dp[i : i+8]))
		}
		archsimd.ClearAVXUpperBits()
		return
	}
	n := len(d) &^ 7
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := 0; i < n; i += 8 {
		p := archsimd.LoadFloat32x8Slice(a[i:]).Mul(archsimd.LoadFloat32x8Slice(b[i:]))
		archsimd.LoadFloat32x8Slice(c[i:]).Sub(p).StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = c[i] - float32(a[i]*b[i])
	}
}

var gatherPerm = [8]uint32{0, 4, 1, 5, 2, 6, 3, 7}

// gather4x4AVX2 de-interleaves packed 4-component vectors (stride 4 words)
// eight lanes at a time: a 4x8 transpose by permutes and 64-bit unpacks.
func gather4x4AVX2(d0, d1, d2, d3, src []uint32) {
	n := len(d0) &^ 7
	d1, d2, d3 = d1[:len(d0)], d2[:len(d0)], d3[:len(d0)]
	src = src[:4*len(d0)]
	idx := archsimd.LoadUint32x8(&gatherPerm)
	for i := 0; i < n; i += 8 {
		s := src[4*i : 4*i+32 : 4*i+32]
		p0 := archsimd.LoadUint32x8Slice(s[0:]).Permute(idx).AsUint64x4()
		p1 := archsimd.LoadUint32x8Slice(s[8:]).Permute(idx).AsUint64x4()
		p2 := archsimd.LoadUint32x8Slice(s[16:]).Permute(idx).AsUint64x4()
		p3 := archsimd.LoadUint32x8Slice(s[24:]).Permute(idx).AsUint64x4()
		t0, t1 := p0.InterleaveLoGrouped(p1), p0.InterleaveHiGrouped(p1)
		t2, t3 := p2.InterleaveLoGrouped(p3), p2.InterleaveHiGrouped(p3)
		t0.Select128FromPair(0, 2, t2).AsUint32x8().StoreSlice(d0[i:])
		t1.Select128FromPair(0, 2, t3).AsUint32x8().StoreSlice(d1[i:])
		t0.Select128FromPair(1, 3, t2).AsUint32x8().StoreSlice(d2[i:])
		t1.Select128FromPair(1, 3, t3).AsUint32x8().StoreSlice(d3[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d0); i++ {
		d0[i], d1[i], d2[i], d3[i] = src[4*i], src[4*i+1], src[4*i+2], src[4*i+3]
	}
}

// gather4x3AVX2 is gather4x4AVX2 without the fourth component (float3
// loads, 16 bytes a lane): it de-interleaves the groups of 8 lanes whose
// 32 words lie inside src and returns the number of lanes done.
func gather4x3AVX2(d0, d1, d2, src []uint32) int {
	// Whole groups of 8 lanes whose last component lies in src; the last
	// lane's unused fourth word may lie past its end (a float3 at the end
	// of a buffer) and is then read with a masked load.
	n := min(len(d0), (len(src)+1)/4) &^ 7
	d1, d2 = d1[:len(d0)], d2[:len(d0)]
	idx := archsimd.LoadUint32x8(&gatherPerm)
	for i := 0; i < n; i += 8 {
		s := src[4*i : min(4*i+32, len(src))]
		p0 := archsimd.LoadUint32x8((*[8]uint32)(s[0:8])).Permute(idx).AsUint64x4()
		p1 := archsimd.LoadUint32x8((*[8]uint32)(s[8:16])).Permute(idx).AsUint64x4()
		p2 := archsimd.LoadUint32x8((*[8]uint32)(s[16:24])).Permute(idx).AsUint64x4()
		p3 := archsimd.LoadUint32x8SlicePart(s[24:]).Permute(idx).AsUint64x4()
		t0, t1 := p0.InterleaveLoGrouped(p1), p0.InterleaveHiGrouped(p1)
		t2, t3 := p2.InterleaveLoGrouped(p3), p2.InterleaveHiGrouped(p3)
		t0.Select128FromPair(0, 2, t2).AsUint32x8().StoreSlice(d0[i:])
		t1.Select128FromPair(0, 2, t3).AsUint32x8().StoreSlice(d1[i:])
		t0.Select128FromPair(1, 3, t2).AsUint32x8().StoreSlice(d2[i:])
	}
	archsimd.ClearAVXUpperBits()
	return n
}

// allEqual64AVX2 is AllEqual64 for 64 elements: XOR with v, OR-reduced,
// one VPTEST.
func allEqual64AVX2(a *[64]uint64, v uint64) bool {
	x := archsimd.BroadcastUint64x4(v)
	var acc archsimd.Uint64x4
	for i := 0; i <= 60; i += 4 {
		acc = acc.Or(archsimd.LoadUint64x4((*[4]uint64)(a[i : i+4])).Xor(x))
	}
	z := acc.IsZero()
	archsimd.ClearAVXUpperBits()
	return z
}

// LeaveSIMD clears the upper halves of the AVX registers (VZEROUPPER), so
// that scalar code running next on this thread pays no AVX-SSE transition.
func LeaveSIMD() {
	if useAVX2 {
		archsimd.ClearAVXUpperBits()
	}
}

// Tables of revU32AVX2: the bit reversal of a nibble, shifted into the
// high nibble (for a byte's low nibble) or not (for its high nibble), in
// both 128-bit halves; and the byte order reversal within each 32-bit lane.
var (
	revNibbleHigh, revNibbleLow [32]uint8
	revBytes                    [32]int8
)

func init() {
	for i := range 32 {
		n := uint8(i & 15)
		r := (n&1)<<3 | (n&2)<<1 | (n&4)>>1 | (n&8)>>3
		revNibbleHigh[i], revNibbleLow[i] = r<<4, r
		revBytes[i] = int8(i&^3 | (3 - i&3))
	}
}

// revU32AVX2 sets d[i] to a[i] with its bits reversed (bits.Reverse32):
// each byte's nibbles through two 16-entry lookups (VPSHUFB), then each
// lane's bytes in reverse order.
func revU32AVX2(d, a []uint32) {
	hiT, loT := archsimd.LoadUint8x32(&revNibbleHigh), archsimd.LoadUint8x32(&revNibbleLow)
	swap := archsimd.LoadInt8x32(&revBytes)
	mask := archsimd.BroadcastUint8x32(15)
	n := len(d) &^ 7
	a = a[:len(d)]
	for i := 0; i < n; i += 8 {
		x := archsimd.LoadUint32x8Slice(a[i:]).AsUint8x32()
		lo := x.And(mask)
		hi := x.AsUint16x16().ShiftAllRight(4).AsUint8x32().And(mask)
		r := hiT.PermuteOrZeroGrouped(lo.AsInt8x32()).Or(loT.PermuteOrZeroGrouped(hi.AsInt8x32()))
		r.PermuteOrZeroGrouped(swap).AsUint32x8().StoreSlice(d[i:])
	}
	archsimd.ClearAVXUpperBits()
	for i := n; i < len(d); i++ {
		d[i] = bits.Reverse32(a[i])
	}
}
