package raster

import (
	"math"
	"math/bits"
)

// The depth tests of the multisampled pixel paths (rasterTriDepth and
// rasterTriPixelsMS) run over the triangle's box in pieces: each piece
// lies inside one 32×32 storage block and is at most 64/samples pixels
// wide, so that a row of it is one run of at most 64 depth samples
// (pixel-major, the samples of a pixel adjacent, as the storage keeps
// them) and its result, the samples that are covered, in the draw's
// sample mask and pass the depth test, is one bit mask (bit
// samples·col + s). A piece's rows are a block's row stride apart.
//
// The depth test of a sample is quad's (dsTest on a float32 target): the
// edge functions at the pixel centre plus the sample's constant offset
// (the integers covers tests), then at the sample's weights (fragDepth)
// z = clampDepth(l0·z0 + l1·z1 + l2·z2 + zbias), compared with the stored
// value and, when it passes and the draw writes depth, stored. Every
// sample is its own storage word and no two samples of a triangle share
// one, so the order of the samples does not matter.

// depthBox is a triangle's depth-test state in int64 form: the edge
// functions at the centre of its box's first pixel and their steps.
type depthBox struct {
	e, ax, ay         [3]int64 // edge functions at the box's first pixel centre, their steps per pixel along x and y
	bias0, bias2, den int64    // the weights: n1 = E2 + bias2, n2 = E0 + bias0, n0 = den − n1 − n2
	inv               float64
}

// depthKern is depthBox for the AVX2 kernel (depthRowsAVX2): every edge
// value of the piece's samples, and every weight numerator there, fits in
// int32 (depthFits). The kernel keeps broadcast copies of its constants
// in scratch.
type depthKern struct {
	e, ay, ea, eb     [3]int32 // edge functions at the first pixel centre, their steps per row; the edge coefficients
	bias0, bias2, den int32
	nl                int32 // depth samples per row (pixels × samples, ≤ 64)
	inv               float64
	z                 [3]float64
	zbias             float64
	scratch           [26][8]int32
}

// depthConsts is the current draw's constant part of depthRowsAVX2's
// input (setDepthConsts).
type depthConsts struct {
	// dx, dy: lane i of a group of eight samples of a row is sample i%n of
	// pixel i/n of the group (n samples per pixel); its fixed-point offset
	// from the centre of the group's first pixel.
	dx, dy [8]int32
	sm     [8]int32 // −1 where lane i's sample is in the draw's sample mask
	// cmp: −1 where the depth compare passes when the new value is less
	// than, equal to, greater than, unordered with the stored one.
	cmp    [4]int32
	step   int32 // subOne · 8/n: the x offset of one group from the next
	stride int32 // bytes from a row of a block's depth samples to the next
	write  int32 // 1: the draw writes depth
}

// setDepthConsts sets w.dc for the current draw.
func (w *worker) setDepthConsts() {
	p := w.p
	ns := p.samples
	c := &w.dc
	for i := range 8 {
		s := i % ns
		c.dx[i] = int32(int64(i/ns)*subOne + p.sfx[s] - subHalf)
		c.dy[i] = int32(p.sfy[s] - subHalf)
		c.sm[i] = -int32(w.smask >> s & 1)
	}
	ds := &w.d.State.DepthStencil
	cmp := ds.DepthCompare
	// The compare of a < b, a == b, a > b and of a NaN decides every
	// case: the four are exclusive and exhaustive.
	nan := float32(math.NaN())
	for k, ab := range [4][2]float32{{0, 1}, {0, 0}, {1, 0}, {nan, 0}} {
		c.cmp[k] = -int32(b2u(compare(cmp, ab[0], ab[1])))
	}
	c.step = int32(8 / ns * subOne)
	c.stride = int32(blockSize * ns * 4)
	c.write = int32(b2u(ds.DepthWrite))
}

// depthFitsLimit bounds the edge values and the weight numerators for
// the kernel: with |E| < 2^29 for the three edges and den < 2^30, n0, n1
// and n2 lie strictly inside int32.
const depthFitsLimit = 1 << 29

// depthFits reports whether every sample of the w×h box whose first pixel
// centre b.e describes has its edge values below depthFitsLimit (a sample
// is within half a pixel of its centre: a linear function's extremes
// over the box are at the corners) and den is below 2·depthFitsLimit.
func depthFits(b *depthBox, w, h int) bool {
	if b.den <= 0 || b.den >= 2*depthFitsLimit {
		return false
	}
	for k := range 3 {
		if abs64(b.e[k])+int64(w)*abs64(b.ax[k])+int64(h)*abs64(b.ay[k]) >= depthFitsLimit {
			return false
		}
	}
	return true
}

// setDepthBox fills b for triangle pr with the box's first pixel (x0, y0).
func setDepthBox(b *depthBox, pr *prim, x0, y0 int) {
	X, Y := int64(x0)*subOne+subHalf, int64(y0)*subOne+subHalf
	for k := range 3 {
		ea, eb := int64(pr.ea[k]), int64(pr.eb[k])
		b.e[k] = ea*X + eb*Y + pr.ec[k]
		b.ax[k], b.ay[k] = ea*subOne, eb*subOne
	}
	b.bias0, b.bias2, b.den, b.inv = int64(pr.bias&1), int64(pr.bias>>2&1), pr.den, pr.inv
}

// sampleOffset returns edge k of pr at sample s of a pixel minus its
// value at the pixel centre.
func (w *worker) sampleOffset(pr *prim, k, s int) int64 {
	p := w.p
	return int64(pr.ea[k])*(p.sfx[s]-subHalf) + int64(pr.eb[k])*(p.sfy[s]-subHalf)
}

// setDepthKern fills the triangle part of k from b and pr (the piece's
// first pixel comes with each call).
func setDepthKern(k *depthKern, b *depthBox, pr *prim) {
	for i := range 3 {
		k.ay[i], k.ea[i], k.eb[i] = int32(b.ay[i]), pr.ea[i], pr.eb[i]
	}
	k.bias0, k.bias2, k.den = int32(b.bias0), int32(b.bias2), int32(b.den)
	k.inv, k.z, k.zbias = b.inv, pr.z, pr.zbias
}

// depthRowsGo runs the depth tests of pr over the piece of wd×h pixels
// whose edge functions at the first pixel centre are e (b gives the
// rest), z being the piece's first depth sample: masks[r] gets row r's
// passing samples. It returns the union of the masks.
func (w *worker) depthRowsGo(pr *prim, b *depthBox, e *[3]int64, z []float32, masks []uint64, wd, h int) uint64 {
	ns := w.p.samples
	ds := &w.d.State.DepthStencil
	cmp, write := ds.DepthCompare, ds.DepthWrite
	smask := w.smask
	var so0, so1, so2 [8]int64
	for s := range ns {
		so0[s], so1[s], so2[s] = w.sampleOffset(pr, 0, s), w.sampleOffset(pr, 1, s), w.sampleOffset(pr, 2, s)
	}
	var all uint64
	for r := range h {
		rr := int64(r)
		e0, e1, e2 := e[0]+rr*b.ay[0], e[1]+rr*b.ay[1], e[2]+rr*b.ay[2]
		row := z[r*blockSize*ns:]
		var rm uint64
		for col := range wd {
			var m uint8
			for s := range ns {
				m |= uint8(uint64(^((e0+so0[s])|(e1+so1[s])|(e2+so2[s])))>>63) << s
			}
			if m &= smask; m != 0 {
				zs := row[col*ns:][:ns:ns]
				for t := m; t != 0; t &= t - 1 {
					s := bits.TrailingZeros8(t)
					n1, n2 := e2+so2[s]+b.bias2, e0+so0[s]+b.bias0
					l0, l1, l2 := float64(b.den-n1-n2)*b.inv, float64(n1)*b.inv, float64(n2)*b.inv
					v := w.clampDepth(float64(l0*pr.z[0]) + float64(l1*pr.z[1]) + float64(l2*pr.z[2]) + pr.zbias)
					if !compare(cmp, v, zs[s]) {
						m &^= 1 << s
						continue
					}
					if write {
						zs[s] = v
					}
				}
				rm |= uint64(m) << (col * ns)
			}
			e0, e1, e2 = e0+b.ax[0], e1+b.ax[1], e2+b.ax[2]
		}
		masks[r] = rm
		all |= rm
	}
	return all
}

// depthPiece runs the depth tests of pr over the piece of wd×h pixels at (px, py)
// of the box whose first pixel is (x0, y0), with the AVX2 kernel when asm
// is set: the piece's rows' passing samples go to w.zmask[:h]; it returns
// their union.
func (w *worker) depthPiece(pr *prim, b *depthBox, asm bool, x0, y0, px, py, wd, h int) uint64 {
	ns := w.p.samples
	pix := w.p.lay.pixel(px, py, w.layer) * ns
	zdata := w.p.t.Depth.data
	dc, dr := int64(px-x0), int64(py-y0)
	if asm {
		k := &w.dk
		for i := range 3 {
			k.e[i] = int32(b.e[i] + dc*b.ax[i] + dr*b.ay[i])
		}
		k.nl = int32(wd * ns)
		// The piece's samples lie inside zdata (a block holds them).
		_ = zdata[pix+((h-1)*blockSize+wd)*ns-1]
		return depthRowsAVX2(k, &w.dc, &zdata[pix], &w.zmask[0], h)
	}
	var e [3]int64
	for i := range 3 {
		e[i] = b.e[i] + dc*b.ax[i] + dr*b.ay[i]
	}
	return w.depthRowsGo(pr, b, &e, zdata[pix:], w.zmask[:h], wd, h)
}
