package lane

import (
	"math"
	"math/rand/v2"
	"testing"
)

func randF32(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		switch r.IntN(10) {
		case 0:
			s[i] = float32(math.NaN())
		case 1:
			s[i] = 0
		default:
			s[i] = float32(r.NormFloat64() * 10)
		}
	}
	return s
}

func same(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
}

// TestFloatKernels checks every float kernel against its scalar definition,
// for lane counts that are and are not multiples of 8.
func TestFloatKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type bin struct {
		name string
		k    func(d, a, b []float32)
		ref  func(a, b float32) float32
	}
	bins := []bin{
		{"add", AddF32, func(a, b float32) float32 { return a + b }},
		{"sub", SubF32, func(a, b float32) float32 { return a - b }},
		{"mul", MulF32, func(a, b float32) float32 { return a * b }},
		{"div", DivF32, func(a, b float32) float32 { return a / b }},
		{"min", MinF32, FMin},
		{"max", MaxF32, FMax},
	}
	for _, n := range []int{64, 32, 13, 1} {
		a, b, c := randF32(r, n), randF32(r, n), randF32(r, n)
		d := make([]float32, n)
		for _, k := range bins {
			k.k(d, a, b)
			for i := range d {
				if w := k.ref(a[i], b[i]); !same(d[i], w) {
					t.Errorf("%s n=%d lane %d: %v,%v -> %v, want %v", k.name, n, i, a[i], b[i], d[i], w)
				}
			}
		}
		FmaF32(d, a, b, c)
		for i := range d {
			w := float32(math.FMA(float64(a[i]), float64(b[i]), float64(c[i])))
			if !same(d[i], w) {
				t.Errorf("fma lane %d: %v want %v", i, d[i], w)
			}
		}
		SqrtF32(d, a)
		for i := range d {
			if w := float32(math.Sqrt(float64(a[i]))); !same(d[i], w) {
				t.Errorf("sqrt lane %d: %v want %v", i, d[i], w)
			}
		}
		u := make([]uint32, n)
		LtF32(u, a, b)
		for i := range u {
			if w := a[i] < b[i]; (u[i] == 1) != w || u[i] > 1 {
				t.Errorf("lt lane %d: %v", i, u[i])
			}
		}
		LeF32(u, a, b)
		for i := range u {
			if w := a[i] <= b[i]; (u[i] == 1) != w || u[i] > 1 {
				t.Errorf("le lane %d: %v", i, u[i])
			}
		}
	}
}

func TestIntAndMaskKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 64
	a, b, c := make([]uint32, n), make([]uint32, n), make([]uint32, n)
	for i := range a {
		a[i], b[i], c[i] = r.Uint32(), r.Uint32(), uint32(r.IntN(2))*uint32(1+r.IntN(3))
	}
	d := make([]uint32, n)
	Select32(d, c, a, b)
	for i := range d {
		w := b[i]
		if c[i] != 0 {
			w = a[i]
		}
		if d[i] != w {
			t.Fatalf("select lane %d", i)
		}
	}
	m := Mask(r.Uint64())
	copy(d, b)
	MoveMasked32(d, a, m)
	for i := range d {
		w := b[i]
		if m.Has(i) {
			w = a[i]
		}
		if d[i] != w {
			t.Fatalf("movemasked lane %d", i)
		}
	}
	ia, ib, id := make([]int32, n), make([]int32, n), make([]int32, n)
	for i := range ia {
		ia[i], ib[i] = int32(a[i]), int32(b[i])
	}
	AddI32(id, ia, ib)
	for i := range id {
		if id[i] != ia[i]+ib[i] {
			t.Fatalf("addi32 lane %d", i)
		}
	}
	if FromBools(c) != func() Mask {
		var m Mask
		for i, v := range c {
			if v != 0 {
				m |= 1 << i
			}
		}
		return m
	}() {
		t.Fatal("FromBools")
	}
	if FirstN(64) != ^Mask(0) || FirstN(3) != 7 || FirstN(0) != 0 || Mask(12).First() != 2 || Mask(12).Count() != 2 {
		t.Fatal("mask helpers")
	}
	addr := []uint64{100, 104, 108, 112}
	if !Contiguous(addr, 4) || Contiguous(addr, 8) {
		t.Fatal("Contiguous")
	}
}

func BenchmarkAddF32(b *testing.B) {
	x, y, d := make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for b.Loop() {
		AddF32(d, x, y)
	}
}
