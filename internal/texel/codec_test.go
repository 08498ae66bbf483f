package texel

import (
	"bytes"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/ingot-render/ingot/internal/fmath"
)

func TestEncodeFloatExactBytes(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		f    PixelFormat
		in   [4]float32
		want []byte
	}{
		{RGBA8Unorm, [4]float32{0, 0.5, 1, 0.2}, []byte{0, 128, 255, 51}},
		{RGBA8Unorm, [4]float32{nan, -1, 2, 0.25}, []byte{0, 0, 255, 64}},
		{RGB10A2Unorm, [4]float32{0.5, 0.5, 0, 0.5}, []byte{0x00, 0x02, 0x08, 0x80}}, // 511.5→512, 1.5→2 (ties to even)
		{BGRA8Unorm, [4]float32{1, 0.5, 0, 1}, []byte{0, 128, 255, 255}},
		{RGBA8Unorm_sRGB, [4]float32{0.5, 0, 1, 0.5}, []byte{188, 0, 255, 128}},
		{RGBA8Unorm_sRGB, [4]float32{0.002, nan, -3, 1}, []byte{7, 0, 0, 255}}, // 12.92*0.002*255+0.5 = 7.09
		{BGRA8Unorm_sRGB, [4]float32{1, 0, 0.5, 0}, []byte{188, 0, 255, 0}},
		{R8Unorm_sRGB, [4]float32{0.5}, []byte{188}},
		{RG8Unorm_sRGB, [4]float32{0.5, 1}, []byte{188, 255}},
		{A8Unorm, [4]float32{1, 1, 1, 0.5}, []byte{128}},
		{R8Unorm, [4]float32{0.5}, []byte{128}},
		{R8Snorm, [4]float32{-1}, []byte{0x81}},
		{R8Snorm, [4]float32{0.5}, []byte{0x40}}, // 63.5 → 64
		{R8Snorm, [4]float32{-2}, []byte{0x81}},
		{RG8Snorm, [4]float32{1, nan}, []byte{0x7f, 0}},
		{RG8Unorm, [4]float32{1, 0}, []byte{255, 0}},
		{RGBA8Snorm, [4]float32{-0.5, 0.25, 1, -1}, []byte{0xc0, 0x20, 0x7f, 0x81}}, // -63.5→-64, 31.75→32
		{R16Unorm, [4]float32{0.5}, []byte{0x00, 0x80}},
		{R16Snorm, [4]float32{-1}, []byte{0x01, 0x80}},
		{RG16Unorm, [4]float32{1, 0}, []byte{0xff, 0xff, 0, 0}},
		{RG16Snorm, [4]float32{1, 0.5}, []byte{0xff, 0x7f, 0x00, 0x40}}, // 16383.5 → 16384
		{RGBA16Unorm, [4]float32{0, 1, 0, 1}, []byte{0, 0, 0xff, 0xff, 0, 0, 0xff, 0xff}},
		{RGBA16Snorm, [4]float32{0, -1, 0, 1}, []byte{0, 0, 0x01, 0x80, 0, 0, 0xff, 0x7f}},
		{R16Float, [4]float32{1}, []byte{0x00, 0x3c}},
		{R16Float, [4]float32{65504}, []byte{0xff, 0x7b}},
		{R16Float, [4]float32{65520}, []byte{0x00, 0x7c}}, // tie → even → +Inf
		{R16Float, [4]float32{-2}, []byte{0x00, 0xc0}},
		{R16Float, [4]float32{0x1p-24}, []byte{0x01, 0x00}},
		{R16Float, [4]float32{0x1p-25}, []byte{0x00, 0x00}}, // tie with 0 → even
		{R16Float, [4]float32{0x1.8p-25}, []byte{0x01, 0x00}},
		{RG16Float, [4]float32{0.5, float32(math.Inf(-1))}, []byte{0x00, 0x38, 0x00, 0xfc}},
		{RGBA16Float, [4]float32{1, 2, 3, 4}, []byte{0x00, 0x3c, 0x00, 0x40, 0x00, 0x42, 0x00, 0x44}},
		{R32Float, [4]float32{1}, []byte{0, 0, 0x80, 0x3f}},
		{RG32Float, [4]float32{-2, 0.5}, []byte{0, 0, 0, 0xc0, 0, 0, 0, 0x3f}},
		{RGB10A2Unorm, [4]float32{1, 0, 0.5, 1}, []byte{0xff, 0x03, 0x00, 0xe0}},
		{BGR10A2Unorm, [4]float32{0.5, 0, 1, 0}, []byte{0xff, 0x03, 0x00, 0x20}},
		{RG11B10Float, [4]float32{1, 2, 0.5}, []byte{0xc0, 0x03, 0x20, 0x70}},
		{RG11B10Float, [4]float32{-1, nan, float32(math.Inf(1))}, []byte{0x00, 0x00, 0x3f, 0xf8}},
		{RGB9E5Float, [4]float32{1, 0, 0}, []byte{0x00, 0x01, 0x00, 0x80}},
		{RGB9E5Float, [4]float32{0, 0, 0}, []byte{0, 0, 0, 0}},
		{RGB9E5Float, [4]float32{1e9, -1, nan}, []byte{0xff, 0x01, 0x00, 0xf8}}, // clamped to 65408 = 511·2^7
		{B5G6R5Unorm, [4]float32{1, 0, 1}, []byte{0x1f, 0xf8}},
		{B5G6R5Unorm, [4]float32{0, 1, 0}, []byte{0xe0, 0x07}},
		{ABGR4Unorm, [4]float32{1, 0, 0, 0.5}, []byte{0x08, 0xf0}},
		{A1BGR5Unorm, [4]float32{0, 0, 1, 1}, []byte{0x3f, 0x00}},
		{BGR5A1Unorm, [4]float32{1, 0, 0, 1}, []byte{0x00, 0xfc}},
		{Depth16Unorm, [4]float32{1}, []byte{0xff, 0xff}},
		{Depth32Float, [4]float32{0.5}, []byte{0, 0, 0, 0x3f}},
	}
	for _, tc := range tests {
		got := make([]byte, tc.f.BytesPerPixel())
		if err := EncodeFloat(tc.f, got, tc.in); err != nil {
			t.Fatalf("%v: %v", tc.f, err)
		}
		if !bytes.Equal(got, tc.want) {
			t.Errorf("EncodeFloat(%v, %v) = % x, want % x", tc.f, tc.in, got, tc.want)
		}
	}
}

func TestDecodeFloatExact(t *testing.T) {
	inf := float32(math.Inf(1))
	tests := []struct {
		f    PixelFormat
		in   []byte
		want [4]float32
	}{
		{RGBA8Unorm, []byte{0, 128, 255, 51}, [4]float32{0, 128.0 / 255, 1, 0.2}},
		{BGRA8Unorm, []byte{0, 128, 255, 255}, [4]float32{1, 128.0 / 255, 0, 1}},
		{R8Unorm, []byte{255}, [4]float32{1, 0, 0, 1}},
		{A8Unorm, []byte{255}, [4]float32{0, 0, 0, 1}},
		{A8Unorm, []byte{0}, [4]float32{0, 0, 0, 0}},
		{RG8Unorm, []byte{0, 255}, [4]float32{0, 1, 0, 1}},
		{R8Snorm, []byte{0x80}, [4]float32{-1, 0, 0, 1}},
		{R8Snorm, []byte{0x81}, [4]float32{-1, 0, 0, 1}},
		{R8Snorm, []byte{0x7f}, [4]float32{1, 0, 0, 1}},
		{R16Snorm, []byte{0x00, 0x80}, [4]float32{-1, 0, 0, 1}},
		{R16Unorm, []byte{0xff, 0xff}, [4]float32{1, 0, 0, 1}},
		{R16Float, []byte{0x00, 0x7c}, [4]float32{inf, 0, 0, 1}},
		{R16Float, []byte{0x01, 0x00}, [4]float32{0x1p-24, 0, 0, 1}},
		{R16Float, []byte{0x01, 0x80}, [4]float32{-0x1p-24, 0, 0, 1}},
		{RGB10A2Unorm, []byte{0xff, 0x03, 0x00, 0xe0}, [4]float32{1, 0, 512.0 / 1023, 1}},
		{RG11B10Float, []byte{0xc0, 0x03, 0x20, 0x70}, [4]float32{1, 2, 0.5, 1}},
		{RG11B10Float, []byte{0x01, 0x00, 0x00, 0x00}, [4]float32{0x1p-20, 0, 0, 1}}, // smallest 11-bit subnormal 2^-14/64
		{RGB9E5Float, []byte{0x00, 0x01, 0x00, 0x80}, [4]float32{1, 0, 0, 1}},
		{RGB9E5Float, []byte{0xff, 0x01, 0x00, 0xf8}, [4]float32{65408, 0, 0, 1}},
		{B5G6R5Unorm, []byte{0x1f, 0xf8}, [4]float32{1, 0, 1, 1}},
		{ABGR4Unorm, []byte{0x08, 0xf0}, [4]float32{1, 0, 0, 8.0 / 15}},
		{Depth24Unorm_Stencil8, []byte{0xff, 0xff, 0xff, 0x07}, [4]float32{1, 0, 0, 1}},
		{Depth32Float_Stencil8, []byte{0, 0, 0, 0x3f, 9, 0, 0, 0}, [4]float32{0.5, 0, 0, 1}},
	}
	for _, tc := range tests {
		got, err := DecodeFloat(tc.f, tc.in)
		if err != nil {
			t.Fatalf("%v: %v", tc.f, err)
		}
		if got != tc.want {
			t.Errorf("DecodeFloat(%v, % x) = %v, want %v", tc.f, tc.in, got, tc.want)
		}
	}
}

func TestIntegerFormats(t *testing.T) {
	tests := []struct {
		f    PixelFormat
		in   [4]int64
		want []byte
		back [4]int64
	}{
		{R8Sint, [4]int64{-200}, []byte{0x80}, [4]int64{-128, 0, 0, 1}},
		{R8Uint, [4]int64{300}, []byte{0xff}, [4]int64{255, 0, 0, 1}},
		{RG8Sint, [4]int64{127, -1}, []byte{0x7f, 0xff}, [4]int64{127, -1, 0, 1}},
		{RGBA8Uint, [4]int64{1, 2, 3, 4}, []byte{1, 2, 3, 4}, [4]int64{1, 2, 3, 4}},
		{RGBA8Sint, [4]int64{-1, 2, -300, 400}, []byte{0xff, 2, 0x80, 0x7f}, [4]int64{-1, 2, -128, 127}},
		{R16Sint, [4]int64{40000}, []byte{0xff, 0x7f}, [4]int64{32767, 0, 0, 1}},
		{R16Uint, [4]int64{70000}, []byte{0xff, 0xff}, [4]int64{65535, 0, 0, 1}},
		{RG16Sint, [4]int64{-32769, 5}, []byte{0x00, 0x80, 5, 0}, [4]int64{-32768, 5, 0, 1}},
		{R32Sint, [4]int64{-2}, []byte{0xfe, 0xff, 0xff, 0xff}, [4]int64{-2, 0, 0, 1}},
		{R32Uint, [4]int64{0xdeadbeef}, []byte{0xef, 0xbe, 0xad, 0xde}, [4]int64{0xdeadbeef, 0, 0, 1}},
		{RG32Uint, [4]int64{1, 2}, []byte{1, 0, 0, 0, 2, 0, 0, 0}, [4]int64{1, 2, 0, 1}},
		{RGBA16Uint, [4]int64{1, 2, 3, 4}, []byte{1, 0, 2, 0, 3, 0, 4, 0}, [4]int64{1, 2, 3, 4}},
		{RGBA32Sint, [4]int64{-1, 0, 1, 2}, []byte{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, [4]int64{-1, 0, 1, 2}},
		{RGB10A2Uint, [4]int64{1024, 5, 0, 7}, []byte{0xff, 0x17, 0x00, 0xc0}, [4]int64{1023, 5, 0, 3}},
		{Stencil8, [4]int64{7}, []byte{7}, [4]int64{7, 0, 0, 1}},
	}
	for _, tc := range tests {
		got := make([]byte, tc.f.BytesPerPixel())
		var back [4]int64
		if tc.f.Kind() == KindSint {
			v := [4]int32{int32(tc.in[0]), int32(tc.in[1]), int32(tc.in[2]), int32(tc.in[3])}
			if err := EncodeInt(tc.f, got, v); err != nil {
				t.Fatal(err)
			}
			d, err := DecodeInt(tc.f, got)
			if err != nil {
				t.Fatal(err)
			}
			back = [4]int64{int64(d[0]), int64(d[1]), int64(d[2]), int64(d[3])}
		} else {
			v := [4]uint32{uint32(tc.in[0]), uint32(tc.in[1]), uint32(tc.in[2]), uint32(tc.in[3])}
			if err := EncodeUint(tc.f, got, v); err != nil {
				t.Fatal(err)
			}
			d, err := DecodeUint(tc.f, got)
			if err != nil {
				t.Fatal(err)
			}
			back = [4]int64{int64(d[0]), int64(d[1]), int64(d[2]), int64(d[3])}
		}
		if !bytes.Equal(got, tc.want) {
			t.Errorf("encode %v %v = % x, want % x", tc.f, tc.in, got, tc.want)
		}
		if back != tc.back {
			t.Errorf("decode %v % x = %v, want %v", tc.f, got, back, tc.back)
		}
	}
}

func TestKindMismatch(t *testing.T) {
	b := make([]byte, 16)
	if _, err := DecodeFloat(R8Uint, b); err == nil {
		t.Error("float decode of R8Uint succeeded")
	}
	if _, err := DecodeInt(R8Uint, b); err == nil {
		t.Error("int decode of R8Uint succeeded")
	}
	if _, err := DecodeUint(RGBA8Unorm, b); err == nil {
		t.Error("uint decode of RGBA8Unorm succeeded")
	}
	if err := EncodeFloat(RGBA32Float, b[:3], [4]float32{}); err == nil {
		t.Error("short buffer accepted")
	}
	if _, err := DecodeFloat(PixelFormat(999), b); err == nil {
		t.Error("unknown format accepted")
	}
}

// Combined depth/stencil formats keep the other aspect on writes.
func TestDepthStencilAspects(t *testing.T) {
	for _, f := range []PixelFormat{Depth24Unorm_Stencil8, Depth32Float_Stencil8} {
		b := make([]byte, f.BytesPerPixel())
		if err := EncodeUint(f, b, [4]uint32{200}); err != nil {
			t.Fatal(err)
		}
		if err := EncodeFloat(f, b, [4]float32{1}); err != nil {
			t.Fatal(err)
		}
		d, _ := DecodeFloat(f, b)
		s, _ := DecodeUint(f, b)
		if d[0] != 1 || s[0] != 200 {
			t.Errorf("%v: depth %v stencil %v, want 1 and 200", f, d[0], s[0])
		}
	}
}

// Every 8-bit unorm/snorm/sRGB code round-trips exactly through float.
func TestRoundTrip8Bit(t *testing.T) {
	for _, f := range []PixelFormat{R8Unorm, R8Snorm, R8Unorm_sRGB, RGBA8Unorm_sRGB, A8Unorm} {
		for c := range 256 {
			in := []byte{byte(c), byte(c), byte(c), byte(c)}[:f.BytesPerPixel()]
			v, _ := DecodeFloat(f, in)
			out := make([]byte, len(in))
			_ = EncodeFloat(f, out, v)
			want := in
			if f == R8Snorm && c == 0x80 {
				want = []byte{0x81} // -128 and -127 both decode to -1
			}
			if !bytes.Equal(out, want) {
				t.Errorf("%v: code %d → %v → % x", f, c, v, out)
			}
		}
	}
}

func TestSRGBTable(t *testing.T) {
	for c := range 256 {
		x := float64(c) / 255
		var want float64
		if x <= 0.04045 {
			want = x / 12.92
		} else {
			want = math.Pow((x+0.055)/1.055, 2.4)
		}
		if got := srgb8LUT[c]; got != float32(want) || got != fmath.SRGB8ToLinear(uint8(c)) {
			t.Errorf("sRGB %d → %v, want %v (fmath %v)", c, got, float32(want), fmath.SRGB8ToLinear(uint8(c)))
		}
	}
}

// halfRef rounds |f| to binary16 with a sorted table of all finite values.
func halfRef(f float32) uint16 {
	sign := uint16(0)
	x := float64(f)
	if x < 0 || (x == 0 && math.Signbit(x)) {
		sign, x = 0x8000, -x
	}
	if x >= 65520 {
		return sign | 0x7c00
	}
	i := sort.Search(0x7c00, func(h int) bool { return float64(halfToFloat(uint16(h))) >= x })
	if i < 0x7c00 && float64(halfToFloat(uint16(i))) == x {
		return sign | uint16(i)
	}
	lo, hi := i-1, i
	dl, dh := x-float64(halfToFloat(uint16(lo))), float64(halfToFloat(uint16(hi)))-x
	switch {
	case dl < dh:
		return sign | uint16(lo)
	case dh < dl:
		return sign | uint16(hi)
	case lo&1 == 0:
		return sign | uint16(lo)
	}
	return sign | uint16(hi)
}

func TestHalf(t *testing.T) {
	for h := range 1 << 16 {
		f := halfToFloat(uint16(h))
		if f != f {
			if back := floatToHalf(f); back&0x7c00 != 0x7c00 || back&0x3ff == 0 {
				t.Fatalf("NaN %#04x → %#04x not NaN", h, back)
			}
			continue
		}
		if back := floatToHalf(f); back != uint16(h) {
			t.Fatalf("half %#04x → %v → %#04x", h, f, back)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		// Bias exponents toward the half range.
		b := r.Uint32()&0x807fffff | (uint32(r.IntN(40)+97) << 23)
		f := math.Float32frombits(b)
		if got, want := floatToHalf(f), halfRef(f); got != want {
			t.Fatalf("floatToHalf(%g) = %#04x, want %#04x", f, got, want)
		}
	}
}

func TestSmallFloatsRoundTrip(t *testing.T) {
	for _, mb := range []uint{5, 6} {
		for v := uint32(0); v < 1<<(5+mb); v++ {
			f := decodeUFloat(v, mb)
			back := encodeUFloat(f, mb)
			if f != f {
				if back>>mb != 31 || back&(1<<mb-1) == 0 {
					t.Fatalf("m%d NaN %#x → %#x", mb, v, back)
				}
				continue
			}
			if back != v {
				t.Fatalf("m%d %#x → %v → %#x", mb, v, f, back)
			}
		}
	}
	// Rounding: halfway between 1 and the next 11-bit float (1+1/64) goes to even (1).
	if got := encodeUFloat(1+1.0/128, 6); got != 15<<6 {
		t.Errorf("tie rounding: %#x", got)
	}
	if got := encodeUFloat(1+3.0/128, 6); got != 15<<6|2 {
		t.Errorf("tie rounding up to even: %#x", got)
	}
}

func TestRGB9E5(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		in := [3]float32{r.Float32() * 100, r.Float32() * 0.01, r.Float32()}
		w := encodeRGB9E5(in[0], in[1], in[2])
		a, b, c := decodeRGB9E5(w)
		out := [3]float32{a, b, c}
		e := int(w >> 27)
		step := math.Ldexp(1, e-24) // quantum of the shared exponent
		for i := range 3 {
			if d := math.Abs(float64(out[i]) - float64(in[i])); d > step/2+1e-12 {
				t.Fatalf("%v → %#x → %v: channel %d error %g > %g", in, w, out, i, d, step/2)
			}
		}
		// The largest channel must use the mantissa well (≥ 256) unless tiny.
		if mx := max(w&511, w>>9&511, w>>18&511); mx < 256 && e > 0 {
			t.Fatalf("%v → %#x: exponent not minimal", in, w)
		}
	}
}

func TestFormatsTable(t *testing.T) {
	fs := Formats()
	if len(fs) < 58 {
		t.Fatalf("only %d formats", len(fs))
	}
	for _, f := range fs {
		g, err := ParseFormat("MTLPixelFormat" + f.String())
		if err != nil || g != f {
			t.Errorf("ParseFormat(%v) = %v, %v", f, g, err)
		}
		fi, _ := f.Info()
		if fi.Channels < 1 || fi.Channels > 4 || fi.Kind == KindNone {
			t.Errorf("%v: bad info %+v", f, fi)
		}
	}
	if RGBA8Unorm != 70 || BGRA8Unorm_sRGB != 81 || Depth32Float != 252 || RGBA32Float != 125 {
		t.Error("raw values differ from MTLPixelFormat")
	}
	if _, err := ParseFormat("Nope"); err == nil {
		t.Error("ParseFormat accepted junk")
	}
}

// FuzzCodec: decoding a texel, encoding the value and decoding again gives
// the same value (NaN stays NaN) for every float-like format, and integer
// formats round-trip their bytes.
func FuzzCodec(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x00, 0x7c, 0x01, 0x7e, 0x80, 0x80, 0, 0, 0, 0, 0xff, 0xff})
	fs := Formats()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 16 {
			return
		}
		for _, pf := range fs {
			src := b[:pf.BytesPerPixel()]
			if floatAccess(pf) {
				v, err := DecodeFloat(pf, src)
				if err != nil {
					t.Fatal(err)
				}
				enc := make([]byte, len(src))
				copy(enc, src)
				if err := EncodeFloat(pf, enc, v); err != nil {
					t.Fatal(err)
				}
				w, _ := DecodeFloat(pf, enc)
				for c := range 4 {
					same := v[c] == w[c] || (v[c] != v[c] && w[c] != w[c])
					if pf == Depth24Unorm_Stencil8 && c == 0 {
						same = math.Abs(float64(v[c])-float64(w[c])) <= 1.0/16777215
					}
					if !same {
						t.Fatalf("%v % x: %v → % x → %v", pf, src, v, enc, w)
					}
				}
				continue
			}
			u, err := DecodeUint(pf, src)
			if err != nil {
				if _, err := DecodeInt(pf, src); err != nil {
					t.Fatalf("%v: neither uint nor int: %v", pf, err)
				}
				continue
			}
			enc := make([]byte, len(src))
			copy(enc, src)
			_ = EncodeUint(pf, enc, u)
			if !bytes.Equal(enc, src) {
				t.Fatalf("%v: % x → %v → % x", pf, src, u, enc)
			}
		}
	})
}

// The table-search sRGB encoder equals the formula everywhere: at and
// just below every threshold, and at random points.
func TestSRGBEncodeTable(t *testing.T) {
	for k := 1; k < 256; k++ {
		th := srgb8Thresholds[k]
		below := math.Float32frombits(math.Float32bits(th) - 1)
		if floatToSRGB8Formula(th) != uint32(k) || floatToSRGB8Formula(below) != uint32(k-1) {
			t.Fatalf("threshold %d = %v: formula gives %d, below %d", k, th, floatToSRGB8Formula(th), floatToSRGB8Formula(below))
		}
		if floatToSRGB8(th) != uint32(k) || floatToSRGB8(below) != uint32(k-1) {
			t.Fatalf("threshold %d: table gives %d, below %d", k, floatToSRGB8(th), floatToSRGB8(below))
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 1 << 18 {
		f := math.Float32frombits(r.Uint32() & 0x3fffffff) // [0, 2)
		if r.IntN(4) == 0 {
			f = r.Float32()
		}
		if got, want := floatToSRGB8(f), floatToSRGB8Formula(f); got != want {
			t.Fatalf("floatToSRGB8(%v) = %d, formula %d", f, got, want)
		}
	}
	for _, f := range []float32{float32(math.NaN()), -1, 0, 1, 2, float32(math.Inf(1)), float32(math.Inf(-1)), 0x1p-149} {
		if got, want := floatToSRGB8(f), floatToSRGB8Formula(f); got != want {
			t.Errorf("floatToSRGB8(%v) = %d, formula %d", f, got, want)
		}
	}
}
