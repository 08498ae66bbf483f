package texel

import "math"

// This file holds the cheapest sample of all: a plain 2D 8-bit RGBA/BGRA
// texture sampled without mips or anisotropy, with the same filter for
// minification and magnification (so the LOD does not matter). It skips
// the per-chunk lane state (coordinate copies, LOD selection) and reads
// the coordinates straight from the arguments. It does the float
// operations of sample2DRGBA8 with pass weight 1, in the same order, and
// reads one texel for nearest filtering where sample2DRGBA8 adds three
// zero-weight corners (unorm texels are finite and ≥ 0, so adding w·t = +0
// changes no bit): results are bit-identical to the general path.

// borderWord returns the border colour of s for the 8-bit RGBA/BGRA format
// f as a texel word in the format's byte order (R in byte ri, B in byte
// bi). Border channels are 0 or 1 (never −0), so the bytes come from the
// float bits without float arithmetic.
func borderWord(s *Sampler, f PixelFormat, ri, bi int) uint32 {
	border := s.borderFor(f)
	var bb [4]byte
	for c, at := range [4]int{ri, 1, bi, 3} {
		if math.Float32bits(border[c]) != 0 {
			bb[at] = 255
		}
	}
	return le.Uint32(bb[:])
}

// sampleDirect2DRGBA8 samples the active lanes of [0, n) when the texture
// and sampler qualify; it reports false (doing nothing) otherwise.
func (t *Texture) sampleDirect2DRGBA8(s *Sampler, a *SampleArgs, mask []uint64, n int, out *Out) bool {
	d := &s.d
	if !fastPaths || t.desc.TextureType != Type2D || d.Reduction != ReductionWeightedAverage || d.MinFilter != d.MagFilter {
		return false
	}
	norm := d.NormalizedCoordinates
	if norm && (len(t.levels) > 1 && d.MipFilter != MipNotMipmapped || s.aniso != 1) {
		return false
	}
	rgb, ri, bi, ok := fastRGBA8Tables(t.format)
	if !ok {
		return false
	}
	// The border word of the 8-bit RGBA/BGRA formats (all have alpha and
	// are not integer, so it depends only on the byte order).
	bw := s.bw8[ri>>1]
	rs, bs := uint(8*ri), uint(8*bi)
	lv := &t.levels[0]
	w, h := int32(lv.w), int32(lv.h)
	wf, hf := float32(lv.w), float32(lv.h)
	ms, mt := d.SAddressMode, d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	data, bpp, base, row := t.data, t.bpp, lv.off, lv.row
	u, v := a.U[:n], a.V[:n]
	R, G, B, A := out.R[:n], out.G[:n], out.B[:n], out.A[:n]
	if d.MinFilter != FilterLinear {
		if !(useBilinearAsm && bpp == 4 && len(u) >= 8) {
			// The whole batch one lane at a time (this loop inline is
			// faster than nk.scalar without the AVX2 kernel).
			for i := range u {
				if mask != nil && !isActive(mask, i) {
					continue
				}
				x, y := u[i]+ox, v[i]+oy
				if norm {
					x, y = u[i]*wf+ox, v[i]*hf+oy
				}
				i0, j0 := floorI(x), floorI(y)
				if uint32(i0) >= uint32(w) {
					i0 = wrap(i0, w, ms)
				}
				if uint32(j0) >= uint32(h) {
					j0 = wrap(j0, h, mt)
				}
				p := texelWord(data, bw, i0, j0, base+int(j0)*row, bpp)
				R[i], G[i], B[i], A[i] = rgb[byte(p>>rs)], rgb[byte(p>>8)], rgb[byte(p>>bs)], unorm8LUT[byte(p>>24)]
			}
			return true
		}
		var nk nearestRGBA8 // field by field, as k below
		nk.u, nk.v, nk.r, nk.g, nk.b, nk.a = u, v, R, G, B, A
		nk.data, nk.base, nk.row, nk.bpp = data, base, row, bpp
		nk.norm, nk.wf, nk.hf, nk.ox, nk.oy = norm, wf, hf, ox, oy
		nk.w, nk.h, nk.ms, nk.mt = w, h, ms, mt
		nk.rgb, nk.bw, nk.rs, nk.bs = rgb, bw, rs, bs
		// C0 and C2 receive the channels in bytes 0 and 2 of a texel.
		C0, C2 := R, B
		if ri == 2 {
			C0, C2 = B, R
		}
		if !nk.sampleAsm(mask, C0, C2) {
			nk.scalar(mask, 0, len(u))
		}
		return true
	}
	// Sample positions in [0, fw1) × [0, fh1) read a 2×2 block wholly
	// inside the level (none when texels are not 4 bytes).
	var fw1, fh1 float32
	if bpp == 4 && w <= 1<<24 && h <= 1<<24 { // w-1, h-1 exact in float32
		fw1, fh1 = float32(w-1), float32(h-1)
	}
	// C0 and C2 receive the channels in bytes 0 and 2 of a texel.
	C0, C2 := R, B
	if ri == 2 {
		C0, C2 = B, R
	}
	// Field by field: a composite literal is built in a temporary and
	// copied (about 250 bytes) on every call.
	var k bilinearRGBA8
	k.u, k.v, k.c0, k.g, k.c2, k.a = u, v, C0, G, C2, A
	k.data, k.base, k.row, k.bpp = data, base, row, bpp
	k.norm, k.wf, k.hf, k.ox, k.oy = norm, wf, hf, ox, oy
	k.w, k.h, k.fw1, k.fh1 = w, h, fw1, fh1
	k.rgb, k.bw, k.rs, k.bs, k.ms, k.mt = rgb, bw, rs, bs, ms, mt
	k.rx, k.ry = repeatMask(ms, w, bpp), repeatMask(mt, h, bpp)
	// Groups of 8 lanes go to the AVX2 kernel where the CPU has one.
	if !k.sampleAsm(mask) {
		k.scalar(mask, 0, len(u))
	}
	return true
}

// nearestRGBA8 holds what the direct nearest path needs.
type nearestRGBA8 struct {
	u, v, r, g, b, a []float32
	data             []byte
	base, row, bpp   int
	norm             bool
	wf, hf, ox, oy   float32
	w, h             int32
	ms, mt           AddressMode
	rgb              *[256]float32
	bw               uint32
	rs, bs           uint
}

// scalar samples the active lanes of [lo, hi) one at a time.
func (k *nearestRGBA8) scalar(mask []uint64, lo, hi int) {
	u := k.u[lo:hi]
	v, R, G, B, A := k.v[lo:hi][:len(u)], k.r[lo:hi][:len(u)], k.g[lo:hi][:len(u)], k.b[lo:hi][:len(u)], k.a[lo:hi][:len(u)]
	norm, wf, hf, ox, oy := k.norm, k.wf, k.hf, k.ox, k.oy
	data, base, row, bpp := k.data, k.base, k.row, k.bpp
	rgb, bw, rs, bs := k.rgb, k.bw, k.rs, k.bs
	ms, mt, w, h := k.ms, k.mt, k.w, k.h
	for i := range u {
		if mask != nil && !isActive(mask, lo+i) {
			continue
		}
		x, y := u[i]+ox, v[i]+oy
		if norm {
			x, y = u[i]*wf+ox, v[i]*hf+oy
		}
		i0, j0 := floorI(x), floorI(y)
		if uint32(i0) >= uint32(w) {
			i0 = wrap(i0, w, ms)
		}
		if uint32(j0) >= uint32(h) {
			j0 = wrap(j0, h, mt)
		}
		p := texelWord(data, bw, i0, j0, base+int(j0)*row, bpp)
		R[i], G[i], B[i], A[i] = rgb[byte(p>>rs)], rgb[byte(p>>8)], rgb[byte(p>>bs)], unorm8LUT[byte(p>>24)]
	}
}

// blockAxis returns, for texel coordinate x (already shifted by −0.5) on
// one axis, the first index i0 of the two texels a bilinear footprint
// reads and the weight of the second, when both lie inside the level and
// side by side after addressing (ok false otherwise: the caller wraps).
// Positions in [0, n1) need no addressing (n1 = size−1, or 0 when no
// block qualifies); with rep > 0 (Repeat on a power-of-two size, rep =
// size−1) any |x| < 2^30 is wrapped by a mask, unless the block straddles
// the wrap. i0 and the weight are those of floorI and wrap (the general
// path's), and the weight is in [0, 1).
func blockAxis(x, n1 float32, rep int32) (i0 int32, f float32, ok bool) {
	if x >= 0 && x < n1 {
		// floor is truncation, no wrapping (NaN fails).
		i0 = int32(x)
		return i0, x - float32(i0), true
	}
	if rep <= 0 || !(x > -(1<<30) && x < 1<<30) {
		return 0, 0, false
	}
	i0 = int32(x)
	if float32(i0) > x {
		i0--
	}
	// (i0 mod size) + 1 = (i0+1) mod size unless i0 mod size = size−1.
	f, i0 = x-float32(i0), i0&rep
	return i0, f, i0 != rep
}

// block2x2 filters the 2×2 block of 4-byte texels at byte o (rows row
// bytes apart) with weights fx, fy in [0, 1), as the inside case of
// bilinearRGBA8.scalar does, and returns the sums of the channels in
// bytes 0, 1, 2 and 3.
func block2x2(data []byte, o, row int, fx, fy float32, rgb *[256]float32) (a0, a1, a2, a3 float32) {
	b0, b1 := data[o:o+8:o+8], data[o+row:o+row+8:o+row+8]
	wx0, wy0 := 1-fx, 1-fy
	// 0 + p = p as p ≥ +0, as in the inside case.
	wt := wx0 * wy0
	a0, a1, a2, a3 = wt*rgb[b0[0]], wt*rgb[b0[1]], wt*rgb[b0[2]], wt*unorm8LUT[b0[3]]
	wt = fx * wy0
	a0, a1, a2, a3 = a0+wt*rgb[b0[4]], a1+wt*rgb[b0[5]], a2+wt*rgb[b0[6]], a3+wt*unorm8LUT[b0[7]]
	wt = wx0 * fy
	a0, a1, a2, a3 = a0+wt*rgb[b1[0]], a1+wt*rgb[b1[1]], a2+wt*rgb[b1[2]], a3+wt*unorm8LUT[b1[3]]
	wt = fx * fy
	a0, a1, a2, a3 = a0+wt*rgb[b1[4]], a1+wt*rgb[b1[5]], a2+wt*rgb[b1[6]], a3+wt*unorm8LUT[b1[7]]
	return
}

// repeatMask returns size−1 when addressing mode m on a level of size n
// (texels of 4 bytes) wraps indices by a mask (Repeat, n a power of two
// ≥ 2), 0 otherwise.
func repeatMask(m AddressMode, n int32, bpp int) int32 {
	if m != Repeat || bpp != 4 || n < 2 || n&(n-1) != 0 {
		return 0
	}
	return n - 1
}

// scalar samples the active lanes of [lo, hi) one at a time.
func (k *bilinearRGBA8) scalar(mask []uint64, lo, hi int) {
	if k.rx != 0 && k.ry != 0 {
		k.scalarRepeat(mask, lo, hi)
		return
	}
	// Lane i of these slices is lane lo+i of the batch; all have the
	// same length, so the loop indexes them without bounds checks.
	u := k.u[lo:hi]
	v, C0, G, C2, A := k.v[lo:hi][:len(u)], k.c0[lo:hi][:len(u)], k.g[lo:hi][:len(u)], k.c2[lo:hi][:len(u)], k.a[lo:hi][:len(u)]
	norm, wf, hf, ox, oy := k.norm, k.wf, k.hf, k.ox, k.oy
	data, base, row, rgb := k.data, k.base, k.row, k.rgb
	w1, h1, rx, ry := k.fw1, k.fh1, k.rx, k.ry
	for i := range u {
		if mask != nil && !isActive(mask, lo+i) {
			continue
		}
		x, y := u[i]+ox, v[i]+oy
		if norm {
			x, y = u[i]*wf+ox, v[i]*hf+oy
		}
		x, y = x-0.5, y-0.5
		if x >= 0 && x < w1 && y >= 0 && y < h1 {
			// All four texels inside (0 ≤ floor(x) < w-1 and the same
			// for y; NaN fails): floor is truncation, bytes read
			// directly, no wrapping (blockAxis's first case, inline).
			i0, j0 := int32(x), int32(y)
			fx, fy := x-float32(i0), y-float32(j0)
			o := base + int(j0)*row + int(i0)*4
			b0, b1 := data[o:o+8:o+8], data[o+row:o+row+8:o+row+8]
			wx0, wy0 := 1-fx, 1-fy
			// a0 and a2 are the channels in bytes 0 and 2 (R and B, or
			// B and R: see C0, C2).
			// The first products start the sums: 0 + p = p as p ≥ +0
			// (weights ≥ +0 as 0 ≤ fx, fy < 1; decoded texels ≥ +0).
			wt := wx0 * wy0
			a0, a1, a2, a3 := wt*rgb[b0[0]], wt*rgb[b0[1]], wt*rgb[b0[2]], wt*unorm8LUT[b0[3]]
			wt = fx * wy0
			a0, a1, a2, a3 = a0+wt*rgb[b0[4]], a1+wt*rgb[b0[5]], a2+wt*rgb[b0[6]], a3+wt*unorm8LUT[b0[7]]
			wt = wx0 * fy
			a0, a1, a2, a3 = a0+wt*rgb[b1[0]], a1+wt*rgb[b1[1]], a2+wt*rgb[b1[2]], a3+wt*unorm8LUT[b1[3]]
			wt = fx * fy
			a0, a1, a2, a3 = a0+wt*rgb[b1[4]], a1+wt*rgb[b1[5]], a2+wt*rgb[b1[6]], a3+wt*unorm8LUT[b1[7]]
			C0[i], G[i], C2[i], A[i] = a0, a1, a2, a3
			continue
		}
		if rx|ry != 0 {
			// Repeat on one power-of-two axis: a 2×2 block after
			// wrapping, when inside on the other axis.
			i0, fx, okx := blockAxis(x, w1, rx)
			j0, fy, oky := blockAxis(y, h1, ry)
			if okx && oky {
				C0[i], G[i], C2[i], A[i] = block2x2(data, base+int(j0)*row+int(i0)*4, row, fx, fy, rgb)
				continue
			}
		}
		k.edge(i+lo, x, y)
	}
}

// scalarRepeat is scalar for Repeat on both axes of a level whose sides
// are powers of two: every lane with |x|, |y| < 2^30 wraps its footprint
// by masks (blockAxis's second case, inline) and reads a 2×2 block unless
// it straddles the wrap.
func (k *bilinearRGBA8) scalarRepeat(mask []uint64, lo, hi int) {
	// Lane i of these slices is lane lo+i of the batch; all have the
	// same length, so the loop indexes them without bounds checks.
	u := k.u[lo:hi]
	v, C0, G, C2, A := k.v[lo:hi][:len(u)], k.c0[lo:hi][:len(u)], k.g[lo:hi][:len(u)], k.c2[lo:hi][:len(u)], k.a[lo:hi][:len(u)]
	norm, wf, hf, ox, oy := k.norm, k.wf, k.hf, k.ox, k.oy
	data, base, row, rgb := k.data, k.base, k.row, k.rgb
	rx, ry := k.rx, k.ry
	for i := range u {
		if mask != nil && !isActive(mask, lo+i) {
			continue
		}
		x, y := u[i]+ox, v[i]+oy
		if norm {
			x, y = u[i]*wf+ox, v[i]*hf+oy
		}
		x, y = x-0.5, y-0.5
		if !(x > -(1<<30) && x < 1<<30 && y > -(1<<30) && y < 1<<30) {
			k.edge(i+lo, x, y) // also NaN
			continue
		}
		// floorI and wrap (Repeat), with 0 ≤ fx, fy < 1.
		i0, j0 := int32(x), int32(y)
		if x < 0 && float32(i0) > x {
			i0--
		}
		if y < 0 && float32(j0) > y {
			j0--
		}
		fx, fy := x-float32(i0), y-float32(j0)
		i0, j0 = i0&rx, j0&ry
		if i0 != rx && j0 != ry {
			o := base + int(j0)*row + int(i0)*4
			b0, b1 := data[o:o+8:o+8], data[o+row:o+row+8:o+row+8]
			wx0, wy0 := 1-fx, 1-fy
			// a0 and a2 are the channels in bytes 0 and 2 (R and B, or
			// B and R: see C0, C2).
			// The first products start the sums: 0 + p = p as p ≥ +0
			// (weights ≥ +0 as 0 ≤ fx, fy < 1; decoded texels ≥ +0).
			wt := wx0 * wy0
			a0, a1, a2, a3 := wt*rgb[b0[0]], wt*rgb[b0[1]], wt*rgb[b0[2]], wt*unorm8LUT[b0[3]]
			wt = fx * wy0
			a0, a1, a2, a3 = a0+wt*rgb[b0[4]], a1+wt*rgb[b0[5]], a2+wt*rgb[b0[6]], a3+wt*unorm8LUT[b0[7]]
			wt = wx0 * fy
			a0, a1, a2, a3 = a0+wt*rgb[b1[0]], a1+wt*rgb[b1[1]], a2+wt*rgb[b1[2]], a3+wt*unorm8LUT[b1[3]]
			wt = fx * fy
			a0, a1, a2, a3 = a0+wt*rgb[b1[4]], a1+wt*rgb[b1[5]], a2+wt*rgb[b1[6]], a3+wt*unorm8LUT[b1[7]]
			C0[i], G[i], C2[i], A[i] = a0, a1, a2, a3
			continue
		}
		k.edge(i+lo, x, y)
	}
}

// edge samples lane l at texel position (x, y) (shifted by −0.5) with the
// address modes and border, one texel at a time.
func (k *bilinearRGBA8) edge(l int, x, y float32) {
	data, base, row, bpp := k.data, k.base, k.row, k.bpp
	rgb, bw, rs, bs := k.rgb, k.bw, k.rs, k.bs
	ms, mt, w, h := k.ms, k.mt, k.w, k.h
	i0, j0 := floorI(x), floorI(y)
	fx, fy := x-float32(i0), y-float32(j0)
	i1, j1 := i0+1, j0+1
	if uint32(i0) >= uint32(w) || uint32(i1) >= uint32(w) {
		i0, i1 = wrap(i0, w, ms), wrap(i1, w, ms)
	}
	if uint32(j0) >= uint32(h) || uint32(j1) >= uint32(h) {
		j0, j1 = wrap(j0, h, mt), wrap(j1, h, mt)
	}
	row0, row1 := base+int(j0)*row, base+int(j1)*row
	wx0, wy0 := 1-fx, 1-fy
	var ar, ag, ab, aa float32
	p := texelWord(data, bw, i0, j0, row0, bpp)
	wt := wx0 * wy0
	ar, ag, ab, aa = ar+wt*rgb[byte(p>>rs)], ag+wt*rgb[byte(p>>8)], ab+wt*rgb[byte(p>>bs)], aa+wt*unorm8LUT[byte(p>>24)]
	p = texelWord(data, bw, i1, j0, row0, bpp)
	wt = fx * wy0
	ar, ag, ab, aa = ar+wt*rgb[byte(p>>rs)], ag+wt*rgb[byte(p>>8)], ab+wt*rgb[byte(p>>bs)], aa+wt*unorm8LUT[byte(p>>24)]
	p = texelWord(data, bw, i0, j1, row1, bpp)
	wt = wx0 * fy
	ar, ag, ab, aa = ar+wt*rgb[byte(p>>rs)], ag+wt*rgb[byte(p>>8)], ab+wt*rgb[byte(p>>bs)], aa+wt*unorm8LUT[byte(p>>24)]
	p = texelWord(data, bw, i1, j1, row1, bpp)
	wt = fx * fy
	ar, ag, ab, aa = ar+wt*rgb[byte(p>>rs)], ag+wt*rgb[byte(p>>8)], ab+wt*rgb[byte(p>>bs)], aa+wt*unorm8LUT[byte(p>>24)]
	// Outputs in R, G, B, A order (c0 and c2 are R and B or B and R).
	R, B := k.c0, k.c2
	if rs != 0 {
		R, B = B, R
	}
	R[l], k.g[l], B[l], k.a[l] = ar, ag, ab, aa
}
