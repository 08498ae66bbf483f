package texel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// kernelTexture is a random texture of format f, w×h, one level, whose
// rows are row bytes apart (0: packed) and whose storage ends (or starts)
// next to an inaccessible page where the system has them, so that a read
// outside the data faults.
func kernelTexture(t *testing.T, f PixelFormat, w, h, row int, atEnd bool, seed uint64) *Texture {
	t.Helper()
	src := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: f, Width: w, Height: h, ArrayLength: 1, MipmapLevelCount: 1}, seed)
	if row == 0 {
		row = 4 * w
	}
	data := guardedBytes(t, row*(h-1)+4*w, atEnd)
	for j := range h {
		copy(data[j*row:j*row+4*w], src.Data()[j*4*w:(j+1)*4*w])
	}
	tex, err := NewView(Descriptor{TextureType: Type2D, PixelFormat: f, Width: w, Height: h, ArrayLength: 1, MipmapLevelCount: 1}, data, row)
	if err != nil {
		t.Fatal(err)
	}
	return tex
}

// kernelCoord returns a texel-space coordinate on an axis of size n of
// one of several kinds: anywhere in [−3n, 5n], on a footprint that
// straddles the Repeat wrap or an edge, on texel centres and block
// boundaries, or special (±0, near and past ±2^30, ±Inf, NaN).
func kernelCoord(r *rand.Rand, n int, kind int) float32 {
	special := []float32{0, float32(math.Copysign(0, -1)), 1<<30 - 64, -(1<<30 - 64), 1 << 30, -(1 << 30), 1 << 31, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	fn := float32(n)
	switch kind {
	case 0:
		return (r.Float32()*8 - 3) * fn
	case 1: // floor(x − 0.5) ≡ n−1 (mod n): the block straddles the wrap
		return float32(r.IntN(9)-4)*fn + fn - 0.5 + r.Float32()
	case 2: // texel centres, integers and half-integers near the edges
		return float32(r.IntN(2*n+8)-n-4) / 2
	}
	return special[r.IntN(len(special))]
}

// kernelCoords returns n coordinates for a w×h texture (normalized when
// norm): whole groups of 8 of one kernelCoord kind (mostly anywhere) and
// groups of mixed kinds.
func kernelCoords(r *rand.Rand, n, w, h int, norm bool) (u, v []float32) {
	u, v = make([]float32, n), make([]float32, n)
	for i := range n {
		ku, kv := (i/8)%4, (i/8)%4
		if (i/8)%3 == 0 {
			ku, kv = 0, 0
		}
		if (i/8)%5 == 1 {
			ku, kv = r.IntN(4), r.IntN(4)
		}
		x, y := kernelCoord(r, w, ku), kernelCoord(r, h, kv)
		u[i], v[i] = x, y
		if norm {
			u[i], v[i] = x/float32(w), y/float32(h)
		}
	}
	return u, v
}

// sampleKernel samples a with s from tex into fresh outputs prefilled with
// a marker (lanes left unwritten keep it): by the direct path with the
// AVX2 kernels (how 0), by the direct path's scalar loops (1) or by the
// general path (2).
func sampleKernel(t *testing.T, tex *Texture, s *Sampler, a *SampleArgs, mask []uint64, how int) [4][]float32 {
	t.Helper()
	n := len(a.U)
	var o [4][]float32
	for c := range o {
		o[c] = make([]float32, n)
		for i := range o[c] {
			o[c][i] = -7
		}
	}
	asm := useBilinearAsm
	useBilinearAsm = asm && how == 0
	fastPaths = how != 2
	err := tex.SampleBatch(s, a, mask, Out{o[0], o[1], o[2], o[3]})
	useBilinearAsm, fastPaths = asm, true
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// The AVX2 bilinear and nearest kernels (where the CPU has them; the test
// still checks the scalar loops elsewhere) must give the bits of the
// direct path's scalar loops and of the general path in every 8-bit
// RGBA/BGRA format,
// on power-of-two and other sizes, padded rows, every address mode pair
// it meets, normalized or not, with texel offsets, on lanes anywhere
// (far outside [0, 1], straddling the wrap or an edge, NaN, ±Inf, huge),
// full, partial and empty masks, and batch lengths that are not
// multiples of 8 or 64, without reading outside the texture's data.
func TestDirectKernelsMatch(t *testing.T) {
	type size struct{ w, h, row int }
	sizes := []size{{512, 512, 0}, {16, 8, 0}, {2, 2, 0}, {2, 64, 0}, {12, 10, 0}, {8, 16, 40}, {1, 8, 0}}
	modes := [][2]AddressMode{{Repeat, Repeat}, {ClampToEdge, ClampToEdge}, {Repeat, ClampToEdge}, {ClampToZero, Repeat}, {MirrorRepeat, Repeat}, {ClampToBorderColor, MirrorClampToEdge}}
	masks := [][]uint64{nil, {^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}, {0xff00ff00f0f0ff0f, 0x0123456789abcdef, 0xffffffff00000000, 0x8000000000000001}, {0, 0xfe, 0, 0x7f00}}
	lengths := []int{8, 13, 64, 100, 203}
	for fi, f := range []PixelFormat{RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB} {
		for si, sz := range sizes {
			tex := kernelTexture(t, f, sz.w, sz.h, sz.row, si%2 == 0, uint64(17*fi+si))
			for mi, m := range modes {
				for _, fn := range []struct {
					filt Filter
					norm bool
				}{{FilterLinear, true}, {FilterLinear, false}, {FilterNearest, true}, {FilterNearest, false}} {
					norm := fn.norm
					d := DefaultSamplerDescriptor()
					d.MinFilter, d.MagFilter, d.NormalizedCoordinates = fn.filt, fn.filt, norm
					d.SAddressMode, d.TAddressMode = m[0], m[1]
					if !norm {
						d.SAddressMode, d.TAddressMode = ClampToEdge, ClampToZero
						if mi > 1 {
							continue
						}
					}
					s := mustSampler(t, d)
					r := rand.New(rand.NewPCG(uint64(fi*100+si), uint64(mi)))
					for _, n := range lengths {
						u, v := kernelCoords(r, n, sz.w, sz.h, norm)
						for _, off := range [][3]int32{{}, {-1, 2, 0}} {
							for _, mask := range masks {
								a := SampleArgs{U: u, V: v, Mode: LodZero, Offset: off}
								got := sampleKernel(t, tex, s, &a, mask, 0)
								for how := 1; how <= 2; how++ {
									want := sampleKernel(t, tex, s, &a, mask, how)
									for c := range 4 {
										for i := range n {
											if math.Float32bits(got[c][i]) != math.Float32bits(want[c][i]) {
												t.Fatalf("%v %v %v %v norm %v n %d offset %v mask %v lane %d (%v, %v) ch %d: kernel %v (%#x), path %d %v (%#x)",
													f, sz, m, fn.filt, norm, n, off, mask != nil, i, u[i], v[i], c, got[c][i], math.Float32bits(got[c][i]), how, want[c][i], math.Float32bits(want[c][i]))
											}
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
}
