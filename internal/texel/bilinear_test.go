package texel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Batches that the AVX2 kernels take (groups of 8 lanes inside the level)
// mixed with groups they leave to the scalar loop must
// give the general path's bits, with linear and nearest filtering, on
// widths that are not multiples of 64.
func TestDirectBilinearGroups(t *testing.T) {
	for _, f := range []PixelFormat{RGBA8Unorm, BGRA8Unorm} {
		tex := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: 37, Height: 23, ArrayLength: 1, MipmapLevelCount: 1}, 3)
		for _, fn := range []struct {
			filt Filter
			norm bool
		}{{FilterLinear, true}, {FilterLinear, false}, {FilterNearest, true}, {FilterNearest, false}} {
			norm := fn.norm
			d := DefaultSamplerDescriptor()
			d.MinFilter, d.MagFilter, d.NormalizedCoordinates = fn.filt, fn.filt, norm
			d.SAddressMode, d.TAddressMode = Repeat, ClampToEdge
			if !norm {
				d.SAddressMode, d.TAddressMode = ClampToEdge, ClampToZero
			}
			s := mustSampler(t, d)
			for _, n := range []int{8, 64, 100, 200} {
				r := rand.New(rand.NewPCG(uint64(n), 9))
				u, v := make([]float32, n), make([]float32, n)
				for i := range n {
					// Mostly inside; every fifth group has lanes past an edge.
					u[i], v[i] = 0.05+0.9*r.Float32(), 0.05+0.9*r.Float32()
					if (i/8)%5 == 4 && i%3 == 0 {
						u[i], v[i] = r.Float32()*1.4-0.2, r.Float32()*1.4-0.2
					}
					if i == n-1 {
						u[i] = float32(math.NaN())
					}
					if !norm {
						u[i], v[i] = u[i]*37, v[i]*23
					}
				}
				for _, mask := range [][]uint64{nil, {0xffffff00ffffffff, 0xff0fffffffffffff, 0xffffffffffffffff, ^uint64(0)}} {
					a := SampleArgs{U: u, V: v, Mode: LodZero, Offset: [3]int32{-1, 2}}
					var o1, o2 [4][]float32
					for c := range 4 {
						o1[c], o2[c] = make([]float32, n), make([]float32, n)
					}
					if err := tex.SampleBatchTo(s, &a, mask, &Out{o1[0], o1[1], o1[2], o1[3]}); err != nil {
						t.Fatal(err)
					}
					fastPaths = false
					err := tex.SampleBatch(s, &a, mask, Out{o2[0], o2[1], o2[2], o2[3]})
					fastPaths = true
					if err != nil {
						t.Fatal(err)
					}
					for c := range 4 {
						for i := range n {
							if math.Float32bits(o1[c][i]) != math.Float32bits(o2[c][i]) && !(o1[c][i] != o1[c][i] && o2[c][i] != o2[c][i]) {
								t.Fatalf("%v %v norm %v n %d mask %v lane %d ch %d: fast %v general %v", f, fn.filt, norm, n, mask != nil, i, c, o1[c][i], o2[c][i])
							}
						}
					}
				}
			}
		}
	}
}

// Batches whose blocks straddle the level's edges (the direct path wraps
// them in its scalar loop, next to vector groups) must give the general
// path's bits, at every edge and corner, in both byte orders.
func TestDirectBilinearEdges(t *testing.T) {
	const w, h, n = 16, 8, 256
	for _, f := range []PixelFormat{RGBA8Unorm, BGRA8Unorm} {
		tex := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: w, Height: h, ArrayLength: 1, MipmapLevelCount: 1}, 5)
		for _, modes := range [][2]AddressMode{{ClampToEdge, ClampToEdge}, {Repeat, Repeat}, {Repeat, ClampToEdge}, {ClampToEdge, Repeat}, {MirrorRepeat, Repeat}} {
			d := DefaultSamplerDescriptor()
			d.MinFilter, d.MagFilter = FilterLinear, FilterLinear
			d.SAddressMode, d.TAddressMode = modes[0], modes[1]
			s := mustSampler(t, d)
			r := rand.New(rand.NewPCG(uint64(modes[0]), uint64(modes[1])))
			u, v := make([]float32, n), make([]float32, n)
			for i := range n {
				// Texel-space positions within one texel of an edge (or a
				// corner), some just past it, a few far outside.
				edge := func(size int) float32 {
					switch r.IntN(3) {
					case 0:
						return r.Float32()*1.6 - 0.8
					case 1:
						return float32(size) + r.Float32()*1.6 - 0.8
					}
					return r.Float32() * float32(size)
				}
				x, y := edge(w), edge(h)
				if i%37 == 0 {
					x = -3.5
				}
				u[i], v[i] = x/w, y/h
			}
			a := SampleArgs{U: u, V: v, Mode: LodZero}
			var o1, o2 [4][]float32
			for c := range 4 {
				o1[c], o2[c] = make([]float32, n), make([]float32, n)
			}
			if err := tex.SampleBatch(s, &a, nil, Out{o1[0], o1[1], o1[2], o1[3]}); err != nil {
				t.Fatal(err)
			}
			fastPaths = false
			err := tex.SampleBatch(s, &a, nil, Out{o2[0], o2[1], o2[2], o2[3]})
			fastPaths = true
			if err != nil {
				t.Fatal(err)
			}
			for c := range 4 {
				for i := range n {
					if math.Float32bits(o1[c][i]) != math.Float32bits(o2[c][i]) {
						t.Fatalf("%v %v lane %d (%v, %v) ch %d: fast %v general %v", f, modes, i, u[i]*w, v[i]*h, c, o1[c][i], o2[c][i])
					}
				}
			}
		}
	}
}

// Repeat on power-of-two sides wraps footprints by masks in the direct
// path: coordinates many periods away, negative, near ±2^30 and past it,
// −0, infinities and NaN must give the general path's bits, with Repeat
// on one or both axes, in every 8-bit format, with and without a mask.
func TestDirectBilinearRepeatMask(t *testing.T) {
	const n = 256
	special := []float32{0, float32(math.Copysign(0, -1)), 0.5, -0.5, 1 << 29, -(1 << 29), 1<<30 - 64, -(1<<30 - 64), 1 << 30, -(1 << 30), 1 << 31, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for _, f := range []PixelFormat{RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB} {
		for _, size := range [][2]int{{16, 8}, {2, 32}, {12, 8}} {
			tex := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: size[0], Height: size[1], ArrayLength: 1, MipmapLevelCount: 1}, 13)
			for _, modes := range [][2]AddressMode{{Repeat, Repeat}, {Repeat, ClampToEdge}, {ClampToZero, Repeat}} {
				for _, norm := range []bool{true, false} {
					d := DefaultSamplerDescriptor()
					d.MinFilter, d.MagFilter, d.NormalizedCoordinates = FilterLinear, FilterLinear, norm
					d.SAddressMode, d.TAddressMode = modes[0], modes[1]
					if !norm {
						d.SAddressMode, d.TAddressMode = ClampToEdge, ClampToZero
					}
					s := mustSampler(t, d)
					r := rand.New(rand.NewPCG(uint64(size[0]), uint64(modes[1])))
					u, v := make([]float32, n), make([]float32, n)
					for i := range n {
						u[i], v[i] = r.Float32()*40-20, r.Float32()*40-20
						if i%4 == 0 {
							u[i], v[i] = r.Float32()+1, r.Float32()-3
						}
						if i%7 == 0 {
							u[i] = special[(i/7)%len(special)]
						}
						if i%11 == 0 {
							v[i] = special[(i/11)%len(special)]
						}
						if !norm {
							u[i], v[i] = u[i]*float32(size[0]), v[i]*float32(size[1])
						}
					}
					for _, mask := range [][]uint64{nil, {0xf0f0ffff0000ffff, 0x123456789abcdef0, ^uint64(0), 0x8000000000000001}} {
						a := SampleArgs{U: u, V: v, Mode: LodZero}
						var o1, o2 [4][]float32
						for c := range 4 {
							o1[c], o2[c] = make([]float32, n), make([]float32, n)
						}
						if err := tex.SampleBatch(s, &a, mask, Out{o1[0], o1[1], o1[2], o1[3]}); err != nil {
							t.Fatal(err)
						}
						fastPaths = false
						err := tex.SampleBatch(s, &a, mask, Out{o2[0], o2[1], o2[2], o2[3]})
						fastPaths = true
						if err != nil {
							t.Fatal(err)
						}
						for c := range 4 {
							for i := range n {
								if math.Float32bits(o1[c][i]) != math.Float32bits(o2[c][i]) {
									t.Fatalf("%v %v %v norm %v mask %v lane %d (%v, %v) ch %d: fast %v (%#x) general %v (%#x)", f, size, modes, norm, mask != nil, i, u[i], v[i], c, o1[c][i], math.Float32bits(o1[c][i]), o2[c][i], math.Float32bits(o2[c][i]))
								}
							}
						}
					}
				}
			}
		}
	}
}
