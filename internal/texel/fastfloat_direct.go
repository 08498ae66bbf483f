package texel

import "math"

// This file holds the direct bilinear path of RGBA32Float: a plain 2D
// texture sampled with linear filtering, without mips or anisotropy, with
// the same filter for minification and magnification (an equirectangular
// environment map's sampler). Like sampleDirect2DRGBA8 it skips the
// per-chunk lane state and reads the coordinates straight from the
// arguments. It does the float operations of float4Lane with pass weight
// 1 (1·wx = wx exactly), in the same order, and skips the zero-weight
// corners as float4Lane does (float texels may be Inf or NaN), so results
// are bit-identical to the general path (a NaN may carry another payload:
// see the package comment).

// sampleDirect2DFloat4 samples the active lanes of [0, n) when the texture
// and sampler qualify; it reports false (doing nothing) otherwise.
func (t *Texture) sampleDirect2DFloat4(s *Sampler, a *SampleArgs, mask []uint64, n int, out *Out) bool {
	d := &s.d
	if !fastPaths || t.format != RGBA32Float || t.desc.TextureType != Type2D || d.Reduction != ReductionWeightedAverage ||
		d.MinFilter != FilterLinear || d.MagFilter != FilterLinear {
		return false
	}
	norm := d.NormalizedCoordinates
	if norm && (len(t.levels) > 1 && d.MipFilter != MipNotMipmapped || s.aniso != 1) {
		return false
	}
	lv := &t.levels[0]
	// Field by field, as in sampleDirect2DRGBA8.
	var k bilinearFloat4
	k.u, k.v = a.U[:n], a.V[:n]
	k.r, k.g, k.b, k.a = out.R[:n], out.G[:n], out.B[:n], out.A[:n]
	k.data, k.base, k.row = t.data, lv.off, lv.row
	k.norm, k.wf, k.hf = norm, float32(lv.w), float32(lv.h)
	k.ox, k.oy = float32(a.Offset[0]), float32(a.Offset[1])
	k.w, k.h, k.ms, k.mt = int32(lv.w), int32(lv.h), d.SAddressMode, d.TAddressMode
	k.border = s.borderFor(t.format)
	// Groups of 8 lanes go to the AVX2 kernel where the CPU has one.
	if !k.sampleAsm(mask) {
		k.scalar(mask, 0, n)
	}
	return true
}

// bilinearFloat4 holds what the direct bilinear path of RGBA32Float needs
// (its scalar loop, and sampleAsm's AVX2 kernel), set up once per batch.
type bilinearFloat4 struct {
	u, v       []float32
	r, g, b, a []float32
	data       []byte
	base, row  int
	norm       bool
	wf, hf     float32 // level size (the coordinate scales when norm)
	ox, oy     float32
	w, h       int32
	ms, mt     AddressMode
	border     [4]float32
}

// scalar samples the active lanes of [lo, hi) one at a time.
func (k *bilinearFloat4) scalar(mask []uint64, lo, hi int) {
	for l := lo; l < hi; l++ {
		if mask != nil && !isActive(mask, l) {
			continue
		}
		k.lane(l)
	}
}

// lane samples lane l: foot2D and axisFoot inline (linear on both axes),
// then the four corners in float4Lane's order (a corner of weight 0
// skipped, the border for index −1).
func (k *bilinearFloat4) lane(l int) {
	u, v := k.u[l], k.v[l]
	x, y := u+k.ox, v+k.oy
	if k.norm {
		x, y = u*k.wf+k.ox, v*k.hf+k.oy
	}
	x, y = x-0.5, y-0.5
	i0, j0 := floorI(x), floorI(y)
	fx, fy := x-float32(i0), y-float32(j0)
	i1, j1 := i0+1, j0+1
	if w := k.w; uint32(i0) >= uint32(w) || uint32(i1) >= uint32(w) {
		i0, i1 = wrap(i0, w, k.ms), wrap(i1, w, k.ms)
	}
	if h := k.h; uint32(j0) >= uint32(h) || uint32(j1) >= uint32(h) {
		j0, j1 = wrap(j0, h, k.mt), wrap(j1, h, k.mt)
	}
	row0, row1 := k.base+int(j0)*k.row, k.base+int(j1)*k.row
	wx0, wy0 := 1-fx, 1-fy
	d, bd := k.data, &k.border
	var ar, ag, ab, aa float32
	if w := wx0 * wy0; w != 0 {
		r, g, b, al := bd[0], bd[1], bd[2], bd[3]
		if i0 >= 0 && j0 >= 0 {
			r, g, b, al = float4At(d, row0+int(i0)*16)
		}
		ar, ag, ab, aa = ar+w*r, ag+w*g, ab+w*b, aa+w*al
	}
	if w := fx * wy0; w != 0 {
		r, g, b, al := bd[0], bd[1], bd[2], bd[3]
		if i1 >= 0 && j0 >= 0 {
			r, g, b, al = float4At(d, row0+int(i1)*16)
		}
		ar, ag, ab, aa = ar+w*r, ag+w*g, ab+w*b, aa+w*al
	}
	if w := wx0 * fy; w != 0 {
		r, g, b, al := bd[0], bd[1], bd[2], bd[3]
		if i0 >= 0 && j1 >= 0 {
			r, g, b, al = float4At(d, row1+int(i0)*16)
		}
		ar, ag, ab, aa = ar+w*r, ag+w*g, ab+w*b, aa+w*al
	}
	if w := fx * fy; w != 0 {
		r, g, b, al := bd[0], bd[1], bd[2], bd[3]
		if i1 >= 0 && j1 >= 0 {
			r, g, b, al = float4At(d, row1+int(i1)*16)
		}
		ar, ag, ab, aa = ar+w*r, ag+w*g, ab+w*b, aa+w*al
	}
	k.r[l], k.g[l], k.b[l], k.a[l] = ar, ag, ab, aa
}

// float4At returns the four float32 at byte o of d.
func float4At(d []byte, o int) (r, g, b, a float32) {
	p := d[o : o+16 : o+16]
	return math.Float32frombits(le.Uint32(p[0:])), math.Float32frombits(le.Uint32(p[4:])),
		math.Float32frombits(le.Uint32(p[8:])), math.Float32frombits(le.Uint32(p[12:]))
}
