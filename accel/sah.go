package accel

// SAHCost reports the surface-area-heuristic cost of a structure's tree:
// the expected number of wide nodes visited (each node's surface area over
// the root's) plus the expected number of primitive tests (each leaf's
// area over the root's times its primitive count), and the same cost with
// leaf tests counted in groups of four (as the SIMD leaf test does them).
// Both are 0 for an empty structure. It describes build quality: the
// lower, the fewer tests an average ray makes.
type SAHCost struct {
	Nodes, Primitives, Groups float64
}

// Total is Nodes + Primitives.
func (c SAHCost) Total() float64 { return c.Nodes + c.Primitives }

// SAHCost measures s's tree (see the type).
func (s *Structure) SAHCost() SAHCost {
	var c SAHCost
	root := float64(s.bounds.halfArea())
	if root <= 0 || len(s.nodes4)+len(s.nodes8) == 0 {
		return c
	}
	s.sahNode(0, float64(s.bounds.halfArea())/root, root, &c)
	return c
}

func (s *Structure) sahNode(ni int32, rel, root float64, c *SAHCost) {
	c.Nodes += rel
	w := s.width
	for i := 0; i < w; i++ {
		var b aabb
		var ch int32
		if w == 8 {
			n := &s.nodes8[ni]
			for k := 0; k < 3; k++ {
				b.lo[k], b.hi[k] = n.b[8*k+i], n.b[24+8*k+i]
			}
			ch = n.c[i]
		} else {
			n := &s.nodes4[ni]
			for k := 0; k < 3; k++ {
				b.lo[k], b.hi[k] = n.b[4*k+i], n.b[12+4*k+i]
			}
			ch = n.c[i]
		}
		if ch == emptyChild {
			continue
		}
		a := float64(b.halfArea()) / root
		if ch >= 0 {
			s.sahNode(ch, a, root, c)
			continue
		}
		cnt := int(^ch) & maxLeafSize
		c.Primitives += a * float64(cnt)
		c.Groups += a * float64((cnt+3)/4)
	}
}
