package raster

import "math/bits"

// assembleList is assemble for a solid triangle list whose vertices are in
// the post-transform cache (dc.vxy, dc.vc) with one layer and viewport 0: the
// triangles are read three indices at a time, culled from the cache, and
// the ones inside every plane set up in place (setupCached); the others go
// through triangle. At the first triangle holding a restart index the rest
// of the list goes to assemble, whose state at a triangle boundary is the
// same. The primitives and their order are assemble's.
func (p *binner) assembleList(dc *drawCtx, lo, hi int) {
	d := dc.d
	n := len(d.Indices)
	if d.Indices == nil {
		n = dc.v.Count
	}
	if hi >= 0 {
		n = hi
	}
	xy := dc.vxy
	st := dc.st
	cw := st.Front == Clockwise
	cullFront, cullBack := st.Cull == CullFront, st.Cull == CullBack
	if d.Indices != nil && d.PrimitiveIDs == nil {
		// The commonest list: each triangle's three indices are
		// compared with the cache's length once, which both finds a
		// restart index (never below it) and bounds the cache reads.
		ix := d.Indices
		i := lo
		if useCullAsm && len(xy) > 0 && len(xy) < 1<<29 {
			i = p.cullGroups(dc, ix[:n], i)
		}
		id := d.PrimitiveIDBase + uint32(i/3)
		for ; i+2 < n; i, id = i+3, id+1 {
			q := ix[i : i+3 : i+3]
			t0, t1, t2 := int(q[0]), int(q[1]), int(q[2])
			if t0 >= len(xy) || t1 >= len(xy) || t2 >= len(xy) {
				p.assemble(dc, i, hi)
				return
			}
			a, b, c := &xy[t0], &xy[t1], &xy[t2]
			t := [3]uint32{uint32(t0), uint32(t1), uint32(t2)}
			if a.x == vOutside || b.x == vOutside || c.x == vOutside {
				p.triangle(dc, t, id)
				continue
			}
			a2 := area2(a, b, c)
			if a2 == 0 {
				continue
			}
			front := (a2 > 0) == cw
			if (cullFront && front) || (cullBack && !front) {
				continue
			}
			p.setupCached(dc, t, id, a, b, c, a2, front)
		}
		return
	}
	for i := lo; i+2 < n; i += 3 {
		var t [3]uint32
		if d.Indices == nil {
			t = [3]uint32{uint32(i), uint32(i + 1), uint32(i + 2)}
		} else {
			t = [3]uint32(d.Indices[i : i+3])
			if t[0] == RestartIndex || t[1] == RestartIndex || t[2] == RestartIndex {
				p.assemble(dc, i, hi)
				return
			}
		}
		id := d.primitiveID(uint32(i / 3))
		a, b, c := &xy[t[0]], &xy[t[1]], &xy[t[2]]
		if a.x == vOutside || b.x == vOutside || c.x == vOutside {
			p.triangle(dc, t, id)
			continue
		}
		a2 := area2(a, b, c)
		if a2 == 0 {
			continue
		}
		front := (a2 > 0) == cw
		if (cullFront && front) || (cullBack && !front) {
			continue
		}
		p.setupCached(dc, t, id, a, b, c, a2, front)
	}
}

// listSetupOff turns assembleList off (tests compare it with assemble).
var listSetupOff bool

// useList reports whether d's primitives can be assembled by assembleList.
func (dc *drawCtx) useList() bool {
	return !listSetupOff && dc.d.Topology == TriangleList && dc.vc != nil && dc.st.Fill == FillSolid && dc.v.Layer == nil && dc.v.ViewportIndex == nil
}

// setupCached is fastTriangle after culling (a2 ≠ 0, the triangle kept):
// a triangle inside one tile is set up directly in that tile's local list
// instead of in the staging primitive.
func (p *binner) setupCached(dc *drawCtx, t [3]uint32, id uint32, a, b, c *vpos, a2 int64, front bool) {
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
	// The box is inside the target: non-negative, so shifts divide.
	tx0, tx1 := int(x0)>>p.twLog, int(x1-1)>>p.twLog
	ty0, ty1 := int(y0)>>p.thLog, int(y1-1)>>p.thLog
	var pr *prim
	ti := -1
	if tx0 == tx1 && ty0 == ty1 {
		// One tile: bin's binLocal, with the primitive made in place.
		ti = ty0*p.tilesX + tx0
		l := p.local[ti]
		p.bins[ti] = append(p.bins[ti], uint32(len(l)))
		l = append(l, prim{})
		p.local[ti] = l
		pr = &l[len(l)-1]
		pr.seg = p.seg
		pr.draw, pr.id, pr.front = dc.di, id, front
		pr.flat = t[0] * uint32(dc.stride)
	} else {
		pr = p.newPrim(dc, id, 0, 0, t[0]*uint32(dc.stride), front)
	}
	p.setTriangle(pr, dc, a, b, c, a2, [4]int64{x0, y0, x1, y1}, [3]uint32{t[0], t1, t2}, k1, k2)
	if ti >= 0 {
		p.nprims++
		return
	}
	p.bin(pr)
}

// cullGroups runs the culling scan of assembleList's indexed loop on
// groups of eight triangles in AVX2 (cullListAVX2) from index i of ix, and
// sets up or clips the triangles it keeps in order, as the loop would. It
// returns where the loop goes on: the end of the last whole group, or the
// group with an index outside the cache (a restart index).
func (p *binner) cullGroups(dc *drawCtx, ix []uint32, i int) int {
	xy, st := dc.vxy, dc.st
	cw := st.Front == Clockwise
	cullFront, cullBack := st.Cull == CullFront, st.Cull == CullBack
	// A triangle of positive area is front-facing when the front winding
	// is clockwise; one of negative area when it is not.
	var keepPos, keepNeg uint32
	if !(cullFront && cw || cullBack && !cw) {
		keepPos = 0xff
	}
	if !(cullFront && !cw || cullBack && cw) {
		keepNeg = 0xff
	}
	// Eight groups per call: the kept triangles' vertices, which the scan
	// just read, are still in the first-level cache when they are set up.
	var out [8]uint16
	for len(ix)-i >= 24 {
		groups := min(len(out), (len(ix)-i)/24)
		done := cullListAVX2(&ix[i], &xy[0], groups, len(xy), keepPos, keepNeg, &out[0])
		for g, m := range out[:done] {
			for bits := m&0xff | m>>8; bits != 0; bits &= bits - 1 {
				k := bits16(bits)
				j := i + 24*g + 3*k
				q := ix[j : j+3 : j+3]
				t := [3]uint32{q[0], q[1], q[2]}
				id := dc.d.PrimitiveIDBase + uint32(j/3)
				if m>>(8+k)&1 != 0 {
					p.triangle(dc, t, id)
					continue
				}
				a, b, c := &xy[t[0]], &xy[t[1]], &xy[t[2]]
				a2 := area2(a, b, c)
				p.setupCached(dc, t, id, a, b, c, a2, (a2 > 0) == cw)
			}
		}
		i += 24 * done
		if done < groups {
			break
		}
	}
	return i
}

// bits16 returns the index of the lowest set bit of m ≠ 0.
func bits16(m uint16) int { return bits.TrailingZeros16(m) }
