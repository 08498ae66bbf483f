package lane

import (
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

var fmaCases = flag.Int("fma.cases", 300000, "random inputs per class in TestFmaExact")

// fmaExact is the reference fusedMultiplyAdd: a*b + c formed exactly in
// math/big and rounded once to float32, ties to even. Non-finite inputs and
// exact zero sums follow IEEE through float64, where they are exact.
func fmaExact(a, b, c float32) float32 {
	p, cc := float64(a)*float64(b), float64(c)
	if s := p + cc; s-s != 0 || s == 0 {
		return float32(s) // inf, NaN or zero: exact in float64
	}
	x := new(big.Float).SetPrec(1200).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetFloat64(cc))
	if x.Sign() == 0 {
		return float32(p + cc)
	}
	f, _ := x.Float32()
	return f
}

// fmaPick returns an operand triple from one of several classes: any bit
// pattern, subnormals, products that sit exactly on a float32 midpoint
// plus a tiny or zero c, sums near a midpoint, cancellation, overflow.
func fmaPick(r *rand.Rand, class int) (a, b, c float32) {
	any32 := func() float32 { return math.Float32frombits(r.Uint32()) }
	sign := func() float32 { return float32(1 - 2*r.IntN(2)) }
	// short returns ±(1 + k·2^-12)·2^e: products of two have at most
	// 26 significant bits, so they often land on a float32 midpoint.
	short := func(e int) float32 {
		return sign() * float32(math.Ldexp(1+float64(r.IntN(1<<12))/(1<<12), e))
	}
	switch class {
	case 0:
		return any32(), any32(), any32()
	case 1: // subnormal results and operands
		a = short(r.IntN(40) - 100)
		b = short(r.IntN(40) - 60)
		c = math.Float32frombits(r.Uint32() & 0x807fffff)
		return a, b, c
	case 2: // midpoint products, tiny or zero c
		a, b = short(r.IntN(60)-30), short(r.IntN(60)-30)
		switch r.IntN(3) {
		case 0:
			c = 0 * sign()
		case 1:
			c = sign() * math.Float32frombits(uint32(1+r.IntN(1<<20)))
		default:
			c = sign() * float32(math.Ldexp(1, r.IntN(40)-80))
		}
		return a, b, c
	case 3: // c chosen so the sum lands near a float32 midpoint of a*b
		a, b = any32(), any32()
		p := float64(a) * float64(b)
		f := float32(p)
		ulp := float64(math.Nextafter32(f, float32(math.Inf(1)))) - float64(f)
		m := float64(f) + ulp/2*float64(r.IntN(5)-2)
		c = float32(m - p)
		return a, b, c
	case 4: // cancellation: c ≈ -a*b
		a, b = any32(), any32()
		c = -a * b
		if r.IntN(2) == 0 {
			c = math.Float32frombits(math.Float32bits(c) + uint32(r.IntN(5)) - 2)
		}
		return a, b, c
	case 5: // near overflow
		a = short(r.IntN(8) + 60)
		b = short(r.IntN(8) + 60)
		c = sign() * float32(math.Ldexp(1+r.Float64(), 127-r.IntN(30)))
		return a, b, c
	}
	// Normal values of moderate range.
	return float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(80)-40))),
		float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(80)-40))),
		float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(80)-40)))
}

// TestFmaExact checks Fma (and the fmaGo kernel) against the exact
// reference on fixed cases and on random inputs of every class.
func TestFmaExact(t *testing.T) {
	inf := float32(math.Inf(1))
	negZero := float32(math.Copysign(0, -1))
	fixed := [][3]uint32{
		{0x9e4c0000, 0x6b075670, 0x8ef04d7c}, // float64 then float32 rounds off by one unit
		{0x3f800800, 0x3f800800, 0x00000001}, // midpoint product, tiny c
		{0x3f800800, 0x3f800800, 0x80000001},
		{0x3f800800, 0x3f800800, 0x00000000},
		{0x00000001, 0x3f000000, 0x00000000}, // subnormal half-way to zero: ties to even
		{0x00000003, 0x3f000000, 0x80000000},
		{0x80000001, 0x3f000000, 0x00000000},
		{0x7f7fffff, 0x3f800001, 0x00000000}, // overflow
		{0x7f7fffff, 0x40000000, 0xff7fffff}, // product overflows float32, sum does not
		{math.Float32bits(inf), 0, 0},        // NaN
		{math.Float32bits(inf), 0x3f800000, math.Float32bits(-inf)},
		{math.Float32bits(negZero), 0x3f800000, math.Float32bits(negZero)},
		{0x3f800000, 0x3f800000, 0xbf800000}, // exact zero: +0
	}
	for _, k := range fixed {
		a, b, c := math.Float32frombits(k[0]), math.Float32frombits(k[1]), math.Float32frombits(k[2])
		if got, want := Fma(a, b, c), fmaExact(a, b, c); !same(got, want) {
			t.Errorf("Fma(%#x, %#x, %#x) = %#x, want %#x", k[0], k[1], k[2], math.Float32bits(got), math.Float32bits(want))
		}
	}
	// The first fixed case: the exact result, not the double-rounded one.
	if got := math.Float32bits(Fma(math.Float32frombits(0x9e4c0000), math.Float32frombits(0x6b075670), math.Float32frombits(0x8ef04d7c))); got == math.Float32bits(float32(float64(math.Float32frombits(0x9e4c0000))*float64(math.Float32frombits(0x6b075670))+float64(math.Float32frombits(0x8ef04d7c)))) {
		t.Errorf("Fma gives the double-rounded %#x", got)
	}
	n := *fmaCases
	if testing.Short() {
		n /= 10
	}
	r := rand.New(rand.NewPCG(7, 8))
	const w = 64
	a, b, c, d := make([]float32, w), make([]float32, w), make([]float32, w), make([]float32, w)
	for class := range 7 {
		bad := 0
		for range n / w {
			for i := range w {
				a[i], b[i], c[i] = fmaPick(r, class)
			}
			fmaGo(d, a, b, c)
			for i := range d {
				if want := fmaExact(a[i], b[i], c[i]); !same(d[i], want) {
					if bad++; bad <= 5 {
						t.Errorf("class %d: fma(%#x, %#x, %#x) = %#x, want %#x", class,
							math.Float32bits(a[i]), math.Float32bits(b[i]), math.Float32bits(c[i]),
							math.Float32bits(d[i]), math.Float32bits(want))
					}
				}
			}
		}
	}
}

// BenchmarkFmaGo measures the pure-Go fused multiply-add kernel on 64
// lanes of ordinary values.
func BenchmarkFmaGo(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	x, y, z, d := make([]float32, 64), make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for i := range x {
		x[i], y[i], z[i] = float32(r.NormFloat64()), float32(r.NormFloat64()), float32(r.NormFloat64())
	}
	for b.Loop() {
		fmaGo(d, x, y, z)
	}
}
