package accel

import (
	"context"
	"errors"
	"fmt"
)

// Refit updates a primitive structure for new vertex (or box) data without
// changing its tree: d must describe the same geometries with the same
// kinds, counts and keyframe count as at build. Traversal quality degrades
// as primitives move away from where they were at build time. s must not be
// traversed while Refit runs.
func (s *Structure) Refit(ctx context.Context, d *PrimitiveDescriptor) error {
	if s.kind != KindPrimitive {
		return errors.New("accel: Refit: not a primitive structure (use RefitInstances)")
	}
	keys, err := d.validate()
	if err != nil {
		return fmt.Errorf("accel: Refit: PrimitiveDescriptor.%w", err)
	}
	if keys != s.keys || len(d.Geometries) != len(s.geoms) {
		return fmt.Errorf("accel: Refit: PrimitiveDescriptor.Geometries: %d geometries with %d keyframes, structure has %d with %d", len(d.Geometries), keys, len(s.geoms), s.keys)
	}
	for i, g := range d.Geometries {
		if g.kind() != s.geoms[i].kind || g.count() != s.geoms[i].count {
			return fmt.Errorf("accel: Refit: PrimitiveDescriptor.Geometries[%d]: kind or primitive count differs from the build", i)
		}
	}
	var buf [9]float32
	for i := range s.ids {
		if s.ids[i] == holeID {
			continue
		}
		sl := s.slotAt(i)
		g := d.Geometries[sl.geom&geomMask]
		for k := 0; k < keys; k++ {
			g.fetch(k, int(sl.prim), buf[:])
			if k == 0 {
				s.setSlotVerts(i, &buf)
			}
			if keys > 1 {
				copy(s.motion[(i*keys+k)*9:], buf[:])
			}
		}
		slot := i
		if slot&4095 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
	}
	for i, g := range d.Geometries {
		s.geoms[i].primData = copyPrimitiveData(g.common(), g.count())
		s.geoms[i].primSize = g.common().PrimitiveDataElementSize
		s.geoms[i].opaque = g.common().Opaque
		s.geoms[i].tableOffset = g.common().FunctionTableOffset
	}
	s.refreshOpacity()
	was := s.plain
	s.updatePlain()
	if s.plain != was {
		// Instance structures over s computed their batch eligibility
		// with the old flag (see batchOptions).
		plainEpoch.Add(1)
	}
	s.refitNodes()
	return nil
}

// RefitInstances updates an instance structure for new instance transforms,
// masks and options; d must have the same number of instances and the same
// structures as at build.
func (s *Structure) RefitInstances(ctx context.Context, d *InstanceDescriptor) error {
	if s.kind != KindInstance {
		return errors.New("accel: RefitInstances: not an instance structure")
	}
	if _, err := d.validate(); err != nil {
		return fmt.Errorf("accel: RefitInstances: InstanceDescriptor.%w", err)
	}
	if len(d.Instances) != len(s.inst) || len(d.Structures) != len(s.children) {
		return fmt.Errorf("accel: RefitInstances: InstanceDescriptor.Instances: %d instances over %d structures, structure has %d over %d",
			len(d.Instances), len(d.Structures), len(s.inst), len(s.children))
	}
	copy(s.children, d.Structures)
	s.setInstances(d.Instances)
	s.updateBatch()
	if err := ctx.Err(); err != nil {
		return err
	}
	s.refitNodes()
	return nil
}

// slotBox returns the bounds of a slot over all keyframes.
func (s *Structure) slotBox(slot int) aabb {
	b := emptyBox()
	if s.kind == KindInstance {
		return s.instanceBounds(&s.inst[s.ids[slot]])
	}
	box := s.slotFlags(slot)&flagBox != 0
	for k := 0; k < s.keys; k++ {
		var v []float32
		if s.keys > 1 {
			v = s.motion[(slot*s.keys+k)*9:]
		} else {
			var kv [9]float32
			s.slotVerts(slot, &kv)
			v = kv[:]
		}
		b.growPoint(v[0], v[1], v[2])
		b.growPoint(v[3], v[4], v[5])
		if !box {
			b.growPoint(v[6], v[7], v[8])
		}
	}
	if !boxFinite(&b) {
		return emptyBox()
	}
	return b
}

// refitNodes recomputes every node's child bounds bottom-up (children have
// larger indices than their parents).
func (s *Structure) refitNodes() {
	childBox := func(c int32, sub func(int32) aabb) aabb {
		if c >= 0 {
			return sub(c)
		}
		v := int(^c)
		b := emptyBox()
		for p := v >> leafShift; p < v>>leafShift+v&maxLeafSize; p++ {
			sb := s.slotBox(p)
			b.grow(&sb)
		}
		return b
	}
	s.bounds = emptyBox()
	if s.width == 8 {
		union := func(ni int32) aabb {
			n := &s.nodes8[ni]
			b := emptyBox()
			for i := 0; i < 8; i++ {
				cb := aabb{lo: [3]float32{n.b[i], n.b[8+i], n.b[16+i]}, hi: [3]float32{n.b[24+i], n.b[32+i], n.b[40+i]}}
				b.grow(&cb)
			}
			return b
		}
		for ni := len(s.nodes8) - 1; ni >= 0; ni-- {
			n := &s.nodes8[ni]
			for i := 0; i < 8; i++ {
				b := childBox(n.c[i], union)
				n.setChild(i, &b, n.c[i])
			}
		}
		if len(s.nodes8) > 0 {
			s.bounds = union(0)
		}
		return
	}
	union := func(ni int32) aabb {
		n := &s.nodes4[ni]
		b := emptyBox()
		for i := 0; i < 4; i++ {
			cb := aabb{lo: [3]float32{n.b[i], n.b[4+i], n.b[8+i]}, hi: [3]float32{n.b[12+i], n.b[16+i], n.b[20+i]}}
			b.grow(&cb)
		}
		return b
	}
	for ni := len(s.nodes4) - 1; ni >= 0; ni-- {
		n := &s.nodes4[ni]
		for i := 0; i < 4; i++ {
			b := childBox(n.c[i], union)
			n.setChild(i, &b, n.c[i])
		}
	}
	if len(s.nodes4) > 0 {
		s.bounds = union(0)
	}
}
