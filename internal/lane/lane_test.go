package lane

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
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
			w := fmaExact(a[i], b[i], c[i])
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
	for _, n := range []int{64, 24, 13} {
		testIntAndMaskKernels(t, n)
	}
}

func testIntAndMaskKernels(t *testing.T, n int) {
	r := rand.New(rand.NewPCG(3, uint64(n)))
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

// TestCmpMask checks the mask comparisons (exported and pure-Go) for lane
// counts that are and are not multiples of 8.
func TestCmpMask(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{64, 32, 13, 1} {
		a, b := randF32(r, n), randF32(r, n)
		for i := 0; i < n; i += 5 {
			b[i] = a[i]
		}
		ia, ib := make([]int32, n), make([]int32, n)
		ua, ub := make([]uint32, n), make([]uint32, n)
		for i := range ia {
			ia[i], ib[i] = int32(r.IntN(7)-3), int32(r.IntN(7)-3)
			ua[i], ub[i] = uint32(ia[i]), uint32(ib[i])
		}
		for cmp := CmpLt; cmp <= CmpNe; cmp++ {
			var wf, wi, wu Mask
			for i := range a {
				var f, n, u bool
				switch cmp {
				case CmpLt:
					f, n, u = a[i] < b[i], ia[i] < ib[i], ua[i] < ub[i]
				case CmpLe:
					f, n, u = a[i] <= b[i], ia[i] <= ib[i], ua[i] <= ub[i]
				case CmpEq:
					f, n, u = a[i] == b[i], ia[i] == ib[i], ua[i] == ub[i]
				default:
					f, n, u = a[i] != b[i], ia[i] != ib[i], ua[i] != ub[i]
				}
				if f {
					wf |= 1 << i
				}
				if n {
					wi |= 1 << i
				}
				if u {
					wu |= 1 << i
				}
			}
			if g := CmpMaskF32(cmp, a, b); g != wf {
				t.Errorf("n=%d f32 cmp %d: %x want %x", n, cmp, g, wf)
			}
			if g := CmpMaskI32(cmp, ia, ib); g != wi {
				t.Errorf("n=%d i32 cmp %d: %x want %x", n, cmp, g, wi)
			}
			if g := CmpMaskU32(cmp, ua, ub); g != wu {
				t.Errorf("n=%d u32 cmp %d: %x want %x", n, cmp, g, wu)
			}
			if g := cmpMask(cmp, a, b); g != wf {
				t.Errorf("n=%d pure-Go f32 cmp %d: %x want %x", n, cmp, g, wf)
			}
			if g := cmpMask(cmp, ua, ub); g != wu {
				t.Errorf("n=%d pure-Go u32 cmp %d: %x want %x", n, cmp, g, wu)
			}
		}
	}
}

func TestFillIota(t *testing.T) {
	backing := make([]uint32, 80)
	for _, n := range []int{64, 32, 13, 5, 1} {
		for _, off := range []int{0, 1} { // 8-byte aligned or not
			d := backing[off : off+n]
			Fill32(d, 7)
			for i := range d {
				if d[i] != 7 {
					t.Fatalf("Fill32 n=%d off=%d lane %d = %d", n, off, i, d[i])
				}
			}
			for _, start := range []uint32{0, 100, 0xfffffff0, 0xffffffff - uint32(n) + 1} {
				Iota32(d, start)
				for i := range d {
					if d[i] != start+uint32(i) {
						t.Fatalf("Iota32 n=%d off=%d start=%#x lane %d = %#x", n, off, start, i, d[i])
					}
				}
			}
		}
	}
}

// TestMulAddKernels checks the unfused multiply-add kernels bit for bit
// against two separately rounded operations (never a fused one).
func TestMulAddKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	type k4 struct {
		name string
		k    func(d, a, b, c []float32)
		ref  func(p, c float32) float32
	}
	ks := []k4{
		{"muladd", MulAddF32, func(p, c float32) float32 { return p + c }},
		{"addmul", AddMulF32, func(p, c float32) float32 { return c + p }},
		{"mulsub", MulSubF32, func(p, c float32) float32 { return p - c }},
		{"submul", SubMulF32, func(p, c float32) float32 { return c - p }},
	}
	for _, n := range []int{64, 32, 13, 1} {
		a, b, c := randF32(r, n), randF32(r, n), randF32(r, n)
		// Values where a fused result differs from the rounded one.
		a[0], b[0], c[0] = 1+1.0/(1<<12), 1+1.0/(1<<12), -1
		d := make([]float32, n)
		for _, k := range ks {
			k.k(d, a, b, c)
			for i := range d {
				p := float32(a[i] * b[i])
				if w := k.ref(p, c[i]); !same(d[i], w) {
					t.Errorf("%s n=%d lane %d: %v*%v, %v -> %v, want %v", k.name, n, i, a[i], b[i], c[i], d[i], w)
				}
			}
		}
	}
}

// FromBools must set exactly the nonzero lanes for every length (SIMD
// groups and the scalar tail), whatever the nonzero value.
func TestFromBoolsLengths(t *testing.T) {
	vals := []uint32{0, 1, 0x80000000, 7, 0xffffffff}
	s := uint32(99)
	for n := 0; n <= 64; n++ {
		for round := 0; round < 20; round++ {
			c := make([]uint32, n)
			var want Mask
			for i := range c {
				s = s*1664525 + 1013904223
				c[i] = vals[s>>29%uint32(len(vals))]
				if c[i] != 0 {
					want |= 1 << uint(i)
				}
			}
			if got := FromBools(c); got != want {
				t.Fatalf("n=%d %v: got %#x want %#x", n, c, uint64(got), uint64(want))
			}
		}
	}
}

// The 32-bit compare and bitwise kernels must match the generic ones for
// every length, sign and edge value.
func TestCompareBitKernels(t *testing.T) {
	edge := []uint32{0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 12345}
	s := uint32(7)
	for _, n := range []int{0, 1, 3, 8, 13, 31, 63, 64, 66, 67} {
		a, b := make([]uint32, n), make([]uint32, n)
		for i := range a {
			s = s*1664525 + 1013904223
			a[i] = edge[s>>29]
			s = s*1664525 + 1013904223
			b[i] = edge[s>>29]
			if i%5 == 0 {
				b[i] = a[i]
			}
		}
		ia, ib := asI32(a), asI32(b)
		got, want := make([]uint32, n), make([]uint32, n)
		check := func(name string) {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s n=%d lane %d (%#x, %#x): got %d want %d", name, n, i, a[i], b[i], got[i], want[i])
				}
			}
		}
		LtI32(got, ia, ib)
		Lt(want, ia, ib)
		check("LtI32")
		LeI32(got, ia, ib)
		Le(want, ia, ib)
		check("LeI32")
		LtU32(got, a, b)
		Lt(want, a, b)
		check("LtU32")
		LeU32(got, a, b)
		Le(want, a, b)
		check("LeU32")
		AndU32(got, a, b)
		And(want, a, b)
		check("AndU32")
		OrU32(got, a, b)
		Or(want, a, b)
		check("OrU32")
		XorU32(got, a, b)
		Xor(want, a, b)
		check("XorU32")
		SubU32(got, a, b)
		Sub(want, a, b)
		check("SubU32")
		MulU32(got, a, b)
		Mul(want, a, b)
		check("MulU32")
		// Shift counts take their low 5 bits (edge values include 32+).
		ShrU32(got, a, b)
		for i := range want {
			want[i] = a[i] >> (b[i] & 31)
		}
		check("ShrU32")
		ShlU32(got, a, b)
		for i := range want {
			want[i] = a[i] << (b[i] & 31)
		}
		check("ShlU32")
		ReverseU32(got, a)
		for i := range want {
			want[i] = bits.Reverse32(a[i])
		}
		check("ReverseU32")
	}
}

func BenchmarkMulF32(b *testing.B) {
	x, y, d := make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for b.Loop() {
		MulF32(d, x, y)
	}
}

func BenchmarkFmaF32(b *testing.B) {
	x, y, z, d := make([]float32, 64), make([]float32, 64), make([]float32, 64), make([]float32, 64)
	for b.Loop() {
		FmaF32(d, x, y, z)
	}
}

func TestAllEqual64(t *testing.T) {
	for _, n := range []int{0, 1, 5, 63, 64} {
		a := make([]uint64, n)
		for i := range a {
			a[i] = 0x1234_0000_0000_0007
		}
		if !AllEqual64(a, 0x1234_0000_0000_0007) {
			t.Fatalf("n=%d: equal lanes reported unequal", n)
		}
		for i := range a {
			for _, bit := range []uint{0, 33, 63} {
				a[i] ^= 1 << bit
				if AllEqual64(a, 0x1234_0000_0000_0007) {
					t.Fatalf("n=%d: lane %d bit %d differs but reported equal", n, i, bit)
				}
				a[i] ^= 1 << bit
			}
		}
	}
}

// TestClampF32 checks ClampF32 against MaxF32 then MinF32 on NaNs, signed
// zeros and infinities, at the 64-lane length of the assembly kernel and
// others, with the result written over each operand in turn.
func TestClampF32(t *testing.T) {
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 2, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-30, -3}
	for _, n := range []int{64, 8, 13, 1} {
		a, b, c := make([]float32, n), make([]float32, n), make([]float32, n)
		for round := range 50 {
			for i := range n {
				a[i] = vals[(i*7+round)%len(vals)]
				b[i] = vals[(i*3+round*5)%len(vals)]
				c[i] = vals[(i*5+round*3+1)%len(vals)]
			}
			want := make([]float32, n)
			MaxF32(want, a, b)
			MinF32(want, want, c)
			for alias := range 4 {
				got := make([]float32, n)
				ops := [3][]float32{slices.Clone(a), slices.Clone(b), slices.Clone(c)}
				if alias < 3 {
					got = ops[alias]
				}
				ClampF32(got, ops[0], ops[1], ops[2])
				for i := range n {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) && !(got[i] != got[i] && want[i] != want[i]) {
						t.Fatalf("n=%d round %d alias %d lane %d: clamp(%v, %v, %v) = %v, want %v", n, round, alias, i, a[i], b[i], c[i], got[i], want[i])
					}
				}
			}
		}
	}
}
