//go:build amd64 && !goexperiment.simd

package fmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAsmExp2Log2Bits checks the assembly exp2 and log2 groups against the
// scalar functions on random bit patterns (every class: NaN, ±∞, ±0,
// subnormals, normals of every exponent) and on the ranges the scalar
// code splits (exp2 around −151, −126, 127 and 129; log2 around 2^−126).
func TestAsmExp2Log2Bits(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX2: the lane loops run the scalar code")
	}
	r := rand.New(rand.NewPCG(3, 5))
	const n = 1 << 16
	inputs := map[string][]float32{}
	bitsIn := make([]float32, n)
	for i := range bitsIn {
		bitsIn[i] = math.Float32frombits(r.Uint32())
	}
	inputs["bits"] = bitsIn
	edges := make([]float32, n)
	for i := range edges {
		c := []float32{-151, -150, -126, -125.5, 127, 127.5, 128, 129, 0}[i%9]
		edges[i] = c + (r.Float32()-0.5)*2
	}
	inputs["exp2 edges"] = edges
	small := make([]float32, n)
	for i := range small {
		small[i] = math.Float32frombits(uint32(0x00800000 + int32(r.IntN(1<<20)) - 1<<19))
		if i%5 == 0 {
			small[i] = -small[i]
		}
	}
	inputs["log2 near 2^-126"] = small
	dst := make([]float32, n)
	for name, x := range inputs {
		for _, c := range []struct {
			fn    string
			lanes func(dst, x []float32)
			one   func(float32) float32
			accel func(dst, x []float32) int
		}{
			{"FastExp2", FastExp2Lanes, FastExp2, accelFastExp2},
			{"FastLog2", FastLog2Lanes, FastLog2, accelFastLog2},
		} {
			if got := c.accel(dst, x); got != n {
				t.Fatalf("%s: the assembly took %d lanes of %d", c.fn, got, n)
			}
			c.lanes(dst, x)
			for i, v := range x {
				w := c.one(v)
				if math.Float32bits(dst[i]) != math.Float32bits(w) {
					t.Fatalf("%s, %s: lane %d, x %#08x: %#08x, scalar %#08x", c.fn, name, i, math.Float32bits(v), math.Float32bits(dst[i]), math.Float32bits(w))
				}
			}
		}
	}
	// In place (dst aliasing x), as the executor calls them.
	x := append([]float32(nil), bitsIn...)
	FastExp2Lanes(x, x)
	for i, v := range bitsIn {
		if w := FastExp2(v); math.Float32bits(x[i]) != math.Float32bits(w) {
			t.Fatalf("FastExp2 in place: lane %d: %#08x, scalar %#08x", i, math.Float32bits(x[i]), math.Float32bits(w))
		}
	}
}
