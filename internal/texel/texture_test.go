package texel

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestDescriptorValidate(t *testing.T) {
	tests := []struct {
		name string
		d    Descriptor
		want string // substring of the error; "" = valid
	}{
		{"2d", Texture2DDescriptor(RGBA8Unorm, 256, 256, true), ""},
		{"mips", Descriptor{TextureType: Type2D, PixelFormat: RGBA8Unorm, Width: 256, Height: 256, MipmapLevelCount: 12},
			"texture descriptor: MipmapLevelCount 12 exceeds 9 for 256x256"},
		{"mips3d", Descriptor{TextureType: Type3D, PixelFormat: R8Unorm, Width: 4, Height: 4, Depth: 64, MipmapLevelCount: 7}, ""},
		{"mips3d-over", Descriptor{TextureType: Type3D, PixelFormat: R8Unorm, Width: 4, Height: 4, Depth: 64, MipmapLevelCount: 8},
			"MipmapLevelCount 8 exceeds 7 for 4x4x64"},
		{"format", Descriptor{TextureType: Type2D, Width: 4, Height: 4}, "PixelFormat 0 is not a pixel format"},
		{"width", Descriptor{TextureType: Type2D, PixelFormat: R8Unorm}, "Width 0 must be at least 1"},
		{"neg", Descriptor{TextureType: Type2D, PixelFormat: R8Unorm, Width: 1, Height: -1}, "Height -1 must be at least 1"},
		{"big", Descriptor{TextureType: Type2D, PixelFormat: R8Unorm, Width: 16385, Height: 1}, "Width 16385 exceeds 16384"},
		{"1d-height", Descriptor{TextureType: Type1D, PixelFormat: R8Unorm, Width: 8, Height: 2}, "Height 2 must be 1 for 1D"},
		{"2d-depth", Descriptor{TextureType: Type2D, PixelFormat: R8Unorm, Width: 8, Height: 2, Depth: 2}, "Depth 2 must be 1 for 2D"},
		{"cube-square", Descriptor{TextureType: TypeCube, PixelFormat: R8Unorm, Width: 8, Height: 4}, "Width 8 and Height 4 must be equal"},
		{"array-len", Descriptor{TextureType: Type2D, PixelFormat: R8Unorm, Width: 8, Height: 8, ArrayLength: 2}, "ArrayLength 2 must be 1 for 2D"},
		{"array-ok", Descriptor{TextureType: TypeCubeArray, PixelFormat: R8Unorm, Width: 8, Height: 8, ArrayLength: 3}, ""},
		{"ms", Descriptor{TextureType: Type2DMultisample, PixelFormat: RGBA8Unorm, Width: 8, Height: 8, SampleCount: 3}, "SampleCount 3 must be 1, 2, 4 or 8"},
		{"ms-mips", Descriptor{TextureType: Type2DMultisample, PixelFormat: RGBA8Unorm, Width: 8, Height: 8, SampleCount: 4, MipmapLevelCount: 2}, "MipmapLevelCount 2 must be 1 for 2DMultisample"},
		{"samples-2d", Descriptor{TextureType: Type2D, PixelFormat: RGBA8Unorm, Width: 8, Height: 8, SampleCount: 4}, "SampleCount 4 must be 1 for 2D"},
		{"buffer-depth", TextureBufferDescriptor(Depth32Float, 16), "PixelFormat Depth32Float cannot be used for TextureBuffer"},
		{"depth-3d", Descriptor{TextureType: Type3D, PixelFormat: Depth32Float, Width: 4, Height: 4, Depth: 4}, "cannot be used for 3D"},
		{"type", Descriptor{TextureType: 42, PixelFormat: R8Unorm, Width: 1}, "TextureType 42"},
		{"huge", Descriptor{TextureType: Type2DArray, PixelFormat: RGBA32Float, Width: 16384, Height: 16384, ArrayLength: 4}, "exceeds"},
	}
	for _, tc := range tests {
		err := tc.d.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		case err != nil && !errors.Is(err, ErrDescriptor):
			t.Errorf("%s: error %v does not wrap ErrDescriptor", tc.name, err)
		}
	}
}

func TestLayoutAndQueries(t *testing.T) {
	tex, err := New(Descriptor{TextureType: TypeCubeArray, PixelFormat: RGBA16Float, Width: 8, Height: 8, MipmapLevelCount: 4, ArrayLength: 2})
	if err != nil {
		t.Fatal(err)
	}
	perSlice := (64 + 16 + 4 + 1) * 8
	if tex.Size() != perSlice*12 || tex.Slices() != 12 || tex.ArrayLength() != 2 || tex.MipLevels() != 4 {
		t.Fatalf("size %d slices %d array %d mips %d", tex.Size(), tex.Slices(), tex.ArrayLength(), tex.MipLevels())
	}
	if tex.Width(2) != 2 || tex.Height(3) != 1 || tex.Depth(0) != 1 || tex.Width(4) != 0 || tex.Width(-1) != 0 {
		t.Error("size queries")
	}
	off, row, img, err := tex.LevelLayout(7, 2)
	if err != nil || off != 7*perSlice+(64+16)*8 || row != 16 || img != 32 {
		t.Errorf("LevelLayout = %d %d %d %v", off, row, img, err)
	}
	if o, ok := tex.Offset(Loc{X: 1, Y: 1, Slice: CubeSlice(3, 1), Level: 1}); !ok || o != 9*perSlice+64*8+(4+1)*8 {
		t.Errorf("Offset = %d %v", o, ok)
	}
	tex3, _ := New(Descriptor{TextureType: Type3D, PixelFormat: R8Unorm, Width: 4, Height: 2, Depth: 8, MipmapLevelCount: 4})
	if tex3.Depth(0) != 8 || tex3.Depth(1) != 4 || tex3.Depth(3) != 1 || tex3.Height(2) != 1 || tex3.Size() != 64+8+2+1 {
		t.Errorf("3D sizes: %d %d %d size %d", tex3.Depth(0), tex3.Depth(1), tex3.Depth(3), tex3.Size())
	}
	ms, _ := New(Descriptor{TextureType: Type2DMultisample, PixelFormat: R32Float, Width: 3, Height: 2, SampleCount: 4})
	if o, ok := ms.Offset(Loc{X: 2, Y: 1, Sample: 3}); !ok || o != ((1*3+2)*4+3)*4 || ms.SampleCount() != 4 {
		t.Errorf("MS offset %d %v", o, ok)
	}
	if _, ok := ms.Offset(Loc{Sample: 4}); ok {
		t.Error("sample 4 of 4 in bounds")
	}
}

func TestReadWriteTexel(t *testing.T) {
	tex, _ := New(Descriptor{TextureType: Type2DArray, PixelFormat: RGBA8Unorm, Width: 4, Height: 3, ArrayLength: 2, MipmapLevelCount: 2})
	l := Loc{X: 3, Y: 2, Slice: 1}
	if err := tex.WriteFloat(l, [4]float32{1, 0.5, 0, 1}); err != nil {
		t.Fatal(err)
	}
	v, err := tex.ReadFloat(l)
	if err != nil || v != [4]float32{1, 128.0 / 255, 0, 1} {
		t.Errorf("read back %v %v", v, err)
	}
	for _, bad := range []Loc{{X: 4}, {Y: 3}, {Slice: 2}, {Level: 2}, {X: 2, Level: 1}, {Z: 1}, {Sample: 1}} {
		v, err := tex.ReadFloat(bad)
		if !errors.Is(err, ErrOutOfBounds) || v != [4]float32{} {
			t.Errorf("ReadFloat(%+v) = %v, %v", bad, v, err)
		}
		if err := tex.WriteFloat(bad, [4]float32{1, 1, 1, 1}); !errors.Is(err, ErrOutOfBounds) {
			t.Errorf("WriteFloat(%+v) = %v", bad, err)
		}
	}
	// A format without alpha reads alpha 1 out of bounds.
	r8, _ := New(Texture2DDescriptor(R8Unorm, 2, 2, false))
	if v, _ := r8.ReadFloat(Loc{X: 9}); v != [4]float32{0, 0, 0, 1} {
		t.Errorf("R8 OOB = %v", v)
	}
	if _, err := r8.ReadInt(Loc{}); !errors.Is(err, ErrFormatKind) {
		t.Errorf("int read of R8Unorm: %v", err)
	}
	ui, _ := New(Texture2DDescriptor(RG16Uint, 2, 2, false))
	if err := ui.WriteUint(Loc{X: 1}, [4]uint32{70000, 3, 9, 9}); err != nil {
		t.Fatal(err)
	}
	if v, err := ui.ReadUint(Loc{X: 1}); err != nil || v != [4]uint32{65535, 3, 0, 1} {
		t.Errorf("RG16Uint read %v %v", v, err)
	}
	si, _ := New(Texture2DDescriptor(R32Sint, 2, 2, false))
	_ = si.WriteInt(Loc{Y: 1}, [4]int32{-5})
	if v, err := si.ReadInt(Loc{Y: 1}); err != nil || v != [4]int32{-5, 0, 0, 1} {
		t.Errorf("R32Sint read %v %v", v, err)
	}
}

func TestReplaceRegionGetBytes(t *testing.T) {
	tex, _ := New(Descriptor{TextureType: Type3D, PixelFormat: RG8Unorm, Width: 4, Height: 4, Depth: 3, MipmapLevelCount: 2})
	// A 2x2x2 region at (1,1,1) with padded rows (6 bytes) and images (16 bytes).
	src := make([]byte, 32)
	for i := range src {
		src[i] = byte(i + 1)
	}
	if err := tex.ReplaceRegion(Region{X: 1, Y: 1, Z: 1, Width: 2, Height: 2, Depth: 2}, 0, 0, src, 6, 16); err != nil {
		t.Fatal(err)
	}
	v, _ := tex.ReadFloat(Loc{X: 2, Y: 2, Z: 2}) // z=1 image (bytes 16..), row 1 (+6), texel 1 (+2)
	if v[0] != float32(16+6+2+1)/255 || v[1] != float32(16+6+3+1)/255 {
		t.Errorf("texel (2,2,2) = %v", v)
	}
	dst := make([]byte, 4*4*2)
	if err := tex.GetBytes(dst, 8, 32, Region{Width: 4, Height: 4, Depth: 1, Z: 1}, 0, 0); err != nil {
		t.Fatal(err)
	}
	want := make([]byte, 32)
	copy(want[1*8+2:], src[0:4])
	copy(want[2*8+2:], src[6:10])
	if !bytes.Equal(dst, want) {
		t.Errorf("GetBytes = % x\nwant       % x", dst, want)
	}
	errs := []struct {
		r        Region
		lod, sl  int
		n, bpr   int
		bpi      int
		contains string
	}{
		{Region{Width: 5, Height: 1, Depth: 1}, 0, 0, 100, 10, 0, "outside level 0"},
		{Region{Width: 2, Height: 2, Depth: 1}, 2, 0, 100, 10, 0, "mipmapLevel 2"},
		{Region{Width: 2, Height: 2, Depth: 1}, 0, 1, 100, 10, 0, "slice 1"},
		{Region{Width: 2, Height: 2, Depth: 1}, 0, 0, 100, 3, 0, "bytesPerRow 3 is less than 4"},
		{Region{Width: 2, Height: 2, Depth: 2}, 0, 0, 100, 4, 4, "bytesPerImage 4 is less than 8"},
		{Region{Width: 2, Height: 2, Depth: 1}, 0, 0, 7, 4, 0, "buffer of 7 bytes is smaller than the 8"},
		{Region{Width: 2, Height: 2, Depth: 1}, 0, 0, 100, 1 << 62, 0, "exceeds the buffer"},
		{Region{Width: 2, Height: 2, Depth: 2}, 0, 0, 100, 8, 1 << 62, "exceeds the buffer"},
	}
	for _, e := range errs {
		err := tex.ReplaceRegion(e.r, e.lod, e.sl, make([]byte, e.n), e.bpr, e.bpi)
		if err == nil || !strings.Contains(err.Error(), e.contains) {
			t.Errorf("ReplaceRegion(%+v): %v, want %q", e.r, err, e.contains)
		}
	}
}

func TestNewView(t *testing.T) {
	data := make([]byte, 100)
	tex, err := NewView(Texture2DDescriptor(RGBA8Unorm, 3, 4, false), data, 16)
	if err != nil {
		t.Fatal(err)
	}
	_ = tex.WriteFloat(Loc{X: 2, Y: 3}, [4]float32{1, 1, 1, 1})
	if data[3*16+8] != 255 {
		t.Error("view does not alias storage at bytesPerRow 16")
	}
	if _, err := NewView(Texture2DDescriptor(RGBA8Unorm, 3, 4, false), data[:50], 16); err == nil {
		t.Error("short storage accepted")
	}
	if _, err := NewView(Texture2DDescriptor(RGBA8Unorm, 3, 4, false), data, 8); err == nil {
		t.Error("bytesPerRow 8 < 12 accepted")
	}
	// A stencil view of a combined depth/stencil texture.
	ds, _ := New(Descriptor{TextureType: Type2D, PixelFormat: Depth32Float_Stencil8, Width: 2, Height: 2})
	_ = ds.WriteUint(Loc{X: 1}, [4]uint32{42})
	sv, err := NewView(Descriptor{TextureType: Type2D, PixelFormat: X32_Stencil8, Width: 2, Height: 2}, ds.Data(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := sv.ReadUint(Loc{X: 1}); err != nil || v[0] != 42 {
		t.Errorf("stencil view read %v %v", v, err)
	}
}

// FuzzRegionAndTexel checks that no region, pitch or coordinate panics.
func FuzzRegionAndTexel(f *testing.F) {
	f.Add(1, 1, 0, 2, 2, 1, 0, 0, 64, 8, 32, uint32(3))
	f.Add(-1, 9, 1, 1<<30, 1, 1, 2, 5, 10, -4, 1<<40, uint32(1<<31))
	tex, err := New(Descriptor{TextureType: Type3D, PixelFormat: RGBA16Float, Width: 7, Height: 5, Depth: 3, MipmapLevelCount: 3})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, x, y, z, w, h, d, lod, slice, n, bpr, bpi int, c uint32) {
		if n < 0 || n > 1<<16 {
			return
		}
		buf := make([]byte, n)
		r := Region{X: x, Y: y, Z: z, Width: w, Height: h, Depth: d}
		_ = tex.ReplaceRegion(r, lod, slice, buf, bpr, bpi)
		_ = tex.GetBytes(buf, bpr, bpi, r, lod, slice)
		_ = tex.FillFloat(r, lod, slice, [4]float32{1})
		l := Loc{X: c, Y: c >> 3, Z: c >> 6, Level: c % 5, Slice: c % 3}
		_, _ = tex.ReadFloat(l)
		_ = tex.WriteFloat(l, [4]float32{2})
	})
}
