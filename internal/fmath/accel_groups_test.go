package fmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Groups of 8 lanes that mix ordinary inputs with the specials the vector
// kernels handle in place (log2 of ±0, exp2 below −151, pow of 0) must
// give the scalar functions' bits, as must groups they leave to the scalar
// code.
func TestAccelSpecialGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const n = 8 * 7 * 4
	x, y, e := make([]float32, n), make([]float32, n), make([]float32, n)
	inf := float32(math.Inf(1))
	for i := range x {
		g := i / 8 // group kind
		x[i] = r.Float32()*4 + 1e-3
		y[i] = r.Float32()*40 + 0.5
		e[i] = r.Float32()*200 - 100
		if i%8 == 3 || i%8 == 6 {
			switch g % 7 { // odd period: every kind meets every neighbour in a pair
			case 0: // zeros (log2 −∞; pow 0 for y > 0)
				x[i], e[i] = 0, -152-r.Float32()*100
			case 1: // −0, −∞, y = 0 or < 0 (pow NaN / +∞: scalar)
				x[i], e[i] = float32(math.Copysign(0, -1)), -inf
				y[i] = [2]float32{0, -2}[i%2]
			case 2: // subnormal-result range and NaN: scalar
				x[i], e[i] = 1e-30, -140
				if i%8 == 6 {
					e[i] = float32(math.NaN())
				}
			case 3: // pow underflow through small x
				x[i] = 0.01
			case 4: // negative x: NaN, scalar
				x[i] = -1
			case 5: // NaN x and +∞ e: scalar
				x[i], e[i] = float32(math.NaN()), inf
			}
		}
	}
	dst := make([]float32, n)
	check := func(name string, want func(i int) float32) {
		t.Helper()
		for i := range dst {
			if w := want(i); !sameFloat32(dst[i], w) {
				t.Fatalf("%s lane %d (x %v y %v e %v): %v, scalar %v", name, i, x[i], y[i], e[i], dst[i], w)
			}
		}
	}
	FastLog2Lanes(dst, x)
	check("FastLog2", func(i int) float32 { return FastLog2(x[i]) })
	FastExp2Lanes(dst, e)
	check("FastExp2", func(i int) float32 { return FastExp2(e[i]) })
	FastPowLanes(dst, x, y)
	check("FastPow", func(i int) float32 { return FastPow(x[i], y[i]) })
	FastPowrLanes(dst, x, y)
	check("FastPowr", func(i int) float32 { return FastPowr(x[i], y[i]) })
}
