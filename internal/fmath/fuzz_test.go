package fmath

import (
	"math"
	"testing"
)

// FuzzFma checks Fma against exact big.Float arithmetic on arbitrary bits.
func FuzzFma(f *testing.F) {
	f.Add(uint32(0x3f800001), uint32(0x3f7fffff), uint32(0xb3800000))
	f.Add(uint32(0x7f7fffff), uint32(0x40000000), uint32(0xff7fffff))
	f.Add(uint32(0x00000001), uint32(0x3f000000), uint32(0x80000000))
	f.Fuzz(func(t *testing.T, ab, bb, cb uint32) {
		a, b, c := math.Float32frombits(ab), math.Float32frombits(bb), math.Float32frombits(cb)
		got := Fma(a, b, c)
		s := float64(a)*float64(b) + float64(c)
		if math.IsNaN(s) || math.IsInf(s, 0) || s == 0 {
			if !sameFloat32(got, float32(s)) && !(s == 0 && got == 0) {
				t.Fatalf("Fma(%g, %g, %g) = %g, want %g", a, b, c, got, s)
			}
			return
		}
		if want := exactFma(a, b, c); got != want {
			t.Fatalf("Fma(%g, %g, %g) = %g, want %g", a, b, c, got, want)
		}
	})
}

// FuzzHalf checks the half converters against the table reference.
func FuzzHalf(f *testing.F) {
	f.Add(uint32(0x477ff000))
	f.Add(uint32(0x33000000))
	f.Add(uint32(0x7fc00001))
	f.Fuzz(func(t *testing.T, b uint32) {
		x := math.Float32frombits(b)
		if x != x {
			if h := Float32ToHalf(x); h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
				t.Fatalf("NaN %#08x -> %#04x", b, h)
			}
			return
		}
		checkToHalf(t, x)
		if got, want := RoundHalf(x), HalfToFloat32(Float32ToHalf(x)); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("RoundHalf(%g) = %v, want %v", x, got, want)
		}
	})
}

// FuzzFastMath checks that fast:: functions stay finite-consistent with the
// precise ones: same NaN-ness and within a loose relative bound on the
// domains where both are defined.
func FuzzFastMath(f *testing.F) {
	f.Add(uint32(0x3f800000))
	f.Add(uint32(0x461c4000))
	f.Fuzz(func(t *testing.T, b uint32) {
		x := math.Float32frombits(b)
		if x != x || x-x != 0 {
			return
		}
		for _, c := range fastCases {
			want := c.ref(float64(x))
			if math.IsNaN(want) || math.IsInf(want, 0) || math.Abs(want) > math.MaxFloat32 {
				continue
			}
			got := c.fn(x)
			switch c.name {
			case "fast::exp", "fast::exp2", "fast::exp10", "fast::cosh", "fast::sinh":
				if math.Abs(want) < 0x1p-126 || math.Abs(want) > 0x1p126 {
					continue // under/overflow edges are undefined in fast mode
				}
			}
			if e := ulpErr(got, want); e > c.bound {
				t.Fatalf("%s(%g) = %g, want %g (%.2f ulp > %v)", c.name, x, got, want, e, c.bound)
			}
		}
	})
}
