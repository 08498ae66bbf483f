package texel

import "math"

// fetch decodes the texel at st.off[k] of every lane into st.t (border
// colour for -1, nothing for -2). The format switch runs once per call;
// each case loops over the lanes. Uncommon formats go through the
// per-texel decoders (a switch per texel).
func (t *Texture) fetch(st *corner, border [4]float32, isInt bool) {
	d := t.data
	m := st.m
	tr, tg, tb, ta := &st.t[0], &st.t[1], &st.t[2], &st.t[3]
	setBorder := func(k int) {
		tr[k], tg[k], tb[k], ta[k] = border[0], border[1], border[2], border[3]
	}
	switch t.format {
	case RGBA8Unorm, RGBA8Unorm_sRGB, BGRA8Unorm, BGRA8Unorm_sRGB:
		rgb := &unorm8LUT
		if t.format.IsSRGB() {
			rgb = &srgb8LUT
		}
		ri, bi := 0, 2
		if t.format == BGRA8Unorm || t.format == BGRA8Unorm_sRGB {
			ri, bi = 2, 0
		}
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			p := d[o : o+4 : o+4]
			tr[k], tg[k], tb[k], ta[k] = rgb[p[ri]], rgb[p[1]], rgb[p[bi]], unorm8LUT[p[3]]
		}
	case R8Unorm:
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			tr[k], tg[k], tb[k], ta[k] = unorm8LUT[d[o]], 0, 0, 1
		}
	case R32Float, Depth32Float, Depth32Float_Stencil8:
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			tr[k], tg[k], tb[k], ta[k] = math.Float32frombits(le.Uint32(d[o:])), 0, 0, 1
		}
	case RGBA32Float:
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			p := d[o : o+16 : o+16]
			tr[k] = math.Float32frombits(le.Uint32(p[0:]))
			tg[k] = math.Float32frombits(le.Uint32(p[4:]))
			tb[k] = math.Float32frombits(le.Uint32(p[8:]))
			ta[k] = math.Float32frombits(le.Uint32(p[12:]))
		}
	case RGBA16Float:
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			p := d[o : o+8 : o+8]
			tr[k] = halfToFloat(le.Uint16(p[0:]))
			tg[k] = halfToFloat(le.Uint16(p[2:]))
			tb[k] = halfToFloat(le.Uint16(p[4:]))
			ta[k] = halfToFloat(le.Uint16(p[6:]))
		}
	default:
		f := t.format
		for k := 0; k < m; k++ {
			o := st.off[k]
			if o < 0 {
				if o == -1 {
					setBorder(k)
				}
				continue
			}
			var v [4]float32
			if isInt {
				b := decodeInt(f, d[o:])
				v = [4]float32{math.Float32frombits(b[0]), math.Float32frombits(b[1]), math.Float32frombits(b[2]), math.Float32frombits(b[3])}
			} else {
				v = decodeFloat(f, d[o:])
			}
			tr[k], tg[k], tb[k], ta[k] = v[0], v[1], v[2], v[3]
		}
	}
}

// fusedAccumulate decodes and accumulates one corner in a single pass for
// the hottest formats (8-bit RGBA/BGRA, plain or sRGB); it reports false
// for other formats.
func (t *Texture) fusedAccumulate(st *sstate, border [4]float32) bool {
	var rgb *[256]float32
	ri, bi := 0, 2
	switch t.format {
	case RGBA8Unorm:
		rgb = &unorm8LUT
	case RGBA8Unorm_sRGB:
		rgb = &srgb8LUT
	case BGRA8Unorm:
		rgb, ri, bi = &unorm8LUT, 2, 0
	case BGRA8Unorm_sRGB:
		rgb, ri, bi = &srgb8LUT, 2, 0
	default:
		return false
	}
	d := t.data
	ar, ag, ab, aa := &st.acc[0], &st.acc[1], &st.acc[2], &st.acc[3]
	for k := 0; k < st.m; k++ {
		o := st.off[k]
		w := st.w[k]
		if o < 0 {
			if o == -1 {
				ar[k] += w * border[0]
				ag[k] += w * border[1]
				ab[k] += w * border[2]
				aa[k] += w * border[3]
			}
			continue
		}
		p := d[o : o+4 : o+4]
		ar[k] += w * rgb[p[ri]]
		ag[k] += w * rgb[p[1]]
		ab[k] += w * rgb[p[bi]]
		aa[k] += w * unorm8LUT[p[3]]
	}
	return true
}
