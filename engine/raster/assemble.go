package raster

import (
	"math"
	"sync"
	"sync/atomic"
)

// vpInfo is the per-viewport transform, guard band and scissor of a draw.
type vpInfo struct {
	ok             bool // non-degenerate viewport
	sx, bx, sy, by float64
	sz, bz         float64
	pl             planes
	sc             rect
}

// drawCtx is the state of the draw being assembled.
type drawCtx struct {
	d      *Draw
	di     int32
	st     *State
	v      *VertexOutputs
	stride int
	vps    []vpInfo
	// The post-transform cache, per vertex, when every primitive uses
	// viewport 0: the fixed-point positions that the culling scan reads
	// (8 bytes a vertex), the depths and 1/w that setup reads (16 bytes),
	// the outcodes that clipping reads.
	vxy []vpos
	vc  []vcache
	voc []uint32
}

// vpos is the window position of a vertex clip-tested and projected once
// per draw (post-transform cache) in fixed point, or x = vOutside when the
// vertex is outside some plane. Inside the guard band the coordinates are
// below 2^23 in magnitude, so 32 bits hold them and no inside vertex has
// x = vOutside.
type vpos struct{ x, y int32 }

// vOutside is vpos.x of a vertex outside some plane (or NaN or infinite).
const vOutside = math.MinInt32

// vcache is a cached vertex's window z and 1/w, when it is inside every
// plane; drawCtx.voc has its outcode (badVertex for NaN/Inf).
type vcache struct{ z, invw float64 }

const badVertex = 1 << 31

// buildCache fills dc.vc for draws whose primitives all use viewport 0 and
// whose index count makes caching worthwhile.
func (p *Pass) buildCache(dc *drawCtx) {
	v, d := dc.v, dc.d
	n := len(d.Indices)
	if d.Indices == nil {
		n = v.Count
	}
	if v.ViewportIndex != nil || d.Topology == PointList || v.Count > 2*n+64 || !dc.vps[0].ok {
		return
	}
	if cap(p.vcbuf) < v.Count {
		p.vcbuf = make([]vcache, v.Count)
		p.vxybuf = make([]vpos, v.Count)
		p.vocbuf = make([]uint32, v.Count)
	}
	dc.vc, dc.vxy, dc.voc = p.vcbuf[:v.Count], p.vxybuf[:v.Count], p.vocbuf[:v.Count]
	k := min(p.workers, v.Count/parVertices)
	if k <= 1 {
		cacheVertices(dc, 0, v.Count)
		return
	}
	var wg sync.WaitGroup
	for i := range k {
		wg.Add(1)
		go func(vxy []vpos, vc []vcache, voc []uint32, vps []vpInfo, v *VertexOutputs, lo, hi int) {
			defer wg.Done()
			c := drawCtx{vxy: vxy, vc: vc, voc: voc, vps: vps, v: v}
			cacheVertices(&c, lo, hi)
		}(dc.vxy, dc.vc, dc.voc, dc.vps, v, v.Count*i/k, v.Count*(i+1)/k)
	}
	wg.Wait()
}

// parVertices is the fewest vertices per goroutine of a parallel
// buildCache.
const parVertices = 8192

// area2 is twice the signed window area of the cached triangle abc.
func area2(a, b, c *vpos) int64 {
	ax, ay := int64(a.x), int64(a.y)
	return (int64(b.x)-ax)*(int64(c.y)-ay) - (int64(b.y)-ay)*(int64(c.x)-ax)
}

// cacheVertices fills dc.vxy, dc.vc and dc.voc from lo to hi.
func cacheVertices(dc *drawCtx, lo, hi int) {
	vi := &dc.vps[0]
	if dc.v.ClipCount == 0 {
		cachePositions(dc.vxy, dc.vc, dc.voc, vi, dc.v.Position, lo, hi)
		return
	}
	var c cv
	var s sv
	for i := lo; i < hi; i++ {
		e, xy, oc := &dc.vc[i], &dc.vxy[i], &dc.voc[i]
		xy.x = vOutside
		if !dc.loadCV(uint32(i), 0, &c) {
			*oc = badVertex
			continue
		}
		*oc = vi.pl.outcode(&c)
		if *oc == 0 {
			iw := 1 / c.pos[3]
			s.fx = vi.bx + float64(vi.sx*float64(c.pos[0]*iw))
			s.fy = vi.by + float64(vi.sy*float64(c.pos[1]*iw))
			e.z = vi.bz + float64(vi.sz*float64(c.pos[2]*iw))
			xy.x, xy.y, e.invw = int32(snap(s.fx)), int32(snap(s.fy)), iw
		}
	}
}

// cachePositions is cacheVertices for vertices without clip distances:
// loadCV's finiteness test on the float32 bits (an exponent of all ones is
// an infinity or a NaN, in float32 and after conversion alike), the same
// outcode and projection.
func cachePositions(vxy []vpos, vc []vcache, voc []uint32, vi *vpInfo, pos []float32, lo, hi int) {
	const exp = 0x7f800000
	var c cv
	for i := cachePositionsAsm(vxy, vc, voc, vi, pos, lo, hi); i < hi; i++ {
		e, xy, oc := &vc[i], &vxy[i], &voc[i]
		xy.x = vOutside
		p := pos[4*i : 4*i+4 : 4*i+4]
		if math.Float32bits(p[0])&exp == exp || math.Float32bits(p[1])&exp == exp || math.Float32bits(p[2])&exp == exp || math.Float32bits(p[3])&exp == exp {
			*oc = badVertex
			continue
		}
		c.pos = [4]float64{float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3])}
		*oc = vi.pl.outcode(&c)
		if *oc == 0 {
			iw := 1 / c.pos[3]
			fx := vi.bx + float64(vi.sx*float64(c.pos[0]*iw))
			fy := vi.by + float64(vi.sy*float64(c.pos[1]*iw))
			e.z = vi.bz + float64(vi.sz*float64(c.pos[2]*iw))
			xy.x, xy.y, e.invw = int32(snap(fx)), int32(snap(fy)), iw
		}
	}
}

// Draw validates d, assembles, clips, culls and sets up its primitives and
// bins them into tiles. The pass copies *d and *d.State, but keeps d's slices
// (vertex outputs, indices, interpolation, viewports, scissors) and Shader:
// they must stay unchanged until Flush.
// Primitives with NaN or infinite positions are dropped.
func (p *Pass) Draw(d *Draw) error {
	if err := p.validate(d); err != nil {
		return err
	}
	// Keep copies of the draw and its state: the caller may reuse both.
	di := int32(len(p.draws))
	p.states = append(p.states, *d.State)
	p.draws = append(p.draws, *d)
	d = &p.draws[di]
	d.State = &p.states[di]
	p.info = append(p.info, p.makeInfo(d))
	dc := drawCtx{d: d, di: di, st: d.State, v: d.Vertices, stride: d.Vertices.Stride}
	p.vpbuf = p.viewports(d.State, d.Vertices.ClipCount, p.vpbuf)
	dc.vps = p.vpbuf
	p.buildCache(&dc)
	if k := p.parallelChunks(d); k > 1 {
		p.assembleParallel(dc, k)
		return nil
	}
	if b := p.serialBinner(); dc.useList() {
		b.assembleList(&dc, 0, -1)
	} else {
		b.assemble(&dc, 0, -1)
	}
	return nil
}

// parTriangles is the fewest triangles per goroutine of a parallel setup,
// chunkTriangles the fewest per binner, and chunksPerWorker how many
// binners each goroutine sets up at most, on average: culling makes
// stretches of a mesh cost very different times (a stretch facing away
// costs a third of one facing the camera), so the goroutines take small
// stretches in turn rather than one large stretch each.
const (
	parTriangles    = 4096
	chunkTriangles  = 1024
	chunksPerWorker = 2
)

// parallelChunks returns how many goroutines set up d in parallel (1:
// serial): up to one per worker for a long triangle list without restarts
// (whose primitives do not depend on each other; validate has looked for
// restarts). The result never changes the image: tiles read the binners
// in order.
func (p *Pass) parallelChunks(d *Draw) int {
	if p.workers <= 1 || d.Topology != TriangleList {
		return 1
	}
	n := len(d.Indices)
	if d.Indices == nil {
		n = d.Vertices.Count
	}
	k := min(p.workers, n/3/parTriangles)
	if k <= 1 {
		return 1
	}
	if p.restarts {
		return 1
	}
	return k
}

// assembleParallel sets up the triangles of dc's list on k goroutines:
// the list is cut into consecutive stretches, each set up into its own
// binner (in list order in Pass.sets), and the goroutines take the
// stretches in turn (dc is a copy, so that the serial path's context
// stays on the stack).
func (p *Pass) assembleParallel(dc drawCtx, k int) {
	tris := len(dc.d.Indices) / 3
	if dc.d.Indices == nil {
		tris = dc.v.Count / 3
	}
	nc := max(k, min(k*chunksPerWorker, tris/chunkTriangles))
	first := len(p.sets)
	for range nc {
		p.newBinner()
	}
	bs := p.sets[first:]
	p.open = false
	list := dc.useList()
	var next atomic.Int32
	var wg sync.WaitGroup
	for range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := dc
			for {
				i := int(next.Add(1) - 1)
				if i >= nc {
					return
				}
				lo, hi := tris*i/nc, tris*(i+1)/nc
				if list {
					bs[i].assembleList(&c, 3*lo, 3*hi)
				} else {
					bs[i].assemble(&c, 3*lo, 3*hi)
				}
			}
		}()
	}
	wg.Wait()
}

func (p *Pass) makeInfo(d *Draw) drawInfo {
	in := drawInfo{visSlot: -1, shade: d.Shader != nil}
	f := d.Flags
	in.early = d.Shader == nil || f&FlagEarlyTests != 0 || f&(FlagWritesDepth|FlagDiscards|FlagWritesSampleMask|FlagWritesStencil) == 0
	in.perSample = f&FlagPerSample != 0
	for _, m := range d.Interp {
		if m&InterpSample != 0 {
			in.perSample = true
		}
		if m&InterpCentroid != 0 {
			in.centroid = true
		}
	}
	if p.samples == 1 {
		in.perSample = false
		in.centroid = false
	}
	if d.State.Visibility != VisibilityDisabled {
		in.visSlot = d.State.VisibilityOffset / 8
		in.counting = d.State.Visibility == VisibilityCounting
		if in.counting || p.visKind[in.visSlot] == VisibilityDisabled {
			p.visKind[in.visSlot] = d.State.Visibility
		}
	}
	return in
}

// viewports computes the per-viewport data of st into buf.
func (p *Pass) viewports(st *State, clipCount int, buf []vpInfo) []vpInfo {
	buf = buf[:0]
	for i, vp := range st.Viewports {
		var v vpInfo
		v.sx, v.bx = vp.W/2, vp.X+vp.W/2
		v.sy, v.by = -vp.H/2, vp.Y+vp.H/2
		v.sz, v.bz = vp.ZFar-vp.ZNear, vp.ZNear
		ok := vp.W != 0 && vp.H != 0 && isFinite(vp.X) && isFinite(vp.Y) && isFinite(vp.W) && isFinite(vp.H) && isFinite(vp.ZNear) && isFinite(vp.ZFar)
		v.ok = ok
		if ok {
			a, b := (-guard-v.bx)/v.sx, (guard-v.bx)/v.sx
			v.pl.lox, v.pl.hix = min(a, b), max(a, b)
			a, b = (-guard-v.by)/v.sy, (guard-v.by)/v.sy
			v.pl.loy, v.pl.hiy = min(a, b), max(a, b)
		}
		v.pl.depthClip = st.DepthClip == DepthClip
		v.pl.n = 7 + clipCount
		v.sc = p.rast
		if st.Scissors != nil {
			s := st.Scissors[i]
			v.sc = rect{max(s.X, 0), max(s.Y, 0), min(s.X+s.W, p.t.Width), min(s.Y+s.H, p.t.Height)}
			if s.W <= 0 || s.H <= 0 || v.sc.x0 >= v.sc.x1 || v.sc.y0 >= v.sc.y1 {
				v.ok = false
			}
		}
		buf = append(buf, v)
	}
	return buf
}

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// assemble walks d's primitives from index lo to hi (-1: the end); lo is
// 0 or, for a triangle list, a multiple of 3.
func (p *binner) assemble(dc *drawCtx, lo, hi int) {
	d := dc.d
	n := len(d.Indices)
	if d.Indices == nil {
		n = dc.v.Count
	}
	if hi >= 0 {
		n = hi
	}
	idx := func(i int) uint32 {
		if d.Indices == nil {
			return uint32(i)
		}
		return d.Indices[i]
	}
	prim := uint32(lo / 3) // primitive number within the draw
	var win [3]uint32
	have := 0 // vertices of the current strip/list primitive
	strip := 0
	for i := lo; i < n; i++ {
		x := idx(i)
		if x == RestartIndex {
			have, strip = 0, 0
			continue
		}
		switch d.Topology {
		case PointList:
			p.point(dc, x, d.primitiveID(prim))
			prim++
		case LineList:
			win[have] = x
			have++
			if have == 2 {
				p.line(dc, win[0], win[1], d.primitiveID(prim))
				prim++
				have = 0
			}
		case LineStrip:
			if have == 1 {
				p.line(dc, win[0], x, d.primitiveID(prim))
				prim++
			}
			win[0], have = x, 1
		case TriangleList:
			win[have] = x
			have++
			if have == 3 {
				p.triangle(dc, win, d.primitiveID(prim))
				prim++
				have = 0
			}
		case TriangleStrip:
			if have < 2 {
				win[have] = x
				have++
				continue
			}
			t := [3]uint32{win[0], win[1], x}
			if strip&1 == 1 {
				t = [3]uint32{win[0], x, win[1]}
			}
			p.triangle(dc, t, d.primitiveID(prim))
			prim++
			strip++
			win[0], win[1] = win[1], x
		}
	}
}

// loadCV reads vertex i as a clip vertex with weight 1 on original vertex k;
// it reports false for NaN or infinite positions.
func (dc *drawCtx) loadCV(i uint32, k int, c *cv) bool {
	pos := dc.v.Position[4*i : 4*i+4]
	for j := range 4 {
		f := float64(pos[j])
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
		c.pos[j] = f
	}
	c.cd = [maxClipDistances]float64{}
	if n := dc.v.ClipCount; n > 0 {
		for j, d := range dc.v.ClipDistances[int(i)*n : int(i)*n+n] {
			c.cd[j] = float64(d)
		}
	}
	c.w = [3]float64{}
	c.w[k] = 1
	return true
}

// route returns the layer and viewport of a primitive whose provoking vertex
// is i; ok is false when either is out of range.
func (p *Pass) route(dc *drawCtx, i uint32) (layer, vp uint32, ok bool) {
	if dc.v.Layer != nil {
		layer = dc.v.Layer[i]
	}
	if dc.v.ViewportIndex != nil {
		vp = dc.v.ViewportIndex[i]
	}
	if int64(layer) >= int64(p.t.Layers) || int64(vp) >= int64(len(dc.vps)) || !dc.vps[vp].ok {
		return 0, 0, false
	}
	return layer, vp, true
}

// project turns a clip vertex into a snapped window vertex; orig are the
// original vertex numbers the weights refer to. Vertices made by clipping get
// their varyings interpolated into p.extra.
func (p *binner) project(dc *drawCtx, vi *vpInfo, c *cv, orig []uint32, s *sv) {
	iw := 1 / c.pos[3]
	s.invw = iw
	s.fx = vi.bx + float64(vi.sx*float64(c.pos[0]*iw))
	s.fy = vi.by + float64(vi.sy*float64(c.pos[1]*iw))
	s.z = vi.bz + float64(vi.sz*float64(c.pos[2]*iw))
	s.x, s.y = snap(s.fx), snap(s.fy)
	for k := range 3 {
		s.bw[k] = float32(c.w[k])
	}
	for k := range orig {
		if c.w[k] == 1 {
			s.vref, s.extra = orig[k]*uint32(dc.stride), false
			return
		}
	}
	st := dc.stride
	s.vref, s.extra = uint32(len(p.extra)), true
	if st == 0 {
		return
	}
	vy := dc.v.Varyings
	for j := range st {
		var acc float64
		for k, o := range orig {
			if c.w[k] != 0 {
				acc += float64(c.w[k] * float64(vy[int(o)*st+j]))
			}
		}
		p.extra = append(p.extra, float32(acc))
	}
}

// newPrim resets the staging primitive with the common fields set and
// returns it; bin copies it into the tiles' lists.
func (p *binner) newPrim(dc *drawCtx, id, layer, vp, flat uint32, front bool) *prim {
	p.stage = prim{}
	pr := &p.stage
	pr.seg = p.seg
	pr.draw, pr.id, pr.layer, pr.vp, pr.flat, pr.front = dc.di, id, layer, vp, flat, front
	return pr
}

// point assembles a point primitive.
func (p *binner) point(dc *drawCtx, i, id uint32) {
	layer, vp, ok := p.route(dc, i)
	if !ok {
		return
	}
	c := &p.scratch[0][0]
	if !dc.loadCV(i, 0, c) {
		return
	}
	vi := &dc.vps[vp]
	if vi.pl.outcode(c) != 0 {
		return
	}
	var s sv
	p.project(dc, vi, c, []uint32{i}, &s)
	size := 1.0
	if dc.v.PointSize != nil {
		size = float64(dc.v.PointSize[i])
	}
	if !(size >= 1) {
		size = 1
	}
	size = min(size, maxPoint)
	pr := p.newPrim(dc, id, layer, vp, i*uint32(dc.stride), true)
	if !pr.setupPoint(&s, size, p.samples, vi.sc, &p.exts) {
		return
	}
	p.bin(pr)
}

// line assembles a line primitive from vertices i0, i1.
func (p *binner) line(dc *drawCtx, i0, i1, id uint32) {
	layer, vp, ok := p.route(dc, i0)
	if !ok {
		return
	}
	a, b := &p.scratch[0][0], &p.scratch[0][1]
	if !dc.loadCV(i0, 0, a) || !dc.loadCV(i1, 1, b) {
		return
	}
	vi := &dc.vps[vp]
	oa, ob := vi.pl.outcode(a), vi.pl.outcode(b)
	if oa&ob != 0 {
		return
	}
	orig := [2]uint32{i0, i1}
	if oa|ob != 0 {
		t0, t1, ok := vi.pl.clipSegment(a, b, oa|ob)
		if !ok {
			return
		}
		na, nb := lerpCV(a, b, t0), lerpCV(a, b, t1)
		*a, *b = na, nb
	}
	var sa, sb sv
	p.project(dc, vi, a, orig[:], &sa)
	p.project(dc, vi, b, orig[:], &sb)
	p.lineSV(dc, &sa, &sb, id, layer, vp, i0*uint32(dc.stride), true)
}

// lineSV sets up a line between projected vertices.
func (p *binner) lineSV(dc *drawCtx, a, b *sv, id, layer, vp, flat uint32, front bool) {
	pr := p.newPrim(dc, id, layer, vp, flat, front)
	if !pr.setupLine(a, b, p.samples, dc.vps[vp].sc, &p.exts) {
		return
	}
	p.bin(pr)
}

// triangle assembles, clips, culls and sets up a triangle.
func (p *binner) triangle(dc *drawCtx, t [3]uint32, id uint32) {
	layer, vp, ok := p.route(dc, t[0])
	if !ok {
		return
	}
	if dc.vc != nil {
		a, b, c := dc.voc[t[0]], dc.voc[t[1]], dc.voc[t[2]]
		if (a|b|c)&badVertex != 0 || a&b&c != 0 {
			return
		}
		if a|b|c == 0 && dc.st.Fill == FillSolid {
			p.fastTriangle(dc, t, id, layer, &dc.vxy[t[0]], &dc.vxy[t[1]], &dc.vxy[t[2]])
			return
		}
	}
	poly, tmp := &p.scratch[0], &p.scratch[1]
	for k := range 3 {
		if !dc.loadCV(t[k], k, &poly[k]) {
			return
		}
	}
	vi := &dc.vps[vp]
	o0, o1, o2 := vi.pl.outcode(&poly[0]), vi.pl.outcode(&poly[1]), vi.pl.outcode(&poly[2])
	if o0&o1&o2 != 0 {
		return
	}
	n := 3
	if o0|o1|o2 != 0 {
		poly, n = vi.pl.clipPoly(poly, tmp, 3, o0|o1|o2)
		if n < 3 {
			return
		}
	}
	var vs [maxPoly]sv
	for k := range n {
		p.project(dc, vi, &poly[k], t[:], &vs[k])
	}
	// Facing from the signed area of the (convex) polygon in window space.
	var area int64
	for k := range n {
		j := (k + 1) % n
		area += vs[k].x*vs[j].y - vs[j].x*vs[k].y
	}
	if area == 0 {
		return
	}
	cw := area > 0
	front := cw == (dc.st.Front == Clockwise)
	if (dc.st.Cull == CullFront && front) || (dc.st.Cull == CullBack && !front) {
		return
	}
	flat := t[0] * uint32(dc.stride)
	if dc.st.Fill == FillLines {
		for k := range n {
			p.lineSV(dc, &vs[k], &vs[(k+1)%n], id, layer, vp, flat, front)
		}
		return
	}
	for k := 1; k+1 < n; k++ {
		a, b, c := &vs[0], &vs[k], &vs[k+1]
		a2 := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
		if a2 == 0 || (a2 > 0) != cw {
			continue
		}
		if a2 < 0 {
			b, c, a2 = c, b, -a2
		}
		pr := p.newPrim(dc, id, layer, vp, flat, front)
		if !pr.setupTriangle(a, b, c, a2, p.samples, vi.sc, &p.exts) {
			continue
		}
		if st := dc.st; st.DepthBias != 0 || st.DepthSlope != 0 {
			pr.zbias = p.depthBias(st, pr)
		}
		p.bin(pr)
	}
}

// fastTriangle sets up a solid triangle none of whose vertices needs
// clipping, from the vertex cache.
func (p *binner) fastTriangle(dc *drawCtx, t [3]uint32, id, layer uint32, a, b, c *vpos) {
	a2 := area2(a, b, c)
	if a2 == 0 {
		return
	}
	front := (a2 > 0) == (dc.st.Front == Clockwise)
	if (dc.st.Cull == CullFront && front) || (dc.st.Cull == CullBack && !front) {
		return
	}
	t1, t2 := t[1], t[2]
	k1, k2 := 1, 2
	if a2 < 0 {
		b, c, a2 = c, b, -a2
		t1, t2, k1, k2 = t2, t1, 2, 1
	}
	x0, y0, x1, y1, ok := pixelBox(int64(min(a.x, b.x, c.x)), int64(min(a.y, b.y, c.y)), int64(max(a.x, b.x, c.x)), int64(max(a.y, b.y, c.y)), p.samples, dc.vps[0].sc)
	if !ok {
		return
	}
	st := uint32(dc.stride)
	pr := p.newPrim(dc, id, layer, 0, t[0]*st, front)
	p.setTriangle(pr, dc, a, b, c, a2, [4]int64{x0, y0, x1, y1}, [3]uint32{t[0], t1, t2}, k1, k2)
	p.bin(pr)
}

// depthBias returns the depth offset of a triangle (Vulkan/D3D rules):
// DepthSlope·max|∂z| + DepthBias·r, clamped by DepthBiasClamp when non-zero.
func (p *Pass) depthBias(st *State, pr *prim) float64 {
	r := 1.0 / (1 << 24)
	if dt := p.t.Depth; dt != nil {
		r = dt.r
		if r == 0 { // float: 2^(e−23) of the largest |z|
			zm := max(math.Abs(pr.z[0]), math.Abs(pr.z[1]), math.Abs(pr.z[2]))
			if zm == 0 {
				r = 0
			} else {
				_, e := math.Frexp(zm)
				r = math.Ldexp(1, e-1-23)
			}
		}
	}
	o := float64(float64(st.DepthSlope)*pr.depthSlope()) + float64(float64(st.DepthBias)*r)
	if c := float64(st.DepthBiasClamp); c > 0 {
		o = min(o, c)
	} else if c < 0 {
		o = max(o, c)
	}
	return o
}

// bin adds pr to the command list of every tile its bounding box touches,
// skipping tiles its edges reject entirely. A primitive spanning at most
// maxLocalTiles tiles is copied into each tile's local list, so a tile
// reads its (mostly small) primitives sequentially; larger ones are stored
// once in p.large and referenced.
func (p *binner) bin(pr *prim) {
	p.nprims++
	TW, TH := p.tw, p.th
	tx0, tx1 := int(pr.x0)/TW, int(pr.x1-1)/TW
	ty0, ty1 := int(pr.y0)/TH, int(pr.y1-1)/TH
	base := int(pr.layer) * p.tilesX * p.tilesY
	if tx0 == tx1 && ty0 == ty1 {
		p.binLocal(base+ty0*p.tilesX+tx0, pr)
		return
	}
	large := (tx1-tx0+1)*(ty1-ty0+1) > maxLocalTiles
	ref := uint32(len(p.large)) | largeBit
	var q *primExt
	if pr.nedge == 4 {
		q = &p.exts[pr.ext]
	}
	if large {
		p.large = append(p.large, *pr)
	}
	for ty := ty0; ty <= ty1; ty++ {
		for tx := tx0; tx <= tx1; tx++ {
			if pr.rejectsTile(tx*TW, ty*TH, TW, TH, q) {
				continue
			}
			i := base + ty*p.tilesX + tx
			if large {
				p.bins[i] = append(p.bins[i], ref)
			} else {
				p.binLocal(i, pr)
			}
		}
	}
}

// Tile command entries: an index into the tile's local primitives, or with
// largeBit an index into Pass.large.
const (
	largeBit      = 1 << 31
	maxLocalTiles = 4
)

func (p *binner) binLocal(i int, pr *prim) {
	p.bins[i] = append(p.bins[i], uint32(len(p.local[i])))
	p.local[i] = append(p.local[i], *pr)
}

// rejectsTile reports whether some edge excludes the whole TW×TH tile at
// pixel (x, y) (every point of it, so any sample position); q is pr's
// primExt for a quad (else unused).
func (pr *prim) rejectsTile(x, y, TW, TH int, q *primExt) bool {
	x0, y0 := int64(x)*subOne, int64(y)*subOne
	x1, y1 := int64(x+TW)*subOne, int64(y+TH)*subOne
	for e := range 3 {
		if edgeRejects(pr.ea[e], pr.eb[e], pr.ec[e], x0, y0, x1, y1) {
			return true
		}
	}
	return pr.nedge == 4 && edgeRejects(q.ea3, q.eb3, q.ec3, x0, y0, x1, y1)
}

// edgeRejects reports whether the edge ea·x + eb·y + ec is negative at the
// corner of the fixed-point box [x0, x1] × [y0, y1] that maximizes it.
func edgeRejects(ea, eb int32, ec, x0, y0, x1, y1 int64) bool {
	cx, cy := x0, y0
	if ea > 0 {
		cx = x1
	}
	if eb > 0 {
		cy = y1
	}
	return int64(ea)*cx+int64(eb)*cy+ec < 0
}

// setTriangle fills pr's setup for the solid, unclipped triangle a, b, c
// (counter-clockwise after the caller's swap: a2 > 0 is twice its area in
// fixed point) covering pixel box bx; v holds the vertices' numbers (their
// cache entries: z and 1/w), k1 and k2 which of the original vertices b
// and c are.
func (p *binner) setTriangle(pr *prim, dc *drawCtx, a, b, c *vpos, a2 int64, bx [4]int64, v [3]uint32, k1, k2 int) {
	pr.kind, pr.nedge = kindTriangle, 3
	ax, ay, bx_, by, cx, cy := int64(a.x), int64(a.y), int64(b.x), int64(b.y), int64(c.x), int64(c.y)
	pr.edge(0, ax, ay, bx_, by)
	pr.edge(1, bx_, by, cx, cy)
	pr.edge(2, cx, cy, ax, ay)
	pr.x0, pr.y0, pr.x1, pr.y1 = int32(bx[0]), int32(bx[1]), int32(bx[2]), int32(bx[3])
	pr.den = a2
	pr.inv = 1 / float64(a2)
	za, zb, zc := &dc.vc[v[0]], &dc.vc[v[1]], &dc.vc[v[2]]
	pr.invw = [3]float64{za.invw, zb.invw, zc.invw}
	pr.z = [3]float64{za.z, zb.z, zc.z}
	st := uint32(dc.stride)
	pr.vref = [3]uint32{v[0] * st, v[1] * st, v[2] * st}
	pr.perm = [3]int8{0, int8(k1), int8(k2)}
	if s := dc.st; s.DepthBias != 0 || s.DepthSlope != 0 {
		pr.zbias = p.depthBias(s, pr)
	}
}
