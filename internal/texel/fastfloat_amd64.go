package texel

import (
	"math/bits"
	"unsafe"
)

// float4AsmArgs is what bilinearF4AVX2 reads of a batch; the assembly
// names its fields by offset (TestBilinearF4AsmLayout checks them).
type float4AsmArgs struct {
	u, v       *float32 // lane 0 of the coordinates
	r, g, b, a *float32 // lane 0 of the outputs
	data       *byte    // the texture's first byte
	wf, hf     float32  // coordinate scales (1 without normalization)
	ox, oy     float32  // texel offsets
	mx, my     int32    // index masks: size−1 for Repeat on a power of two, else −1
	lx, ly     int32    // the largest first index (unsigned) of a passing lane: size−2, or −1 (any)
	cx, cy     int32    // size−1: indices are clamped to [0, size−1]
	row, base  int32    // the level's row pitch and first byte
}

// bilinearF4AVX2 filters the groups of 8 lanes [g0+8j, g0+8j+8) with an
// active lane in byte j of lanes (bit l for lane g0+l; every lane of such
// a group must be inside the slices), writing only the active lanes. A
// lane passes when |x|, |y| < 2^30 (x, y its texel position shifted by
// −0.5) and, on each axis, its footprint needs no addressing or the
// address mode is one the kernel applies to the two indices: Repeat on a
// power-of-two size (a mask) or ClampToEdge (a clamp), which are wrap's
// results for those modes. It returns the bits of the active lanes that
// passed; the others hold garbage (or nothing) for the caller to redo.
// The float operations are lane's, in the same order, without FMA, and
// a corner of weight 0 adds +0 in place of its product (the sum, never
// −0, keeps its bits: lane skips that corner), so the bits are the same.
// It reads the texels of the passing lanes and, for the others, the
// texel at offset 0 (the caller checks that the level lies in the data).
//
//go:noescape
func bilinearF4AVX2(k *float4AsmArgs, g0 int, lanes uint64) uint64

// axisF4Asm returns the index mask, pass limit and clamp of an axis of
// size n with address mode m for bilinearF4AVX2, ok false when no lane
// could pass (a one-texel axis whose mode needs wrap).
func axisF4Asm(m AddressMode, n int32) (mask, lim, clamp int32, ok bool) {
	switch {
	case m == Repeat && n&(n-1) == 0:
		return n - 1, -1, n - 1, true
	case m == ClampToEdge:
		return -1, -1, n - 1, true
	case n >= 2:
		return -1, n - 2, n - 1, true
	}
	return 0, 0, 0, false
}

// sampleAsm samples the active lanes of the whole batch with
// bilinearF4AVX2 (and lane for the lanes it leaves), when the CPU and the
// level qualify; it reports false (doing nothing) otherwise.
func (k *bilinearFloat4) sampleAsm(mask []uint64) bool {
	n := len(k.u)
	data, base, row, w, h := k.data, k.base, k.row, k.w, k.h
	// Offsets of the texels are below len(data) < 2^31, and a texel of a
	// passing lane ends inside the level's last row.
	if !useBilinearAsm || n < 8 || w < 1 || h < 1 || w > 1<<24 || h > 1<<24 ||
		len(data) >= 1<<31 || base < 0 || row < 16*int(w) || base+int(h-1)*row+16*int(w) > len(data) {
		return false
	}
	var a float4AsmArgs
	var okx, oky bool
	a.mx, a.lx, a.cx, okx = axisF4Asm(k.ms, w)
	a.my, a.ly, a.cy, oky = axisF4Asm(k.mt, h)
	if !okx || !oky {
		return false
	}
	a.u, a.v = &k.u[0], &k.v[0]
	a.r, a.g, a.b, a.a = &k.r[0], &k.g[0], &k.b[0], &k.a[0]
	a.data = unsafe.SliceData(data)
	a.wf, a.hf, a.ox, a.oy = 1, 1, k.ox, k.oy
	if k.norm {
		a.wf, a.hf = k.wf, k.hf
	}
	a.row, a.base = int32(row), int32(base)
	for g0 := 0; g0 < n; g0 += 64 {
		end := min(g0+64, n)
		n8 := (end - g0) &^ 7
		lanes := uint64(1)<<n8 - 1 // all ones for n8 = 64
		if mask != nil {
			lanes &= mask[g0>>6]
		}
		if lanes != 0 {
			for rest := lanes &^ bilinearF4AVX2(&a, g0, lanes); rest != 0; rest &= rest - 1 {
				k.lane(g0 + bits.TrailingZeros64(rest))
			}
		}
		if g0+n8 < end {
			k.scalar(mask, g0+n8, end)
		}
	}
	return true
}
