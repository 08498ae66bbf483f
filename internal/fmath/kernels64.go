package fmath

import "math"

// float64 kernels for the precise:: float32 functions. Each evaluates a
// Taylor or atanh series in float64 to a relative error below 2^-40 and
// rounds once to float32, so results are within 0.5 + 2^-16 float32 ulp
// (measured: ≤ 0.5000 against Go's float64 math). They are several times
// faster than calling Go's general float64 functions because float32
// arguments need fewer terms and simpler range reduction.
//
// Every product that feeds an addition is wrapped in float64(…), which
// forbids FMA fusion (Go spec), keeping results identical on all platforms.

// exp2Coef[k] = ln2^k / k!, the Taylor coefficients of 2^f.
var exp2Coef = func() (c [12]float64) {
	c[0] = 1
	for k := 1; k < len(c); k++ {
		c[k] = c[k-1] * math.Ln2 / float64(k)
	}
	return c
}()

const roundMagic64 = 0x1.8p52 // (t+m)−m rounds |t| < 2^51 to an integer, ties to even

// exp2k returns 2^t for −160 ≤ t ≤ 140 with relative error < 2^-42.
func exp2k(t float64) float64 {
	n := (t + roundMagic64) - roundMagic64
	f := t - n // exact, |f| ≤ 0.5
	c := &exp2Coef
	p := float64(c[11]*f) + c[10]
	p = float64(p*f) + c[9]
	p = float64(p*f) + c[8]
	p = float64(p*f) + c[7]
	p = float64(p*f) + c[6]
	p = float64(p*f) + c[5]
	p = float64(p*f) + c[4]
	p = float64(p*f) + c[3]
	p = float64(p*f) + c[2]
	p = float64(p*f) + c[1]
	p = float64(p*f) + 1
	return p * math.Float64frombits(uint64(int64(n)+1023)<<52)
}

// exp2f64 returns float32(2^t) with IEEE special cases.
func exp2f64(t float64) float32 {
	switch {
	case t != t:
		return float32(t)
	case t > 129:
		return float32(math.Inf(1))
	case t < -151:
		return 0
	}
	return float32(exp2k(t))
}

// logk returns ln(x) for finite x > 0 with relative error < 2^-40 (absolute
// error < 2^-60 near x = 1).
func logk(x float64) float64 {
	b := math.Float64bits(x)
	e := int64(b>>52) - 1023
	m := math.Float64frombits(b&(1<<52-1) | 1023<<52) // [1, 2)
	if m > math.Sqrt2 {
		m /= 2
		e++
	}
	// ln(m) = 2·atanh(s), s = (m−1)/(m+1), |s| ≤ 0.1716
	s := (m - 1) / (m + 1)
	z := s * s
	p := float64(z*(1.0/15)) + 1.0/13
	p = float64(p*z) + 1.0/11
	p = float64(p*z) + 1.0/9
	p = float64(p*z) + 1.0/7
	p = float64(p*z) + 1.0/5
	p = float64(p*z) + 1.0/3
	lm := float64(2*s) + float64(float64(2*s)*float64(p*z))
	return float64(float64(e)*math.Ln2) + lm
}

// log2k returns log2(x) like logk; the integer part is added exactly.
func log2k(x float64) float64 {
	b := math.Float64bits(x)
	e := int64(b>>52) - 1023
	m := math.Float64frombits(b&(1<<52-1) | 1023<<52)
	if m > math.Sqrt2 {
		m /= 2
		e++
	}
	s := (m - 1) / (m + 1)
	z := s * s
	p := float64(z*(1.0/15)) + 1.0/13
	p = float64(p*z) + 1.0/11
	p = float64(p*z) + 1.0/9
	p = float64(p*z) + 1.0/7
	p = float64(p*z) + 1.0/5
	p = float64(p*z) + 1.0/3
	lm := float64(2*s) + float64(float64(2*s)*float64(p*z))
	return float64(e) + float64(lm*math.Log2E)
}

// Cody–Waite split of π/2 (fdlibm pio2_1, pio2_2, pio2_2t): the first two
// have 33 significant bits, so k·p for |k| < 2^20 is exact.
var (
	pio2a = math.Float64frombits(0x3FF921FB54400000)
	pio2b = math.Float64frombits(0x3DD0B4611A600000)
	pio2c = math.Float64frombits(0x3BA3198A2E037073)
)

// trigMax64 bounds the fast float64 reduction; beyond it Go's math
// (Payne–Hanek) is used.
const trigMax64 = 0x1p20

// reduce64 returns r in [−π/4, π/4] and k mod 4 with x = r + k·π/2, for
// |x| ≤ trigMax64.
func reduce64(x float64) (r float64, q int64) {
	k := (float64(x*(2/math.Pi)) + roundMagic64) - roundMagic64
	r = x - float64(k*pio2a)
	r = r - float64(k*pio2b)
	r = r - float64(k*pio2c)
	return r, int64(k) & 3
}

// sink and cosk evaluate sin and cos for |r| ≤ π/4 (z = r²).
func sink(r, z float64) float64 {
	p := float64(z*(-1.0/6227020800)) + 1.0/39916800
	p = float64(p*z) - 1.0/362880
	p = float64(p*z) + 1.0/5040
	p = float64(p*z) - 1.0/120
	p = float64(p*z) + 1.0/6
	return r - float64(float64(r*z)*p)
}

func cosk(z float64) float64 {
	p := float64(z*(-1.0/87178291200)) + 1.0/479001600
	p = float64(p*z) - 1.0/3628800
	p = float64(p*z) + 1.0/40320
	p = float64(p*z) - 1.0/720
	p = float64(p*z) + 1.0/24
	return float64(1-float64(0.5*z)) + float64(float64(z*z)*p)
}

// sincos64 returns sin(x), cos(x) for finite |x| ≤ trigMax64. The quadrant
// is applied by bit selection rather than a switch, which random arguments
// would mispredict.
func sincos64(x float64) (s, c float64) {
	r, q := reduce64(x)
	z := r * r
	sb, cb := math.Float64bits(sink(r, z)), math.Float64bits(cosk(z))
	m := -uint64(q & 1) // odd quadrant: swap
	sw, cw := sb&^m|cb&m, cb&^m|sb&m
	ssign := uint64(q>>1) << 63         // quadrants 2, 3 negate sin
	csign := uint64(((q+1)>>1)&1) << 63 // quadrants 1, 2 negate cos
	return math.Float64frombits(sw ^ ssign), math.Float64frombits(cw ^ csign)
}
