package accel

// BruteForce traces r through s without using the BVH: every instance and
// every primitive is tested, with the same rules as traversal (a
// reference of tests; the benchmarks' baseline is accel/internal/refbvh,
// brute force being no baseline a competent programmer would use). With a nil fn
// candidates are decided as by Traverser.Intersect.
func BruteForce(s *Structure, r *Ray, o *Options, h *Hit) {
	BruteForceFunc(s, r, o, nil, h)
}

// BruteForceFunc is BruteForce with an intersection function.
func BruteForceFunc(s *Structure, r *Ray, o *Options, fn IntersectionFunc, h *Hit) {
	tr := traverserPool.Get().(*Traverser)
	defer traverserPool.Put(tr)
	tr.setup(s, o)
	l := &tr.lanes[0]
	tr.startLane(l, r.Origin, r.Direction, r.MinDistance, r.MaxDistance, r.Time, r.Mask)
	if l.state == laneRunning {
		l.sp = 0
		tr.bruteLevel(l, fn)
	}
	tr.result(l, h)
}

// bruteLevel tests everything below the current level; it reports whether
// traversal must stop.
func (tr *Traverser) bruteLevel(l *lane, fn IntersectionFunc) bool {
	s := l.lv[l.depth].s
	if s.kind == KindInstance {
		for _, id := range s.ids {
			if !tr.enter(l, id, l.tmin) {
				continue
			}
			l.sp -= 2 // drop the marker and root entries enter pushed
			stop := tr.bruteLevel(l, fn)
			l.depth--
			if stop {
				return true
			}
		}
		return false
	}
	l.leafPos, l.leafEnd = 0, len(s.ids)
	for tr.leaf(l) {
		tr.waiting = 1
		tr.Decide(0, decideDefault(fn, &l.cand))
		if l.state == laneDone {
			return true
		}
	}
	return l.state == laneDone
}
