package fmath

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
)

// refHalfValue decodes h with float64 arithmetic, independently of HalfToFloat32.
func refHalfValue(h Half) float64 {
	s := 1.0
	if h&0x8000 != 0 {
		s = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	switch {
	case e == 0x1f && m == 0:
		return math.Inf(int(s))
	case e == 0x1f:
		return math.NaN()
	case e == 0:
		return s * math.Ldexp(m, -24)
	default:
		return s * math.Ldexp(1+m/1024, e-15)
	}
}

// halfTable holds the magnitudes of halfs 0..0x7c00, with +∞ stood in by 65536
// (the next value an unbounded exponent would give), for nearest searches.
var halfTable = func() []float64 {
	t := make([]float64, 0x7c01)
	for h := range 0x7c00 {
		t[h] = refHalfValue(Half(h))
	}
	t[0x7c00] = 65536
	return t
}()

// refToHalf rounds x to half with a table search: RNE or RTZ.
func refToHalf(x float64, rtz bool) Half {
	if math.IsNaN(x) {
		return 0x7e00
	}
	var sign Half
	if math.Signbit(x) {
		sign = 0x8000
		x = -x
	}
	if math.IsInf(x, 0) {
		return sign | 0x7c00
	}
	// i = first index with table value > x
	i := sort.SearchFloat64s(halfTable, math.Nextafter(x, math.Inf(1)))
	lo := i - 1 // table[lo] <= x
	if rtz {
		return sign | Half(min(lo, 0x7bff))
	}
	if lo >= 0x7c00 {
		return sign | 0x7c00
	}
	dl, dh := x-halfTable[lo], halfTable[lo+1]-x
	switch {
	case dl < dh:
		return sign | Half(lo)
	case dh < dl:
		return sign | Half(lo+1)
	case lo&1 == 0:
		return sign | Half(lo)
	default:
		return sign | Half(lo+1)
	}
}

func TestHalfToFloat32Exhaustive(t *testing.T) {
	for i := range 1 << 16 {
		h := Half(i)
		got := HalfToFloat32(h)
		want := refHalfValue(h)
		if math.IsNaN(want) {
			if !math.IsNaN(float64(got)) {
				t.Fatalf("HalfToFloat32(%#04x) = %v, want NaN", h, got)
			}
			if back := Float32ToHalf(got); back != h|0x200 {
				t.Fatalf("NaN round trip %#04x -> %#04x, want quieted %#04x", h, back, h|0x200)
			}
			continue
		}
		if float64(got) != want || math.Signbit(float64(got)) != (h&0x8000 != 0) {
			t.Fatalf("HalfToFloat32(%#04x) = %v, want %v", h, got, want)
		}
		if back := Float32ToHalf(got); back != h {
			t.Fatalf("round trip %#04x -> %v -> %#04x", h, got, back)
		}
		if back := Float32ToHalfRTZ(got); back != h {
			t.Fatalf("RTZ round trip %#04x -> %v -> %#04x", h, got, back)
		}
		if back := Float64ToHalf(want); back != h {
			t.Fatalf("float64 round trip %#04x -> %v -> %#04x", h, want, back)
		}
	}
}

// TestFloat32ToHalfBoundaries checks every float32 within 2 ulp of each
// midpoint between adjacent halfs (where rounding decides), for both signs.
func TestFloat32ToHalfBoundaries(t *testing.T) {
	for h := range 0x7c00 {
		mid := float32((halfTable[h] + halfTable[h+1]) / 2) // exact: needs ≤ 12 bits
		b := math.Float32bits(mid)
		for d := -2; d <= 2; d++ {
			for _, s := range []uint32{0, 1 << 31} {
				f := math.Float32frombits(uint32(int64(b)+int64(d)) | s)
				checkToHalf(t, f)
			}
		}
	}
}

func checkToHalf(t *testing.T, f float32) {
	t.Helper()
	if got, want := Float32ToHalf(f), refToHalf(float64(f), false); got != want {
		t.Fatalf("Float32ToHalf(%g [%#08x]) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
	}
	if got, want := Float32ToHalfRTZ(f), refToHalf(float64(f), true); got != want {
		t.Fatalf("Float32ToHalfRTZ(%g [%#08x]) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
	}
}

func TestFloat32ToHalfRandom(t *testing.T) {
	n := 200000
	if !testing.Short() {
		n = 1000000
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		b := r.Uint32()
		f := math.Float32frombits(b)
		if math.IsNaN(float64(f)) {
			if h := Float32ToHalf(f); h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
				t.Fatalf("NaN %#08x -> %#04x not NaN", b, h)
			}
			continue
		}
		checkToHalf(t, f)
		// Also values in and around half range, where all the work is.
		g := math.Float32frombits(b&0x87ffffff | 0x30000000) // exponent 96..111+
		checkToHalf(t, g)
		g = math.Float32frombits(b&0x83ffffff | 0x34000000)
		checkToHalf(t, g)
	}
}

func TestFloat64ToHalfRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		x := math.Float64frombits(r.Uint64()&0x80ffffffffffffff | 0x3e00000000000000) // ~2^-32..2^32
		if got, want := Float64ToHalf(x), refToHalf(x, false); got != want {
			t.Fatalf("Float64ToHalf(%g) = %#04x, want %#04x", x, got, want)
		}
	}
}

func TestHalfSpecials(t *testing.T) {
	tests := []struct {
		in       float32
		rne, rtz Half
	}{
		{0, 0, 0},
		{float32(math.Copysign(0, -1)), 0x8000, 0x8000},
		{float32(math.Inf(1)), 0x7c00, 0x7c00},
		{float32(math.Inf(-1)), 0xfc00, 0xfc00},
		{65504, 0x7bff, 0x7bff},
		{65519.996, 0x7bff, 0x7bff},
		{65520, 0x7c00, 0x7bff},
		{1e10, 0x7c00, 0x7bff},
		{-1e10, 0xfc00, 0xfbff},
		{0x1p-24, 0x0001, 0x0001},
		{0x1p-25, 0x0000, 0x0000},        // tie to even (0)
		{0x1.000002p-25, 0x0001, 0x0000}, // just above the tie
		{0x1.8p-24, 0x0002, 0x0001},      // tie 1.5 → 2
		{0x1p-14, 0x0400, 0x0400},
		{0x1.ffcp-15, 0x0400, 0x03ff}, // 1023.5 subnormal units → tie → 1024 (even)
		{1, 0x3c00, 0x3c00},
		{1.0009765625 / 2 * 2, 0x3c01, 0x3c01},
		{1 + 0x1p-11, 0x3c00, 0x3c00}, // tie to even
		{1 + 0x1p-11 + 0x1p-23, 0x3c01, 0x3c00},
		{1 + 3*0x1p-11, 0x3c02, 0x3c01},
	}
	for _, tt := range tests {
		if got := Float32ToHalf(tt.in); got != tt.rne {
			t.Errorf("Float32ToHalf(%g) = %#04x, want %#04x", tt.in, got, tt.rne)
		}
		if got := Float32ToHalfRTZ(tt.in); got != tt.rtz {
			t.Errorf("Float32ToHalfRTZ(%g) = %#04x, want %#04x", tt.in, got, tt.rtz)
		}
	}
}

func TestHalfSliceHelpers(t *testing.T) {
	src := []float32{1, 1 + 0x1p-11 + 0x1p-20, 70000, float32(math.NaN()), -0x1p-30}
	want := []float32{1, 1 + 0x1p-10, float32(math.Inf(1)), float32(math.NaN()), float32(math.Copysign(0, -1))}
	dst := make([]float32, len(src))
	RoundHalfs(dst, src)
	hs := make([]Half, len(src))
	Float32sToHalfs(hs, src)
	back := make([]float32, len(src))
	HalfsToFloat32s(back, hs)
	for i := range src {
		if !sameFloat32(dst[i], want[i]) || !sameFloat32(back[i], want[i]) || !sameFloat32(RoundHalf(src[i]), want[i]) {
			t.Errorf("element %d: RoundHalfs=%v via bits=%v, want %v", i, dst[i], back[i], want[i])
		}
	}
}

// sameFloat32 reports bit equality, treating all NaNs as equal.
func sameFloat32(a, b float32) bool {
	if a != a && b != b {
		return true
	}
	return math.Float32bits(a) == math.Float32bits(b)
}

func refToBFloat16(f float32, rtz bool) BFloat16 {
	b := math.Float32bits(f)
	lo := b &^ 0xffff
	if rtz || lo == b {
		return BFloat16(lo >> 16)
	}
	hi := lo + 0x10000 // next bfloat16 in magnitude (may be inf: fine)
	x := math.Abs(float64(f))
	dl := x - math.Abs(float64(math.Float32frombits(lo)))
	var dh float64
	if hi&0x7fffffff == 0x7f800000 {
		dh = math.Ldexp(1, 128) - x // unbounded-exponent stand-in for +inf
	} else {
		dh = math.Abs(float64(math.Float32frombits(hi))) - x
	}
	switch {
	case dl < dh:
		return BFloat16(lo >> 16)
	case dh < dl:
		return BFloat16(hi >> 16)
	case (lo>>16)&1 == 0:
		return BFloat16(lo >> 16)
	default:
		return BFloat16(hi >> 16)
	}
}

func TestBFloat16(t *testing.T) {
	for i := range 1 << 16 {
		b := BFloat16(i)
		f := BFloat16ToFloat32(b)
		if f != f {
			if g := Float32ToBFloat16(f); g&0x7f80 != 0x7f80 || g&0x7f == 0 {
				t.Fatalf("NaN %#04x -> %#04x", b, g)
			}
			continue
		}
		if g := Float32ToBFloat16(f); g != b {
			t.Fatalf("round trip %#04x -> %#04x", b, g)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if f != f {
			continue
		}
		for _, rtz := range []bool{false, true} {
			got := Float32ToBFloat16(f)
			if rtz {
				got = Float32ToBFloat16RTZ(f)
			}
			if want := refToBFloat16(f, rtz); got != want {
				t.Fatalf("bfloat16(%g, rtz=%v) = %#04x, want %#04x", f, rtz, got, want)
			}
		}
	}
	if got := RoundBFloat16(1 + 0x1p-8); got != 1 {
		t.Errorf("RoundBFloat16 tie = %v, want 1", got)
	}
}

// BenchmarkFloat32ToHalf compares the bit-twiddling converter with the
// naive nearest-value table search (the test reference).
func BenchmarkFloat32ToHalf(b *testing.B) {
	src := benchInput(-1000, 1000, 7)
	dst := make([]Half, len(src))
	benchkit.Bench(b, benchkit.Case{Name: "fmath/float32-to-half", Unit: "Melem/s", PerOp: benchLen,
		Ingot: func(b *testing.B, _ int) {
			for range b.N {
				Float32sToHalfs(dst, src)
			}
		},
		Native: func(b *testing.B) {
			for range b.N {
				for i, v := range src {
					dst[i] = refToHalf(float64(v), false)
				}
			}
		}}, 1)
}

func TestNextafterHalf(t *testing.T) {
	// Reference: all non-NaN halfs sorted by value, −0 just below +0 (stepping
	// toward zero from ∓2^-24 gives ∓0; stepping off a zero is special-cased).
	var order []Half
	for h := Half(0xfc00); h >= 0x8000; h-- { // −∞ … −0
		order = append(order, h)
	}
	for h := Half(0); h <= 0x7c00; h++ { // +0 … +∞
		order = append(order, h)
	}
	index := map[Half]int{}
	for i, h := range order {
		index[h] = i
	}
	for i := range 1 << 16 {
		x := Half(i)
		fx := HalfToFloat32(x)
		if fx != fx {
			continue
		}
		for _, y := range []Half{HalfPosInf, HalfNegInf, 0x3c00, 0xbc00, 0, 0x8000} {
			fy := HalfToFloat32(y)
			var want Half
			switch {
			case fx == fy:
				want = y
			case fx == 0 && fy > 0:
				want = 0x0001
			case fx == 0:
				want = 0x8001
			case fy > fx:
				want = order[index[x]+1]
			default:
				want = order[index[x]-1]
			}
			if got := NextafterHalf(x, y); got != want {
				t.Fatalf("NextafterHalf(%#04x, %#04x) = %#04x, want %#04x", x, y, got, want)
			}
		}
	}
	if NextafterHalf(0x8000, 0xbc00) != 0x8001 || NextafterHalf(HalfMax, HalfPosInf) != HalfPosInf || NextafterHalf(0x7e00, 0) != HalfNaN {
		t.Error("NextafterHalf edge cases")
	}
}

func TestFractHalf(t *testing.T) {
	if got := FractHalf(-0x1p-24); got != 0x1.ffcp-1 {
		t.Errorf("FractHalf(-2^-24) = %v, want largest half below 1", got)
	}
	if got := FractHalf(-1.25); got != 0.75 {
		t.Errorf("FractHalf(-1.25) = %v", got)
	}
}

// TestRoundHalfMatchesConversion compares the direct float32 rounding with
// the encode/decode composition on a dense stride of all float32 patterns.
func TestRoundHalfMatchesConversion(t *testing.T) {
	step := uint32(97) // odd stride: hits every low-bit pattern class
	if !testing.Short() {
		step = 13
	}
	check := func(b uint32) {
		f := math.Float32frombits(b)
		got, want := RoundHalf(f), HalfToFloat32(Float32ToHalf(f))
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("RoundHalf(%g [%#08x]) = %#08x, want %#08x", f, b, math.Float32bits(got), math.Float32bits(want))
		}
	}
	for b := uint64(0); b < 1<<32; b += uint64(step) {
		check(uint32(b))
	}
	// The lane loop (SIMD in GOEXPERIMENT=simd builds) on the same patterns,
	// NaN payloads included, compared bit for bit.
	const batch = 1024
	src, dst := make([]float32, batch), make([]float32, batch)
	for b := uint64(0); b < 1<<32; b += uint64(step) * batch {
		for i := range src {
			src[i] = math.Float32frombits(uint32(b + uint64(i*int(step))))
		}
		RoundHalfs(dst, src)
		for i, f := range src {
			if want := HalfToFloat32(Float32ToHalf(f)); math.Float32bits(dst[i]) != math.Float32bits(want) {
				t.Fatalf("RoundHalfs(%#08x) = %#08x, want %#08x", math.Float32bits(f), math.Float32bits(dst[i]), math.Float32bits(want))
			}
		}
	}
	var mids []float32
	for h := range 0x7c01 { // every midpoint ±1 float32 ulp, both signs
		m := math.Float32bits(float32((halfTable[h] + halfTable[min(h+1, 0x7c00)]) / 2))
		for d := uint32(0); d < 3; d++ {
			check(m - 1 + d)
			check(m - 1 + d | 1<<31)
			mids = append(mids, math.Float32frombits(m-1+d), math.Float32frombits(m-1+d|1<<31))
		}
	}
	out := make([]float32, len(mids))
	RoundHalfs(out, mids)
	for i, f := range mids {
		if want := HalfToFloat32(Float32ToHalf(f)); math.Float32bits(out[i]) != math.Float32bits(want) {
			t.Fatalf("RoundHalfs(%#08x) = %#08x, want %#08x", math.Float32bits(f), math.Float32bits(out[i]), math.Float32bits(want))
		}
	}
}
