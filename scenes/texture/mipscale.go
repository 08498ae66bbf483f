package texture

import "math"

// This file holds the mip filter: a separable tent (bilinear) resampler
// over premultiplied 16-bit RGBA channels (4 uint16 per pixel). It reproduces
// the arithmetic of golang.org/x/image/draw's
// draw.BiLinear.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Src, nil)
// on *image.RGBA64 images exactly: the same float64 tap weights (the tent widened to the shrink
// factor, edge taps clipped and renormalized), the same per-channel
// accumulation order (horizontal pass over source columns in ascending
// order, scaled by the inverse total weight over 0xffff, then a vertical
// pass over rows in ascending order), the same clamp of colour to alpha
// and the same rounding to uint16. Every multiply feeding an add is
// wrapped in an explicit float64 conversion so that the compiler may not
// fuse it (as x/image's code does), which keeps the bits identical with
// and without FMA (GOAMD64=v3, arm64). The tests compare it with
// draw.BiLinear bit for bit.

// tentTap is one source column (or row) and its weight in an output pixel.
type tentTap struct {
	coord  int32
	weight float64
}

// tentSpan is one output column (or row): its taps are taps[lo:hi].
type tentSpan struct {
	lo, hi int32
	// inv is 1/sum(weights); invFFFF is inv/0xffff.
	inv, invFFFF float64
}

// tentFilter maps dst columns (or rows) to weighted source ones.
type tentFilter struct {
	spans []tentSpan
	taps  []tentTap
	// window is the largest distance between a span's first and last
	// tap coordinate, plus one.
	window int
}

// newTentFilter computes the tent weights for resampling sw source pixels
// into dw, with the same float64 operations as x/image/draw's distribution
// for a kernel of support 1 and At(t) = 1-t.
func newTentFilter(dw, sw int) tentFilter {
	scale := float64(sw) / float64(dw)
	half, argScale := 1.0, 1.0
	if scale > 1 {
		half *= scale
		argScale = 1 / scale
	}
	f := tentFilter{spans: make([]tentSpan, dw)}
	for x := range f.spans {
		center := float64((float64(x)+0.5)*scale) - 0.5
		lo := max(int32(math.Floor(center-half)), 0)
		hi := int32(math.Ceil(center + half))
		if hi > int32(sw) {
			hi = max(int32(sw), lo)
		}
		total := 0.0
		first := int32(len(f.taps))
		for c := lo; c < hi; c++ {
			t := (center - float64(c)) * argScale
			if t < 0 {
				t = -t
			}
			if t >= 1 {
				continue
			}
			w := 1 - t
			if w == 0 {
				continue
			}
			total += w
			f.taps = append(f.taps, tentTap{coord: c, weight: w})
		}
		last := int32(len(f.taps))
		inv := 1 / total
		f.spans[x] = tentSpan{lo: first, hi: last, inv: inv, invFFFF: inv / 0xffff}
		if last > first {
			f.window = max(f.window, int(f.taps[last-1].coord-f.taps[first].coord)+1)
		}
	}
	return f
}

// tentScratch is the reusable working memory of tentDownsample.
type tentScratch struct {
	ring []float64 // window rows of dw×4 horizontally filtered values
	rows [][]float64
	conv []float64 // one source row as float64 channels
}

// tentSource is the image a mip level is filtered from: either a previous
// level (pix16, 4 premultiplied linear uint16 per pixel) or the loaded
// RGBA8 texture (pix8, non-premultiplied, sRGB-encoded when srgb), which
// is expanded to premultiplied linear 16-bit row by row as it is read.
type tentSource struct {
	w, h  int
	pix16 []uint16
	pix8  []uint8
	srgb  bool
}

// row stores source row y as float64 channels in conv (4 per pixel).
func (s *tentSource) row(y int, conv []float64) {
	conv = conv[: 4*s.w : 4*s.w]
	if s.pix16 != nil {
		src := s.pix16[4*s.w*y : 4*s.w*(y+1)]
		for i, v := range src[:len(conv)] {
			conv[i] = float64(v)
		}
		return
	}
	src := s.pix8[4*s.w*y : 4*s.w*(y+1)]
	for i := 0; i < len(conv); i += 4 {
		p := src[i : i+4 : i+4]
		c := conv[i : i+4 : i+4]
		a := uint32(p[3]) * 257
		var r, g, b uint32
		if s.srgb {
			r, g, b = uint32(srgbToLin[p[0]]), uint32(srgbToLin[p[1]]), uint32(srgbToLin[p[2]])
		} else {
			r, g, b = uint32(p[0])*257, uint32(p[1])*257, uint32(p[2])*257
		}
		c[0] = float64(premul16(r, a))
		c[1] = float64(premul16(g, a))
		c[2] = float64(premul16(b, a))
		c[3] = float64(a)
	}
}

// tentDownsample resamples src into dst (dw×dh, 4 uint16 per pixel) with
// the bilinear tent filter; see the file comment for the exactness
// guarantee. The horizontally filtered source rows live in a ring of
// window rows, so the working memory is a few rows rather than a dw×sh
// buffer.
func tentDownsample(dst []uint16, dw, dh int, src *tentSource, sc *tentScratch) {
	sw, sh := src.w, src.h
	if sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0 {
		return
	}
	hf := newTentFilter(dw, sw)
	vf := newTentFilter(dh, sh)
	k := max(vf.window, 1)
	rowLen := 4 * dw
	if cap(sc.ring) < k*rowLen {
		sc.ring = make([]float64, k*rowLen)
	}
	ring := sc.ring[:k*rowLen]
	if cap(sc.rows) < k {
		sc.rows = make([][]float64, k)
	}
	if cap(sc.conv) < 4*sw {
		sc.conv = make([]float64, 4*sw)
	}
	conv := sc.conv[:4*sw]
	ready := 0 // source rows [0, ready) have been filtered horizontally
	for dy, s := range vf.spans {
		taps := vf.taps[s.lo:s.hi]
		if len(taps) == 0 {
			continue
		}
		for need := int(taps[len(taps)-1].coord); ready <= need; ready++ {
			slot := ready % k
			src.row(ready, conv)
			tentRow(ring[slot*rowLen:(slot+1)*rowLen], conv, &hf)
		}
		rows := sc.rows[:len(taps)]
		for i, t := range taps {
			slot := int(t.coord) % k
			rows[i] = ring[slot*rowLen : (slot+1)*rowLen]
		}
		tentColumn(dst[dy*rowLen:(dy+1)*rowLen], rows, taps, s.inv)
	}
}

// tentRow filters one source row (conv, 4 float64 channels per pixel)
// horizontally into out (4 floats per destination column).
func tentRow(out, conv []float64, f *tentFilter) {
	for x, s := range f.spans {
		var r, g, b, a float64
		for _, t := range f.taps[s.lo:s.hi] {
			p := conv[4*int(t.coord) : 4*int(t.coord)+4 : 4*int(t.coord)+4]
			r += float64(p[0] * t.weight)
			g += float64(p[1] * t.weight)
			b += float64(p[2] * t.weight)
			a += float64(p[3] * t.weight)
		}
		o := out[4*x : 4*x+4 : 4*x+4]
		o[0] = r * s.invFFFF
		o[1] = g * s.invFFFF
		o[2] = b * s.invFFFF
		o[3] = a * s.invFFFF
	}
}

// tentColumn combines the horizontally filtered rows (rows[i] weighted by
// taps[i]) into one destination row (4 uint16 per pixel).
func tentColumn(out []uint16, rows [][]float64, taps []tentTap, inv float64) {
	for x := 0; x+4 <= len(out); x += 4 {
		var r, g, b, a float64
		for i, t := range taps {
			p := rows[i][x : x+4 : x+4]
			r += float64(p[0] * t.weight)
			g += float64(p[1] * t.weight)
			b += float64(p[2] * t.weight)
			a += float64(p[3] * t.weight)
		}
		if r > a {
			r = a
		}
		if g > a {
			g = a
		}
		if b > a {
			b = a
		}
		o := out[x : x+4 : x+4]
		o[0] = tentRound(r * inv)
		o[1] = tentRound(g * inv)
		o[2] = tentRound(b * inv)
		o[3] = tentRound(a * inv)
	}
}

// tentRound converts a [0,1] value to uint16 the way x/image/draw does:
// scale by 0xffff, add one half, truncate, clamp.
func tentRound(f float64) uint16 {
	i := int32(float64(0xffff*f) + 0.5)
	if i > 0xffff {
		return 0xffff
	}
	if i > 0 {
		return uint16(i)
	}
	return 0
}
