package accel

// Grouped leaf triangles for the SIMD leaf test (leaf4_simd.go).
//
// A 4-wide primitive structure without motion built where the SIMD node
// test is in use keeps its leaf triangles in groups of four, SoA:
// group g is the tri4Floats floats at Structure.tri4[g*tri4Floats:],
// component k (0..8: vertex k/3, axis k%3) of lane j at [4*k+j]. A leaf of
// count triangles starting at slot first takes ceil(count/4) consecutive
// groups (the last one padded with zeros: the test masks lanes past
// count), and node4.kc names it ^(group<<leafShift | count);
// tri4First[g] is the slot of group g's lane 0, and slotPos[p] the
// position (4*group + lane) of slot p. The groups replace Structure.verts
// (which is then nil): 36 bytes per triangle plus the padding, 4 for
// slotPos and 1 for tri4First. The SIMD kernels test a leaf's triangles
// four at a time with one load per component.

// tri4Floats is the number of floats per group of four triangles.
const tri4Floats = 9 * 4

// disableLeaf4 makes the kernels test leaf triangles one at a time even
// where the groups exist (leafGrouped; tests and A/B measurements compare
// both).
var disableLeaf4 bool

// buildTri4 lays out s's leaf triangles (s.verts, filled by the build)
// in groups, sets the nodes' kc and slotPos, and drops s.verts: the
// groups then hold the only copy of the key-0 vertices (slotVerts and
// setSlotVerts read and write a slot's). Only where the SIMD kernels run
// (a 4- or 8-wide primitive structure without motion); elsewhere s.tri4 stays
// nil and kc unused.
func (s *Structure) buildTri4() {
	s.tri4, s.tri4First, s.slotPos = nil, nil, nil
	if !useSIMDNodes || s.kind != KindPrimitive || s.keys != 1 || len(s.nodes4)+len(s.nodes8) == 0 {
		return
	}
	// The children of every node, and where their grouped forms go.
	var cs, kcs [][]int32
	for i := range s.nodes4 {
		cs, kcs = append(cs, s.nodes4[i].c[:]), append(kcs, s.nodes4[i].kc[:])
	}
	for i := range s.nodes8 {
		cs, kcs = append(cs, s.nodes8[i].c[:]), append(kcs, s.nodes8[i].kc[:])
	}
	nslots := len(s.verts) / vertsPerSlot
	ng := 0
	for _, c := range cs {
		for _, c := range c {
			if c < 0 {
				ng += (int(^c)&maxLeafSize + 3) / 4
			}
		}
	}
	tri4 := make([]float32, ng*tri4Floats)
	firsts := make([]int32, ng)
	pos := make([]int32, nslots)
	for i := range pos {
		pos[i] = -1
	}
	g := 0
	for i, c := range cs {
		kc := kcs[i]
		for j, c := range c {
			kc[j] = c
			if c >= 0 || c == emptyChild {
				continue
			}
			v := int(^c)
			first, cnt := v>>leafShift, v&maxLeafSize
			kc[j] = ^int32(g<<leafShift | cnt)
			for p := first; p < first+cnt && p < nslots; p++ {
				q := 4*g + p - first
				pos[p] = int32(q)
				grp := (*[tri4Floats]float32)(tri4[(q>>2)*tri4Floats:])
				sv := (*[9]float32)(s.verts[p*vertsPerSlot:])
				for k := 0; k < 9; k++ {
					grp[4*k+(q&3)] = sv[k]
				}
			}
			for q := 0; q < cnt; q += 4 {
				firsts[g] = int32(first + q)
				g++
			}
		}
	}
	for _, q := range pos {
		if q < 0 {
			// A slot in no leaf (never the case): keep the plain layout.
			return
		}
	}
	s.tri4, s.tri4First, s.slotPos, s.verts = tri4, firsts, pos, nil
}

// slotVerts sets v to slot p's key-0 vertices (or box).
func (s *Structure) slotVerts(p int, v *[9]float32) {
	if s.verts != nil {
		*v = *(*[9]float32)(s.verts[p*vertsPerSlot:])
		return
	}
	s.groupVerts(int(s.slotPos[p]), v)
}

// groupVerts sets v to the vertices at position q (4*group + lane) of the
// groups; a leaf's slots are at consecutive positions. (One float at a
// time: a [9]float32 returned by value is copied with 16-byte moves that
// read across these 4-byte stores, which defeats store forwarding.)
func (s *Structure) groupVerts(q int, v *[9]float32) {
	g := (*[tri4Floats]float32)(s.tri4[(q>>2)*tri4Floats:])
	j := q & 3
	v[0], v[1], v[2] = g[j], g[4+j], g[8+j]
	v[3], v[4], v[5] = g[12+j], g[16+j], g[20+j]
	v[6], v[7], v[8] = g[24+j], g[28+j], g[32+j]
}

// setSlotVerts sets slot p's key-0 vertices (Refit).
func (s *Structure) setSlotVerts(p int, v *[9]float32) {
	if s.verts != nil {
		copy(s.verts[p*vertsPerSlot:p*vertsPerSlot+9], v[:])
		return
	}
	q := int(s.slotPos[p])
	grp := (*[tri4Floats]float32)(s.tri4[(q>>2)*tri4Floats:])
	j := q & 3
	for k := range v {
		grp[4*k+j] = v[k]
	}
}

// leafGrouped is fastHit.leaf for a structure whose vertices are only in
// the groups (s.verts nil): the same test, reading each slot through
// slotVerts (leaf4 hands leaves back to it; the kernels use it with
// disableLeaf4).
func (h *fastHit) leafGrouped(s *Structure, f *fastTri, ni int32, anyHit bool) bool {
	v := int(^ni)
	first, cnt := v>>leafShift, v&maxLeafSize
	kx, ky, kz := f.kx&3, f.ky&3, f.kz&3
	pox, poy, poz := f.pox, f.poy, f.poz
	shx, shy, shz := f.shx, f.shy, f.shz
	found := false
	q0 := 0
	if cnt > 0 {
		q0 = int(s.slotPos[first])
	}
	var sv [9]float32
	for p := 0; p < cnt; p++ {
		s.groupVerts(q0+p, &sv)
		// Watertight ray/triangle test: exactly leaf's.
		az := sv[kz] - poz
		bz := sv[3+kz] - poz
		cz := sv[6+kz] - poz
		ax := sv[kx] - pox - float32(shx*az)
		ay := sv[ky] - poy - float32(shy*az)
		bx := sv[3+kx] - pox - float32(shx*bz)
		by := sv[3+ky] - poy - float32(shy*bz)
		cx := sv[6+kx] - pox - float32(shx*cz)
		cy := sv[6+ky] - poy - float32(shy*cz)
		u := float32(cx*by) - float32(cy*bx)
		w := float32(bx*ay) - float32(by*ax)
		if u*w < 0 {
			continue
		}
		vv := float32(ax*cy) - float32(ay*cx)
		if u == 0 || vv == 0 || w == 0 {
			u = float32(float64(cx)*float64(by) - float64(cy)*float64(bx))
			vv = float32(float64(ax)*float64(cy) - float64(ay)*float64(cx))
			w = float32(float64(bx)*float64(ay) - float64(by)*float64(ax))
		}
		if (u < 0 || vv < 0 || w < 0) && (u > 0 || vv > 0 || w > 0) {
			continue
		}
		det := u + vv + w
		if det == 0 || (f.cull < 0 && det < 0) || (f.cull > 0 && det > 0) {
			continue
		}
		rcp := 1 / det
		t := (float32(u*(shz*az)) + float32(vv*(shz*bz)) + float32(w*(shz*cz))) * rcp
		if !inHitRange(t, f.tmin, f.tmax) {
			continue
		}
		ref := int32(first + p)
		if det < 0 {
			ref |= hitDetNeg
		}
		*h = fastHit{ref: ref, t: t, u: vv * rcp, v: w * rcp}
		f.tmax = t
		found = true
		if anyHit {
			break
		}
	}
	return found
}

// opaqueTriangles reports whether every slot of ids is an opaque triangle
// (always so in a plain structure).
func opaqueTriangles(ids []slot, plain bool) bool {
	if plain {
		return true
	}
	for i := range ids {
		if ids[i].geom&flagMask != 0 {
			return false
		}
	}
	return true
}

// leaf4Rest runs leaf over the cnt slots from first (the rest of a leaf
// that leaf4 hands back).
func (h *fastHit) leaf4Rest(s *Structure, f *fastTri, first int32, cnt int, anyHit bool) bool {
	return h.leaf(s, f, ^(first<<leafShift | int32(cnt)), anyHit)
}
