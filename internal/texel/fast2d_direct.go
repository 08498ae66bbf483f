package texel

// This file holds the cheapest sample of all: a plain 2D 8-bit RGBA/BGRA
// texture sampled without mips or anisotropy, with the same filter for
// minification and magnification (so the LOD does not matter). It skips
// the per-chunk lane state (coordinate copies, LOD selection) and reads
// the coordinates straight from the arguments. It does the float
// operations of sample2DRGBA8 with pass weight 1, in the same order, and
// reads one texel for nearest filtering where sample2DRGBA8 adds three
// zero-weight corners (unorm texels are finite and ≥ 0, so adding w·t = +0
// changes no bit): results are bit-identical to the general path.

// sampleDirect2DRGBA8 samples the active lanes of [0, n) when the texture
// and sampler qualify; it reports false (doing nothing) otherwise.
func (t *Texture) sampleDirect2DRGBA8(s *Sampler, a *SampleArgs, mask []uint64, n int, out Out) bool {
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
	border := s.borderFor(t.format)
	var bb [4]byte
	bb[ri], bb[1], bb[bi], bb[3] = byte(255*border[0]), byte(255*border[1]), byte(255*border[2]), byte(255*border[3])
	bw := le.Uint32(bb[:])
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
	// Sample positions in [0, w1) × [0, h1) read a 2×2 block wholly inside
	// the level (none when texels are not 4 bytes).
	var w1, h1 float32
	if bpp == 4 && w <= 1<<24 && h <= 1<<24 { // w-1, h-1 exact in float32
		w1, h1 = float32(w-1), float32(h-1)
	}
	// C0 and C2 receive the channels in bytes 0 and 2 of a texel.
	C0, C2 := R, B
	if ri == 2 {
		C0, C2 = B, R
	}
	// Groups of 8 active lanes of an RGBA8Unorm/BGRA8Unorm level may go to
	// the vector kernel (a no-op without GOEXPERIMENT=simd on amd64).
	vec := bpp == 4 && rgb == &unorm8LUT && w > 1 && h > 1 && len(data) < 1<<31
	k := bilinearRGBA8{u: u, v: v, c0: C0, g: G, c2: C2, a: A, data: data, base: base, row: row,
		norm: norm, wf: wf, hf: hf, ox: ox, oy: oy, w1: w - 1, h1: h - 1}
	for g := 0; g < len(u); g += 8 {
		end := min(g+8, len(u))
		if vec && end-g == 8 && (mask == nil || byte(mask[g>>6]>>(uint(g)&63)) == 0xff) && k.bilinear8(g) {
			continue
		}
		for i := g; i < end; i++ {
			if mask != nil && !isActive(mask, i) {
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
				// directly, no wrapping.
				i0, j0 := int32(x), int32(y)
				fx, fy := x-float32(i0), y-float32(j0)
				o := base + int(j0)*row + int(i0)*4
				b0, b1 := data[o:o+8:o+8], data[o+row:o+row+8:o+row+8]
				wx0, wy0 := 1-fx, 1-fy
				// a0 and a2 are the channels in bytes 0 and 2 (R and B, or
				// B and R: see C0, C2).
				// The first products start the sums: 0 + p = p as p ≥ +0
				// (weights > 0 as 0 ≤ fx, fy < 1; decoded texels ≥ +0).
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
			R[i], G[i], B[i], A[i] = ar, ag, ab, aa
		}
	}
	return true
}
