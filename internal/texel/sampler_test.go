package texel

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestSamplerValidate(t *testing.T) {
	mod := func(f func(*SamplerDescriptor)) SamplerDescriptor {
		d := DefaultSamplerDescriptor()
		f(&d)
		return d
	}
	tests := []struct {
		d    SamplerDescriptor
		want string
	}{
		{DefaultSamplerDescriptor(), ""},
		{mod(func(d *SamplerDescriptor) { d.MinFilter = 3 }), "MinFilter 3"},
		{mod(func(d *SamplerDescriptor) { d.MipFilter = 3 }), "MipFilter 3"},
		{mod(func(d *SamplerDescriptor) { d.TAddressMode = 9 }), "TAddressMode 9"},
		{mod(func(d *SamplerDescriptor) { d.BorderColor = 5 }), "BorderColor 5"},
		{mod(func(d *SamplerDescriptor) { d.CompareFunction = 8 }), "CompareFunction 8"},
		{mod(func(d *SamplerDescriptor) { d.MaxAnisotropy = 17 }), "MaxAnisotropy 17"},
		{mod(func(d *SamplerDescriptor) { d.LodMinClamp = -1 }), "LodMinClamp -1"},
		{mod(func(d *SamplerDescriptor) { d.LodMinClamp, d.LodMaxClamp = 3, 2 }), "LodMaxClamp 2 is less than LodMinClamp 3"},
		{mod(func(d *SamplerDescriptor) { d.LodBias = float32(math.NaN()) }), "LodBias"},
		{mod(func(d *SamplerDescriptor) { d.NormalizedCoordinates = false; d.SAddressMode = Repeat }), "SAddressMode Repeat is not allowed with pixel coordinates"},
		{mod(func(d *SamplerDescriptor) { d.NormalizedCoordinates = false; d.MinFilter = FilterLinear }), "MinFilter Linear and MagFilter Nearest must match"},
		{mod(func(d *SamplerDescriptor) { d.NormalizedCoordinates = false; d.MaxAnisotropy = 2 }), "MaxAnisotropy 2 must be 1"},
	}
	for _, tc := range tests {
		_, err := NewSampler(tc.d)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("unexpected %v", err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrSampler)):
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

func TestConstexprSampler(t *testing.T) {
	parse := func(ss ...string) []SamplerArg {
		var out []SamplerArg
		for _, s := range ss {
			a, err := ParseSamplerArg(s)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, a)
		}
		return out
	}
	d, err := ConstexprSampler(parse("coord::pixel", "address::clamp_to_zero", "filter::linear")...)
	if err != nil {
		t.Fatal(err)
	}
	if d.NormalizedCoordinates || d.SAddressMode != ClampToZero || d.RAddressMode != ClampToZero || d.MinFilter != FilterLinear || d.MagFilter != FilterLinear {
		t.Errorf("got %+v", d)
	}
	args := append(parse("metal::address::repeat", "t_address::mirrored_repeat", "mag_filter::linear", "mip_filter::linear",
		"border_color::opaque_white", "compare_func::less_equal", "reduction::maximum"),
		SamplerArg{Enum: "max_anisotropy", Nums: []float32{8}}, SamplerArg{Enum: "lod_clamp", Nums: []float32{1, float32(math.Inf(1))}})
	d, err = ConstexprSampler(args...)
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultSamplerDescriptor()
	want.SAddressMode, want.TAddressMode, want.RAddressMode = Repeat, MirrorRepeat, Repeat
	want.MagFilter, want.MipFilter, want.BorderColor = FilterLinear, MipLinear, OpaqueWhite
	want.CompareFunction, want.Reduction, want.MaxAnisotropy, want.LodMinClamp = CompareLessEqual, ReductionMaximum, 8, 1
	if d != want {
		t.Errorf("got  %+v\nwant %+v", d, want)
	}
	for _, bad := range [][]SamplerArg{
		parse("address::wrap"),
		parse("coord::pixel", "address::repeat"), // invalid combination
		{{Enum: "lod_clamp", Nums: []float32{1}}},
		{{Enum: "colour", Value: "red"}},
	} {
		if _, err := ConstexprSampler(bad...); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if _, err := ParseSamplerArg("repeat"); err == nil {
		t.Error("ParseSamplerArg without :: accepted")
	}
}

func TestLog2(t *testing.T) {
	for _, x := range []float64{1, 2, 0.5, 1024, 1.0 / 1024, 3, 1e-300, 1e300, 5e-324, 1.4142135, 0.70710678} {
		if got, want := log2(x), math.Log2(x); math.Abs(got-want) > 1e-10 {
			t.Errorf("log2(%g) = %v, want %v", x, got, want)
		}
	}
	for e := -60; e <= 60; e++ {
		if got := log2(math.Ldexp(1, e)); got != float64(e) {
			t.Errorf("log2(2^%d) = %v", e, got)
		}
	}
	x := 1e-9
	for x < 1e9 {
		if got, want := log2(x), math.Log2(x); math.Abs(got-want) > 1e-10 {
			t.Fatalf("log2(%g) = %v, want %v", x, got, want)
		}
		x *= 1.0137
	}
	if !math.IsInf(log2(0), -1) || !math.IsNaN(log2(-1)) || !math.IsNaN(log2(math.NaN())) || !math.IsInf(log2(math.Inf(1)), 1) {
		t.Error("special cases")
	}
}
