package accel

// holeID marks a padding slot (ids): a grouped leaf's group is filled up
// to four slots (leaf4.go); no leaf range covers a hole, only whole-array
// walks (brute force, Refit) meet them. Primitive and instance indices are
// below maxPrimitives, so it is never a real id.
const holeID = ^uint32(0)

// geomInfoWord is the slot info of geometry gi's primitives: its index and
// the flags of its kind and opacity (0 without geometries).
func (s *Structure) geomInfoWord(gi int) uint32 {
	if gi >= len(s.geoms) {
		return 0
	}
	g := &s.geoms[gi]
	info := uint32(gi)
	if g.kind == HitBoundingBox {
		info |= flagBox
	}
	if !g.opaque {
		info |= flagNonOpaque
	}
	return info
}

// setSlot sets slot p's info and id.
func (s *Structure) setSlot(p int, info, id uint32) {
	s.ids[p] = id
	if s.slotInfo != nil {
		s.slotInfo[p] = info
	}
}

// slotAt returns slot p's ids.
func (s *Structure) slotAt(p int) slot {
	if s.slotInfo != nil {
		return slot{geom: s.slotInfo[p], prim: s.ids[p]}
	}
	return slot{geom: s.info0, prim: s.ids[p]}
}

// slotFlags returns slot p's flags (flagBox, flagNonOpaque).
func (s *Structure) slotFlags(p int) uint32 {
	if s.slotInfo != nil {
		return s.slotInfo[p] & flagMask
	}
	return s.info0 & flagMask
}

// opaqueTriangles reports whether every slot of [first, end) is an opaque
// triangle (always so in a plain structure).
func (s *Structure) opaqueTriangles(first, end int, plain bool) bool {
	if plain {
		return true
	}
	if s.slotInfo == nil {
		return s.info0&flagMask == 0
	}
	for _, info := range s.slotInfo[first:end] {
		if info&flagMask != 0 {
			return false
		}
	}
	return true
}

// refreshOpacity resets every slot's non-opaque flag from its geometry
// (Refit).
func (s *Structure) refreshOpacity() {
	if s.slotInfo == nil {
		s.info0 = s.geomInfoWord(0)
		return
	}
	for i, info := range s.slotInfo {
		if s.ids[i] == holeID {
			continue
		}
		s.slotInfo[i] = s.geomInfoWord(int(info & geomMask))
	}
}
