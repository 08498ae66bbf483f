package accel

// Split traversal: an instance structure with both plain instances (static,
// over plain primitive structures: what TraceBatch needs) and others
// (alpha-tested or blended geometry, bounding boxes, motion, deeper
// levels) is traced in two phases. Phase 1 traces every lane through the
// plain instances only, with TraceBatch's kernels, to its closest opaque
// hit there; phase 2 is the general traversal of the other instances,
// Begin/Step's, with each lane's interval clipped to its phase-1 hit,
// which is already its committed hit. One alpha-tested geometry anywhere
// in a scene then no longer sends every ray of it through the general
// traversal.

// Traverser.phase values.
const (
	phase1 uint8 = 1 + iota
	phase2
)

// disableSplit turns BeginSplit off (tests and benchmarks compare it with
// Begin/Step).
var disableSplit bool

// inPhase1 reports whether instance i of s is traced by TraceBatch's
// kernels: every instance of a batchInst structure, the marked ones of a
// split one.
func (s *Structure) inPhase1(i uint32) bool {
	return s.split == nil || s.split[i>>6]&(1<<(i&63)) != 0
}

// plainInstance reports whether instance i of instance structure s can be
// traced by the batch kernels: static, not forced non-opaque, over a
// non-empty plain primitive structure without motion.
func (s *Structure) plainInstance(i int) bool {
	in := &s.inst[i]
	if in.motion() || in.options&InstanceNonOpaque != 0 {
		return false
	}
	c := s.children[in.child]
	return c.kind == KindPrimitive && c.keys == 1 && c.plain && len(c.nodes4)+len(c.nodes8) != 0
}

// updateSplit computes s.split and s.splitOne for an instance structure
// TraceBatch does not apply to; it reports whether some instance is
// marked.
func (s *Structure) updateSplit() bool {
	var set []uint64
	n, one := 0, int32(-1)
	for i := range s.inst {
		if !s.plainInstance(i) {
			continue
		}
		if set == nil {
			set = make([]uint64, (len(s.inst)+63)/64)
		}
		set[i>>6] |= 1 << (uint(i) & 63)
		n++
		one = int32(i)
	}
	if n != 1 {
		one = -1
	}
	s.split, s.splitOne = set, one
	return set != nil
}

// splitStill reports whether the instances marked in s.split are still
// plain (a child's Refit may have changed its plain flag since s.split was
// computed; see plainEpoch).
func (s *Structure) splitStill() bool {
	for i := range s.inst {
		if s.inPhase1(uint32(i)) && !s.plainInstance(i) {
			return false
		}
	}
	return true
}

// splitOptions reports whether BeginSplit applies to s under options o.
func splitOptions(s *Structure, o *Options) bool {
	if s.kind != KindInstance || s.split == nil || s.batch != batchNone {
		return false
	}
	var r Options
	if o != nil {
		r = *o
	}
	if r.AssumeGeometry == 0 {
		r.AssumeGeometry = GeometryTriangle | GeometryBoundingBox
	}
	if !fastOptions(&r) || r.MaxLevels != 0 && r.MaxLevels < 2 {
		return false
	}
	return s.batchEpoch == plainEpoch.Load() || s.splitStill()
}

// BeginSplit is Begin for an instance structure s some of whose instances
// TraceBatch could trace and some not (a scene with alpha-tested
// geometry): it traces the active lanes of rb through the former with
// TraceBatch's kernels (phase 1) and then begins Begin/Step's traversal of
// the others (phase 2), and reports true; it returns false and does
// nothing where it does not apply (callers then use Begin). After it
// returns true, Step, Groups, Candidate, Decide, Abort and Hit work as
// after Begin.
//
// It applies under the options TraceBatch needs, to an instance structure
// TraceBatch does not apply to with at least one instance that is static,
// not InstanceNonOpaque, over a non-empty primitive structure whose
// geometries are all opaque triangle geometries without motion (phase
// 1's instances); every other instance is phase 2's (non-opaque or
// bounding-box geometry, motion, InstanceNonOpaque, instance structures).
//
// Phase 1 finds each lane's closest hit among phase 1's instances (with
// AcceptAny, any hit there, which ends the lane); it becomes the lane's
// committed hit, with the same fields Begin/Step would commit for it, and
// its distance the lane's maximum distance. Step then presents only the
// candidates of phase 2's instances up to that distance, so the committed
// result is Begin/Step's closest hit; what differs is what Metal leaves
// unspecified: the order of the candidates and which ones an intersection
// function sees (none beyond the closest opaque hit of phase 1's
// instances, as Metal culls candidates beyond the committed distance), and
// which hit wins at an exact tie of distances: a hit of phase 2 at the
// committed phase-1 distance replaces it (an accepted distance equal to
// the closest replaces it, as in Begin/Step; Begin/Step's winner of such a
// tie is whichever comes later in its traversal order). With AcceptAny, or
// an intersection function that ends the traversal (Continue false), the
// result is a hit where Begin/Step's is, possibly another one. Under
// OpacityCullNonOpaque phase 2 presents no non-opaque triangles (only
// bounding boxes), so its lanes usually finish in their first Step.
//
// Not for intersection_query, whose shader sees the committed hit while
// it runs: phase 1's hit is committed before the first candidate.
func (tr *Traverser) BeginSplit(s *Structure, o *Options, rb *RayBatch) bool {
	if disableSplit || s == nil || !splitOptions(s, o) {
		return false
	}
	tr.setup(s, o)
	tr.phase = phase1
	tr.traceLanes(s, rb, streams(s, rb))
	tr.splitPhase2(s, rb)
	return true
}

// splitPhase2 restarts the lanes of rb that phase 1 left without a final
// hit on the general traversal of s's top level (as startLane starts
// them), skipping phase 1's instances, with their committed hits and
// maximum distances kept.
func (tr *Traverser) splitPhase2(s *Structure, rb *RayBatch) {
	tr.phase = phase2
	tr.running, tr.waiting = 0, 0
	if len(s.nodes4)+len(s.nodes8) == 0 {
		return
	}
	acceptAny := tr.opts.AcceptAny
	for m := rb.Active; m != 0; m &= m - 1 {
		i := trailing(m)
		l := &tr.lanes[i]
		if acceptAny && l.hType != HitNone {
			continue
		}
		o := [3]float32{rb.OX[i], rb.OY[i], rb.OZ[i]}
		d := [3]float32{rb.DX[i], rb.DY[i], rb.DZ[i]}
		tmin := rb.MinDistance[i]
		if !validRay(&o, &d, tmin, rb.MaxDistance[i]) {
			continue
		}
		// Phase 1 set l.tmin, l.time, l.mask from the ray and l.tmax to
		// its hit's distance (or the ray's maximum).
		lv := &l.lv[0]
		lv.s = s
		lv.r.setSlab(&o, &d, s.width)
		lv.inst, lv.opacity, lv.cullOff, lv.ccw, lv.tableOffset = 0, 0, false, false, 0
		tr.levelFlags(lv)
		l.depth, l.leafPos, l.leafEnd = 0, 0, 0
		l.stack[0] = stackEntry{node: 0, t: fbits(tmin)}
		l.sp = 1
		l.state = laneRunning
		tr.running |= 1 << uint(i)
	}
}
