package texel

import "math"

// selectLOD computes, for every lane, the LOD λ (Metal/OpenGL rules:
// ρ = max(|∂(u·w, v·h, r·d)/∂x|, |∂(…)/∂y|), λ = log2(ρ) + bias, clamped to
// [max(LodMinClamp, min_lod_clamp), LodMaxClamp]), the filter (minification
// when λ > 0), the mip level(s) and their blend weight, and the
// anisotropic probe count. It returns the number of mip passes and the
// maximum probe count of the chunk.
func (t *Texture) selectLOD(s *Sampler, a *SampleArgs, st *sstate) (passes, probes int) {
	d := &s.d
	isInt := t.format.Kind().IsInteger()
	norm := d.NormalizedCoordinates
	minLin := d.MinFilter == FilterLinear && !isInt
	magLin := d.MagFilter == FilterLinear && !isInt
	mip := d.MipFilter
	q := int32(len(t.levels) - 1)
	if !norm || q == 0 {
		mip = MipNotMipmapped
	}
	if isInt && mip == MipLinear {
		mip = MipNearest
	}
	ty := t.desc.TextureType
	cube := ty.IsCube()
	aniso := s.aniso
	if isInt || !norm || cube {
		aniso = 1
	}
	m := st.m
	if minLin == magLin && mip == MipNotMipmapped && aniso == 1 {
		for k := 0; k < m; k++ {
			st.lin[k], st.lvl[0][k], st.lvl[1][k], st.mipw[k], st.nprobe[k] = minLin, 0, 0, 0, 1
		}
		return 1, 1
	}
	dims := ty.Dims()
	if cube {
		dims = 3
	}
	scale := [3]float32{1, 1, 1}
	if norm {
		scale = [3]float32{float32(t.levels[0].w), float32(t.levels[0].h), float32(t.levels[0].d)}
	}
	coords := [3][]float32{a.U, a.V, a.W}
	n := len(a.U)
	passes, probes = 1, 1
	for k := 0; k < m; k++ {
		i := int(st.lane[k])
		var lambda float32
		np := int32(1)
		switch a.Mode {
		case LodLevel:
			lambda = optF(a.Level, i, 0)
		case LodZero:
			lambda = optF(a.Bias, i, 0) + d.LodBias
		default:
			var gx, gy [3]float32
			if a.Mode == LodGradient {
				for c := 0; c < dims; c++ {
					gx[c], gy[c] = optF(a.DX[c], i, 0), optF(a.DY[c], i, 0)
				}
			} else if qb := i &^ 3; qb+3 < n {
				for c := 0; c < dims; c++ {
					gx[c] = coords[c][qb+1] - coords[c][qb]
					gy[c] = coords[c][qb+2] - coords[c][qb]
				}
			}
			var sx, sy [3]float32
			if cube {
				f := int(st.face[k])
				x, y, z := a.U[i], a.V[i], a.W[i]
				sx[0], sx[1] = cubeFaceDeriv(f, x, y, z, gx[0], gx[1], gx[2])
				sy[0], sy[1] = cubeFaceDeriv(f, x, y, z, gy[0], gy[1], gy[2])
				sx[0], sx[1], sy[0], sy[1] = sx[0]*scale[0], sx[1]*scale[0], sy[0]*scale[0], sy[1]*scale[0]
			} else {
				for c := 0; c < dims; c++ {
					sx[c], sy[c] = gx[c]*scale[c], gy[c]*scale[c]
				}
			}
			var useY bool
			lambda, np, useY = lodFromGrad(sx, sy, aniso)
			if np > 1 {
				g := gx
				if useY {
					g = gy
				}
				st.axis[0][k], st.axis[1][k], st.axis[2][k] = g[0], g[1], g[2]
			}
			lambda += optF(a.Bias, i, 0) + d.LodBias
		}
		lo := max(d.LodMinClamp, optF(a.MinLodClamp, i, 0))
		lambda = min(max(lambda, lo), d.LodMaxClamp)
		if lambda != lambda {
			lambda = lo
		}
		st.lin[k] = magLin
		if lambda > 0 {
			st.lin[k] = minLin
		}
		st.nprobe[k] = np
		probes = max(probes, int(np))
		var l0, l1 int32
		var fw float32
		switch mip {
		case MipNearest:
			if lambda > 0.5 {
				l0 = min(int32(math.Ceil(float64(min(lambda, float32(q)+1))+0.5))-1, q)
			}
		case MipLinear:
			if lambda > 0 {
				lc := min(lambda, float32(q))
				l0 = int32(lc)
				if l0 < q {
					fw = lc - float32(l0)
					l1 = l0 + 1
				}
			}
		}
		st.lvl[0][k], st.lvl[1][k], st.mipw[k] = l0, l1, fw
		if fw > 0 {
			passes = 2
		}
	}
	return passes, probes
}

// lodFromGrad returns λ for texel-space derivatives gx (along x) and gy
// (along y). With anisotropy > 1 it follows EXT_texture_filter_anisotropic:
// N = min(ceil(ρmax/ρmin), aniso) probes along the longer axis and
// λ = log2(ρmax/N); useY reports that the longer axis is gy.
func lodFromGrad(gx, gy [3]float32, aniso int) (lambda float32, np int32, useY bool) {
	// Squared lengths: λ = log2(ρ) = log2(ρ²)/2 needs no square root.
	rx := float64(gx[0])*float64(gx[0]) + float64(gx[1])*float64(gx[1]) + float64(gx[2])*float64(gx[2])
	ry := float64(gy[0])*float64(gy[0]) + float64(gy[1])*float64(gy[1]) + float64(gy[2])*float64(gy[2])
	rmax, rmin := rx, ry
	if ry > rx {
		rmax, rmin, useY = ry, rx, true
	}
	if !(rmax > 0) {
		return float32(math.Inf(-1)), 1, false
	}
	np = 1
	if aniso > 1 && !math.IsInf(rmax, 1) {
		if !(rmin > 0) { // 0 or NaN
			np = int32(aniso)
		} else {
			np = int32(min(math.Ceil(math.Sqrt(rmax/rmin)), float64(aniso)))
		}
	}
	l := 0.5 * log2(rmax)
	if np > 1 {
		l -= log2(float64(np))
	}
	return float32(l), np, useY
}

// log2 is log2(x) for x > 0 (−Inf for 0, NaN for negatives and NaN),
// within about 1e-11 of math.Log2 and exact at powers of two: the
// mantissa is reduced to [√½, √2) and ln(m) = 2·atanh((m−1)/(m+1)) summed
// to s¹¹.
func log2(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(-1)
	case !(x > 0):
		return math.NaN()
	case math.IsInf(x, 1):
		return x
	}
	b := math.Float64bits(x)
	e := int(b>>52) - 1023
	if e == -1023 { // subnormal: scale into the normal range
		b = math.Float64bits(x * (1 << 54))
		e = int(b>>52) - 1023 - 54
	}
	m := math.Float64frombits(b&(1<<52-1) | 1023<<52) // [1, 2)
	if m > math.Sqrt2 {
		m, e = m/2, e+1
	}
	s := (m - 1) / (m + 1)
	s2 := s * s
	ln := s * (2 + s2*(2.0/3+s2*(2.0/5+s2*(2.0/7+s2*(2.0/9+s2*(2.0/11))))))
	return float64(e) + ln*math.Log2E
}
