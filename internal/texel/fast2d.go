package texel

// This file holds the hot path for the most common sample: a 2D (or 2D
// array) 8-bit RGBA/BGRA texture, one or two mip levels per lane (no
// anisotropy), weighted-average filtering. It is one per-lane
// loop with the format resolved before the loop, and it performs the same
// float operations in the same order as the general path, so results are
// bit-identical.

// texelWord returns the 4 bytes of texel (i, j) as a little-endian word,
// or the border texel bw when either index is a border index.
func texelWord(d []byte, bw uint32, i, j int32, rowOff, bpp int) uint32 {
	if i < 0 || j < 0 {
		return bw
	}
	return le.Uint32(d[rowOff+int(i)*bpp:])
}

// fastRGBA8Tables returns the decode table and channel order of the 8-bit
// RGBA/BGRA formats, ok false for other formats.
func fastRGBA8Tables(f PixelFormat) (rgb *[256]float32, ri, bi int, ok bool) {
	switch f {
	case RGBA8Unorm:
		return &unorm8LUT, 0, 2, true
	case RGBA8Unorm_sRGB:
		return &srgb8LUT, 0, 2, true
	case BGRA8Unorm:
		return &unorm8LUT, 2, 0, true
	case BGRA8Unorm_sRGB:
		return &srgb8LUT, 2, 0, true
	}
	return nil, 0, 0, false
}

func (t *Texture) sample2DRGBA8(s *Sampler, a *SampleArgs, st *sstate, passes int, out Out, border [4]float32, rgb *[256]float32, ri, bi int) {
	norm := s.d.NormalizedCoordinates
	ms, mt := s.d.SAddressMode, s.d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	d := t.data
	bpp := t.bpp
	// Border colours are 0 or 1 in every channel, exactly representable
	// as unorm8 (and sRGB) bytes: a fake texel in the format's byte order.
	var bb [4]byte
	bb[ri], bb[1], bb[bi], bb[3] = byte(255*border[0]), byte(255*border[1]), byte(255*border[2]), byte(255*border[3])
	bw := le.Uint32(bb[:])
	rs, bs := uint(8*ri), uint(8*bi)
	for k := 0; k < st.m; k++ {
		var ar, ag, ab, aa float32
		lin := st.lin[k]
		for pass := 0; pass < passes; pass++ {
			pw := float32(1)
			if pass == 0 {
				pw *= 1 - st.mipw[k]
			} else {
				pw *= st.mipw[k]
			}
			if pw == 0 {
				continue
			}
			lv := &t.levels[st.lvl[pass][k]]
			x, y := st.cx[k]+ox, st.cy[k]+oy
			if norm {
				x, y = st.cx[k]*float32(lv.w)+ox, st.cy[k]*float32(lv.h)+oy
			}
			// axisFoot, inlined for both axes.
			var fx, fy float32
			if lin {
				x, y = x-0.5, y-0.5
			}
			i0, j0 := floorI(x), floorI(y)
			i1, j1 := i0, j0
			if lin {
				fx, fy = x-float32(i0), y-float32(j0)
				i1, j1 = i0+1, j0+1
			}
			if w := int32(lv.w); uint32(i0) >= uint32(w) || uint32(i1) >= uint32(w) {
				i0, i1 = wrap(i0, w, ms), wrap(i1, w, ms)
			}
			if h := int32(lv.h); uint32(j0) >= uint32(h) || uint32(j1) >= uint32(h) {
				j0, j1 = wrap(j0, h, mt), wrap(j1, h, mt)
			}
			base := int(st.slice[k])*t.sliceStride + lv.off
			// Unorm texels and weights are ≥ 0, so adding the zero-weight
			// corners (always in range or border) leaves the sums
			// bit-identical to the general path, which skips them.
			row0, row1 := base+int(j0)*lv.row, base+int(j1)*lv.row
			wx0, wy0 := 1-fx, 1-fy
			v := texelWord(d, bw, i0, j0, row0, bpp)
			w := pw * wx0 * wy0
			ar, ag, ab, aa = ar+w*rgb[byte(v>>rs)], ag+w*rgb[byte(v>>8)], ab+w*rgb[byte(v>>bs)], aa+w*unorm8LUT[byte(v>>24)]
			v = texelWord(d, bw, i1, j0, row0, bpp)
			w = pw * fx * wy0
			ar, ag, ab, aa = ar+w*rgb[byte(v>>rs)], ag+w*rgb[byte(v>>8)], ab+w*rgb[byte(v>>bs)], aa+w*unorm8LUT[byte(v>>24)]
			v = texelWord(d, bw, i0, j1, row1, bpp)
			w = pw * wx0 * fy
			ar, ag, ab, aa = ar+w*rgb[byte(v>>rs)], ag+w*rgb[byte(v>>8)], ab+w*rgb[byte(v>>bs)], aa+w*unorm8LUT[byte(v>>24)]
			v = texelWord(d, bw, i1, j1, row1, bpp)
			w = pw * fx * fy
			ar, ag, ab, aa = ar+w*rgb[byte(v>>rs)], ag+w*rgb[byte(v>>8)], ab+w*rgb[byte(v>>bs)], aa+w*unorm8LUT[byte(v>>24)]
		}
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = ar, ag, ab, aa
	}
}
