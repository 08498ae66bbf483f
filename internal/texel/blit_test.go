package texel

import "testing"

func TestCopyRegion(t *testing.T) {
	src := mustTex(t, Descriptor{TextureType: Type2DArray, PixelFormat: RGBA8Unorm, Width: 4, Height: 4, ArrayLength: 2, MipmapLevelCount: 2})
	dst := mustTex(t, Descriptor{TextureType: Type3D, PixelFormat: R32Uint, Width: 3, Height: 3, Depth: 2})
	_ = src.ReplaceRegion(Region2D(0, 0, 2, 2), 1, 1, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 8, 0)
	if err := CopyRegion(src, 1, 1, Region2D(0, 0, 2, 2), dst, 0, 0, 1, 0, 1); err != nil {
		t.Fatal(err)
	}
	v, _ := dst.ReadUint(Loc{X: 2, Y: 1, Z: 1})
	if v[0] != 0x100f0e0d {
		t.Errorf("copied texel %#x", v[0])
	}
	for _, bad := range []error{
		CopyRegion(src, 0, 0, Region2D(3, 3, 2, 2), dst, 0, 0, 0, 0, 0),
		CopyRegion(src, 0, 0, Region2D(0, 0, 2, 2), dst, 0, 0, 2, 0, 0),
		CopyRegion(src, 2, 0, Region2D(0, 0, 1, 1), dst, 0, 0, 0, 0, 0),
		CopyRegion(src, 0, 0, Region2D(0, 0, 1, 1), mustTex(t, Texture2DDescriptor(R8Unorm, 2, 2, false)), 0, 0, 0, 0, 0),
	} {
		if bad == nil {
			t.Error("bad copy accepted")
		}
	}
}

func TestResolveMultisample(t *testing.T) {
	ms := mustTex(t, Descriptor{TextureType: Type2DMultisample, PixelFormat: RGBA8Unorm_sRGB, Width: 2, Height: 1, SampleCount: 4})
	for s := range 4 {
		v := float32(0)
		if s%2 == 1 {
			v = 1
		}
		_ = ms.WriteFloat(Loc{X: 1, Sample: uint32(s)}, [4]float32{v, v, v, v})
	}
	dst := mustTex(t, Texture2DDescriptor(RGBA8Unorm_sRGB, 2, 1, false))
	if err := ResolveMultisample(ms, 0, dst, 0, 0); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 8)
	_ = dst.GetBytes(b, 8, 0, Region2D(0, 0, 2, 1), 0, 0)
	// Linear average 0.5 → sRGB 188; alpha 0.5 → 128.
	if b[4] != 188 || b[7] != 128 || b[0] != 0 {
		t.Errorf("resolved % x", b)
	}
	if err := ResolveMultisample(dst, 0, ms, 0, 0); err == nil {
		t.Error("resolve from single-sample accepted")
	}
	dms := mustTex(t, Descriptor{TextureType: Type2DMultisample, PixelFormat: Depth32Float, Width: 1, Height: 1, SampleCount: 2})
	_ = dms.WriteFloat(Loc{Sample: 0}, [4]float32{0.25})
	_ = dms.WriteFloat(Loc{Sample: 1}, [4]float32{0.75})
	ddst := mustTex(t, Texture2DDescriptor(Depth32Float, 1, 1, false))
	_ = ResolveMultisample(dms, 0, ddst, 0, 0)
	if v, _ := ddst.ReadFloat(Loc{}); v[0] != 0.25 {
		t.Errorf("depth resolve = %v, want sample 0", v[0])
	}
	ims := mustTex(t, Descriptor{TextureType: Type2DMultisample, PixelFormat: R32Uint, Width: 1, Height: 1, SampleCount: 2})
	_ = ims.WriteUint(Loc{Sample: 0}, [4]uint32{7})
	_ = ims.WriteUint(Loc{Sample: 1}, [4]uint32{9})
	idst := mustTex(t, Texture2DDescriptor(R32Uint, 1, 1, false))
	_ = ResolveMultisample(ims, 0, idst, 0, 0)
	if v, _ := idst.ReadUint(Loc{}); v[0] != 7 {
		t.Errorf("integer resolve = %v, want sample 0", v[0])
	}
}
