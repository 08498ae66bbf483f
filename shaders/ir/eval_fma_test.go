package ir_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
)

// fmaExact is a*b + c formed exactly in math/big and rounded once to
// float32 (ties to even); non-finite inputs and exact zero sums are exact
// in float64 and follow IEEE there.
func fmaExact(a, b, c float32) float32 {
	p, cc := float64(a)*float64(b), float64(c)
	if s := p + cc; s-s != 0 || s == 0 {
		return float32(s)
	}
	x := new(big.Float).SetPrec(1200).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetFloat64(cc))
	f, _ := x.Float32()
	return f
}

// TestEvalFmaRoundsOnce checks ir.Eval's OpFma (constant folding and the
// reference executor) against the exact fused multiply-add on random bit
// patterns, products that sit on a float32 midpoint with a tiny c, sums
// near a midpoint, cancellation and subnormals.
func TestEvalFmaRoundsOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	sign := func() float32 { return float32(1 - 2*r.IntN(2)) }
	short := func(e int) float32 { // ±(1 + k·2^-12)·2^e
		return sign() * float32(math.Ldexp(1+float64(r.IntN(1<<12))/(1<<12), e))
	}
	any32 := func() float32 { return math.Float32frombits(r.Uint32()) }
	n := 100000
	if testing.Short() {
		n /= 10
	}
	bad := 0
	for i := range 5 * n {
		var a, b, c float32
		switch i % 5 {
		case 0:
			a, b, c = any32(), any32(), any32()
		case 1:
			a, b = short(r.IntN(60)-30), short(r.IntN(60)-30)
			c = sign() * math.Float32frombits(uint32(1+r.IntN(1<<20)))
		case 2:
			a, b = any32(), any32()
			p := float64(a) * float64(b)
			f := float32(p)
			ulp := float64(math.Nextafter32(f, float32(math.Inf(1)))) - float64(f)
			c = float32(float64(f) + ulp/2*float64(r.IntN(5)-2) - p)
		case 3:
			a, b = any32(), any32()
			c = math.Float32frombits(math.Float32bits(-a*b) + uint32(r.IntN(5)) - 2)
		case 4:
			a, b = short(r.IntN(40)-100), short(r.IntN(40)-60)
			c = math.Float32frombits(r.Uint32() & 0x807fffff)
		}
		got := ir.AsF32(ir.Eval(ir.OpFma, ir.F32, ir.F32, ir.F32Value(a), ir.F32Value(b), ir.F32Value(c)))
		want := fmaExact(a, b, c)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			if bad++; bad <= 5 {
				t.Errorf("fma(%#x, %#x, %#x) = %#x, want %#x", math.Float32bits(a), math.Float32bits(b),
					math.Float32bits(c), math.Float32bits(got), math.Float32bits(want))
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d wrong", bad, 5*n)
	}
}
