package accel

import "unsafe"

// Grouped leaf triangles for the SIMD leaf test (leaf4_simd.go).
//
// A 4-wide primitive structure without motion built where the SIMD node
// test is in use keeps its leaf triangles in groups of four, SoA:
// group g is the tri4Floats floats at Structure.tri4[g*tri4Floats:],
// component k (0..8: vertex k/3, axis k%3) of lane j at [4*k+j]. A leaf of
// count triangles takes ceil(count/4) consecutive groups (the last one
// padded with zeros: the test masks lanes past count), and node4.kc names
// it ^(group<<leafShift | count). Slots are numbered by position: slot
// 4*g+j is lane j of group g (so a leaf starts at slot 4*group, node4.c
// names it ^(4*group<<leafShift | count), and the padding lanes are hole
// slots). The groups replace Structure.verts (which is then nil): 36
// bytes per triangle plus the padding.
// The SIMD kernels test a leaf's triangles four at a time with one load
// per component.

// tri4Floats is the number of floats per group of four triangles.
const tri4Floats = 9 * 4

// disableLeaf4 makes the kernels test leaf triangles one at a time even
// where the groups exist (leafGrouped; tests and A/B measurements compare
// both).
var disableLeaf4 bool

// buildTri4 lays out s's leaf triangles (s.verts, or where the build
// left it nil the key-0 vertices of global primitive i at in[9*i:]) in
// groups, renumbers the slots to the groups' positions (slot 4*g+j is
// lane j of group g: a leaf's slots start at a multiple of four, and the
// lanes that pad its last group are holes, holeID in ids), rewrites the
// nodes' c for the new numbering, sets their kc and drops s.verts: the
// groups then hold the only copy of the key-0 vertices (slotVerts and
// setSlotVerts read and write a slot's). Only where the SIMD kernels run
// (a 4- or 8-wide primitive structure without motion); elsewhere s.tri4
// stays nil and kc unused.
func (s *Structure) buildTri4(in []float32) {
	s.tri4 = nil
	if !useSIMDNodes || s.kind != KindPrimitive || s.keys != 1 || len(s.nodes4)+len(s.nodes8) == 0 {
		s.vertsFrom(in)
		return
	}
	nslots := len(s.ids)
	ng, inLeaves := 0, 0
	for i := range s.nodes4 {
		ng, inLeaves = countGroups(s.nodes4[i].c[:], ng, inLeaves)
	}
	for i := range s.nodes8 {
		ng, inLeaves = countGroups(s.nodes8[i].c[:], ng, inLeaves)
	}
	if inLeaves != nslots || 4*ng >= maxPrimitives {
		// A slot in no leaf (never the case), or more padded slots than
		// a child can name: keep the plain layout.
		s.vertsFrom(in)
		return
	}
	t := tri4Layout{tri4: make([]float32, ng*tri4Floats), ids: make([]uint32, 4*ng)}
	for i := range t.ids {
		t.ids[i] = holeID
	}
	if s.slotInfo != nil {
		t.info = make([]uint32, 4*ng)
	}
	for i := range s.nodes4 {
		s.groupLeaves(&t, s.nodes4[i].c[:], s.nodes4[i].kc[:], in)
	}
	for i := range s.nodes8 {
		s.groupLeaves(&t, s.nodes8[i].c[:], s.nodes8[i].kc[:], in)
	}
	s.tri4, s.ids, s.slotInfo, s.verts = t.tri4, t.ids, t.info, nil
}

// countGroups adds the groups and the triangles of the leaves among a
// node's children c to ng and inLeaves.
func countGroups(c []int32, ng, inLeaves int) (int, int) {
	for _, c := range c {
		if c < 0 && c != emptyChild {
			ng += (int(^c)&maxLeafSize + 3) / 4
			inLeaves += int(^c) & maxLeafSize
		}
	}
	return ng, inLeaves
}

// tri4Layout is buildTri4's output while it fills it: the groups, the
// slots' ids (and infos) in group order and the next group.
type tri4Layout struct {
	tri4      []float32
	ids, info []uint32
	g         int
}

// groupLeaves moves the leaves among a node's children c (in the slot
// numbering of the build) into the next groups of t, in child order, and
// sets c and kc for the new numbering (see buildTri4). The leaves'
// vertices are prefetched first: their slots are scattered over the
// input (in), and the copies then wait on the misses together.
func (s *Structure) groupLeaves(t *tri4Layout, c, kc []int32, in []float32) {
	if hasPrefetch && s.verts == nil {
		for j := range c {
			if c[j] >= 0 || c[j] == emptyChild {
				continue
			}
			v := int(^c[j])
			first, cnt := v>>leafShift, v&maxLeafSize
			for p := first; p < first+cnt; p++ {
				prefetch(uintptr(unsafe.Pointer(s.inputVerts(in, p))))
			}
		}
	}
	for j := range c {
		kc[j] = c[j]
		if c[j] >= 0 || c[j] == emptyChild {
			continue
		}
		v := int(^c[j])
		first, cnt := v>>leafShift, v&maxLeafSize
		g := t.g
		kc[j] = ^int32(g<<leafShift | cnt)
		c[j] = leafChild(4*g, cnt)
		for p := first; p < first+cnt; p++ {
			q := 4*g + p - first
			t.ids[q] = s.ids[p]
			if t.info != nil {
				t.info[q] = s.slotInfo[p]
			}
			grp := (*[tri4Floats]float32)(t.tri4[(q>>2)*tri4Floats:])
			sv := s.inputVerts(in, p)
			for k := 0; k < 9; k++ {
				grp[4*k+(q&3)] = sv[k]
			}
		}
		t.g = g + (cnt+3)/4
	}
}

// inputVerts returns slot p's key-0 vertices during the build: from
// s.verts, or from the input (see buildTri4).
func (s *Structure) inputVerts(in []float32, p int) *[9]float32 {
	if s.verts != nil {
		return (*[9]float32)(s.verts[p*vertsPerSlot:])
	}
	sl := s.slotAt(p)
	gid := s.geoms[sl.geom&geomMask].first + int(sl.prim)
	return (*[9]float32)(in[9*gid:])
}

// vertsFrom fills s.verts from the input where the build left it nil
// (see buildTri4).
func (s *Structure) vertsFrom(in []float32) {
	if s.verts != nil || s.kind != KindPrimitive || s.keys != 1 {
		return
	}
	v := make([]float32, len(s.ids)*vertsPerSlot)
	for p := range s.ids {
		copy(v[p*vertsPerSlot:p*vertsPerSlot+9], s.inputVerts(in, p)[:])
	}
	s.verts = v
}

// slotVerts sets v to slot p's key-0 vertices (or box).
func (s *Structure) slotVerts(p int, v *[9]float32) {
	if s.verts != nil {
		*v = *(*[9]float32)(s.verts[p*vertsPerSlot:])
		return
	}
	s.groupVerts(p, v)
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
	q := p
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
	q0 := first // grouped slots sit at their positions
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

// leaf4Rest runs leaf over the cnt slots from first (the rest of a leaf
// that leaf4 hands back).
func (h *fastHit) leaf4Rest(s *Structure, f *fastTri, first int32, cnt int, anyHit bool) bool {
	return h.leaf(s, f, ^(first<<leafShift | int32(cnt)), anyHit)
}
