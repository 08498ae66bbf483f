package texel

import "math"

// Hot paths for 2D (and 2D array) float textures — RGBA16Float,
// RGBA32Float and one-channel 32-bit float/depth — under the same
// conditions as the RGBA8 path. Each is one per-lane loop with the format
// fixed; zero-weight corners are skipped exactly as in the general path
// (float texels may be Inf/NaN), so results are bit-identical to it.

// foot2D computes lane k's footprint for mip pass `pass`: the pass weight
// (0: skip), wrapped texel indices (-1: border), the weights of i1 and j1,
// and the byte offsets of rows j0 and j1.
func (t *Texture) foot2D(st *sstate, k, pass int, norm bool, ox, oy float32, ms, mt AddressMode) (pw float32, i0, i1, j0, j1 int32, fx, fy float32, row0, row1 int) {
	pw = 1
	if pass == 0 {
		pw *= 1 - st.mipw[k]
	} else {
		pw *= st.mipw[k]
	}
	if pw == 0 {
		return
	}
	lv := &t.levels[st.lvl[pass][k]]
	x, y := st.cx[k]+ox, st.cy[k]+oy
	if norm {
		x, y = st.cx[k]*float32(lv.w)+ox, st.cy[k]*float32(lv.h)+oy
	}
	i0, i1, fx = axisFoot(x, int32(lv.w), st.lin[k], ms)
	j0, j1, fy = axisFoot(y, int32(lv.h), st.lin[k], mt)
	base := int(st.slice[k])*t.sliceStride + lv.off
	return pw, i0, i1, j0, j1, fx, fy, base + int(j0)*lv.row, base + int(j1)*lv.row
}

// fastFloatKind selects a float hot path: 1 RGBA16Float, 2 RGBA32Float,
// 3 one float32 channel; 0 none.
func fastFloatKind(f PixelFormat) int {
	switch f {
	case RGBA16Float:
		return 1
	case RGBA32Float:
		return 2
	case R32Float, Depth32Float, Depth32Float_Stencil8:
		return 3
	}
	return 0
}

func (t *Texture) sample2DFloat(s *Sampler, a *SampleArgs, st *sstate, passes int, out Out, border [4]float32, kind int) {
	switch kind {
	case 1:
		t.sample2DHalf4(s, a, st, passes, out, border)
	case 2:
		t.sample2DFloat4(s, a, st, passes, out, border)
	default:
		t.sample2DFloat1(s, a, st, passes, out, border)
	}
}

func (t *Texture) sample2DHalf4(s *Sampler, a *SampleArgs, st *sstate, passes int, out Out, border [4]float32) {
	norm, ms, mt := s.d.NormalizedCoordinates, s.d.SAddressMode, s.d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	d := t.data
	for k := 0; k < st.m; k++ {
		var ar, ag, ab, aa float32
		for pass := 0; pass < passes; pass++ {
			pw, i0, i1, j0, j1, fx, fy, row0, row1 := t.foot2D(st, k, pass, norm, ox, oy, ms, mt)
			if pw == 0 {
				continue
			}
			for c := 0; c < 4; c++ {
				i, wx := i0, 1-fx
				if c&1 != 0 {
					i, wx = i1, fx
				}
				j, wy, row := j0, 1-fy, row0
				if c&2 != 0 {
					j, wy, row = j1, fy, row1
				}
				w := pw * wx * wy
				if w == 0 {
					continue
				}
				r, g, b, al := border[0], border[1], border[2], border[3]
				if i >= 0 && j >= 0 {
					o := row + int(i)*8
					p := d[o : o+8 : o+8]
					r, g, b, al = halfToFloat(le.Uint16(p[0:])), halfToFloat(le.Uint16(p[2:])), halfToFloat(le.Uint16(p[4:])), halfToFloat(le.Uint16(p[6:]))
				}
				ar += w * r
				ag += w * g
				ab += w * b
				aa += w * al
			}
		}
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = ar, ag, ab, aa
	}
}

func (t *Texture) sample2DFloat4(s *Sampler, a *SampleArgs, st *sstate, passes int, out Out, border [4]float32) {
	norm, ms, mt := s.d.NormalizedCoordinates, s.d.SAddressMode, s.d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	// Normalized coordinates clamped to the edge on both axes (a
	// pre-filtered environment's sampler) read every corner inside the
	// level: linear lanes take float4ClampLane.
	clamp := norm && ms == ClampToEdge && mt == ClampToEdge
	for k := 0; k < st.m; k++ {
		var ar, ag, ab, aa float32
		if clamp && st.lin[k] {
			ar, ag, ab, aa = t.float4ClampLane(st, k, passes, ox, oy)
		} else {
			ar, ag, ab, aa = t.float4Lane(st, k, passes, norm, ox, oy, ms, mt, border)
		}
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = ar, ag, ab, aa
	}
}

// float4Lane is lane k of sample2DFloat4 with any address modes.
func (t *Texture) float4Lane(st *sstate, k, passes int, norm bool, ox, oy float32, ms, mt AddressMode, border [4]float32) (ar, ag, ab, aa float32) {
	d := t.data
	for pass := 0; pass < passes; pass++ {
		pw, i0, i1, j0, j1, fx, fy, row0, row1 := t.foot2D(st, k, pass, norm, ox, oy, ms, mt)
		if pw == 0 {
			continue
		}
		for c := 0; c < 4; c++ {
			i, wx := i0, 1-fx
			if c&1 != 0 {
				i, wx = i1, fx
			}
			j, wy, row := j0, 1-fy, row0
			if c&2 != 0 {
				j, wy, row = j1, fy, row1
			}
			w := pw * wx * wy
			if w == 0 {
				continue
			}
			r, g, b, al := border[0], border[1], border[2], border[3]
			if i >= 0 && j >= 0 {
				o := row + int(i)*16
				p := d[o : o+16 : o+16]
				r, g = math.Float32frombits(le.Uint32(p[0:])), math.Float32frombits(le.Uint32(p[4:]))
				b, al = math.Float32frombits(le.Uint32(p[8:])), math.Float32frombits(le.Uint32(p[12:]))
			}
			ar += w * r
			ag += w * g
			ab += w * b
			aa += w * al
		}
	}
	return ar, ag, ab, aa
}

// float4ClampLane is float4Lane for a linear lane with normalized
// coordinates and ClampToEdge on both axes: foot2D and axisFoot inline
// (the clamp is wrap's ClampToEdge case, so no corner reads the border)
// and the corners unrolled, the same operations in the same order.
func (t *Texture) float4ClampLane(st *sstate, k, passes int, ox, oy float32) (ar, ag, ab, aa float32) {
	d := t.data
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
		w, h := int32(lv.w), int32(lv.h)
		x, y := st.cx[k]*float32(lv.w)+ox, st.cy[k]*float32(lv.h)+oy
		x, y = x-0.5, y-0.5
		i0, j0 := floorI(x), floorI(y)
		fx, fy := x-float32(i0), y-float32(j0)
		i1, j1 := i0+1, j0+1
		if uint32(i0) >= uint32(w) || uint32(i1) >= uint32(w) {
			i0, i1 = clampEdge(i0, w), clampEdge(i1, w)
		}
		if uint32(j0) >= uint32(h) || uint32(j1) >= uint32(h) {
			j0, j1 = clampEdge(j0, h), clampEdge(j1, h)
		}
		base := int(st.slice[k])*t.sliceStride + lv.off
		row0, row1 := base+int(j0)*lv.row, base+int(j1)*lv.row
		o0, o1 := int(i0)*16, int(i1)*16
		wx0, wy0 := 1-fx, 1-fy
		if wt := pw * wx0 * wy0; wt != 0 {
			p := d[row0+o0 : row0+o0+16 : row0+o0+16]
			ar += wt * math.Float32frombits(le.Uint32(p[0:]))
			ag += wt * math.Float32frombits(le.Uint32(p[4:]))
			ab += wt * math.Float32frombits(le.Uint32(p[8:]))
			aa += wt * math.Float32frombits(le.Uint32(p[12:]))
		}
		if wt := pw * fx * wy0; wt != 0 {
			p := d[row0+o1 : row0+o1+16 : row0+o1+16]
			ar += wt * math.Float32frombits(le.Uint32(p[0:]))
			ag += wt * math.Float32frombits(le.Uint32(p[4:]))
			ab += wt * math.Float32frombits(le.Uint32(p[8:]))
			aa += wt * math.Float32frombits(le.Uint32(p[12:]))
		}
		if wt := pw * wx0 * fy; wt != 0 {
			p := d[row1+o0 : row1+o0+16 : row1+o0+16]
			ar += wt * math.Float32frombits(le.Uint32(p[0:]))
			ag += wt * math.Float32frombits(le.Uint32(p[4:]))
			ab += wt * math.Float32frombits(le.Uint32(p[8:]))
			aa += wt * math.Float32frombits(le.Uint32(p[12:]))
		}
		if wt := pw * fx * fy; wt != 0 {
			p := d[row1+o1 : row1+o1+16 : row1+o1+16]
			ar += wt * math.Float32frombits(le.Uint32(p[0:]))
			ag += wt * math.Float32frombits(le.Uint32(p[4:]))
			ab += wt * math.Float32frombits(le.Uint32(p[8:]))
			aa += wt * math.Float32frombits(le.Uint32(p[12:]))
		}
	}
	return ar, ag, ab, aa
}

// clampEdge is wrap(i, n, ClampToEdge).
func clampEdge(i, n int32) int32 {
	if uint32(i) < uint32(n) {
		return i
	}
	if i < 0 {
		return 0
	}
	return n - 1
}

func (t *Texture) sample2DFloat1(s *Sampler, a *SampleArgs, st *sstate, passes int, out Out, border [4]float32) {
	norm, ms, mt := s.d.NormalizedCoordinates, s.d.SAddressMode, s.d.TAddressMode
	ox, oy := float32(a.Offset[0]), float32(a.Offset[1])
	d := t.data
	bpp := t.bpp
	for k := 0; k < st.m; k++ {
		var ar, ag, ab, aa float32
		for pass := 0; pass < passes; pass++ {
			pw, i0, i1, j0, j1, fx, fy, row0, row1 := t.foot2D(st, k, pass, norm, ox, oy, ms, mt)
			if pw == 0 {
				continue
			}
			for c := 0; c < 4; c++ {
				i, wx := i0, 1-fx
				if c&1 != 0 {
					i, wx = i1, fx
				}
				j, wy, row := j0, 1-fy, row0
				if c&2 != 0 {
					j, wy, row = j1, fy, row1
				}
				w := pw * wx * wy
				if w == 0 {
					continue
				}
				r, g, b, al := border[0], border[1], border[2], border[3]
				if i >= 0 && j >= 0 {
					o := row + int(i)*bpp
					r, g, b, al = math.Float32frombits(le.Uint32(d[o:o+4:o+4])), 0, 0, 1
				}
				ar += w * r
				ag += w * g
				ab += w * b
				aa += w * al
			}
		}
		l := st.lane[k]
		out.R[l], out.G[l], out.B[l], out.A[l] = ar, ag, ab, aa
	}
}
