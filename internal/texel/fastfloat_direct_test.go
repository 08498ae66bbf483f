package texel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// float4KernelTexture returns a w×h RGBA32Float texture, one level, whose
// rows are row bytes apart (0: packed) and whose storage ends (or starts)
// next to an inaccessible page where the system has them, and the same
// storage as a one-layer 2D array (which the direct path does not take:
// it samples through sample2DFloat4). Most channels are in [−0.5, 1.5];
// some are ±0, ±Inf, NaN (two payloads), huge or subnormal.
func float4KernelTexture(t *testing.T, w, h, row int, atEnd bool, seed uint64) (tex, arr *Texture) {
	t.Helper()
	if row == 0 {
		row = 16 * w
	}
	data := guardedBytes(t, row*(h-1)+16*w, atEnd)
	r := rand.New(rand.NewPCG(seed, 7))
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
		math.Float32frombits(0x7fc00000), math.Float32frombits(0xffc01234), 3e38, -3e38, 1e-40, -1e-40}
	for j := range h {
		for i := range 4 * w {
			v := r.Float32()*2 - 0.5
			if r.IntN(16) == 0 {
				v = special[r.IntN(len(special))]
			}
			le.PutUint32(data[j*row+4*i:], math.Float32bits(v))
		}
	}
	d := Descriptor{TextureType: Type2D, PixelFormat: RGBA32Float, Width: w, Height: h, ArrayLength: 1, MipmapLevelCount: 1}
	tex, err := NewView(d, data, row)
	if err != nil {
		t.Fatal(err)
	}
	d.TextureType = Type2DArray
	arr, err = NewView(d, data, row)
	if err != nil {
		t.Fatal(err)
	}
	return tex, arr
}

// sameFloat reports whether a and b have the same bits or are both NaN:
// where two NaNs meet in a product or a sum, which one's payload the
// result carries depends on the operand order the compiler picks for
// the commutative operation (float4Lane and the general path differ
// there already), so the sampling paths promise NaN for NaN and the
// bits of every other result.
func sameFloat(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

// The RGBA32Float bilinear kernel (where the CPU has it; the test still
// checks the direct path's scalar loop elsewhere) must give the bits of
// the direct path's scalar loop, of sample2DFloat4 and of the general
// path (NaN for NaN: see sameFloat), texels with Inf, NaN and −0 included, on power-of-two and other
// sizes, padded rows, every address mode pair it meets, normalized or
// not, with texel offsets, on lanes anywhere (far outside [0, 1],
// straddling the wrap or an edge, NaN, ±Inf, huge), full, partial and
// empty masks, and batch lengths that are not multiples of 8 or 64,
// without reading outside the texture's data.
func TestDirectFloat4Match(t *testing.T) {
	type size struct{ w, h, row int }
	sizes := []size{{64, 32, 0}, {16, 8, 0}, {2, 2, 0}, {1, 8, 0}, {12, 10, 0}, {8, 16, 160}, {8, 1, 0}, {3, 1, 0}}
	modes := [][2]AddressMode{{Repeat, ClampToEdge}, {Repeat, Repeat}, {ClampToEdge, ClampToEdge}, {ClampToZero, Repeat},
		{MirrorRepeat, ClampToEdge}, {ClampToBorderColor, MirrorClampToEdge}, {MirrorClampToEdge, ClampToBorderColor}}
	masks := [][]uint64{nil, {^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}, {0xff00ff00f0f0ff0f, 0x0123456789abcdef, 0xffffffff00000000, 0x8000000000000001}, {0, 0xfe, 0, 0x7f00}}
	lengths := []int{8, 13, 64, 100, 203}
	for si, sz := range sizes {
		tex, arr := float4KernelTexture(t, sz.w, sz.h, sz.row, si%2 == 0, uint64(si))
		for mi, m := range modes {
			for _, norm := range []bool{true, false} {
				d := DefaultSamplerDescriptor()
				d.MinFilter, d.MagFilter, d.NormalizedCoordinates = FilterLinear, FilterLinear, norm
				d.SAddressMode, d.TAddressMode, d.BorderColor = m[0], m[1], OpaqueWhite
				if !norm {
					d.SAddressMode, d.TAddressMode = ClampToEdge, ClampToZero
					if mi > 1 {
						continue
					}
				}
				s := mustSampler(t, d)
				r := rand.New(rand.NewPCG(uint64(si), uint64(mi)))
				for _, n := range lengths {
					u, v := kernelCoords(r, n, sz.w, sz.h, norm)
					for _, off := range [][3]int32{{}, {-1, 2, 0}} {
						for _, mask := range masks {
							a := SampleArgs{U: u, V: v, Mode: LodZero, Offset: off}
							got := sampleKernel(t, tex, s, &a, mask, 0)
							for _, how := range []int{3, 1, 2} {
								var want [4][]float32
								if how == 3 {
									want = sampleKernel(t, arr, s, &a, mask, 1)
								} else {
									want = sampleKernel(t, tex, s, &a, mask, how)
								}
								for c := range 4 {
									for i := range n {
										if !sameFloat(got[c][i], want[c][i]) {
											t.Fatalf("%v %v norm %v n %d offset %v mask %v lane %d (%v, %v) ch %d: kernel %v (%#x), path %d %v (%#x)",
												sz, m, norm, n, off, mask != nil, i, u[i], v[i], c, got[c][i], math.Float32bits(got[c][i]), how, want[c][i], math.Float32bits(want[c][i]))
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

// The direct path must not take what it cannot sample as float4Lane
// does: other formats, mipmapped or anisotropic samplers, nearest or
// mixed filters, min/max reductions, arrays. Each must still give the
// general path's bits.
func TestDirectFloat4Declines(t *testing.T) {
	tex, _ := float4KernelTexture(t, 16, 8, 0, true, 9)
	mip := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: RGBA32Float, Width: 16, Height: 8, ArrayLength: 1, MipmapLevelCount: 3}, 4)
	half := randomTexture(t, Descriptor{TextureType: Type2D, PixelFormat: RGBA16Float, Width: 16, Height: 8, ArrayLength: 1, MipmapLevelCount: 1}, 5)
	base := DefaultSamplerDescriptor()
	base.MinFilter, base.MagFilter = FilterLinear, FilterLinear
	for _, c := range []struct {
		name string
		tex  *Texture
		edit func(*SamplerDescriptor)
		take bool
	}{
		{"plain", tex, func(*SamplerDescriptor) {}, true},
		{"mips unused", mip, func(*SamplerDescriptor) {}, true},
		{"trilinear", mip, func(d *SamplerDescriptor) { d.MipFilter = MipLinear }, false},
		{"anisotropic", tex, func(d *SamplerDescriptor) { d.MaxAnisotropy = 4 }, false},
		{"nearest min", tex, func(d *SamplerDescriptor) { d.MinFilter = FilterNearest }, false},
		{"nearest", tex, func(d *SamplerDescriptor) { d.MinFilter, d.MagFilter = FilterNearest, FilterNearest }, false},
		{"max", tex, func(d *SamplerDescriptor) { d.Reduction = ReductionMaximum }, false},
		{"half", half, func(*SamplerDescriptor) {}, false},
	} {
		d := base
		c.edit(&d)
		s := mustSampler(t, d)
		r := rand.New(rand.NewPCG(1, 1))
		const n = 64
		u, v, q := make([]float32, n), make([]float32, n), make([]float32, n)
		for i := range n {
			u[i], v[i], q[i] = r.Float32()*1.4-0.2, r.Float32()*1.4-0.2, r.Float32()*3
		}
		a := SampleArgs{U: u, V: v, Mode: LodLevel, Level: q}
		var o [4][n]float32
		if took := c.tex.sampleDirect2DFloat4(s, &a, nil, n, &Out{o[0][:], o[1][:], o[2][:], o[3][:]}); took != c.take {
			t.Errorf("%s: direct path took the batch: %v, want %v", c.name, took, c.take)
		}
		got := sampleKernel(t, c.tex, s, &a, nil, 0)
		want := sampleKernel(t, c.tex, s, &a, nil, 2)
		for ch := range 4 {
			for i := range n {
				if !sameFloat(got[ch][i], want[ch][i]) {
					t.Fatalf("%s: lane %d ch %d: %v, general path %v", c.name, i, ch, got[ch][i], want[ch][i])
				}
			}
		}
	}
}
