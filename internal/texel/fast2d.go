package texel

// This file holds the hot path for the most common sample: a 2D (or 2D
// array) 8-bit RGBA/BGRA texture, one mip level per lane (no trilinear
// blend, no anisotropy), weighted-average filtering. It is one per-lane
// loop with the format resolved before the loop, and it performs the same
// float operations in the same order as the general path, so results are
// bit-identical.

func rgba8At(d []byte, o int, rgb *[256]float32, ri, bi int) (r, g, b, a float32) {
	p := d[o : o+4 : o+4]
	return rgb[p[ri]], rgb[p[1]], rgb[p[bi]], unorm8LUT[p[3]]
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

func (t *Texture) sample2DRGBA8(s *Sampler, a *SampleArgs, st *sstate, out Out, border [4]float32, rgb *[256]float32, ri, bi int) {
	norm := s.d.NormalizedCoordinates
	ms, mt := s.d.SAddressMode, s.d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	d := t.data
	bpp := t.bpp
	for k := 0; k < st.m; k++ {
		lv := &t.levels[st.lvl[0][k]]
		x, y := st.cx[k]+ox, st.cy[k]+oy
		if norm {
			x, y = st.cx[k]*float32(lv.w)+ox, st.cy[k]*float32(lv.h)+oy
		}
		lin := st.lin[k]
		i0, i1, fx := axisFoot(x, int32(lv.w), lin, ms)
		j0, j1, fy := axisFoot(y, int32(lv.h), lin, mt)
		base := int(st.slice[k])*t.sliceStride + lv.off
		var ar, ag, ab, aa float32
		for c := 0; c < 4; c++ {
			i, wx := i0, 1-fx
			if c&1 != 0 {
				i, wx = i1, fx
			}
			j, wy := j0, 1-fy
			if c&2 != 0 {
				j, wy = j1, fy
			}
			w := float32(1) * wx * wy
			if w == 0 {
				continue
			}
			var r, g, b, al float32
			if i < 0 || j < 0 {
				r, g, b, al = border[0], border[1], border[2], border[3]
			} else {
				r, g, b, al = rgba8At(d, base+int(j)*lv.row+int(i)*bpp, rgb, ri, bi)
			}
			ar += w * r
			ag += w * g
			ab += w * b
			aa += w * al
		}
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = ar, ag, ab, aa
	}
}
