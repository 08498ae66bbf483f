package raster

import (
	"math/bits"

	"github.com/ingot-render/ingot/internal/lane"
)

// The pixel path rasterizes the commonest draw with less bookkeeping than
// the quad path of rasterTri1, rasterTriMS, quad, fill and resolve:
// triangles at any sample count, a fragment function that reads nothing of
// other lanes (FlagPixels) and runs per pixel, early tests against a
// float32 depth target without stencil, and no input or output that needs
// a pixel's coverage or the framebuffer. Every covered pixel with a sample
// that passes the depth test gets its lane at once: its inputs are
// computed from the screen weights the depth test computed (the same
// integers and float operations as fill, so the same bits), and the lane
// remembers its pixel and passing samples for the colour writes.
// Lanes are packed in pixel order, row by row (with several samples, row
// by row of each piece of the box that one storage block holds: the depth
// tests run a piece at a time, msdepth.go); a fragment's value does not
// depend on its lane, and the colour writes still run in lane order, which
// is submission order per pixel.

// pixelPathFlags are the shader flags the pixel path does not handle.
const pixelPathFlags = FlagReadsColor | FlagRasterOrder | FlagWritesSampleMask | FlagWritesDepth | FlagWritesStencil | FlagPerSample

// pixelPathOff turns the pixel path off (tests compare it with the quad
// path).
var pixelPathOff bool

// usePixelPath reports whether the current draw (set by setDraw) runs on
// the pixel path.
func (w *worker) usePixelPath() bool {
	d, in := w.d, w.in
	if pixelPathOff || !in.shade || !in.early || !w.depth32 || !w.pixels || in.perSample {
		return false
	}
	if d.Flags&pixelPathFlags != 0 || d.AlphaToCoverage {
		return false
	}
	// Points, lines and wireframe edges run on the quad path, whose lanes
	// fillPixels does not fill.
	if (d.Topology != TriangleList && d.Topology != TriangleStrip) || d.State.Fill != FillSolid {
		return false
	}
	// Per pixel, the alternative (centroid) weights are the centre's
	// unless the centre is outside the primitive (rasterTriPixelsMS then
	// interpolates the lane at once): both perspective classes
	// interpolate alike.
	w.pv = append(append(w.pv[:0], w.vPersp...), w.vPerspAlt...)
	return true
}

// useDepthPath reports whether the current draw (set by setDraw) runs on
// the depth-only pixel path: triangles without a fragment function (a
// depth prepass, a shadow map) against a float32 depth target without
// stencil, counting no visibility.
func (w *worker) useDepthPath() bool {
	d, in := w.d, w.in
	if pixelPathOff || in.shade || in.visSlot >= 0 || !w.depth32 || w.tested != nil {
		return false
	}
	return (d.Topology == TriangleList || d.Topology == TriangleStrip) && d.State.Fill == FillSolid
}

// rasterTriDepth is rasterTri1 and rasterTriMS for a draw on the depth-only
// path: the depth tests and writes of the covered samples of the box,
// piece by piece (depthPiece). Nothing is shaded.
func (w *worker) rasterTriDepth(pr *prim, x0, y0, x1, y1 int) {
	b := &w.dbox
	setDepthBox(b, pr, x0, y0)
	asm := useDepthAsm && !w.zclamp && depthFits(b, x1-x0, y1-y0)
	if asm {
		setDepthKern(&w.dk, b, pr)
	}
	maxw := 64 / w.p.samples
	for py := y0; py < y1; {
		h := min(y1, py|blockMask+1) - py
		for px := x0; px < x1; {
			wd := min(x1, px|blockMask+1, px+maxw) - px
			w.depthPiece(pr, b, asm, x0, y0, px, py, wd, h)
			px += wd
		}
		py += h
	}
}

// pixDraw is the pixel path's state of the current draw (setPixDraw).
type pixDraw struct {
	needPos, needBary, needPrim, needMask bool
	linear                                bool // some noperspective components
	// plain: none of the above and no flat component (pixelLane's
	// shortest way).
	plain      bool
	depthWrite bool
	depthCmp   CompareFunc
	zdata      []float32
}

// setPixDraw sets w.pd for the current draw.
func (w *worker) setPixDraw() {
	d := w.d
	flags := d.Flags
	listed := flags&FlagInputsListed != 0
	ds := &d.State.DepthStencil
	w.pd = pixDraw{
		needPos:    !listed || flags&FlagInPosition != 0,
		needBary:   !listed || flags&FlagInBary != 0,
		needPrim:   !listed || flags&FlagInPrimitive != 0,
		needMask:   !listed || flags&FlagInSampleMask != 0,
		linear:     len(w.vLinear)+len(w.vLinearAlt) != 0,
		depthWrite: ds.DepthWrite,
		depthCmp:   ds.DepthCompare,
		zdata:      w.p.t.Depth.data,
	}
	pd := &w.pd
	pd.plain = !pd.needPos && !pd.needBary && !pd.needPrim && !pd.needMask && !pd.linear && len(w.vFlat) == 0
}

// pixTri is the pixel path's state of one triangle: what each of its lanes
// takes from the primitive.
type pixTri struct {
	varyings       bool // the draw has varyings
	v0, v1, v2, fl []float32
	// direct: the perspective components are interpolated at once (some
	// vertex lives in the binner's extra) instead of in fillPixels.
	direct       bool
	front        uint32
	o0, o1, o2   int32
	bias0, bias2 int64
	den          int64
	inv          float64
}

// rasterTriPixels is rasterTri1 on the pixel path: the edge functions at the
// pixel centres are stepped along each row of the bounding box. A box of at
// most 8×8 pixels (most triangles of a detailed mesh) takes its coverage in
// one call; larger ones row by row in stretches of up to 64 pixels. Either
// way the coverage is a bit mask first (no branch per pixel: a small
// triangle's coverage does not predict), then the covered pixels in order,
// row by row.
func (w *worker) rasterTriPixels(pr *prim, x0, y0, x1, y1 int) error {
	var t pixTri
	if d := w.d; d.Vertices.Stride != 0 {
		t.varyings = true
		t.direct = pr.extraMask != 0
		// The vertices' varyings are read here only for components
		// interpolated at once; fillPixels reads the others.
		if t.direct || w.pd.linear {
			t.v0, t.v1, t.v2 = w.varyings(pr, 0), w.varyings(pr, 1), w.varyings(pr, 2)
		}
		if len(w.vFlat) != 0 {
			t.fl = d.Vertices.Varyings[pr.flat:]
		}
	}
	if pr.front {
		t.front = 1
	}
	t.o0, t.o1, t.o2 = int32(pr.vref[0]), int32(pr.vref[1]), int32(pr.vref[2])
	// The weights come from the stepped edges: n1 = E2 and n2 = E0 with
	// the top-left bias added back (prim.weights).
	t.bias0, t.bias2, t.den, t.inv = int64(pr.bias&1), int64(pr.bias>>2&1), pr.den, pr.inv
	ax0, ax1, ax2 := int64(pr.ea[0])*subOne, int64(pr.ea[1])*subOne, int64(pr.ea[2])*subOne
	X0, Y0 := int64(x0)*subOne+subHalf, int64(y0)*subOne+subHalf
	r0 := int64(pr.ea[0])*X0 + int64(pr.eb[0])*Y0 + pr.ec[0]
	r1 := int64(pr.ea[1])*X0 + int64(pr.eb[1])*Y0 + pr.ec[1]
	r2 := int64(pr.ea[2])*X0 + int64(pr.eb[2])*Y0 + pr.ec[2]
	ay0, ay1, ay2 := int64(pr.eb[0])*subOne, int64(pr.eb[1])*subOne, int64(pr.eb[2])*subOne
	if x1-x0 <= 8 && y1-y0 <= 8 {
		for cov := blockCoverage(&[9]int64{r0, r1, r2, ax0, ax1, ax2, ay0, ay1, ay2}, x1-x0, y1-y0); cov != 0; cov &= cov - 1 {
			k := bits.TrailingZeros64(cov)
			col, row := int64(k&7), int64(k>>3)
			if err := w.pixelLane(pr, &t, x0+int(col), y0+int(row), r0+col*ax0+row*ay0, r2+col*ax2+row*ay2); err != nil {
				return err
			}
		}
		return nil
	}
	for py := y0; py < y1; py, r0, r1, r2 = py+1, r0+ay0, r1+ay1, r2+ay2 {
		for sx, f0, f1, f2 := x0, r0, r1, r2; sx < x1; sx, f0, f1, f2 = sx+64, f0+64*ax0, f1+64*ax1, f2+64*ax2 {
			for cov := rowCoverage(f0, f1, f2, ax0, ax1, ax2, min(64, x1-sx)); cov != 0; cov &= cov - 1 {
				k := int64(bits.TrailingZeros64(cov))
				if err := w.pixelLane(pr, &t, sx+int(k), py, f0+k*ax0, f2+k*ax2); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// pixelLane is the pixel path's work for covered pixel (px, py) of pr,
// whose edge functions 0 and 2 are e0 and e2 at the pixel's centre: the
// depth test and, when it passes, the pixel's lane.
func (w *worker) pixelLane(pr *prim, t *pixTri, px, py int, e0, e2 int64) error {
	pd := &w.pd
	n1, n2 := e2+t.bias2, e0+t.bias0
	l0, l1, l2 := float64(t.den-n1-n2)*t.inv, float64(n1)*t.inv, float64(n2)*t.inv
	z := w.clampDepth(float64(l0*pr.z[0]) + float64(l1*pr.z[1]) + float64(l2*pr.z[2]) + pr.zbias)
	pix := w.p.lay.pixel(px, py, w.layer)
	if !compare(pd.depthCmp, z, pd.zdata[pix]) {
		return nil
	}
	if pd.depthWrite {
		pd.zdata[pix] = z
	}
	if w.nl == MaxBatch {
		if err := w.flush(); err != nil {
			return err
		}
	}
	b := w.b
	L := w.nl
	w.nl++
	w.lpix[L] = int32(pix)
	c0, c1, c2 := persp(pr, l0, l1, l2)
	if pd.plain && t.varyings && !t.direct {
		// No built-in input, no flat or noperspective component: the
		// lane's weights and vertices for fillPixels only.
		w.vw[0][L], w.vw[1][L], w.vw[2][L] = c0, c1, c2
		w.voff[0][L], w.voff[1][L], w.voff[2][L] = t.o0, t.o1, t.o2
		return nil
	}
	if pd.needPos {
		b.PosX[L] = float32(float64(int64(px)*subOne+subHalf) * (1.0 / subOne))
		b.PosY[L] = float32(float64(int64(py)*subOne+subHalf) * (1.0 / subOne))
		b.PosZ[L] = z
		b.PosW[L] = float32(float64(l0*pr.invw[0]) + float64(l1*pr.invw[1]) + float64(l2*pr.invw[2]))
	}
	switch {
	case !pd.needBary:
	case pr.perm[0] >= 0:
		b.Bary[pr.perm[0]][L], b.Bary[pr.perm[1]][L], b.Bary[pr.perm[2]][L] = c0, c1, c2
	default:
		bw := &w.p.sets[pr.seg].exts[pr.ext].bw
		for j := range 3 {
			b.Bary[j][L] = float32(c0*bw[0][j]) + float32(c1*bw[1][j]) + float32(c2*bw[2][j])
		}
	}
	if pd.needPrim {
		b.FrontFacing[L] = t.front
		b.PrimitiveID[L] = pr.id
		b.Layer[L] = pr.layer
		b.ViewportIndex[L] = pr.vp
	}
	if pd.needMask {
		b.SampleMaskIn[L] = 1
	}
	if !t.varyings {
		return nil
	}
	for _, c := range w.vFlat {
		b.Varyings[c][L] = t.fl[c]
	}
	if t.direct {
		w.voff[0][L] = -1
		interpLane(b, w.pv, L, t.v0, t.v1, t.v2, c0, c1, c2)
	} else {
		w.vw[0][L], w.vw[1][L], w.vw[2][L] = c0, c1, c2
		w.voff[0][L], w.voff[1][L], w.voff[2][L] = t.o0, t.o1, t.o2
	}
	if pd.linear {
		s0, s1, s2 := float32(l0), float32(l1), float32(l2)
		interpLane(b, w.vLinear, L, t.v0, t.v1, t.v2, s0, s1, s2)
		interpLane(b, w.vLinearAlt, L, t.v0, t.v1, t.v2, s0, s1, s2)
	}
	return nil
}

// blockCoverage returns the coverage of a box of w×h ≤ 8×8 pixels as a bit
// mask: bit 8·row + col is set when the three edge functions are all
// non-negative at that pixel. e holds the edge functions at the box's first
// pixel, their steps per pixel along x, then along y.
func blockCoverage(e *[9]int64, w, h int) uint64 {
	if useCoverAsm {
		// Every edge value of the box fits in int32 when |r| + 7·(|a| + |b|)
		// does for each edge (a linear function's extremes over the box are
		// at its corners). Every term is below 2^48 (guard-band
		// coordinates): the sums do not overflow.
		m := e[0] >> 63
		b0 := (e[0] ^ m) - m
		m = e[3] >> 63
		a := (e[3] ^ m) - m
		m = e[6] >> 63
		a += (e[6] ^ m) - m
		b0 += 7 * a
		m = e[1] >> 63
		b1 := (e[1] ^ m) - m
		m = e[4] >> 63
		a = (e[4] ^ m) - m
		m = e[7] >> 63
		a += (e[7] ^ m) - m
		b1 += 7 * a
		m = e[2] >> 63
		b2 := (e[2] ^ m) - m
		m = e[5] >> 63
		a = (e[5] ^ m) - m
		m = e[8] >> 63
		a += (e[8] ^ m) - m
		b2 += 7 * a
		if b0|b1|b2 < 1<<31 {
			e32 := [9]int32{int32(e[0]), int32(e[1]), int32(e[2]), int32(e[3]), int32(e[4]), int32(e[5]), int32(e[6]), int32(e[7]), int32(e[8])}
			return blockCoverageAVX2(&e32, w, h)
		}
	}
	return blockCoverageGo(e, w, h)
}

// blockCoverageGo is blockCoverage in Go.
//
//go:noinline
func blockCoverageGo(e *[9]int64, w, h int) uint64 {
	r0, r1, r2 := e[0], e[1], e[2]
	a0, a1, a2 := e[3], e[4], e[5]
	var cov uint64
	for row := range h {
		var c uint64
		f0, f1, f2 := r0, r1, r2
		for range w {
			c = c>>1 | uint64(^(f0|f1|f2))&(1<<63)
			f0, f1, f2 = f0+a0, f1+a1, f2+a2
		}
		cov |= c >> ((64 - w) & 63) << (8 * row & 63)
		r0, r1, r2 = r0+e[6], r1+e[7], r2+e[8]
	}
	return cov
}

// rowCoverage returns the coverage of n ≤ 64 consecutive pixels of a row as
// a bit mask: bit k is set when the three edge functions, f0, f1, f2 at the
// first pixel and stepped by a0, a1, a2 per pixel, are all non-negative at
// pixel k. It is a leaf of its own so that its loop keeps everything in
// registers.
//
//go:noinline
func rowCoverage(f0, f1, f2, a0, a1, a2 int64, n int) uint64 {
	if n <= 0 {
		return 0
	}
	// Each pixel's bit enters at the top and moves down one place per
	// pixel: no variable shift in the loop.
	var cov uint64
	for range n {
		cov = cov>>1 | uint64(^(f0|f1|f2))&(1<<63)
		f0, f1, f2 = f0+a0, f1+a1, f2+a2
	}
	return cov >> ((64 - n) & 63)
}

// rasterTriPixelsMS is rasterTriMS on the pixel path (rasterTriPixels with
// several samples): the depth tests of the covered samples run over the
// box piece by piece (depthPiece), then each pixel of the piece with a
// passing sample gets one lane (msLane), row by row.
func (w *worker) rasterTriPixelsMS(pr *prim, x0, y0, x1, y1 int) error {
	var t pixTri
	d := w.d
	if d.Vertices.Stride != 0 {
		t.varyings = true
		// The perspective components are interpolated per component in
		// fillPixels unless some vertex lives in the binner's extra.
		t.v0, t.v1, t.v2 = w.varyings(pr, 0), w.varyings(pr, 1), w.varyings(pr, 2)
		t.direct = pr.extraMask != 0
		t.fl = d.Vertices.Varyings[pr.flat:]
	}
	if pr.front {
		t.front = 1
	}
	t.o0, t.o1, t.o2 = int32(pr.vref[0]), int32(pr.vref[1]), int32(pr.vref[2])
	b := &w.dbox
	setDepthBox(b, pr, x0, y0)
	asm := useDepthAsm && !w.zclamp && depthFits(b, x1-x0, y1-y0)
	if asm {
		setDepthKern(&w.dk, b, pr)
	}
	ns := w.p.samples
	lns := uint(bits.TrailingZeros(uint(ns)))
	full := uint64(1)<<ns - 1
	maxw := 64 / ns
	for py := y0; py < y1; {
		h := min(y1, py|blockMask+1) - py
		for px := x0; px < x1; {
			wd := min(x1, px|blockMask+1, px+maxw) - px
			if w.depthPiece(pr, b, asm, x0, y0, px, py, wd, h) != 0 {
				pix0 := w.p.lay.pixel(px, py, w.layer)
				for r, rm := range w.zmask[:h] {
					dr := int64(py + r - y0)
					for rm != 0 {
						col := uint(bits.TrailingZeros64(rm)) >> lns
						m := uint8(rm >> (col << lns) & full)
						rm &^= full << (col << lns)
						dc := int64(px - x0 + int(col))
						e0 := b.e[0] + dc*b.ax[0] + dr*b.ay[0]
						e1 := b.e[1] + dc*b.ax[1] + dr*b.ay[1]
						e2 := b.e[2] + dc*b.ax[2] + dr*b.ay[2]
						if err := w.msLane(pr, &t, px+int(col), py+r, pix0+r*blockSize+int(col), e0, e1, e2, m); err != nil {
							return err
						}
					}
				}
			}
			px += wd
		}
		py += h
	}
	return nil
}

// msLane is rasterTriPixelsMS's lane for pixel (px, py) at storage index
// pix, whose edge functions at the centre are e0, e1, e2 and whose
// samples m passed the depth test: at the centre (the centroid, the first
// passing sample, when the centre is outside and the draw has centroid
// components), writing the passing samples (lcov).
func (w *worker) msLane(pr *prim, t *pixTri, px, py, pix int, e0, e1, e2 int64, m uint8) error {
	pd, b, db := &w.pd, w.b, &w.dbox
	n1, n2 := e2+db.bias2, e0+db.bias0
	l0, l1, l2 := float64(db.den-n1-n2)*db.inv, float64(n1)*db.inv, float64(n2)*db.inv
	var z float32
	if pd.needPos {
		z = w.clampDepth(float64(l0*pr.z[0]) + float64(l1*pr.z[1]) + float64(l2*pr.z[2]) + pr.zbias)
	}
	if w.nl == MaxBatch {
		if err := w.flush(); err != nil {
			return err
		}
		b = w.b
	}
	L := w.nl
	w.nl++
	w.lpix[L] = int32(pix)
	w.lcov[L] = m
	c0, c1, c2 := persp(pr, l0, l1, l2)
	if pd.needPos {
		b.PosX[L] = float32(float64(int64(px)*subOne+subHalf) * (1.0 / subOne))
		b.PosY[L] = float32(float64(int64(py)*subOne+subHalf) * (1.0 / subOne))
		b.PosZ[L] = z
		b.PosW[L] = float32(float64(l0*pr.invw[0]) + float64(l1*pr.invw[1]) + float64(l2*pr.invw[2]))
	}
	switch {
	case !pd.needBary:
	case pr.perm[0] >= 0:
		b.Bary[pr.perm[0]][L], b.Bary[pr.perm[1]][L], b.Bary[pr.perm[2]][L] = c0, c1, c2
	default:
		bw := &w.p.sets[pr.seg].exts[pr.ext].bw
		for j := range 3 {
			b.Bary[j][L] = float32(c0*bw[0][j]) + float32(c1*bw[1][j]) + float32(c2*bw[2][j])
		}
	}
	if pd.needPrim {
		b.FrontFacing[L] = t.front
		b.PrimitiveID[L] = pr.id
		b.Layer[L] = pr.layer
		b.ViewportIndex[L] = pr.vp
	}
	if pd.needMask {
		b.SampleMaskIn[L] = uint32(m)
	}
	v0, v1, v2 := t.v0, t.v1, t.v2
	if v0 == nil {
		return nil
	}
	for _, c := range w.vFlat {
		b.Varyings[c][L] = t.fl[c]
	}
	if w.in.centroid && e0|e1|e2 < 0 {
		// The centroid is the first passing sample (fill).
		s := bits.TrailingZeros8(m)
		an1, an2 := e2+w.sampleOffset(pr, 2, s)+db.bias2, e0+w.sampleOffset(pr, 0, s)+db.bias0
		a0, a1, a2 := float64(db.den-an1-an2)*db.inv, float64(an1)*db.inv, float64(an2)*db.inv
		p0, p1, p2 := persp(pr, a0, a1, a2)
		w.voff[0][L] = -1
		interpLane(b, w.vPersp, L, v0, v1, v2, c0, c1, c2)
		interpLane(b, w.vPerspAlt, L, v0, v1, v2, p0, p1, p2)
		interpLane(b, w.vLinear, L, v0, v1, v2, float32(l0), float32(l1), float32(l2))
		interpLane(b, w.vLinearAlt, L, v0, v1, v2, float32(a0), float32(a1), float32(a2))
		return nil
	}
	if t.direct {
		w.voff[0][L] = -1
		interpLane(b, w.pv, L, v0, v1, v2, c0, c1, c2)
	} else {
		w.vw[0][L], w.vw[1][L], w.vw[2][L] = c0, c1, c2
		w.voff[0][L], w.voff[1][L], w.voff[2][L] = t.o0, t.o1, t.o2
	}
	if pd.linear {
		s0, s1, s2 := float32(l0), float32(l1), float32(l2)
		interpLane(b, w.vLinear, L, v0, v1, v2, s0, s1, s2)
		interpLane(b, w.vLinearAlt, L, v0, v1, v2, s0, s1, s2)
	}
	return nil
}

// interpLane interpolates the varying components cs of lane L with vertex
// weights w0, w1, w2 (fill's arithmetic).
func interpLane(b *FragmentBatch, cs []int, L int, v0, v1, v2 []float32, w0, w1, w2 float32) {
	L &= MaxBatch - 1
	for _, c := range cs {
		dst := b.Varyings[c][:MaxBatch:MaxBatch]
		dst[L] = float32(w0*v0[c]) + float32(w1*v1[c]) + float32(w2*v2[c])
	}
}

// interpDeferred interpolates the perspective components of the lanes
// [0, n) that rasterTriPixels deferred: one component at a time over the
// lanes, with interpLane's arithmetic.
func (w *worker) interpDeferred(n int) {
	src := w.d.Vertices.Varyings
	w0, w1, w2 := w.vw[0][:n], w.vw[1][:n], w.vw[2][:n]
	o0, o1, o2 := w.voff[0][:n], w.voff[1][:n], w.voff[2][:n]
	for _, c := range w.pv {
		interpGather(w.b.Varyings[c][:n], w0, w1, w2, o0, o1, o2, src[c:])
	}
}

// interpGatherGo is interpGather in Go (interpLane's arithmetic).
func interpGatherGo(dst, w0, w1, w2 []float32, o0, o1, o2 []int32, src []float32) {
	w0, w1, w2 = w0[:len(dst)], w1[:len(dst)], w2[:len(dst)]
	o0, o1, o2 = o0[:len(dst)], o1[:len(dst)], o2[:len(dst)]
	for L := range dst {
		a := o0[L]
		if a < 0 {
			continue
		}
		dst[L] = float32(w0[L]*src[a]) + float32(w1[L]*src[o1[L]]) + float32(w2[L]*src[o2[L]])
	}
}

// fillPixels finishes the batch inputs of the pixel path: every lane is a
// covered pixel.
func (w *worker) fillPixels() {
	b, d := w.b, w.d
	n := w.nl
	b.N = n
	b.Covered = uint64(lane.FirstN(n))
	b.Live = b.Covered
	if d.Vertices.Stride != 0 {
		w.interpDeferred(n)
	}
	for i := range MaxColorAttachments {
		if d.ColorMask&(1<<i) != 0 {
			for c := range 4 {
				clear(b.Color[i][c][:n])
			}
		}
	}
	if d.Flags&FlagDualSource != 0 {
		for c := range 4 {
			clear(b.Color1[c][:n])
		}
	}
}

// resolvePixels is resolve on the pixel path: the live lanes write their
// pixels' passing samples (the depth tests ran before shading).
func (w *worker) resolvePixels() {
	b := w.b
	n := b.N
	live := b.Live & uint64(lane.FirstN(n))
	if w.p.samples == 1 {
		for L := range n {
			w.lmask[L] = uint8(live >> L & 1)
		}
		if w.in.visSlot >= 0 {
			w.addVis(bits.OnesCount64(live))
		}
	} else {
		nv := 0
		for L := range n {
			m := w.lcov[L] & -uint8(live>>L&1)
			w.lmask[L] = m
			nv += bits.OnesCount8(m)
		}
		if w.in.visSlot >= 0 {
			w.addVis(nv)
		}
	}
	if live != 0 && !w.writePixels(live) {
		w.writeColors()
	}
}

// writePixels is writeColors for the pixel path's commonest targets: plain
// writes (no blending, every channel) to single-sample RGBA8Unorm or
// BGRA8Unorm attachments. unorm8 clamps as the clamp to [0, 1] before it
// would, so each channel is quantized at once. It reports false, writing
// nothing, when some attachment needs writeColors.
func (w *worker) writePixels(live uint64) bool {
	p, b, d := w.p, w.b, w.d
	st := d.State
	for _, i := range w.atts[:w.natt] {
		t, bl := p.t.Color[i], &st.Blends[i]
		if bl.Enabled || bl.WriteMask != WriteAll || t.q.fast != fastRGBA8 || t.Samples != 1 {
			return false
		}
	}
	// The lanes up to the last live one are quantized a component at a
	// time (unorm8Lin: the value q.lin[unorm8(v)] of the texel), then the
	// live ones stored.
	n := 64 - bits.LeadingZeros64(live)
	q := &w.quant
	for _, i := range w.atts[:w.natt] {
		data := p.t.Color[i].data
		for c := range 4 {
			if c == 3 && d.AlphaToOne {
				for k := range q[3][:n] {
					q[3][k] = 1
				}
				continue
			}
			unorm8Lin(q[c][:n], b.Color[i][c][:n])
		}
		for m := live; m != 0; m &= m - 1 {
			L := bits.TrailingZeros64(m) & (MaxBatch - 1)
			o := data[4*int(w.lpix[L]):][:4:4]
			o[0], o[1], o[2], o[3] = q[0][L], q[1][L], q[2][L], q[3][L]
		}
	}
	return true
}
