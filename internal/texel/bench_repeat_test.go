package texel

import (
	"math/rand/v2"
	"testing"
)

// benchRepeat samples 4096 random positions in [−2, 3]² of a 512² 8-bit
// texture of format f (bilinear, Repeat on both axes, no mips: the raster
// preview's material textures) in 64-lane batches, and reports ns/sample.
func benchRepeat(b *testing.B, f PixelFormat, size int) {
	const n = 4096
	tex, err := New(Texture2DDescriptor(f, size, size, false))
	if err != nil {
		b.Fatal(err)
	}
	benchFill(tex, 3)
	d := DefaultSamplerDescriptor()
	d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
	d.SAddressMode, d.TAddressMode = Repeat, Repeat
	s, err := NewSampler(d)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	u, v := make([]float32, n), make([]float32, n)
	for i := range n {
		u[i], v[i] = r.Float32()*5-2, r.Float32()*5-2
	}
	var o [4][64]float32
	out := Out{o[0][:], o[1][:], o[2][:], o[3][:]}
	for b.Loop() {
		for g := 0; g < n; g += 64 {
			a := SampleArgs{U: u[g : g+64], V: v[g : g+64], Mode: LodZero}
			if err := tex.SampleBatchTo(s, &a, nil, &out); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sample")
}

// BenchmarkBilinearRepeatSRGB512 is benchRepeat on RGBA8Unorm_sRGB (base
// colour and emissive textures).
func BenchmarkBilinearRepeatSRGB512(b *testing.B) { benchRepeat(b, RGBA8Unorm_sRGB, 512) }

// BenchmarkBilinearRepeatUnorm512 is benchRepeat on RGBA8Unorm (normal,
// metal-roughness and occlusion textures).
func BenchmarkBilinearRepeatUnorm512(b *testing.B) { benchRepeat(b, RGBA8Unorm, 512) }

// BenchmarkBilinearRepeatSRGB64 is benchRepeat on a 64² RGBA8Unorm_sRGB
// texture, which stays in the L1 cache.
func BenchmarkBilinearRepeatSRGB64(b *testing.B) { benchRepeat(b, RGBA8Unorm_sRGB, 64) }

// BenchmarkBilinearRepeatUnorm64 is benchRepeat on a 64² RGBA8Unorm texture.
func BenchmarkBilinearRepeatUnorm64(b *testing.B) { benchRepeat(b, RGBA8Unorm, 64) }
