package texel

import (
	"math"
	"testing"
)

func TestDecodeEncodeFloatsMatchScalar(t *testing.T) {
	for _, f := range Formats() {
		if !floatAccess(f) {
			continue
		}
		const n = 37
		src := make([]byte, n*f.BytesPerPixel())
		for i := range src {
			src[i] = byte(i*131 + 7)
		}
		var o [4][n]float32
		if err := DecodeFloats(f, src, Out{o[0][:], o[1][:], o[2][:], o[3][:]}); err != nil {
			t.Fatal(err)
		}
		dst := make([]byte, len(src))
		if err := EncodeFloats(f, dst, Out{o[0][:], o[1][:], o[2][:], o[3][:]}); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			want := decodeFloat(f, src[i*f.BytesPerPixel():])
			for c := range 4 {
				if math.Float32bits(o[c][i]) != math.Float32bits(want[c]) && !(o[c][i] != o[c][i] && want[c] != want[c]) {
					t.Fatalf("%v texel %d ch %d: %v, want %v", f, i, c, o[c][i], want[c])
				}
			}
			wantB := make([]byte, f.BytesPerPixel())
			copy(wantB, dst[i*f.BytesPerPixel():]) // keep stencil bytes as EncodeFloats left them
			encodeFloat(f, wantB, [4]float32{o[0][i], o[1][i], o[2][i], o[3][i]})
			if string(wantB) != string(dst[i*f.BytesPerPixel():(i+1)*f.BytesPerPixel()]) {
				t.Fatalf("%v texel %d: EncodeFloats differs from EncodeFloat", f, i)
			}
		}
	}
	if err := DecodeFloats(RGBA8Unorm, make([]byte, 7), Out{make([]float32, 2), make([]float32, 2), make([]float32, 2), make([]float32, 2)}); err == nil {
		t.Error("short source accepted")
	}
	if err := EncodeFloats(R32Uint, make([]byte, 8), Out{}); err == nil {
		t.Error("integer format accepted")
	}
}

func TestFillFloat(t *testing.T) {
	tex := mustTex(t, Descriptor{TextureType: Type2DArray, PixelFormat: RGBA16Float, Width: 5, Height: 4, ArrayLength: 2, MipmapLevelCount: 2})
	if err := tex.FillFloat(Region{X: 1, Y: 1, Width: 3, Height: 2, Depth: 1}, 0, 1, [4]float32{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	for y := range 4 {
		for x := range 5 {
			v, _ := tex.ReadFloat(Loc{X: uint32(x), Y: uint32(y), Slice: 1})
			in := x >= 1 && x <= 3 && y >= 1 && y <= 2
			if (v == [4]float32{1, 2, 3, 4}) != in {
				t.Errorf("(%d,%d) = %v, inside %v", x, y, v, in)
			}
		}
	}
	if v, _ := tex.ReadFloat(Loc{X: 1, Y: 1}); v != [4]float32{} {
		t.Errorf("slice 0 touched: %v", v)
	}
	ds := mustTex(t, Descriptor{TextureType: Type2DMultisample, PixelFormat: Depth32Float_Stencil8, Width: 3, Height: 1, SampleCount: 4})
	_ = ds.WriteUint(Loc{X: 2, Sample: 3}, [4]uint32{9})
	if err := ds.FillFloat(Region2D(0, 0, 3, 1), 0, 0, [4]float32{1}); err != nil {
		t.Fatal(err)
	}
	d, _ := ds.ReadFloat(Loc{X: 2, Sample: 3})
	s, _ := ds.ReadUint(Loc{X: 2, Sample: 3})
	if d[0] != 1 || s[0] != 9 {
		t.Errorf("depth/stencil fill: depth %v stencil %v", d[0], s[0])
	}
	sv, _ := NewView(Descriptor{TextureType: Type2DMultisample, PixelFormat: X32_Stencil8, Width: 3, Height: 1, SampleCount: 4}, ds.Data(), 0)
	if err := sv.FillFloat(Region2D(0, 0, 3, 1), 0, 0, [4]float32{math.Float32frombits(5)}); err != nil {
		t.Fatal(err)
	}
	d, _ = ds.ReadFloat(Loc{X: 1, Sample: 2})
	s, _ = ds.ReadUint(Loc{X: 1, Sample: 2})
	if d[0] != 1 || s[0] != 5 {
		t.Errorf("stencil-view fill: depth %v stencil %v", d[0], s[0])
	}
	ui := mustTex(t, Texture2DDescriptor(R32Uint, 2, 2, false))
	_ = ui.FillFloat(Region2D(0, 0, 2, 2), 0, 0, [4]float32{math.Float32frombits(77)})
	if v, _ := ui.ReadUint(Loc{X: 1, Y: 1}); v[0] != 77 {
		t.Errorf("uint fill %v", v)
	}
	if err := tex.FillFloat(Region2D(0, 0, 6, 1), 0, 0, [4]float32{}); err == nil {
		t.Error("oversized region accepted")
	}
}
