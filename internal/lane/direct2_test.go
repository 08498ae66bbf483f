package lane

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDirectIntKernelsMatchGo: the integer min/max, comparison, equality, copy, sign
// extension and float-to-int kernels give the bits of the scalar loops,
// at the edges (signs, NaN, ±0, ±Inf, ±2^31, subnormals) and on random
// lanes.
func TestDirectIntKernelsMatchGo(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX2")
	}
	r := rand.New(rand.NewPCG(9, 10))
	edgeU := []uint32{0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff}
	edgeF := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.99, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		1e-45, 2147483648, -2147483648, 2147483520, -2147483520, 4294967296, -4294967296, 3.4e38}
	b2u := func(b bool) uint32 {
		if b {
			return 1
		}
		return 0
	}
	for range 300 {
		var a, b, d [64]uint32
		var d64 [64]uint64
		for i := range a {
			switch r.IntN(4) {
			case 0:
				a[i], b[i] = edgeU[r.IntN(len(edgeU))], edgeU[r.IntN(len(edgeU))]
			case 1:
				a[i], b[i] = math.Float32bits(edgeF[r.IntN(len(edgeF))]), math.Float32bits(edgeF[r.IntN(len(edgeF))])
			case 2:
				a[i] = r.Uint32()
				b[i] = a[i]
			default:
				a[i], b[i] = r.Uint32(), r.Uint32()
			}
		}
		check := func(name string, k func(d, a, b *uint32), want func(x, y uint32) uint32) {
			t.Helper()
			k(&d[0], &a[0], &b[0])
			for i := range d {
				if w := want(a[i], b[i]); d[i] != w {
					t.Fatalf("%s lane %d (%#x, %#x): %#x, want %#x", name, i, a[i], b[i], d[i], w)
				}
			}
		}
		check("MinI32x64", MinI32x64, func(x, y uint32) uint32 { return uint32(min(int32(x), int32(y))) })
		check("MaxI32x64", MaxI32x64, func(x, y uint32) uint32 { return uint32(max(int32(x), int32(y))) })
		check("MinU32x64", MinU32x64, func(x, y uint32) uint32 { return min(x, y) })
		check("MaxU32x64", MaxU32x64, func(x, y uint32) uint32 { return max(x, y) })
		f := math.Float32frombits
		check("EqF32x64", EqF32x64, func(x, y uint32) uint32 { return b2u(f(x) == f(y)) })
		check("NeF32x64", NeF32x64, func(x, y uint32) uint32 { return b2u(f(x) != f(y)) })
		check("LtI32x64", LtI32x64, func(x, y uint32) uint32 { return b2u(int32(x) < int32(y)) })
		check("LeI32x64", LeI32x64, func(x, y uint32) uint32 { return b2u(int32(x) <= int32(y)) })
		check("LtU32x64", LtU32x64, func(x, y uint32) uint32 { return b2u(x < y) })
		check("LeU32x64", LeU32x64, func(x, y uint32) uint32 { return b2u(x <= y) })
		check("EqU32x64", EqU32x64, func(x, y uint32) uint32 { return b2u(x == y) })
		check("NeU32x64", NeU32x64, func(x, y uint32) uint32 { return b2u(x != y) })
		FtoI32x64(&d[0], &a[0])
		for i, x := range a {
			var want int32
			switch v := f(x); {
			case v != v:
			case v >= 2147483648:
				want = math.MaxInt32
			case v <= -2147483648:
				want = math.MinInt32
			default:
				want = int32(v)
			}
			if int32(d[i]) != want {
				t.Fatalf("FtoI32x64 lane %d (%v): %d, want %d", i, f(x), int32(d[i]), want)
			}
		}
		Copy32x64(&d[0], &a[0])
		if d != a {
			t.Fatal("Copy32x64 differs")
		}
		var s64 [64]uint64
		for i := range s64 {
			s64[i] = uint64(a[i])<<32 | uint64(b[i])
		}
		Copy64x64(&d64[0], &s64[0])
		if d64 != s64 {
			t.Fatal("Copy64x64 differs")
		}
		SextI32x64(&d64[0], &a[0])
		for i, x := range a {
			if d64[i] != uint64(int64(int32(x))) {
				t.Fatalf("SextI32x64 lane %d (%#x): %#x", i, x, d64[i])
			}
		}
	}
}
