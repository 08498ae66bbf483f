package lane

import (
	"math"
	"math/bits"
	"unsafe"
)

// Num is the set of element types the generic kernels accept.
type Num interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32
}

// Int is the set of integer element types.
type Int interface {
	~int32 | ~uint32 | ~int64 | ~uint64
}

// Add sets d[i] = a[i] + b[i].
func Add[T Num](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	i := 0
	for ; i+4 <= len(d); i += 4 { // unrolled: a quarter of the loop overhead
		d4, a4, b4 := d[i:i+4:i+4], a[i:i+4:i+4], b[i:i+4:i+4]
		d4[0], d4[1], d4[2], d4[3] = a4[0]+b4[0], a4[1]+b4[1], a4[2]+b4[2], a4[3]+b4[3]
	}
	for ; i < len(d); i++ {
		d[i] = a[i] + b[i]
	}
}

// Sub sets d[i] = a[i] - b[i].
func Sub[T Num](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	i := 0
	for ; i+4 <= len(d); i += 4 { // unrolled: a quarter of the loop overhead
		d4, a4, b4 := d[i:i+4:i+4], a[i:i+4:i+4], b[i:i+4:i+4]
		d4[0], d4[1], d4[2], d4[3] = a4[0]-b4[0], a4[1]-b4[1], a4[2]-b4[2], a4[3]-b4[3]
	}
	for ; i < len(d); i++ {
		d[i] = a[i] - b[i]
	}
}

// Mul sets d[i] = a[i] * b[i].
func Mul[T Num](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	i := 0
	for ; i+4 <= len(d); i += 4 { // unrolled: a quarter of the loop overhead
		d4, a4, b4 := d[i:i+4:i+4], a[i:i+4:i+4], b[i:i+4:i+4]
		d4[0], d4[1], d4[2], d4[3] = a4[0]*b4[0], a4[1]*b4[1], a4[2]*b4[2], a4[3]*b4[3]
	}
	for ; i < len(d); i++ {
		d[i] = a[i] * b[i]
	}
}

// And sets d[i] = a[i] & b[i].
func And[T Int](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] & b[i]
	}
}

// Or sets d[i] = a[i] | b[i].
func Or[T Int](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] | b[i]
	}
}

// Xor sets d[i] = a[i] ^ b[i].
func Xor[T Int](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] ^ b[i]
	}
}

// Broadcast sets every d[i] to v.
func Broadcast[T Num](d []T, v T) {
	for i := range d {
		d[i] = v
	}
}

// Lt sets d[i] = 1 if a[i] < b[i], else 0.
func Lt[T Num](d []uint32, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		var r uint32
		if a[i] < b[i] {
			r = 1
		}
		d[i] = r
	}
}

// Le sets d[i] = 1 if a[i] <= b[i], else 0.
func Le[T Num](d []uint32, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		var r uint32
		if a[i] <= b[i] {
			r = 1
		}
		d[i] = r
	}
}

// Eq sets d[i] = 1 if a[i] == b[i], else 0.
func Eq[T Num](d []uint32, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		var r uint32
		if a[i] == b[i] {
			r = 1
		}
		d[i] = r
	}
}

// Ne sets d[i] = 1 if a[i] != b[i], else 0.
func Ne[T Num](d []uint32, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		var r uint32
		if a[i] != b[i] {
			r = 1
		}
		d[i] = r
	}
}

// Select sets d[i] = a[i] where c[i] != 0, else b[i].
func Select[T Num](d []T, c []uint32, a, b []T) {
	c, a, b = c[:len(d)], a[:len(d)], b[:len(d)]
	for i := range d {
		if c[i] != 0 {
			d[i] = a[i]
		} else {
			d[i] = b[i]
		}
	}
}

// MoveMasked copies s[i] into d[i] for the lanes set in m.
func MoveMasked[T Num](d, s []T, m Mask) {
	s = s[:len(d)]
	for m != 0 {
		i := m.First()
		m &= m - 1
		if i >= len(d) {
			return
		}
		d[i] = s[i]
	}
}

// AddF32 sets d[i] = a[i] + b[i].
func AddF32(d, a, b []float32) {
	if censusOn {
		census2(cAdd, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		addF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		addF32AVX2(d, a, b)
		return
	}
	Add(d, a, b)
}

// SubF32 sets d[i] = a[i] - b[i].
func SubF32(d, a, b []float32) {
	if censusOn {
		census2(cSub, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		subF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		subF32AVX2(d, a, b)
		return
	}
	Sub(d, a, b)
}

// MulF32 sets d[i] = a[i] * b[i].
func MulF32(d, a, b []float32) {
	if censusOn {
		census2(cMul, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		mulF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		mulF32AVX2(d, a, b)
		return
	}
	Mul(d, a, b)
}

// DivF32 sets d[i] = a[i] / b[i].
func DivF32(d, a, b []float32) {
	if censusOn {
		census2(cDiv, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		divF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		divF32AVX2(d, a, b)
		return
	}
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] / b[i]
	}
}

// FmaF32 sets d[i] = a[i]*b[i] + c[i] with a single rounding.
func FmaF32(d, a, b, c []float32) {
	if censusOn {
		census3(cFma, len(d), a, b, c)
	}
	if useAsmFMA && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		fmaF32x64(&d[0], &a[0], &b[0], &c[0])
		return
	}
	if useAVX2 {
		fmaF32AVX2(d, a, b, c)
		return
	}
	fmaGo(d, a, b, c)
}

// fmaGo is FmaF32 in pure Go: [Fma] on each element.
func fmaGo(d, a, b, c []float32) {
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		// Fma written out: it is too large for the compiler to inline.
		p := float64(float64(a[i]) * float64(b[i]))
		cc := float64(c[i])
		s := p + cc
		if u := math.Float64bits(s); u&(1<<28-1) != 0 {
			d[i] = float32(s)
		} else {
			d[i] = fmaOdd(p, cc, s, u)
		}
	}
}

// Fma returns a*b + c rounded once to float32 (IEEE 754 fusedMultiplyAdd,
// round to nearest even), the bits of the FMA instructions of amd64 and
// arm64, on every CPU.
//
// The product of two float32 values is exact in float64, so only the sum
// p + c is inexact. Its float64 rounding s and then float32(s) round twice,
// which can only go wrong when s lands exactly on a float32 midpoint (its
// low 28 mantissa bits zero; a subnormal float32 midpoint has even more
// trailing zeros) while the exact sum does not: every float32 midpoint is a
// float64, and rounding to nearest keeps the sum on the same side of each
// one. In that rare case the exact error of s comes from TwoSum and s is
// rounded to odd instead (its last bit set, moving one unit toward the
// error when that bit is 0); a float64 rounded to odd then rounded to
// float32 is correctly rounded (53 >= 24 + 2). Sums of float32 products and
// float32 values never underflow or overflow float64, so the error term is
// exact. Signed zeros, infinities and NaNs follow the float64 add.
func Fma(a, b, c float32) float32 {
	p := float64(float64(a) * float64(b)) // exact; the conversion forbids fusing
	cc := float64(c)
	s := p + cc
	u := math.Float64bits(s)
	if u&(1<<28-1) != 0 {
		return float32(s)
	}
	return fmaOdd(p, cc, s, u)
}

// fmaOdd finishes Fma when s = p + cc may sit on a float32 midpoint: it
// rounds the exact sum to odd in float64, then to float32. It stays out of
// line so that Fma inlines into the kernel loops.
//
//go:noinline
func fmaOdd(p, cc, s float64, u uint64) float32 {
	if u&1 == 0 && s-s == 0 { // even and finite (an inf or NaN s is exact IEEE)
		bv := s - p
		if e := (p - (s - bv)) + (cc - bv); e != 0 {
			if (e > 0) == (s > 0) {
				u++
			} else {
				u--
			}
			s = math.Float64frombits(u)
		}
	}
	return float32(s)
}

// MinF32 sets d[i] = fmin(a[i], b[i]): the smaller value, or the other
// operand when one is NaN.
func MinF32(d, a, b []float32) {
	if censusOn {
		census2(cMin, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		minF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		minF32AVX2(d, a, b)
		return
	}
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = FMin(a[i], b[i])
	}
}

// ClampF32 sets d[i] = fmin(fmax(a[i], b[i]), c[i]) (MSL's clamp(a, b, c)
// as MaxF32 then MinF32 compute it, in one pass; d may be any of a, b, c).
func ClampF32(d, a, b, c []float32) {
	if censusOn {
		// The census of the two ops it stands for.
		var t [MaxWidth]float32
		n := min(len(d), MaxWidth)
		for i := range n {
			t[i] = FMax(a[i], b[i])
		}
		census2(cMax, n, a, b)
		census2(cMin, n, t[:n], c)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 && len(c) >= 64 {
		clampF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])), (*uint32)(unsafe.Pointer(&c[0])))
		return
	}
	a, b, c = a[:len(d)], b[:len(d)], c[:len(d)]
	for i := range d {
		d[i] = FMin(FMax(a[i], b[i]), c[i])
	}
}

// MaxF32 sets d[i] = fmax(a[i], b[i]): the larger value, or the other
// operand when one is NaN.
func MaxF32(d, a, b []float32) {
	if censusOn {
		census2(cMax, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		maxF32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		maxF32AVX2(d, a, b)
		return
	}
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = FMax(a[i], b[i])
	}
}

// FMin is the scalar fmin of MinF32.
func FMin(a, b float32) float32 {
	if b < a || a != a {
		return b
	}
	return a
}

// FMax is the scalar fmax of MaxF32.
func FMax(a, b float32) float32 {
	if b > a || a != a {
		return b
	}
	return a
}

// SqrtF32 sets d[i] = sqrt(a[i]).
func SqrtF32(d, a []float32) {
	if censusOn {
		census2(cSqrt, len(d), a, nil)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 {
		sqrtF32x64(&d[0], &a[0])
		return
	}
	if useAVX2 {
		sqrtF32AVX2(d, a)
		return
	}
	sqrtGo(d, a)
}

func sqrtGo(d, a []float32) {
	a = a[:len(d)]
	for i := range d {
		d[i] = float32(math.Sqrt(float64(a[i])))
	}
}

// LtF32 sets d[i] = 1 if a[i] < b[i], else 0.
func LtF32(d []uint32, a, b []float32) {
	if censusOn {
		census2(cLt, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		ltF32x64(&d[0], (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		ltF32AVX2(d, a, b)
		return
	}
	Lt(d, a, b)
}

// LeF32 sets d[i] = 1 if a[i] <= b[i], else 0.
func LeF32(d []uint32, a, b []float32) {
	if censusOn {
		census2(cLe, len(d), a, b)
	}
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		leF32x64(&d[0], (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		leF32AVX2(d, a, b)
		return
	}
	Le(d, a, b)
}

// Select32 sets d[i] = a[i] where c[i] != 0, else b[i], on 32-bit lanes.
func Select32(d []uint32, c, a, b []uint32) {
	if useAsm && len(d) == 64 && len(c) >= 64 && len(a) >= 64 && len(b) >= 64 {
		select32x64(&d[0], &c[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		select32AVX2(d, c, a, b)
		return
	}
	Select(d, c, a, b)
}

// AddI32 sets d[i] = a[i] + b[i] (wrapping).
func AddI32(d, a, b []int32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		addI32x64((*uint32)(unsafe.Pointer(&d[0])), (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0])))
		return
	}
	if useAVX2 {
		addI32AVX2(d, a, b)
		return
	}
	Add(d, a, b)
}

// MoveMasked32 copies s[i] into d[i] for the lanes set in m.
func MoveMasked32(d, s []uint32, m Mask) {
	if useAsm && len(d) == 64 && len(s) >= 64 {
		moveMasked32x64(&d[0], &s[0], uint64(m))
		return
	}
	if useAVX2 && len(d) == 64 {
		moveMasked32AVX2(d, s, m)
		return
	}
	MoveMasked(d, s, m)
}

// ZextU32 sets d[i] = uint64(a[i]).
func ZextU32(d []uint64, a []uint32) {
	a = a[:len(d)]
	for i := range d {
		d[i] = uint64(a[i])
	}
}

// Contiguous reports whether a[i] == a[0] + i*stride for every lane i.
func Contiguous(a []uint64, stride uint64) bool {
	if len(a) == 0 {
		return true
	}
	v := a[0]
	var acc uint64
	for _, x := range a {
		acc |= x ^ v
		v += stride
	}
	return acc == 0
}

// AllEqual64 reports whether every element of a equals v (true for an
// empty a): the test for a batch-uniform resource ID.
func AllEqual64(a []uint64, v uint64) bool {
	if useAVX2 && len(a) == 64 {
		return allEqual64AVX2((*[64]uint64)(a), v)
	}
	var d0, d1, d2, d3 uint64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s := a[i : i+4 : i+4]
		d0 |= s[0] ^ v
		d1 |= s[1] ^ v
		d2 |= s[2] ^ v
		d3 |= s[3] ^ v
	}
	for ; i < len(a); i++ {
		d0 |= a[i] ^ v
	}
	return d0|d1|d2|d3 == 0
}

// Comparison kinds for the mask kernels.
const (
	CmpLt = iota
	CmpLe
	CmpEq
	CmpNe
)

// CmpMaskF32 returns the mask of lanes i where a[i] <cmp> b[i].
func CmpMaskF32(cmp int, a, b []float32) Mask {
	if censusOn {
		census2(cCmpMask, len(a), a, b)
	}
	if useAsm && len(a) == 64 && len(b) >= 64 {
		x, y := (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0]))
		switch cmp {
		case CmpLt:
			return Mask(cmpLtF32x64(x, y))
		case CmpLe:
			return Mask(cmpLeF32x64(x, y))
		case CmpEq:
			return Mask(cmpEqF32x64(x, y))
		default:
			return Mask(cmpNeF32x64(x, y))
		}
	}
	if useAVX2 && len(a) == 64 {
		return cmpMaskF32AVX2(cmp, a, b)
	}
	return cmpMask(cmp, a, b)
}

// CmpMaskI32 returns the mask of lanes i where a[i] <cmp> b[i].
func CmpMaskI32(cmp int, a, b []int32) Mask {
	if useAsm && len(a) == 64 && len(b) >= 64 {
		x, y := (*uint32)(unsafe.Pointer(&a[0])), (*uint32)(unsafe.Pointer(&b[0]))
		switch cmp {
		case CmpLt:
			return Mask(cmpLtI32x64(x, y))
		case CmpLe:
			return Mask(cmpLeI32x64(x, y))
		case CmpEq:
			return Mask(cmpEqI32x64(x, y))
		default:
			return Mask(cmpNeI32x64(x, y))
		}
	}
	if useAVX2 && len(a) == 64 {
		return cmpMaskI32AVX2(cmp, a, b)
	}
	return cmpMask(cmp, a, b)
}

// CmpMaskU32 returns the mask of lanes i where a[i] <cmp> b[i].
func CmpMaskU32(cmp int, a, b []uint32) Mask {
	if useAsm && len(a) == 64 && len(b) >= 64 {
		x, y := &a[0], &b[0]
		switch cmp {
		case CmpLt:
			return Mask(cmpLtU32x64(x, y))
		case CmpLe:
			return Mask(cmpLeU32x64(x, y))
		case CmpEq:
			return Mask(cmpEqU32x64(x, y))
		default:
			return Mask(cmpNeU32x64(x, y))
		}
	}
	if useAVX2 && len(a) == 64 {
		return cmpMaskU32AVX2(cmp, a, b)
	}
	return cmpMask(cmp, a, b)
}

// cmpMask is the pure-Go mask comparison: eight lanes per step, each
// lane's bit placed with a constant shift (variable shifts are slow
// without BMI2), branch-free.
func cmpMask[T Num](cmp int, a, b []T) Mask {
	b = b[:len(a)]
	n := len(a) &^ 7
	var m Mask
	switch cmp {
	case CmpLt:
		for i := 0; i < n; i += 8 {
			x, y := a[i:i+8:i+8], b[i:i+8:i+8]
			m |= Mask(b2u(x[0] < y[0])|b2u(x[1] < y[1])<<1|b2u(x[2] < y[2])<<2|b2u(x[3] < y[3])<<3|
				b2u(x[4] < y[4])<<4|b2u(x[5] < y[5])<<5|b2u(x[6] < y[6])<<6|b2u(x[7] < y[7])<<7) << uint(i)
		}
		for i := n; i < len(a); i++ {
			m |= Mask(b2u(a[i] < b[i])) << uint(i)
		}
	case CmpLe:
		for i := 0; i < n; i += 8 {
			x, y := a[i:i+8:i+8], b[i:i+8:i+8]
			m |= Mask(b2u(x[0] <= y[0])|b2u(x[1] <= y[1])<<1|b2u(x[2] <= y[2])<<2|b2u(x[3] <= y[3])<<3|
				b2u(x[4] <= y[4])<<4|b2u(x[5] <= y[5])<<5|b2u(x[6] <= y[6])<<6|b2u(x[7] <= y[7])<<7) << uint(i)
		}
		for i := n; i < len(a); i++ {
			m |= Mask(b2u(a[i] <= b[i])) << uint(i)
		}
	case CmpEq:
		for i := 0; i < n; i += 8 {
			x, y := a[i:i+8:i+8], b[i:i+8:i+8]
			m |= Mask(b2u(x[0] == y[0])|b2u(x[1] == y[1])<<1|b2u(x[2] == y[2])<<2|b2u(x[3] == y[3])<<3|
				b2u(x[4] == y[4])<<4|b2u(x[5] == y[5])<<5|b2u(x[6] == y[6])<<6|b2u(x[7] == y[7])<<7) << uint(i)
		}
		for i := n; i < len(a); i++ {
			m |= Mask(b2u(a[i] == b[i])) << uint(i)
		}
	default:
		for i := 0; i < n; i += 8 {
			x, y := a[i:i+8:i+8], b[i:i+8:i+8]
			m |= Mask(b2u(x[0] != y[0])|b2u(x[1] != y[1])<<1|b2u(x[2] != y[2])<<2|b2u(x[3] != y[3])<<3|
				b2u(x[4] != y[4])<<4|b2u(x[5] != y[5])<<5|b2u(x[6] != y[6])<<6|b2u(x[7] != y[7])<<7) << uint(i)
		}
		for i := n; i < len(a); i++ {
			m |= Mask(b2u(a[i] != b[i])) << uint(i)
		}
	}
	return m
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Fill32 sets every d[i] to v.
func Fill32(d []uint32, v uint32) {
	if useAVX2 && len(d)&7 == 0 {
		fill32AVX2(d, v)
		return
	}
	if w, ok := pairs(d); ok {
		x := uint64(v) | uint64(v)<<32
		for i := 0; i+4 <= len(w); i += 4 {
			q := w[i : i+4 : i+4]
			q[0], q[1], q[2], q[3] = x, x, x, x
		}
		for i := len(w) &^ 3; i < len(w); i++ {
			w[i] = x
		}
		if len(d)&1 != 0 {
			d[len(d)-1] = v
		}
		return
	}
	for i := range d {
		d[i] = v
	}
}

// Iota32 sets d[i] = start + i.
func Iota32(d []uint32, start uint32) {
	if useAVX2 && len(d)&7 == 0 {
		iota32AVX2(d, start)
		return
	}
	// Two lanes per 64-bit store, when no lane wraps around 2^32 (a
	// carry would cross into the upper lane).
	if w, ok := pairs(d); ok && uint64(start)+uint64(len(d)) <= 1<<32 {
		x := uint64(start) | uint64(start+1)<<32
		const two = 2 | 2<<32
		for i := 0; i+4 <= len(w); i += 4 {
			q := w[i : i+4 : i+4]
			q[0], q[1], q[2], q[3] = x, x+two, x+2*two, x+3*two
			x += 4 * two
		}
		for i := len(w) &^ 3; i < len(w); i++ {
			w[i] = x
			x += two
		}
		if len(d)&1 != 0 {
			d[len(d)-1] = start + uint32(len(d)-1)
		}
		return
	}
	for i := range d {
		d[i] = start + uint32(i)
	}
}

// pairs views the first len(d)&^1 lanes of d as 64-bit words (lane 2k in
// the low half, little-endian), when d is 8-byte aligned.
func pairs(d []uint32) ([]uint64, bool) {
	if len(d) < 2 || uintptr(unsafe.Pointer(&d[0]))%8 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&d[0])), len(d)/2), true
}

// bitPairs views d, a and b as 64-bit words (two lanes each) for the
// bitwise kernels, or reports false when a slice is odd-length, short or
// not 8-byte aligned.
func bitPairs(d, a, b []uint32) (dp, ap, bp []uint64, ok bool) {
	if len(d)%2 != 0 || len(a) < len(d) || len(b) < len(d) {
		return nil, nil, nil, false
	}
	dp, ok1 := pairs(d)
	ap, ok2 := pairs(a[:len(d)])
	bp, ok3 := pairs(b[:len(d)])
	if !ok1 || !ok2 || !ok3 {
		return nil, nil, nil, false
	}
	return dp, ap[:len(dp)], bp[:len(dp)], true
}

// AndU32 sets d[i] = a[i] & b[i] on 32-bit lanes.
func AndU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		andI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitAnd, d, a, b)
		return
	}
	if dp, ap, bp, ok := bitPairs(d, a, b); ok {
		for i := range dp {
			dp[i] = ap[i] & bp[i]
		}
		return
	}
	And(d, a, b)
}

// OrU32 sets d[i] = a[i] | b[i] on 32-bit lanes.
func OrU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		orI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitOr, d, a, b)
		return
	}
	if dp, ap, bp, ok := bitPairs(d, a, b); ok {
		for i := range dp {
			dp[i] = ap[i] | bp[i]
		}
		return
	}
	Or(d, a, b)
}

// XorMulU32 sets d[i] = a[i] ^ (a[i] * b[i]) (the low 32 bits of the
// product) on 32-bit lanes: one step of a multiply-xor hash.
func XorMulU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		xorMulI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitXorMul, d, a, b)
		return
	}
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] ^ (a[i] * b[i])
	}
}

// XorShrU32 sets d[i] = a[i] ^ (a[i] >> (b[i] & 31)) (logical) on 32-bit
// lanes: one xorshift step of a hash finaliser.
func XorShrU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		xorShrU32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitXorShr, d, a, b)
		return
	}
	a, b = a[:len(d)], b[:len(d)]
	for i := range d {
		d[i] = a[i] ^ (a[i] >> (b[i] & 31))
	}
}

// The integer ops of bitU32AVX2.
const (
	bitAnd = iota
	bitOr
	bitXor
	bitSub
	bitMul
	bitShr    // logical, count & 31
	bitShl    // count & 31
	bitXorMul // a ^ (a * b)
	bitXorShr // a ^ (a >> (b & 31))
)

// bitU32Scalar is one lane of bitU32AVX2's op.
func bitU32Scalar(op int, a, b uint32) uint32 {
	switch op {
	case bitAnd:
		return a & b
	case bitOr:
		return a | b
	case bitXor:
		return a ^ b
	case bitSub:
		return a - b
	case bitMul:
		return a * b
	case bitShr:
		return a >> (b & 31)
	case bitXorMul:
		return a ^ (a * b)
	case bitXorShr:
		return a ^ (a >> (b & 31))
	}
	return a << (b & 31)
}

// ReverseU32 sets d[i] to a[i] with its bits reversed.
func ReverseU32(d, a []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 {
		reverse32x64(&d[0], &a[0])
		return
	}
	if useAVX2 {
		revU32AVX2(d, a)
		return
	}
	if dp, ok := pairs(d); ok && len(d)%2 == 0 {
		if ap, ok := pairs(a); ok && len(ap) == len(dp) {
			// Reversing a 64-bit word reverses both lanes and swaps them;
			// the rotation swaps them back.
			for i := range dp {
				dp[i] = bits.RotateLeft64(bits.Reverse64(ap[i]), 32)
			}
			return
		}
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = bits.Reverse32(a[i])
	}
}

// XorU32 sets d[i] = a[i] ^ b[i] on 32-bit lanes.
func XorU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		xorI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitXor, d, a, b)
		return
	}
	if dp, ap, bp, ok := bitPairs(d, a, b); ok {
		for i := range dp {
			dp[i] = ap[i] ^ bp[i]
		}
		return
	}
	Xor(d, a, b)
}

// SubU32 sets d[i] = a[i] - b[i] (wrapping) on 32-bit lanes.
func SubU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		subI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitSub, d, a, b)
		return
	}
	Sub(d, a, b)
}

// MulU32 sets d[i] = a[i] * b[i] (the low 32 bits) on 32-bit lanes.
func MulU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		mulI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitMul, d, a, b)
		return
	}
	Mul(d, a, b)
}

// ShrU32 sets d[i] = a[i] >> (b[i] & 31) (logical) on 32-bit lanes.
func ShrU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		shrU32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitShr, d, a, b)
		return
	}
	b = b[:len(d)]
	a = a[:len(d)]
	for i := range d {
		d[i] = a[i] >> (b[i] & 31)
	}
}

// ShlU32 sets d[i] = a[i] << (b[i] & 31) on 32-bit lanes.
func ShlU32(d, a, b []uint32) {
	if useAsm && len(d) == 64 && len(a) >= 64 && len(b) >= 64 {
		shlI32x64(&d[0], &a[0], &b[0])
		return
	}
	if useAVX2 {
		bitU32AVX2(bitShl, d, a, b)
		return
	}
	b = b[:len(d)]
	a = a[:len(d)]
	for i := range d {
		d[i] = a[i] << (b[i] & 31)
	}
}

// LtI32 sets d[i] = 1 if a[i] < b[i], else 0 (signed).
func LtI32(d []uint32, a, b []int32) {
	if useAVX2 {
		cmpI32AVX2(false, false, d, a, b)
		return
	}
	Lt(d, a, b)
}

// LeI32 sets d[i] = 1 if a[i] <= b[i], else 0 (signed).
func LeI32(d []uint32, a, b []int32) {
	if useAVX2 {
		cmpI32AVX2(true, false, d, a, b)
		return
	}
	Le(d, a, b)
}

// LtU32 sets d[i] = 1 if a[i] < b[i], else 0 (unsigned).
func LtU32(d []uint32, a, b []uint32) {
	if useAVX2 {
		cmpI32AVX2(false, true, d, asI32(a), asI32(b))
		return
	}
	Lt(d, a, b)
}

// LeU32 sets d[i] = 1 if a[i] <= b[i], else 0 (unsigned).
func LeU32(d []uint32, a, b []uint32) {
	if useAVX2 {
		cmpI32AVX2(true, true, d, asI32(a), asI32(b))
		return
	}
	Le(d, a, b)
}

// asI32 views 32-bit unsigned lanes as signed ones.
func asI32(a []uint32) []int32 {
	return unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(a))), len(a))
}

// unary32 runs the assembly kernel k when it applies (64 lanes, an AVX2
// CPU) and reports whether it did.
func unary32(k func(d, a *uint32), d, a []uint32) bool {
	if useAsm && len(d) == 64 && len(a) >= 64 {
		k(&d[0], &a[0])
		return true
	}
	return false
}

// NegF32Bits sets d[i] to a[i] with the float sign bit flipped (-x).
func NegF32Bits(d, a []uint32) {
	if unary32(negF32x64, d, a) {
		return
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = a[i] ^ 0x80000000
	}
}

// AbsF32Bits sets d[i] to a[i] with the float sign bit cleared (|x|).
func AbsF32Bits(d, a []uint32) {
	if unary32(absF32x64, d, a) {
		return
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = a[i] &^ 0x80000000
	}
}

// NotBool sets d[i] = !a[i] for bool lanes (0 or 1).
func NotBool(d, a []uint32) {
	if unary32(notB32x64, d, a) {
		return
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = (a[i] ^ 1) & 1
	}
}

// I32ToF32 sets d[i] = float32(a[i]) for signed lanes (d holds float bits).
func I32ToF32(d, a []uint32) {
	if unary32(i32toF32x64, d, a) {
		return
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = math.Float32bits(float32(int32(a[i])))
	}
}

// U32ToF32 sets d[i] = float32(a[i]) for unsigned lanes (d holds float
// bits), rounded to nearest as Go's conversion.
func U32ToF32(d, a []uint32) {
	if unary32(u32toF32x64, d, a) {
		return
	}
	a = a[:len(d)]
	for i := range d {
		d[i] = math.Float32bits(float32(a[i]))
	}
}
