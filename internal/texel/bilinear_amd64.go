package texel

import (
	"math/bits"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// useBilinearAsm selects the AVX2 kernels of bilinear_amd64.s (bilinear
// and nearest) in every build: an AVX2 and FMA CPU (cpu also checks that
// the OS saves the YMM state); set once at start-up.
var useBilinearAsm = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// bilinearAsmArgs is what bilinear8AVX2 reads of a batch; the assembly
// names its fields by offset (TestBilinearAsmLayout checks them).
type bilinearAsmArgs struct {
	u, v         *float32 // lane 0 of the coordinates
	c0, g, c2, a *float32 // lane 0 of the outputs of texel bytes 0..3
	data         *byte    // the texture's first byte
	rgb          *float32 // the colour decode table, nil for unorm8
	wf, hf       float32  // coordinate scales (1 without normalization)
	ox, oy       float32  // texel offsets
	mx, my       int32    // index masks: size−1 for Repeat on a power of two, else −1
	wl, hl       int32    // the largest index a lane reads from: w−2, h−2 (bilinear blocks), w−1, h−1 (nearest)
	row, base    int32    // the level's row pitch and first byte
}

// bilinear8AVX2 filters the groups of 8 lanes [g0+8j, g0+8j+8) with an
// active lane in byte j of lanes (bit l for lane g0+l; every lane of such
// a group must be inside the slices), writing only the active lanes. A
// lane passes when the scalar loop would read a 2×2 block (inside the
// level, or wrapped by the Repeat masks without straddling the wrap, with
// |x|, |y| < 2^30); it returns the bits of the active lanes that passed.
// The others hold garbage (or nothing) for the caller to redo. Colour
// bytes decode through k.rgb (sRGB) or exactly as unorm8, alpha always
// as unorm8. The float operations are the scalar loop's, in the same
// order, without FMA but in the exact unorm8 decode, so the bits are the
// same. It reads the blocks of the passing lanes and, for the others, the
// block at offset 0 (the caller checks that the level lies in the data).
//
//go:noescape
func bilinear8AVX2(k *bilinearAsmArgs, g0 int, lanes uint64) uint64

// nearest8AVX2 is bilinear8AVX2 for nearest filtering (k.wl = w−1,
// k.hl = h−1): a lane passes when its texel, floor(x) and floor(y)
// wrapped by the Repeat masks, lies in the level with |x|, |y| < 2^30;
// it reads the texels of the passing lanes and the one at offset 0.
//
//go:noescape
func nearest8AVX2(k *bilinearAsmArgs, g0 int, lanes uint64) uint64

// decodeUnorm8AVX2 decodes the bytes c (0..255 in each lane) with
// bilinear8AVX2's unorm8 decode: c·inv255Hi + c·inv255Lo rounded once,
// where inv255Hi = float32(1/255) and inv255Lo = 1/255 − inv255Hi to
// float32, so the sum is 1/255 to about 48 bits. That rounds to exactly
// float32(c)/255 = unorm8LUT[c] for every byte: the product is off by
// about 2^-48 relative, and c/255, whose binary expansion repeats c's
// eight bits, is never that close to a rounding midpoint (the tests check
// all 256 bytes).
//
//go:noescape
func decodeUnorm8AVX2(c *[8]uint32, out *[8]float32)

// sampleAsm samples the active lanes of the whole batch with
// bilinear8AVX2 (and the scalar loop for the lanes it leaves), when the
// CPU and the level qualify; it reports false (doing nothing) otherwise.
func (k *bilinearRGBA8) sampleAsm(mask []uint64) bool {
	n := len(k.u)
	data, base, row, w, h := k.data, k.base, k.row, k.w, k.h
	// Offsets of the blocks' bytes are below len(data) < 2^31, and a
	// block of a passing lane ends inside the level's last row.
	if !useBilinearAsm || n < 8 || k.bpp != 4 || w < 2 || h < 2 || w > 1<<24 || h > 1<<24 ||
		len(data) >= 1<<31 || base < 0 || row < 4*int(w) || base+int(h-1)*row+4*int(w) > len(data) {
		return false
	}
	var a bilinearAsmArgs
	a.u, a.v = &k.u[0], &k.v[0]
	a.c0, a.g, a.c2, a.a = &k.c0[0], &k.g[0], &k.c2[0], &k.a[0]
	a.data = unsafe.SliceData(data)
	if k.rgb != &unorm8LUT {
		a.rgb = &k.rgb[0]
	}
	a.wf, a.hf, a.ox, a.oy = 1, 1, k.ox, k.oy
	if k.norm {
		a.wf, a.hf = k.wf, k.hf
	}
	a.mx, a.my = -1, -1
	if k.rx != 0 {
		a.mx = k.rx
	}
	if k.ry != 0 {
		a.my = k.ry
	}
	a.wl, a.hl, a.row, a.base = w-2, h-2, int32(row), int32(base)
	for g0 := 0; g0 < n; g0 += 64 {
		end := min(g0+64, n)
		n8 := (end - g0) &^ 7
		lanes := uint64(1)<<n8 - 1 // all ones for n8 = 64
		if mask != nil {
			lanes &= mask[g0>>6]
		}
		if lanes != 0 {
			for rest := lanes &^ bilinear8AVX2(&a, g0, lanes); rest != 0; rest &= rest - 1 {
				l := g0 + bits.TrailingZeros64(rest)
				k.scalar(nil, l, l+1)
			}
		}
		if g0+n8 < end {
			k.scalar(mask, g0+n8, end)
		}
	}
	return true
}

// sampleAsm samples the active lanes of the whole batch with nearest8AVX2
// (and the scalar loop for the lanes it leaves), writing the channels in
// bytes 0 and 2 of a texel to c0 and c2, when the CPU and the level
// qualify; it reports false (doing nothing) otherwise.
func (k *nearestRGBA8) sampleAsm(mask []uint64, c0, c2 []float32) bool {
	n := len(k.u)
	data, base, row, w, h := k.data, k.base, k.row, k.w, k.h
	// Texel offsets are below len(data) < 2^31, and a texel of a passing
	// lane ends inside the level's last row.
	if !useBilinearAsm || n < 8 || k.bpp != 4 || w < 1 || h < 1 || w > 1<<24 || h > 1<<24 ||
		len(data) >= 1<<31 || base < 0 || row < 4*int(w) || base+int(h-1)*row+4*int(w) > len(data) {
		return false
	}
	var a bilinearAsmArgs
	a.u, a.v = &k.u[0], &k.v[0]
	a.c0, a.g, a.c2, a.a = &c0[0], &k.g[0], &c2[0], &k.a[0]
	a.data = unsafe.SliceData(data)
	if k.rgb != &unorm8LUT {
		a.rgb = &k.rgb[0]
	}
	a.wf, a.hf, a.ox, a.oy = 1, 1, k.ox, k.oy
	if k.norm {
		a.wf, a.hf = k.wf, k.hf
	}
	a.mx, a.my = -1, -1
	if m := repeatMask(k.ms, w, k.bpp); m != 0 {
		a.mx = m
	}
	if m := repeatMask(k.mt, h, k.bpp); m != 0 {
		a.my = m
	}
	a.wl, a.hl, a.row, a.base = w-1, h-1, int32(row), int32(base)
	for g0 := 0; g0 < n; g0 += 64 {
		end := min(g0+64, n)
		n8 := (end - g0) &^ 7
		lanes := uint64(1)<<n8 - 1 // all ones for n8 = 64
		if mask != nil {
			lanes &= mask[g0>>6]
		}
		if lanes != 0 {
			for rest := lanes &^ nearest8AVX2(&a, g0, lanes); rest != 0; rest &= rest - 1 {
				l := g0 + bits.TrailingZeros64(rest)
				k.scalar(nil, l, l+1)
			}
		}
		if g0+n8 < end {
			k.scalar(mask, g0+n8, end)
		}
	}
	return true
}
