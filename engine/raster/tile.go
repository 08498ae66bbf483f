package raster

import (
	"context"
	"fmt"
	"math/bits"
)

// quadRec is one 2×2 quad waiting in the worker's batch.
type quadRec struct {
	pr     *prim // the primitive
	qx, qy int32 // top-left pixel
	sample int8  // per-sample runs: the sample; -1 per pixel
	cov    [4]uint8
}

// maxTileQuads is the number of quads of the largest tile (64×64 pixels).
const maxTileQuads = 32 * 32

// worker runs tiles; it owns a fragment batch and per-tile scratch state.
type worker struct {
	p   *Pass
	id  int
	ctx context.Context
	b   *FragmentBatch

	recs [MaxBatch]quadRec
	nq   int
	// lanes[k][q] is the lane of pixel q of quad k (-1: none), nl the
	// lanes used: quads take lanes 4k..4k+3; with FlagPixels only covered
	// pixels take lanes, packed in order.
	lanes  [MaxBatch][4]int8
	nl     int
	pixels bool
	fast   bool // the current draw runs on the pixel path (pixelpath.go)
	// depthOnly: the current draw runs on the depth-only pixel path
	// (rasterTriDepth).
	depthOnly bool
	pv        []int                // the pixel path: perspective components (vPersp, then vPerspAlt)
	pd        pixDraw              // the pixel path: the current draw's state
	quant     [4][MaxBatch]float32 // writePixels: the batch's colour, quantized
	lmask     [MaxBatch]uint8      // resolve: final sample mask per lane
	lpix      [MaxBatch]int32      // resolve: pixel index per lane (the pixel path: set with the lane)
	lcov      [MaxBatch]uint8      // the pixel path: the samples that passed the depth test per lane
	// The depth tests of the multisampled pixel paths (msdepth.go): the
	// current triangle, its kernel form, the draw's kernel constants and
	// the passing samples of a piece's rows.
	dbox  depthBox
	dk    depthKern
	dc    depthConsts
	zmask [blockSize]uint64
	// The pixel path's deferred interpolation (fillPixels): per lane the
	// perspective weights and the vertices' offsets in the draw's
	// Varyings (voff[0][L] < 0: the lane was interpolated at once).
	vw   [3][MaxBatch]float32
	voff [3][MaxBatch]int32

	// Quad positions used by the current batch: stamp[i] == serial means
	// quad i of the tile holds a quad of primitive owner[i].
	serial uint32
	stamp  [maxTileQuads]uint32
	owner  [maxTileQuads]*prim

	vis []uint64 // per visibility slot

	tx0, ty0, tx1, ty1 int
	layer              int
	tile               Tile   // the tile being run, for tile functions and hooks
	local              []prim // the current tile's local primitives in the current binner
	large              []prim // the current binner's large primitives

	cur  int32
	atts [MaxColorAttachments]int8 // colour attachments written by the current draw
	natt int
	// Varying components of the current draw by interpolation class.
	vFlat, vPersp, vPerspAlt, vLinear, vLinearAlt []int
	d                                             *Draw
	in                                            *drawInfo
	hasDS                                         bool
	depth32                                       bool // a float32 depth target and no stencil test
	smask                                         uint8
	zlo, zhi                                      float64 // depth clamp range of the current primitive's viewport
	zclamp                                        bool
	tested                                        TestedShader // the current draw's, when it takes Tested calls (tile_tested.go)
}

func newWorker(p *Pass, id int) *worker {
	return &worker{p: p, id: id, b: newFragmentBatch(), serial: 1}
}

// runTile processes the command list of tile t.
func (w *worker) runTile(t int) error {
	p := w.p
	if err := w.ctx.Err(); err != nil {
		return err
	}
	per := p.tilesX * p.tilesY
	w.layer = t / per
	r := t % per
	w.tx0, w.ty0 = (r%p.tilesX)*p.tw, (r/p.tilesX)*p.th
	w.tx1, w.ty1 = min(w.tx0+p.tw, p.t.Width), min(w.ty0+p.th, p.t.Height)
	w.cur, w.nq, w.nl = -1, 0, 0
	if err := w.beginTile(t); err != nil {
		return err
	}
	for _, b := range p.sets {
		w.local, w.large = b.local[t], b.large
		for _, e := range b.bins[t] {
			if isCmd(e) {
				if err := w.runCmd(e); err != nil {
					return err
				}
				continue
			}
			pr := w.prim(e)
			if pr.draw != w.cur {
				if err := w.flush(); err != nil {
					return err
				}
				w.setDraw(pr.draw)
			}
			if err := w.rasterPrim(pr); err != nil {
				return err
			}
		}
	}
	return w.flush()
}

// prim resolves a tile command entry.
func (w *worker) prim(e uint32) *prim {
	if e&largeBit != 0 {
		return &w.large[e&^largeBit]
	}
	return &w.local[e]
}

// setDraw makes draw di current.
func (w *worker) setDraw(di int32) {
	p := w.p
	w.cur = di
	w.d = &p.draws[di]
	w.in = &p.info[di]
	w.hasDS = p.t.Depth != nil || (p.t.Stencil != nil && w.d.State.DepthStencil.StencilEnabled)
	w.depth32 = p.t.Depth != nil && p.t.Depth.q.fast == fastF32 && (p.t.Stencil == nil || !w.d.State.DepthStencil.StencilEnabled)
	w.smask = uint8(1<<p.samples - 1)
	if m := w.d.SampleMask; m != 0 {
		w.smask &= uint8(m)
	}
	w.zclamp = w.d.State.DepthClip == DepthClamp
	w.pixels = w.d.Flags&FlagPixels != 0
	w.tested = testedShader(w.d)
	w.natt = 0
	w.vFlat, w.vPersp, w.vPerspAlt, w.vLinear, w.vLinearAlt = w.vFlat[:0], w.vPersp[:0], w.vPerspAlt[:0], w.vLinear[:0], w.vLinearAlt[:0]
	if w.in.shade {
		for c, m := range w.d.Interp {
			alt := m&(InterpCentroid|InterpSample) != 0
			switch {
			case m&interpModeMask == InterpFlat:
				w.vFlat = append(w.vFlat, c)
			case m&interpModeMask == InterpNoPerspective && alt:
				w.vLinearAlt = append(w.vLinearAlt, c)
			case m&interpModeMask == InterpNoPerspective:
				w.vLinear = append(w.vLinear, c)
			case alt:
				w.vPerspAlt = append(w.vPerspAlt, c)
			default:
				w.vPersp = append(w.vPersp, c)
			}
		}
		w.b.ensureVaryings(w.d.Vertices.Stride)
		for i, t := range p.t.Color {
			if t != nil && w.d.ColorMask&(1<<i) != 0 && w.d.State.Blends[i].WriteMask != 0 {
				w.atts[w.natt] = int8(i)
				w.natt++
			}
		}
	}
	w.fast = w.tested == nil && w.usePixelPath()
	w.depthOnly = w.useDepthPath()
	if w.fast {
		w.setPixDraw()
	}
	if w.depthOnly || (w.fast && p.samples > 1) {
		w.setDepthConsts()
	}
}

// quadExt returns pr's primExt when pr is a quad (nil for triangles).
func (w *worker) quadExt(pr *prim) *primExt {
	if pr.nedge != 4 {
		return nil
	}
	return &w.p.sets[pr.seg].exts[pr.ext]
}

// coverage returns the covered samples of pixel (px, py) of pr (q: its
// quadExt).
func (w *worker) coverage(pr *prim, q *primExt, px, py int) uint8 {
	p := w.p
	X, Y := int64(px)*subOne, int64(py)*subOne
	if p.samples == 1 {
		if pr.covers(X+subHalf, Y+subHalf, q) {
			return 1
		}
		return 0
	}
	var m uint8
	for s := range p.samples {
		if pr.covers(X+p.sfx[s], Y+p.sfy[s], q) {
			m |= 1 << s
		}
	}
	return m
}

// samplePos returns the fixed-point position of sample s of pixel (px, py)
// (the centre for one sample).
func (w *worker) samplePos(px, py, s int) (int64, int64) {
	return int64(px)*subOne + w.p.sfx[s], int64(py)*subOne + w.p.sfy[s]
}

// fragDepth returns the depth of pr at fixed point (x, y): interpolated,
// biased and clamped.
func (w *worker) fragDepth(pr *prim, x, y int64) float32 {
	l0, l1, l2 := pr.weights(x, y, w.quadExt(pr))
	z := float64(l0*pr.z[0]) + float64(l1*pr.z[1]) + float64(l2*pr.z[2]) + pr.zbias
	return w.clampDepth(z)
}

func (w *worker) clampDepth(z float64) float32 {
	if w.zclamp {
		z = min(max(z, w.zlo), w.zhi)
	}
	return float32(z)
}

func (w *worker) stencilRef(front bool) uint8 {
	if front {
		return uint8(w.d.State.StencilRefFront)
	}
	return uint8(w.d.State.StencilRefBack)
}

// rasterPrim walks the quads of primitive pi inside the current tile.
func (w *worker) rasterPrim(pr *prim) error {
	p := w.p
	x0, x1 := max(int(pr.x0), w.tx0), min(int(pr.x1), w.tx1)
	y0, y1 := max(int(pr.y0), w.ty0), min(int(pr.y1), w.ty1)
	if x0 >= x1 || y0 >= y1 {
		return nil
	}
	if w.zclamp {
		vp := &w.d.State.Viewports[pr.vp]
		w.zlo, w.zhi = min(vp.ZNear, vp.ZFar), max(vp.ZNear, vp.ZFar)
	}
	ref := w.stencilRef(pr.front)
	if pr.nedge == 3 {
		if p.samples == 1 {
			return w.rasterTri1(pr, x0, y0, x1, y1, ref)
		}
		return w.rasterTriMS(pr, x0, y0, x1, y1, ref)
	}
	return w.rasterQuadPrim(pr, x0, y0, x1, y1, ref)
}

// rasterQuadPrim is rasterPrim for a line or point (a quad prim): the
// coverage of each pixel of the box [x0, x1) × [y0, y1), quad by quad.
func (w *worker) rasterQuadPrim(pr *prim, x0, y0, x1, y1 int, ref uint8) error {
	ext := w.quadExt(pr)
	for qy := y0 &^ 1; qy < y1; qy += 2 {
		for qx := x0 &^ 1; qx < x1; qx += 2 {
			var cov [4]uint8
			var any uint8
			for q := range 4 {
				px, py := qx+q&1, qy+q>>1
				if px < x0 || px >= x1 || py < y0 || py >= y1 {
					continue
				}
				m := w.coverage(pr, ext, px, py) & w.smask
				cov[q] = m
				any |= m
			}
			if any == 0 {
				continue
			}
			if err := w.quad(pr, qx, qy, cov, ref); err != nil {
				return err
			}
		}
	}
	return nil
}

// rasterTri1 is rasterPrim for a triangle at one sample per pixel: the
// edge functions at the pixel centres are stepped, not re-evaluated (the
// same integers, so the same coverage).
func (w *worker) rasterTri1(pr *prim, x0, y0, x1, y1 int, ref uint8) error {
	if w.smask&1 == 0 {
		return nil
	}
	if w.fast {
		return w.rasterTriPixels(pr, x0, y0, x1, y1)
	}
	if w.depthOnly {
		w.rasterTriDepth(pr, x0, y0, x1, y1)
		return nil
	}
	qx0 := x0 &^ 1
	ax0, ax1, ax2 := int64(pr.ea[0])*subOne, int64(pr.ea[1])*subOne, int64(pr.ea[2])*subOne
	ay0, ay1, ay2 := int64(pr.eb[0])*subOne, int64(pr.eb[1])*subOne, int64(pr.eb[2])*subOne
	X := int64(qx0)*subOne + subHalf
	for qy := y0 &^ 1; qy < y1; qy += 2 {
		Y := int64(qy)*subOne + subHalf
		// Edge values at the top-left pixel of the row's first quad.
		e0 := int64(pr.ea[0])*X + int64(pr.eb[0])*Y + pr.ec[0]
		e1 := int64(pr.ea[1])*X + int64(pr.eb[1])*Y + pr.ec[1]
		e2 := int64(pr.ea[2])*X + int64(pr.eb[2])*Y + pr.ec[2]
		top, bottom := qy >= y0, qy+1 < y1
		for qx := qx0; qx < x1; qx += 2 {
			var cov [4]uint8
			if top && qx >= x0 && e0|e1|e2 >= 0 {
				cov[0] = 1
			}
			if top && qx+1 < x1 && (e0+ax0)|(e1+ax1)|(e2+ax2) >= 0 {
				cov[1] = 1
			}
			if bottom && qx >= x0 && (e0+ay0)|(e1+ay1)|(e2+ay2) >= 0 {
				cov[2] = 1
			}
			if bottom && qx+1 < x1 && (e0+ax0+ay0)|(e1+ax1+ay1)|(e2+ax2+ay2) >= 0 {
				cov[3] = 1
			}
			e0, e1, e2 = e0+2*ax0, e1+2*ax1, e2+2*ax2
			if cov == [4]uint8{} {
				continue
			}
			if err := w.quad(pr, qx, qy, cov, ref); err != nil {
				return err
			}
		}
	}
	return nil
}

// rasterTriMS is rasterTri1 for several samples per pixel: the edge
// functions are stepped at the pixel corners and each sample adds its
// constant offset (the same integers as covers at the sample, so the same
// coverage).
func (w *worker) rasterTriMS(pr *prim, x0, y0, x1, y1 int, ref uint8) error {
	if w.fast {
		if w.smask == 0 {
			return nil
		}
		return w.rasterTriPixelsMS(pr, x0, y0, x1, y1)
	}
	if w.depthOnly {
		w.rasterTriDepth(pr, x0, y0, x1, y1)
		return nil
	}
	p := w.p
	ns := p.samples
	var o0, o1, o2 [8]int64
	for s := range ns {
		o0[s] = int64(pr.ea[0])*p.sfx[s] + int64(pr.eb[0])*p.sfy[s]
		o1[s] = int64(pr.ea[1])*p.sfx[s] + int64(pr.eb[1])*p.sfy[s]
		o2[s] = int64(pr.ea[2])*p.sfx[s] + int64(pr.eb[2])*p.sfy[s]
	}
	mask := func(e0, e1, e2 int64) uint8 {
		var m uint8
		for s := range ns {
			if (e0+o0[s])|(e1+o1[s])|(e2+o2[s]) >= 0 {
				m |= 1 << s
			}
		}
		return m & w.smask
	}
	qx0 := x0 &^ 1
	ax0, ax1, ax2 := int64(pr.ea[0])*subOne, int64(pr.ea[1])*subOne, int64(pr.ea[2])*subOne
	ay0, ay1, ay2 := int64(pr.eb[0])*subOne, int64(pr.eb[1])*subOne, int64(pr.eb[2])*subOne
	X := int64(qx0) * subOne
	for qy := y0 &^ 1; qy < y1; qy += 2 {
		Y := int64(qy) * subOne
		// Edge values at the top-left corner of the row's first quad.
		e0 := int64(pr.ea[0])*X + int64(pr.eb[0])*Y + pr.ec[0]
		e1 := int64(pr.ea[1])*X + int64(pr.eb[1])*Y + pr.ec[1]
		e2 := int64(pr.ea[2])*X + int64(pr.eb[2])*Y + pr.ec[2]
		top, bottom := qy >= y0, qy+1 < y1
		for qx := qx0; qx < x1; qx += 2 {
			var cov [4]uint8
			if top && qx >= x0 {
				cov[0] = mask(e0, e1, e2)
			}
			if top && qx+1 < x1 {
				cov[1] = mask(e0+ax0, e1+ax1, e2+ax2)
			}
			if bottom && qx >= x0 {
				cov[2] = mask(e0+ay0, e1+ay1, e2+ay2)
			}
			if bottom && qx+1 < x1 {
				cov[3] = mask(e0+ax0+ay0, e1+ax1+ay1, e2+ax2+ay2)
			}
			e0, e1, e2 = e0+2*ax0, e1+2*ax1, e2+2*ax2
			if cov == [4]uint8{} {
				continue
			}
			if err := w.quad(pr, qx, qy, cov, ref); err != nil {
				return err
			}
		}
	}
	return nil
}

// quad runs the early tests of one covered quad of pr and queues it (or
// only counts it when the draw has no fragment shader).
func (w *worker) quad(pr *prim, qx, qy int, cov [4]uint8, ref uint8) error {
	p, in := w.p, w.in
	ns := p.samples
	if in.shade {
		qi := ((qy-w.ty0)>>1)*(p.tw/2) + (qx-w.tx0)>>1
		// A quad position already in the batch for another primitive
		// needs the batch shaded first only when the shader reads the
		// framebuffer: depth/stencil tests and blending run in lane
		// order, which is submission order.
		if w.full() || (w.stamp[qi] == w.serial && w.owner[qi] != pr && w.d.Flags&(FlagReadsColor|FlagRasterOrder) != 0) {
			if err := w.flush(); err != nil {
				return err
			}
		}
	}
	any := cov[0] | cov[1] | cov[2] | cov[3]
	if in.early && w.depth32 && ns == 1 {
		// One sample, a float32 depth target and no stencil test: the
		// depth test of dsTest inline.
		ds := &w.d.State.DepthStencil
		data := p.t.Depth.data
		any = 0
		for q := range 4 {
			if cov[q] == 0 {
				continue
			}
			px, py := qx+q&1, qy+q>>1
			pix := p.lay.pixel(px, py, w.layer)
			z := w.fragDepth(pr, int64(px)*subOne+p.sfx[0], int64(py)*subOne+p.sfy[0])
			if !compare(ds.DepthCompare, z, data[pix]) {
				cov[q] = 0
				continue
			}
			if ds.DepthWrite {
				data[pix] = z
			}
			any |= cov[q]
		}
		if any == 0 {
			return nil
		}
	} else if in.early && w.hasDS {
		any = 0
		for q := range 4 {
			m := cov[q]
			if m == 0 {
				continue
			}
			pix := p.lay.pixel(qx+q&1, qy+q>>1, w.layer) * ns
			for s := range ns {
				if m&(1<<s) == 0 {
					continue
				}
				x, y := w.samplePos(qx+q&1, qy+q>>1, s)
				if !w.dsTest(pix+s, w.fragDepth(pr, x, y), pr.front, ref) {
					m &^= 1 << s
				}
			}
			cov[q] = m
			any |= m
		}
		if any == 0 {
			return nil
		}
	}
	if !in.shade {
		if in.visSlot >= 0 {
			n := 0
			for q := range 4 {
				n += bits.OnesCount8(cov[q])
			}
			w.addVis(n)
		}
		return nil
	}
	if in.perSample {
		for s := range ns {
			if any&(1<<s) == 0 {
				continue
			}
			if w.full() {
				if err := w.flush(); err != nil {
					return err
				}
			}
			bit := uint8(1) << s
			w.push(pr, qx, qy, int8(s), [4]uint8{cov[0] & bit, cov[1] & bit, cov[2] & bit, cov[3] & bit})
		}
		return nil
	}
	w.push(pr, qx, qy, -1, cov)
	return nil
}

// full reports whether the batch cannot take another quad.
func (w *worker) full() bool {
	if w.pixels {
		return w.nl+4 > MaxBatch
	}
	return w.nq == MaxBatch/4
}

// push appends a quad to the batch and marks its position.
func (w *worker) push(pr *prim, qx, qy int, s int8, cov [4]uint8) {
	w.recs[w.nq] = quadRec{pr: pr, qx: int32(qx), qy: int32(qy), sample: s, cov: cov}
	ls := &w.lanes[w.nq]
	for q := range 4 {
		if w.pixels && cov[q] == 0 {
			ls[q] = -1
			continue
		}
		ls[q] = int8(w.nl)
		w.nl++
	}
	w.nq++
	qi := ((qy-w.ty0)>>1)*(w.p.tw/2) + (qx-w.tx0)>>1
	w.stamp[qi], w.owner[qi] = w.serial, pr
}

func (w *worker) addVis(n int) {
	s := w.in.visSlot
	for len(w.vis) <= s {
		w.vis = append(w.vis, 0)
	}
	w.vis[s] += uint64(n)
}

// flush shades the batch and resolves its results.
func (w *worker) flush() error {
	if w.nl == 0 && w.nq == 0 {
		return nil
	}
	defer func() {
		w.nq, w.nl = 0, 0
		w.serial++
		if w.serial == 0 {
			clear(w.stamp[:])
			w.serial = 1
		}
	}()
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if w.fast {
		w.fillPixels()
	} else {
		w.fill()
	}
	if err := w.d.Shader.Shade(w.id, w.b); err != nil {
		return fmt.Errorf("raster: draw %d: fragment shader: %w", w.cur, err)
	}
	if w.fast {
		w.resolvePixels()
	} else {
		w.resolve()
	}
	return nil
}

// varyings returns the varying vector of vertex k of pr.
func (w *worker) varyings(pr *prim, k int) []float32 {
	if pr.extraMask&(1<<k) != 0 {
		return w.p.sets[pr.seg].extra[pr.vref[k]:]
	}
	return w.d.Vertices.Varyings[pr.vref[k]:]
}

// firstSample returns the lowest set sample of m (0 when none).
func firstSample(m uint8) int {
	if m == 0 {
		return 0
	}
	return bits.TrailingZeros8(m)
}

// fill sets the batch inputs for the queued quads.
func (w *worker) fill() {
	b, d, in := w.b, w.d, w.in
	b.N = w.nl
	b.Covered = 0
	readColor := d.Flags&FlagReadsColor != 0
	listed := d.Flags&FlagInputsListed != 0
	needPos := !listed || d.Flags&(FlagInPosition|FlagWritesDepth) != 0
	needBary := !listed || d.Flags&FlagInBary != 0
	needPrim := !listed || d.Flags&(FlagInPrimitive|FlagWritesStencil) != 0
	needMask := !listed || d.Flags&FlagInSampleMask != 0
	var sw, sa [3][4]float32 // perspective weights per lane: centre, alternative
	var lw, la [3][4]float32 // screen-linear weights per lane
	for k := range w.nq {
		r := &w.recs[k]
		pr := r.pr
		if w.zclamp {
			vp := &d.State.Viewports[pr.vp]
			w.zlo, w.zhi = min(vp.ZNear, vp.ZFar), max(vp.ZNear, vp.ZFar)
		}
		front := uint32(0)
		if pr.front {
			front = 1
		}
		ls := &w.lanes[k]
		ext := w.quadExt(pr)
		for q := range 4 {
			L := int(ls[q])
			if L < 0 {
				continue
			}
			px, py := int(r.qx)+q&1, int(r.qy)+q>>1
			cov := r.cov[q]
			if cov != 0 {
				b.Covered |= 1 << L
			}
			cx, cy := int64(px)*subOne+subHalf, int64(py)*subOne+subHalf
			// Alternative location: the sample (per-sample runs) or the
			// centroid (centre if covered, else the first covered sample).
			ax, ay := cx, cy
			switch {
			case r.sample >= 0:
				ax, ay = w.samplePos(px, py, int(r.sample))
			case in.centroid && cov != 0 && !pr.covers(cx, cy, ext):
				ax, ay = w.samplePos(px, py, firstSample(cov))
			}
			l0, l1, l2 := pr.weights(cx, cy, ext)
			c0, c1, c2 := persp(pr, l0, l1, l2)
			a0, a1, a2 := l0, l1, l2
			p0, p1, p2 := c0, c1, c2
			if ax != cx || ay != cy {
				a0, a1, a2 = pr.weights(ax, ay, ext)
				p0, p1, p2 = persp(pr, a0, a1, a2)
			}
			sw[0][q], sw[1][q], sw[2][q] = c0, c1, c2
			sa[0][q], sa[1][q], sa[2][q] = p0, p1, p2
			lw[0][q], lw[1][q], lw[2][q] = float32(l0), float32(l1), float32(l2)
			la[0][q], la[1][q], la[2][q] = float32(a0), float32(a1), float32(a2)
			// [[position]] is at the sample in per-sample runs.
			posX, posY := cx, cy
			q0, q1, q2 := l0, l1, l2
			b0, b1, b2 := c0, c1, c2
			if r.sample >= 0 {
				posX, posY = ax, ay
				q0, q1, q2 = a0, a1, a2
				b0, b1, b2 = p0, p1, p2
			}
			if needPos || pr.kind == kindPoint {
				b.PosX[L] = float32(float64(posX) * (1.0 / subOne))
				b.PosY[L] = float32(float64(posY) * (1.0 / subOne))
				b.PosZ[L] = w.clampDepth(float64(q0*pr.z[0]) + float64(q1*pr.z[1]) + float64(q2*pr.z[2]) + pr.zbias)
				b.PosW[L] = float32(float64(q0*pr.invw[0]) + float64(q1*pr.invw[1]) + float64(q2*pr.invw[2]))
			}
			switch {
			case !needBary:
			case pr.perm[0] >= 0:
				b.Bary[pr.perm[0]][L], b.Bary[pr.perm[1]][L], b.Bary[pr.perm[2]][L] = b0, b1, b2
			default:
				bw := &w.p.sets[pr.seg].exts[pr.ext].bw
				for j := range 3 {
					b.Bary[j][L] = float32(b0*bw[0][j]) + float32(b1*bw[1][j]) + float32(b2*bw[2][j])
				}
			}
			if pr.kind == kindPoint {
				pcx, pcy, psize := ext.pointCoord()
				b.PointCoord[0][L] = (b.PosX[L] - pcx) / psize
				b.PointCoord[1][L] = (b.PosY[L] - pcy) / psize
			}
			if needPrim {
				b.FrontFacing[L] = front
				b.PrimitiveID[L] = pr.id
				b.Layer[L] = pr.layer
				b.ViewportIndex[L] = pr.vp
			}
			if needMask {
				b.SampleMaskIn[L] = uint32(cov)
			}
			if in.perSample {
				b.SampleID[L] = uint32(max(r.sample, 0))
			}
			if readColor {
				w.fillColorIn(L, px, py, r.sample, cov)
			}
		}
		if d.Vertices.Stride == 0 {
			continue
		}
		v0, v1, v2 := w.varyings(pr, 0), w.varyings(pr, 1), w.varyings(pr, 2)
		fl := d.Vertices.Varyings[pr.flat:]
		if w.pixels {
			for _, c := range w.vFlat {
				for _, L := range ls {
					if L >= 0 {
						b.Varyings[c][L] = fl[c]
					}
				}
			}
			interpLanes(b, w.vPersp, ls, v0, v1, v2, &sw)
			interpLanes(b, w.vPerspAlt, ls, v0, v1, v2, &sa)
			interpLanes(b, w.vLinear, ls, v0, v1, v2, &lw)
			interpLanes(b, w.vLinearAlt, ls, v0, v1, v2, &la)
			continue
		}
		lo := 4 * k
		for _, c := range w.vFlat {
			dst := b.Varyings[c][lo : lo+4 : lo+4]
			dst[0], dst[1], dst[2], dst[3] = fl[c], fl[c], fl[c], fl[c]
		}
		interp4(b, w.vPersp, lo, v0, v1, v2, &sw)
		interp4(b, w.vPerspAlt, lo, v0, v1, v2, &sa)
		interp4(b, w.vLinear, lo, v0, v1, v2, &lw)
		interp4(b, w.vLinearAlt, lo, v0, v1, v2, &la)
	}
	b.Live = b.Covered
	n := b.N
	if d.Flags&FlagWritesSampleMask != 0 {
		for L := range n {
			b.SampleMaskOut[L] = 0xFFFFFFFF
		}
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
	if d.Flags&FlagWritesDepth != 0 {
		copy(b.Depth[:n], b.PosZ[:n])
	}
	if d.Flags&FlagWritesStencil != 0 {
		for L := range n {
			b.Stencil[L] = uint32(w.stencilRef(b.FrontFacing[L] != 0))
		}
	}
}

// interp4 interpolates the varying components cs of one quad (lanes lo..lo+3)
// with per-lane vertex weights wt.
// interpLanes is interp4 for the lanes ls of one quad's pixels (-1: no
// lane).
func interpLanes(b *FragmentBatch, cs []int, ls *[4]int8, v0, v1, v2 []float32, wt *[3][4]float32) {
	if len(cs) == 0 {
		return
	}
	// The quad's lanes with their weights, then each component over them.
	var lanes [4]uint8
	var w0, w1, w2 [4]float32
	k := 0
	for q, L := range ls {
		if L >= 0 {
			lanes[k], w0[k], w1[k], w2[k] = uint8(L)&(MaxBatch-1), wt[0][q], wt[1][q], wt[2][q]
			k++
		}
	}
	for _, c := range cs {
		a0, a1, a2 := v0[c], v1[c], v2[c]
		dst := b.Varyings[c][:MaxBatch]
		for j := range k {
			dst[lanes[j]] = float32(w0[j]*a0) + float32(w1[j]*a1) + float32(w2[j]*a2)
		}
	}
}

func interp4(b *FragmentBatch, cs []int, lo int, v0, v1, v2 []float32, wt *[3][4]float32) {
	for _, c := range cs {
		a0, a1, a2 := v0[c], v1[c], v2[c]
		dst := b.Varyings[c][lo : lo+4 : lo+4]
		for q := range 4 {
			dst[q] = float32(wt[0][q]*a0) + float32(wt[1][q]*a1) + float32(wt[2][q]*a2)
		}
	}
}

// fillColorIn reads the framebuffer values of lane L (programmable blending):
// the lane's sample, or the first covered sample of a per-pixel lane.
func (w *worker) fillColorIn(L, px, py int, sample int8, cov uint8) {
	p, b := w.p, w.b
	s := int(sample)
	if s < 0 {
		s = firstSample(cov)
	}
	inside := px < p.t.Width && py < p.t.Height
	pix := 0
	if inside {
		pix = p.lay.pixel(px, py, w.layer)
	}
	for i, t := range p.t.Color {
		if t == nil {
			continue
		}
		var v [4]float32
		if inside {
			j := t.sampleIndex(pix, s)
			v = [4]float32(t.data[j : j+4])
		}
		for c := range 4 {
			b.ColorIn[i][c][L] = v[c]
		}
	}
}

// persp returns the perspective-correct weights for screen weights l.
func persp(pr *prim, l0, l1, l2 float64) (float32, float32, float32) {
	q0, q1, q2 := float64(l0*pr.invw[0]), float64(l1*pr.invw[1]), float64(l2*pr.invw[2])
	s := q0 + q1 + q2
	if s == 0 {
		return float32(l0), float32(l1), float32(l2)
	}
	r := 1 / s
	return float32(q0 * r), float32(q1 * r), float32(q2 * r)
}

// a2c returns the alpha-to-coverage mask: the first round(alpha·n) samples.
func a2c(alpha float32, n int) uint8 {
	if !(alpha > 0) {
		return 0
	}
	k := int(float32(min(alpha, 1)*float32(n)) + 0.5)
	return uint8(1<<k - 1)
}

// resolve runs late tests and blending for the shaded batch: first the
// final sample mask of every lane, then per colour attachment a lane loop.
func (w *worker) resolve() {
	p, b, d, in := w.p, w.b, w.d, w.in
	st := d.State
	ns := p.samples
	any := false
	for k := range w.nq {
		r := &w.recs[k]
		pr := r.pr
		if w.zclamp {
			vp := &st.Viewports[pr.vp]
			w.zlo, w.zhi = min(vp.ZNear, vp.ZFar), max(vp.ZNear, vp.ZFar)
		}
		for q := range 4 {
			L := int(w.lanes[k][q])
			if L < 0 {
				continue
			}
			m := r.cov[q]
			w.lmask[L] = 0
			if m == 0 || b.Live&(1<<L) == 0 {
				continue
			}
			px, py := int(r.qx)+q&1, int(r.qy)+q>>1
			if d.Flags&FlagWritesSampleMask != 0 {
				m &= uint8(b.SampleMaskOut[L])
			}
			if d.AlphaToCoverage {
				m &= a2c(b.Color[0][3][L], ns)
			}
			pix := p.lay.pixel(px, py, w.layer)
			if !in.early && w.hasDS && m != 0 {
				ref := w.stencilRef(pr.front)
				if d.Flags&FlagWritesStencil != 0 {
					ref = uint8(b.Stencil[L])
				}
				var zs float32
				if d.Flags&FlagWritesDepth != 0 {
					zs = w.clampDepth(float64(b.Depth[L]))
				}
				for s := range ns {
					if m&(1<<s) == 0 {
						continue
					}
					z := zs
					if d.Flags&FlagWritesDepth == 0 {
						x, y := w.samplePos(px, py, s)
						z = w.fragDepth(pr, x, y)
					}
					if !w.dsTest(pix*ns+s, z, pr.front, ref) {
						m &^= 1 << s
					}
				}
			}
			if m == 0 {
				continue
			}
			if in.visSlot >= 0 {
				w.addVis(bits.OnesCount8(m))
			}
			w.lmask[L], w.lpix[L] = m, int32(pix)
			any = true
		}
	}
	if any {
		w.writeColors()
		if w.tested != nil {
			w.tested.Tested(w.id, b, w.lmask[:b.N])
		}
	}
}

// writeColors blends or writes the colour outputs of the batch's lanes
// into their pixels' samples w.lmask[L] (pixel w.lpix[L]).
func (w *worker) writeColors() {
	p, b, d := w.p, w.b, w.d
	st := d.State
	ns := p.samples
	n := b.N
	for _, i := range w.atts[:w.natt] {
		t := p.t.Color[i]
		bl := &st.Blends[i]
		cr, cg, cb, ca := b.Color[i][0][:n], b.Color[i][1][:n], b.Color[i][2][:n], b.Color[i][3][:n]
		if !bl.Enabled && bl.WriteMask == WriteAll && t.q.exact() {
			// Plain writes to a format that holds every float32 (no
			// clamp, no rounding): the lane's colour to every sample.
			full := uint8(1<<ns - 1)
			for L := range n {
				m := w.lmask[L]
				if m == 0 {
					continue
				}
				r, g, bb, a := cr[L], cg[L], cb[L], ca[L]
				if d.AlphaToOne {
					a = 1
				}
				o := t.data[int(w.lpix[L])*ns*4:][: ns*4 : ns*4]
				for s := 0; s < len(o); s += 4 {
					if m == full || m&(1<<(s>>2)) != 0 {
						q := o[s : s+4 : s+4]
						q[0], q[1], q[2], q[3] = r, g, bb, a
					}
				}
			}
			continue
		}
		if !bl.Enabled && bl.WriteMask == WriteAll && !t.q.kind.IsInteger() {
			// Plain writes: quantize once per lane, store to every sample.
			lo, hi, clamp := t.q.clampRange()
			for L := range n {
				m := w.lmask[L]
				if m == 0 {
					continue
				}
				src := [4]float32{cr[L], cg[L], cb[L], ca[L]}
				if d.AlphaToOne {
					src[3] = 1
				}
				if clamp {
					src = [4]float32{clampf(src[0], lo, hi), clampf(src[1], lo, hi), clampf(src[2], lo, hi), clampf(src[3], lo, hi)}
				}
				t.q.quant(&src)
				base := int(w.lpix[L]) * ns * 4
				for s := range ns {
					if m&(1<<s) != 0 {
						o := t.data[base+4*s : base+4*s+4 : base+4*s+4]
						o[0], o[1], o[2], o[3] = src[0], src[1], src[2], src[3]
					}
				}
			}
			continue
		}
		for L := range n {
			m := w.lmask[L]
			if m == 0 {
				continue
			}
			src := [4]float32{cr[L], cg[L], cb[L], ca[L]}
			if d.AlphaToOne {
				src[3] = 1
			}
			var src1 [4]float32
			if i == 0 && d.Flags&FlagDualSource != 0 {
				src1 = [4]float32{b.Color1[0][L], b.Color1[1][L], b.Color1[2][L], b.Color1[3][L]}
			}
			pix := int(w.lpix[L])
			for s := range ns {
				if m&(1<<s) == 0 {
					continue
				}
				j := t.sampleIndex(pix, s)
				blendWrite(t, bl, &st.BlendColor, src, src1, t.data[j:j+4])
			}
		}
	}
}
