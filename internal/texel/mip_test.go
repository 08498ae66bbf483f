package texel

import (
	"context"
	"math"
	"testing"
)

// areaRef computes a destination texel of a halved level by integrating
// the source texels' overlap with the destination's footprint.
func areaWeights(srcN, dstN, i int) []float64 {
	w := make([]float64, srcN)
	if srcN == 1 {
		w[0] = 1
		return w
	}
	scale := float64(srcN) / float64(dstN)
	lo, hi := float64(i)*scale, float64(i+1)*scale
	for j := range srcN {
		ov := math.Min(hi, float64(j+1)) - math.Max(lo, float64(j))
		if ov > 0 {
			w[j] = ov / scale
		}
	}
	return w
}

func TestBoxTapsMatchArea(t *testing.T) {
	for srcN := 1; srcN <= 17; srcN++ {
		dstN := max(1, srcN/2)
		for i := range dstN {
			idx, w, n := boxTaps(srcN, dstN, i)
			ref := areaWeights(srcN, dstN, i)
			got := make([]float64, srcN)
			for k := 0; k < n; k++ {
				got[idx[k]] += w[k]
			}
			for j := range srcN {
				if math.Abs(got[j]-ref[j]) > 1e-12 {
					t.Fatalf("src %d dst %d texel %d: weights %v, want %v", srcN, dstN, i, got, ref)
				}
			}
		}
	}
}

func TestGenerateMipmapsOddSizes(t *testing.T) {
	tex := mustTex(t, Descriptor{TextureType: Type2DArray, PixelFormat: RGBA32Float, Width: 5, Height: 3, MipmapLevelCount: 3, ArrayLength: 2})
	val := func(x, y, sl int) float32 { return float32(x*x+3*y) + 100*float32(sl) }
	for sl := range 2 {
		for y := range 3 {
			for x := range 5 {
				_ = tex.WriteFloat(Loc{X: uint32(x), Y: uint32(y), Slice: uint32(sl)}, [4]float32{val(x, y, sl), 1, 2, 1})
			}
		}
	}
	if err := tex.GenerateMipmaps(context.Background()); err != nil {
		t.Fatal(err)
	}
	for sl := range 2 {
		// Level 1 is 2x1: exact area weights over the 5x3 level.
		for x := range 2 {
			wx, wy := areaWeights(5, 2, x), areaWeights(3, 1, 0)
			var want float64
			for y := range 3 {
				for xx := range 5 {
					want += wx[xx] * wy[y] * float64(val(xx, y, sl))
				}
			}
			got, _ := tex.ReadFloat(Loc{X: uint32(x), Slice: uint32(sl), Level: 1})
			if math.Abs(float64(got[0])-want) > 1e-4 || got[1] != 1 || got[3] != 1 {
				t.Errorf("slice %d level 1 x %d = %v, want %v", sl, x, got, want)
			}
		}
		// Level 2 (1x1) averages level 1's two texels.
		a, _ := tex.ReadFloat(Loc{Slice: uint32(sl), Level: 1})
		b, _ := tex.ReadFloat(Loc{X: 1, Slice: uint32(sl), Level: 1})
		got, _ := tex.ReadFloat(Loc{Slice: uint32(sl), Level: 2})
		if math.Abs(float64(got[0]-(a[0]+b[0])/2)) > 1e-4 {
			t.Errorf("slice %d level 2 = %v, want %v", sl, got[0], (a[0]+b[0])/2)
		}
	}
}

func TestGenerateMipmapsSRGBAndErrors(t *testing.T) {
	tex := mustTex(t, Texture2DDescriptor(RGBA8Unorm_sRGB, 2, 1, true))
	_ = tex.ReplaceRegion(Region2D(0, 0, 2, 1), 0, 0, []byte{0, 0, 0, 0, 255, 255, 255, 255}, 8, 0)
	if err := tex.GenerateMipmaps(context.Background()); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 4)
	_ = tex.GetBytes(b, 4, 0, Region2D(0, 0, 1, 1), 1, 0)
	// Linear average 0.5 encodes as sRGB 188; alpha is linear (127.5 → 128).
	if b[0] != 188 || b[1] != 188 || b[2] != 188 || b[3] != 128 {
		t.Errorf("sRGB mip = % x, want bc bc bc 80", b)
	}
	cube := mustTex(t, TextureCubeDescriptor(RGBA8Unorm, 4, true))
	if err := cube.GenerateMipmaps(context.Background()); err != nil {
		t.Error(err)
	}
	for _, d := range []Descriptor{Texture2DDescriptor(R32Uint, 4, 4, true), Texture2DDescriptor(Depth32Float, 4, 4, true)} {
		if err := mustTex(t, d).GenerateMipmaps(context.Background()); err == nil {
			t.Errorf("%v mipmaps accepted", d.PixelFormat)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := mustTex(t, Texture2DDescriptor(RGBA8Unorm, 4, 4, true)).GenerateMipmaps(ctx); err == nil {
		t.Error("cancelled context ignored")
	}
}

func TestGenerateMipmaps3D(t *testing.T) {
	tex := mustTex(t, Descriptor{TextureType: Type3D, PixelFormat: R32Float, Width: 2, Height: 2, Depth: 2, MipmapLevelCount: 2})
	for i := range 8 {
		_ = tex.WriteFloat(Loc{X: uint32(i & 1), Y: uint32(i >> 1 & 1), Z: uint32(i >> 2)}, [4]float32{float32(i)})
	}
	_ = tex.GenerateMipmaps(context.Background())
	if v, _ := tex.ReadFloat(Loc{Level: 1}); v[0] != 3.5 {
		t.Errorf("3D mip = %v, want 3.5", v[0])
	}
}
