package raster

import "math"

// Fixed-point window coordinates have subBits fractional bits.
const (
	subBits  = 8
	subOne   = 1 << subBits
	subHalf  = subOne / 2
	guard    = 16384 // guard band half-width in pixels
	wEpsilon = 1e-6  // clip-space w below this is clipped
	maxPoint = 511   // largest point size in pixels: the Metal Feature Set Tables value (ANGLE commit 349b661 quotes it)
)

// Primitive kinds.
const (
	kindTriangle uint8 = iota
	kindLine
	kindPoint
)

// prim is one set-up primitive: a convex polygon of up to 4 edges with
// fixed-point edge functions (top-left bias folded in: a sample at fixed
// point P is covered iff ea·P.x + eb·P.y + ec ≥ 0 for every edge), its pixel
// bounding box and its interpolation basis. The record holds what
// triangles use; a quad's fourth edge and kind data and general
// barycentric weights are in the primitive's primExt.
type prim struct {
	draw      int32
	kind      uint8
	nedge     uint8
	front     bool
	extraMask uint8  // bit k: vertex k's varyings live in the binner's extra
	seg       uint32 // the binner (index in Pass.sets)
	id        uint32
	layer     uint32
	vp        uint32
	x0, y0    int32 // pixel bounding box, half-open, inside scissor and target
	x1, y1    int32
	// Edge coefficients of edges 0 to 2 (a quad's edge 3 is in its
	// primExt): guard-band fixed-point coordinates are below 2^23, so their
	// differences fit 32 bits; products are taken in 64 bits. Triangles
	// take their interpolation basis from the edges: n1 = E2(P) and
	// n2 = E0(P) with the top-left bias (bias bit 0: edge 0, bit 2: edge 2)
	// added back.
	ea, eb [3]int32
	ec     [3]int64
	den    int64
	inv    float64
	invw   [3]float64
	z      [3]float64
	// Interpolation basis at fixed point P: l1 = n1/den, l2 = n2/den,
	// l0 = (den − n1 − n2)/den (screen-linear weights of the three vertices).
	zbias float64
	vref  [3]uint32 // varying offset of each vertex
	flat  uint32    // varying offset of the provoking vertex (in the draw's Varyings)
	perm  [3]int8   // barycentric weights of vertex k are unit vector perm[k]
	bias  uint8     // bit i: edge i's constant carries the top-left bias
	ext   uint32    // perm[0] < 0 or nedge == 4: the primExt at binner.exts[ext]
}

// primExt is the part of a primitive that most triangles do not have.
type primExt struct {
	bw [3][3]float32 // perm[0] < 0: the barycentric weights of the vertices
	// Quads (nedge == 4): edge 3's coefficients, and aux, the kind's own
	// interpolation data. Lines: the origin (ox, oy) and direction
	// (dx, dy) in fixed point, n1 = dx·(x−ox) + dy·(y−oy). Points: the left
	// edge, top edge and size in pixels (float32 bits) for
	// [[point_coord]].
	ea3, eb3 int32
	ec3      int64
	aux      [4]int32
}

// newExt gives pr a new primExt in exts and returns it.
func (pr *prim) newExt(exts *[]primExt) *primExt {
	pr.ext = uint32(len(*exts))
	*exts = append(*exts, primExt{})
	return &(*exts)[pr.ext]
}

// sv is a projected, snapped vertex.
type sv struct {
	x, y   int64   // fixed point window coordinates
	fx, fy float64 // unsnapped window coordinates (pixels)
	z      float64 // window z
	invw   float64
	vref   uint32
	extra  bool
	bw     [3]float32
}

// edge sets edge i < 3 of pr to the directed edge a→b of a positively
// oriented (clockwise in window space, y down) polygon.
func (pr *prim) edge(i int, ax, ay, bx, by int64) {
	dx, dy := bx-ax, by-ay
	pr.ea[i] = int32(-dy)
	pr.eb[i] = int32(dx)
	pr.ec[i] = dy*ax - dx*ay
	if !(dy < 0 || (dy == 0 && dx > 0)) { // not a top or left edge
		pr.ec[i]--
		pr.bias |= 1 << i
	}
}

// edgeFunc returns what edge sets for the directed edge a→b of a
// positively oriented polygon: its coefficients and whether its constant
// carries the top-left bias.
func edgeFunc(ax, ay, bx, by int64) (ea, eb int32, ec int64, biased bool) {
	dx, dy := bx-ax, by-ay
	ea, eb, ec = int32(-dy), int32(dx), dy*ax-dx*ay
	if !(dy < 0 || (dy == 0 && dx > 0)) { // not a top or left edge
		ec--
		biased = true
	}
	return ea, eb, ec, biased
}

// pixelBox returns the half-open pixel bounding box of fixed-point extents
// [minX,maxX] × [minY,maxY] clipped to the rectangle r; ok is false when it
// is empty. With one sample only pixels whose centre lies in the extents
// count.
func pixelBox(minX, minY, maxX, maxY int64, samples int, r rect) (x0, y0, x1, y1 int64, ok bool) {
	// ⌊a/subOne⌋ is a >> subBits (an arithmetic shift floors), and
	// ⌈a/subOne⌉ is −(−a >> subBits).
	if samples == 1 {
		x0, x1 = -((subHalf - minX) >> subBits), (maxX-subHalf)>>subBits
		y0, y1 = -((subHalf - minY) >> subBits), (maxY-subHalf)>>subBits
	} else {
		x0, x1 = minX>>subBits, maxX>>subBits
		y0, y1 = minY>>subBits, maxY>>subBits
	}
	x0, y0 = max(x0, int64(r.x0)), max(y0, int64(r.y0))
	x1, y1 = min(x1+1, int64(r.x1)), min(y1+1, int64(r.y1))
	return x0, y0, x1, y1, x0 < x1 && y0 < y1
}

// bbox sets pr's pixel bounding box (see pixelBox); it reports false when
// empty.
func (pr *prim) bbox(minX, minY, maxX, maxY int64, samples int, r rect) bool {
	x0, y0, x1, y1, ok := pixelBox(minX, minY, maxX, maxY, samples, r)
	if !ok {
		return false
	}
	pr.x0, pr.y0, pr.x1, pr.y1 = int32(x0), int32(y0), int32(x1), int32(y1)
	return true
}

// rect is a half-open pixel rectangle.
type rect struct{ x0, y0, x1, y1 int }

// setVerts copies the per-vertex interpolation data of v into pr; general
// barycentric weights go to pr's primExt in exts (a new one unless pr is a
// quad, which has one).
func (pr *prim) setVerts(exts *[]primExt, v ...*sv) {
	var bw [3][3]float32
	for k, s := range v {
		pr.invw[k] = s.invw
		pr.z[k] = s.z
		pr.vref[k] = s.vref
		if s.extra {
			pr.extraMask |= 1 << k
		}
		bw[k] = s.bw
	}
	if !pr.setPerm(&bw) {
		if pr.nedge != 4 {
			pr.newExt(exts)
		}
		(*exts)[pr.ext].bw = bw
	}
}

// setPerm detects barycentric weights bw that only permute the vertices;
// it reports false (perm[0] = −1) when they do not.
func (pr *prim) setPerm(bw *[3][3]float32) bool {
	for k := range 3 {
		pr.perm[k] = -1
		for j := range 3 {
			if bw[k][j] == 1 {
				pr.perm[k] = int8(j)
			}
		}
		if pr.perm[k] < 0 || bw[k][0]+bw[k][1]+bw[k][2] != 1 {
			pr.perm[0] = -1
			return false
		}
	}
	if pr.perm[0] == pr.perm[1] || pr.perm[1] == pr.perm[2] || pr.perm[0] == pr.perm[2] {
		pr.perm[0] = -1
		return false
	}
	return true
}

// setupTriangle fills pr for the triangle a, b, c, which must be positively
// oriented with area2 > 0 (twice the area in fixed units squared).
func (pr *prim) setupTriangle(a, b, c *sv, area2 int64, samples int, r rect, exts *[]primExt) bool {
	pr.kind, pr.nedge = kindTriangle, 3
	pr.edge(0, a.x, a.y, b.x, b.y)
	pr.edge(1, b.x, b.y, c.x, c.y)
	pr.edge(2, c.x, c.y, a.x, a.y)
	if !pr.bbox(min(a.x, b.x, c.x), min(a.y, b.y, c.y), max(a.x, b.x, c.x), max(a.y, b.y, c.y), samples, r) {
		return false
	}
	pr.den = area2
	pr.inv = 1 / float64(area2)
	pr.setVerts(exts, a, b, c)
	return true
}

// depthSlope returns max(|∂z/∂x|, |∂z/∂y|) of a triangle prim, per pixel
// (∂n1/∂x = ea[2], ∂n2/∂x = ea[0], likewise eb for y).
func (pr *prim) depthSlope() float64 {
	z1, z2 := pr.z[1]-pr.z[0], pr.z[2]-pr.z[0]
	dzdx := (float64(z1*float64(pr.ea[2])) + float64(z2*float64(pr.ea[0]))) * subOne * pr.inv
	dzdy := (float64(z1*float64(pr.eb[2])) + float64(z2*float64(pr.eb[0]))) * subOne * pr.inv
	return max(math.Abs(dzdx), math.Abs(dzdy))
}

// setupQuad fills the edges of a convex quadrilateral (lines and points),
// edge 3 in a new primExt in exts; corners in either orientation. It
// reports false when degenerate or empty.
func (pr *prim) setupQuad(cx, cy [4]int64, samples int, r rect, exts *[]primExt) bool {
	area := int64(0)
	for i := range 4 {
		j := (i + 1) & 3
		area += cx[i]*cy[j] - cx[j]*cy[i]
	}
	if area == 0 {
		return false
	}
	if area < 0 {
		cx[1], cx[3] = cx[3], cx[1]
		cy[1], cy[3] = cy[3], cy[1]
	}
	pr.nedge = 4
	for i := range 3 {
		pr.edge(i, cx[i], cy[i], cx[i+1], cy[i+1])
	}
	ea, eb, ec, biased := edgeFunc(cx[3], cy[3], cx[0], cy[0])
	if biased {
		pr.bias |= 1 << 3
	}
	if !pr.bbox(min(cx[0], cx[1], cx[2], cx[3]), min(cy[0], cy[1], cy[2], cy[3]),
		max(cx[0], cx[1], cx[2], cx[3]), max(cy[0], cy[1], cy[2], cy[3]), samples, r) {
		return false
	}
	e := pr.newExt(exts)
	e.ea3, e.eb3, e.ec3 = ea, eb, ec
	return true
}

// setupLine fills pr for the segment a→b as a 1-pixel parallelogram.
func (pr *prim) setupLine(a, b *sv, samples int, r rect, exts *[]primExt) bool {
	pr.kind = kindLine
	dx, dy := b.x-a.x, b.y-a.y
	if dx == 0 && dy == 0 {
		return false
	}
	var ox, oy int64
	if abs64(dx) >= abs64(dy) {
		oy = subHalf
	} else {
		ox = subHalf
	}
	cx := [4]int64{a.x - ox, b.x - ox, b.x + ox, a.x + ox}
	cy := [4]int64{a.y - oy, b.y - oy, b.y + oy, a.y + oy}
	if !pr.setupQuad(cx, cy, samples, r, exts) {
		return false
	}
	(*exts)[pr.ext].aux = [4]int32{int32(a.x), int32(a.y), int32(dx), int32(dy)}
	pr.den = dx*dx + dy*dy
	pr.inv = 1 / float64(pr.den)
	pr.setVerts(exts, a, b, b)
	return true
}

// setupPoint fills pr for a point of size size (pixels) at a.
func (pr *prim) setupPoint(a *sv, size float64, samples int, r rect, exts *[]primExt) bool {
	pr.kind = kindPoint
	h := size / 2
	x0, x1 := snap(a.fx-h), snap(a.fx+h)
	y0, y1 := snap(a.fy-h), snap(a.fy+h)
	if !pr.setupQuad([4]int64{x0, x1, x1, x0}, [4]int64{y0, y0, y1, y1}, samples, r, exts) {
		return false
	}
	pr.den, pr.inv = 1, 1
	pr.setVerts(exts, a, a, a)
	(*exts)[pr.ext].aux = [4]int32{int32(math.Float32bits(float32(a.fx - h))), int32(math.Float32bits(float32(a.fy - h))), int32(math.Float32bits(float32(size)))}
	return true
}

// pointCoord returns a point's left edge, top edge and size in pixels (q:
// the point's primExt).
func (q *primExt) pointCoord() (x, y, size float32) {
	return math.Float32frombits(uint32(q.aux[0])), math.Float32frombits(uint32(q.aux[1])), math.Float32frombits(uint32(q.aux[2]))
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// snap converts a window coordinate to fixed point (round half away from
// 0): int64(math.Round(v·subOne)) for every v, computed from the truncation
// (an instruction) and the exact remainder without a branch on the value.
func snap(v float64) int64 {
	x := v * subOne
	t := math.Trunc(x)
	d := x - t // exact; NaN for ±Inf and NaN, which int64(t) maps alike
	return int64(t) + int64(b2u(d >= 0.5)) - int64(b2u(d <= -0.5))
}

// b2u returns 1 for true and 0 for false.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// weights returns the screen-linear weights of pr's vertices at fixed point
// (x, y); q is pr's primExt for a line (else unused).
func (pr *prim) weights(x, y int64, q *primExt) (l0, l1, l2 float64) {
	var n1, n2 int64
	switch pr.kind {
	case kindTriangle:
		n1 = int64(pr.ea[2])*x + int64(pr.eb[2])*y + pr.ec[2] + int64(pr.bias>>2&1)
		n2 = int64(pr.ea[0])*x + int64(pr.eb[0])*y + pr.ec[0] + int64(pr.bias&1)
	case kindLine:
		n1 = int64(q.aux[2])*(x-int64(q.aux[0])) + int64(q.aux[3])*(y-int64(q.aux[1]))
	}
	return float64(pr.den-n1-n2) * pr.inv, float64(n1) * pr.inv, float64(n2) * pr.inv
}

// covers reports whether fixed point (x, y) is inside every edge; q is
// pr's primExt for a quad (else unused).
func (pr *prim) covers(x, y int64, q *primExt) bool {
	for e := range 3 {
		if int64(pr.ea[e])*x+int64(pr.eb[e])*y+pr.ec[e] < 0 {
			return false
		}
	}
	return pr.nedge != 4 || int64(q.ea3)*x+int64(q.eb3)*y+q.ec3 >= 0
}
