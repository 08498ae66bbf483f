package kernel

// mergeStaticInstances replaces every set of two or more static instances
// (neither moving nor deformed) that have the same transform, the same
// opacity (all records opaque, or not) and records used by no other
// instance with one instance over all their records,
// placed where the set's first instance was. The records are then
// renumbered in instance order (shared records stay shared), and the
// emissive triangles and per-instance records follow.
func (p *Packed) mergeStaticInstances() {
	users := map[uint32]int{}
	for i := range p.Instances {
		if p.Instances[i].GeometryCount > 0 {
			users[p.Instances[i].GeometryBase]++
		}
	}
	// Sets by transform, in order of first appearance.
	var sets [][]int
	type setKey struct {
		xf     [3]Float4
		opaque bool
	}
	setOf := map[setKey]int{}
	for i := range p.Instances {
		in := &p.Instances[i]
		if in.Flags&(InstanceMoving|InstanceDeformed) != 0 || in.GeometryCount == 0 || users[in.GeometryBase] != 1 {
			continue
		}
		// Opaque and alpha-tested records go to different instances: the
		// opaque ones' structure stays plain (accel's batch kernels).
		key := setKey{xf: in.ToWorld, opaque: true}
		for g := in.GeometryBase; g < in.GeometryBase+in.GeometryCount; g++ {
			key.opaque = key.opaque && p.GeometryInfo[g].Opaque
		}
		k, ok := setOf[key]
		if !ok {
			k = len(sets)
			setOf[key] = k
			sets = append(sets, nil)
		}
		sets[k] = append(sets[k], i)
	}
	inSet := map[int][]int{} // first member → the set (only sets of two or more)
	member := map[int]bool{}
	for _, s := range sets {
		if len(s) > 1 {
			inSet[s[0]] = s
			for _, m := range s {
				member[m] = true
			}
		}
	}
	if len(inSet) == 0 {
		return
	}
	var (
		insts   []InstanceData
		geoms   []GeometryData
		offsets []streamOffsets
		infos   []GeometryInfo
	)
	newInst := make([]int, len(p.Instances))
	recMap := map[uint32]uint32{} // old record → new record
	copyRange := func(base, count uint32) {
		for k := base; k < base+count; k++ {
			recMap[k] = uint32(len(geoms))
			geoms = append(geoms, p.Geometries[k])
			offsets = append(offsets, p.offsets[k])
			infos = append(infos, p.GeometryInfo[k])
		}
	}
	for i := range p.Instances {
		if member[i] && inSet[i] == nil {
			continue // merged into its set's first instance
		}
		rec := p.Instances[i]
		set := inSet[i]
		if set == nil {
			set = []int{i}
		}
		if nb, ok := recMap[rec.GeometryBase]; ok && rec.GeometryCount > 0 {
			rec.GeometryBase = nb // records shared with an earlier instance
		} else {
			rec.GeometryBase = uint32(len(geoms))
			rec.GeometryCount = 0
			for _, m := range set {
				copyRange(p.Instances[m].GeometryBase, p.Instances[m].GeometryCount)
				rec.GeometryCount += p.Instances[m].GeometryCount
			}
		}
		for _, m := range set {
			newInst[m] = len(insts)
		}
		insts = append(insts, rec)
	}
	for k := range infos {
		if in := infos[k].Instance; in >= 0 && in < len(newInst) {
			infos[k].Instance = newInst[in]
		}
	}
	for i := range p.Emissive {
		e := &p.Emissive[i]
		if int(e.Instance) < len(newInst) {
			e.Instance = uint32(newInst[e.Instance])
		}
		if r, ok := recMap[e.Geometry]; ok {
			e.Geometry = r
		}
	}
	p.Instances, p.Geometries, p.offsets, p.GeometryInfo = insts, geoms, offsets, infos
}
