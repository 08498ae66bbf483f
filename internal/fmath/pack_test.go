package fmath

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// refUnorm is Table 8.7 written independently: float multiply, clamp, RTNE.
func refUnorm(f float32, n uint) uint32 {
	m := math.Ldexp(1, int(n)) - 1
	x := float64(f * float32(m))
	if math.IsNaN(x) {
		return 0
	}
	return uint32(math.RoundToEven(math.Min(math.Max(x, 0), m)))
}

func refSnorm(f float32, n uint) int32 {
	m := math.Ldexp(1, int(n)-1) - 1
	x := float64(f * float32(m))
	if math.IsNaN(x) {
		return 0
	}
	return int32(math.RoundToEven(math.Min(math.Max(x, -m), m)))
}

func TestNormConversions(t *testing.T) {
	for _, n := range []uint{1, 2, 4, 5, 6, 8, 10, 16} {
		m := uint32(1)<<n - 1
		for c := uint32(0); c <= m; c++ {
			f := UnormToFloat(c, n)
			if want := float32(float64(c) / float64(m)); f != want {
				t.Fatalf("UnormToFloat(%d, %d) = %v, want %v", c, n, f, want)
			}
			if back := FloatToUnorm(f, n); back != c {
				t.Fatalf("unorm%d round trip %d -> %v -> %d", n, c, f, back)
			}
		}
		if UnormToFloat(m, n) != 1 || UnormToFloat(0, n) != 0 {
			t.Fatalf("unorm%d end points", n)
		}
	}
	for _, n := range []uint{2, 8, 10, 16} {
		m := int32(1)<<(n-1) - 1
		for c := -m - 1; c <= m; c++ {
			f := SnormToFloat(c, n)
			want := float32(math.Max(-1, float64(c)/float64(m)))
			if f != want {
				t.Fatalf("SnormToFloat(%d, %d) = %v, want %v", c, n, f, want)
			}
			back := FloatToSnorm(f, n)
			if c >= -m && back != c || c < -m && back != -m {
				t.Fatalf("snorm%d round trip %d -> %v -> %d", n, c, f, back)
			}
		}
	}
	r := rand.New(rand.NewPCG(30, 31))
	specials := []float32{nan, inf, ninf, 0, nz, 1, -1, 0.5 / 255, 1.5 / 255, 2.5 / 255, 127.5 / 255, 1e-30}
	for i := range samples() {
		var f float32
		switch {
		case i < len(specials):
			f = specials[i]
		case i%2 == 0:
			f = uniform(-1.2, 1.2)(r)
		default:
			f = anyFinite(r)
		}
		for _, n := range []uint{2, 5, 6, 8, 10, 16} {
			if got, want := FloatToUnorm(f, n), refUnorm(f, n); got != want {
				t.Fatalf("FloatToUnorm(%g, %d) = %d, want %d", f, n, got, want)
			}
			if got, want := FloatToSnorm(f, n), refSnorm(f, n); got != want {
				t.Fatalf("FloatToSnorm(%g, %d) = %d, want %d", f, n, got, want)
			}
		}
	}
	// Spec: RTNE at exact halves (0.5/255·255 may not be exactly 0.5 in float).
	if got := FloatToUnorm(0.5, 1); got != 0 {
		t.Errorf("unorm1(0.5) = %d, want 0 (ties to even)", got)
	}
	if got := FloatToUnorm(0.5, 2); got != 2 { // 1.5 → 2
		t.Errorf("unorm2(0.5) = %d, want 2", got)
	}
}

func TestPackUnpack(t *testing.T) {
	tests := []struct {
		name string
		got  uint32
		want uint32
	}{
		{"unorm4x8", PackUnorm4x8([4]float32{0, 1, 0.5, 2}), 0xff80ff00},
		{"unorm4x8 nan", PackUnorm4x8([4]float32{nan, -1, 1.0 / 255, 254.5 / 255}), 0xfe010000},
		{"snorm4x8", PackSnorm4x8([4]float32{1, -1, 0, -2}), 0x8100817f},
		{"srgb4x8", PackSRGBUnorm4x8([4]float32{0, 1, 0.5, 0.5}), 0x80bcff00},
		{"unorm2x16", PackUnorm2x16([2]float32{1, 0.5}), 0x8000ffff},
		{"snorm2x16", PackSnorm2x16([2]float32{-1, 1}), 0x7fff8001},
		{"unorm10a2", PackUnorm10A2([4]float32{1, 0, 1, 1.0 / 3}), 0x7ff003ff},
		{"snorm10a2", PackSnorm10A2([4]float32{-1, 1, 0, -1}), 0xc007fe01},
		{"unorm565", uint32(PackUnorm565([3]float32{1, 0, 1})), 0xf81f},
		{"half2x16", PackHalf2x16([2]float32{1, -2}), 0xc0003c00},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %#08x, want %#08x", tt.name, tt.got, tt.want)
		}
	}
	r := rand.New(rand.NewPCG(32, 33))
	for range 20000 {
		p := r.Uint32()
		if got := PackUnorm4x8(UnpackUnorm4x8(p)); got != p {
			t.Fatalf("unorm4x8 round trip %#08x -> %#08x", p, got)
		}
		if got := PackUnorm2x16(UnpackUnorm2x16(p)); got != p {
			t.Fatalf("unorm2x16 round trip %#08x -> %#08x", p, got)
		}
		if got := PackUnorm10A2(UnpackUnorm10A2(p)); got != p {
			t.Fatalf("unorm10a2 round trip %#08x -> %#08x", p, got)
		}
		if got := PackSRGBUnorm4x8(UnpackSRGBUnorm4x8(p)); got != p {
			t.Fatalf("srgb4x8 round trip %#08x -> %#08x", p, got)
		}
		if got := PackUnorm565(UnpackUnorm565(uint16(p))); got != uint16(p) {
			t.Fatalf("565 round trip %#04x -> %#04x", uint16(p), got)
		}
		// snorm: the most negative code maps to −1 and comes back as −max.
		v := UnpackSnorm4x8(p)
		for i, f := range v {
			c := int8(p >> (8 * i))
			if want := max(float32(c)/127, -1); f != want {
				t.Fatalf("unpack snorm4x8 %#08x[%d] = %v, want %v", p, i, f, want)
			}
		}
		q := p
		for i := range 4 {
			if int8(q>>(8*i)) == -128 {
				q = q&^(0xff<<(8*i)) | 0x81<<(8*i)
			}
		}
		if got := PackSnorm4x8(v); got != q {
			t.Fatalf("snorm4x8 round trip %#08x -> %#08x", p, got)
		}
		w := UnpackSnorm2x16(p)
		if got := PackSnorm2x16(w); UnpackSnorm2x16(got) != w {
			t.Fatalf("snorm2x16 round trip %#08x", p)
		}
		s10 := UnpackSnorm10A2(p)
		if got := PackSnorm10A2(s10); UnpackSnorm10A2(got) != s10 {
			t.Fatalf("snorm10a2 round trip %#08x", p)
		}
		h := UnpackHalf2x16(p)
		if got := PackHalf2x16(h); got != p && h[0] == h[0] && h[1] == h[1] {
			t.Fatalf("half2x16 round trip %#08x -> %#08x", p, got)
		}
	}
}

func TestSRGB(t *testing.T) {
	for c := range 256 {
		lin := SRGB8ToLinear(uint8(c))
		s := float64(c) / 255
		var want float64
		if s <= 0.04045 {
			want = s / 12.92
		} else {
			want = math.Pow((s+0.055)/1.055, 2.4)
		}
		if e := ulpErr(lin, want); e > 0.5 {
			t.Errorf("SRGB8ToLinear(%d) = %v, want %v (%.2f ulp)", c, lin, want, e)
		}
		if back := LinearToSRGB8(lin); back != uint8(c) {
			t.Errorf("sRGB round trip %d -> %v -> %d", c, lin, back)
		}
		// §8.7.7 precision: converting back without rounding is within 0.5 of c.
		if r := float64(LinearToSRGB(lin)) * 255; math.Abs(r-float64(c)) > 0.5 {
			t.Errorf("sRGB %d: unrounded back-conversion %v", c, r)
		}
	}
	tests := []struct{ in, want float32 }{
		{nan, 0}, {-1, 0}, {2, 1}, {0.001, 0.01292}, {1, 1},
	}
	for _, tt := range tests {
		if got := LinearToSRGB(tt.in); math.Abs(float64(got-tt.want)) > 1e-7 {
			t.Errorf("LinearToSRGB(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := LinearToSRGB(0.5); math.Abs(float64(got)-0.735356983052) > 1e-6 {
		t.Errorf("LinearToSRGB(0.5) = %v", got)
	}
}

func TestSmallFloats(t *testing.T) {
	for _, m := range []uint{5, 6} {
		var finite []float64
		for code := uint32(0); code < 1<<(m+5); code++ {
			f := SmallFloatToFloat32(code, m)
			e, mant := int(code>>m), float64(code&(1<<m-1))
			var want float64
			switch {
			case e == 31 && mant == 0:
				want = math.Inf(1)
			case e == 31:
				want = math.NaN()
			case e == 0:
				want = math.Ldexp(mant/math.Ldexp(1, int(m)), -14)
			default:
				want = math.Ldexp(1+mant/math.Ldexp(1, int(m)), e-15)
			}
			if !sameFloat32(f, float32(want)) {
				t.Fatalf("SmallFloatToFloat32(%#x, %d) = %v, want %v", code, m, f, want)
			}
			if f == f {
				if back := Float32ToSmallFloat(f, m); back != code {
					t.Fatalf("small float %d round trip %#x -> %v -> %#x", m, code, f, back)
				}
			}
			if e < 31 {
				finite = append(finite, want)
			}
		}
		finite = append(finite, math.Ldexp(1, 16)) // ∞ stand-in for rounding
		r := rand.New(rand.NewPCG(34, uint64(m)))
		for range samples() / 4 {
			x := float32(math.Ldexp(r.Float64(), r.IntN(36)-20))
			i := sort.SearchFloat64s(finite, math.Nextafter(float64(x), math.Inf(1))) - 1
			want := uint32(i)
			if i+1 < len(finite) {
				dl, dh := float64(x)-finite[i], finite[i+1]-float64(x)
				if dh < dl || (dh == dl && i&1 == 1) {
					want = uint32(i + 1)
				}
			}
			if want > 31<<m {
				want = 31 << m
			}
			if got := Float32ToSmallFloat(x, m); got != want {
				t.Fatalf("Float32ToSmallFloat(%g, %d) = %#x, want %#x", x, m, got, want)
			}
		}
		if Float32ToSmallFloat(-1, m) != 0 || Float32ToSmallFloat(inf, m) != 31<<m || Float32ToSmallFloat(nan, m)>>m != 31 {
			t.Errorf("small float %d specials", m)
		}
	}
}

func TestFloatToInt(t *testing.T) {
	if FloatToInt[int32](nan) != 0 || FloatToInt[int32](inf) != math.MaxInt32 || FloatToInt[int32](ninf) != math.MinInt32 ||
		FloatToInt[int32](0x1p31) != math.MaxInt32 || FloatToInt[int32](-0x1p31) != math.MinInt32 ||
		FloatToInt[int32](-1.9) != -1 || FloatToInt[int32](2147483520) != 2147483520 {
		t.Error("FloatToInt[int32] edge cases")
	}
	if FloatToInt[uint8](-1.5) != 0 || FloatToInt[uint8](255.9) != 255 || FloatToInt[uint8](256) != 255 || FloatToInt[uint8](nan) != 0 {
		t.Error("FloatToInt[uint8] edge cases")
	}
	if FloatToInt[int64](0x1p63) != math.MaxInt64 || FloatToInt[int64](-0x1p63) != math.MinInt64 ||
		FloatToInt[uint64](0x1p64) != math.MaxUint64 || FloatToInt[uint64](0x1.fffffep63) != 0xffffff0000000000 {
		t.Error("FloatToInt 64-bit edge cases")
	}
	if FloatToInt[int8](-128.5) != -128 || FloatToInt[int8](127.99) != 127 || FloatToInt[int16](-40000) != math.MinInt16 {
		t.Error("FloatToInt small signed edge cases")
	}
	if Float64ToInt[int32](-2147483648.9) != math.MinInt32 || Float64ToInt[uint32](4294967295.5) != math.MaxUint32 {
		t.Error("Float64ToInt edge cases")
	}
	if FloatToIntRTNE[int32](2.5) != 2 || FloatToIntRTNE[int32](-3.5) != -4 || FloatToIntRTNE[uint8](300) != 255 {
		t.Error("FloatToIntRTNE")
	}
	if IntToIntSat[int8](int32(200)) != 127 || IntToIntSat[int8](int32(-200)) != -128 || IntToIntSat[int8](uint32(200)) != 127 ||
		IntToIntSat[uint8](int32(-1)) != 0 || IntToIntSat[uint8](int32(300)) != 255 || IntToIntSat[uint64](int64(-1)) != 0 ||
		IntToIntSat[int64](uint64(math.MaxUint64)) != math.MaxInt64 || IntToIntSat[uint32](uint64(5)) != 5 || IntToIntSat[int16](int64(-5)) != -5 {
		t.Error("IntToIntSat")
	}
	if IntToFloat(uint64(math.MaxUint64)) != 0x1p64 || IntToFloat(int32(-16777217)) != -16777216 {
		t.Error("IntToFloat")
	}
	dst := make([]uint16, 4)
	FloatToIntLanes(dst, []float32{-1, 70000, 3.9, nan})
	if dst[0] != 0 || dst[1] != 65535 || dst[2] != 3 || dst[3] != 0 {
		t.Errorf("FloatToIntLanes = %v", dst)
	}
	r := rand.New(rand.NewPCG(35, 36))
	for range samples() / 4 {
		f := anyFinite(r)
		x := math.Trunc(float64(f))
		want := int32(math.Max(math.Min(x, math.MaxInt32), math.MinInt32))
		if got := FloatToInt[int32](f); got != want {
			t.Fatalf("FloatToInt[int32](%g) = %d, want %d", f, got, want)
		}
	}
}

func TestRGB9E5(t *testing.T) {
	tests := []struct {
		in   [3]float32
		want [3]float32
	}{
		{[3]float32{0, 0, 0}, [3]float32{0, 0, 0}},
		{[3]float32{1, 0.5, 0.25}, [3]float32{1, 0.5, 0.25}},
		{[3]float32{nan, -1, 1e9}, [3]float32{0, 0, 65408}},
		{[3]float32{65408, 1, 0}, [3]float32{65408, 0, 0}},  // 1 is below half a step of 2^7
		{[3]float32{1, 1.0 / 1024, 0}, [3]float32{1, 0, 0}}, // step 2^-8: 2^-10 rounds to 0
	}
	for _, tt := range tests {
		if got := UnpackRGB9E5(PackRGB9E5(tt.in)); got != tt.want {
			t.Errorf("RGB9E5 %v -> %v, want %v", tt.in, got, tt.want)
		}
	}
	r := rand.New(rand.NewPCG(40, 41))
	for range 20000 {
		p := r.Uint32()
		v := UnpackRGB9E5(p)
		q := UnpackRGB9E5(PackRGB9E5(v))
		if q != v {
			t.Fatalf("RGB9E5 decode/encode/decode %#08x: %v -> %v", p, v, q)
		}
		// each channel within half a step of the shared scale
		in := [3]float32{uniform(0, 100)(r), uniform(0, 1)(r), uniform(0, 0.01)(r)}
		out := UnpackRGB9E5(PackRGB9E5(in))
		step := math.Ldexp(1, int(PackRGB9E5(in)>>27)-24)
		for i := range in {
			if math.Abs(float64(out[i]-in[i])) > step/2+1e-12 {
				t.Fatalf("RGB9E5 %v -> %v: channel %d off by more than half a step %g", in, out, i, step)
			}
		}
	}
}
