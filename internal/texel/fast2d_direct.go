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
	for i := range u {
		if mask != nil && !isActive(mask, i) {
			continue
		}
		x, y := u[i]+ox, v[i]+oy
		if norm {
			x, y = u[i]*wf+ox, v[i]*hf+oy
		}
		x, y = x-0.5, y-0.5
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
	return true
}
