package accel

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// InstanceOptions are MTLAccelerationStructureInstanceOptions bits.
type InstanceOptions uint32

// Instance options.
const (
	InstanceDisableTriangleCulling InstanceOptions = 1 << 0
	// InstanceFrontFacingCCW makes counter-clockwise triangles front-facing
	// for this instance (overriding the traversal's winding).
	InstanceFrontFacingCCW InstanceOptions = 1 << 1
	InstanceOpaque         InstanceOptions = 1 << 2
	InstanceNonOpaque      InstanceOptions = 1 << 3
)

// Instance places a structure in an instance structure
// (MTLAccelerationStructure{,UserID,Motion}InstanceDescriptor).
type Instance struct {
	// Transform maps the structure's space to this structure's space
	// (ignored when motion keyframes are given).
	Transform           Float4x3
	Options             InstanceOptions
	Mask                uint32
	FunctionTableOffset uint32
	// StructureIndex selects InstanceDescriptor.Structures[StructureIndex].
	StructureIndex uint32
	UserID         uint32
	// MotionTransforms (matrix interpolation) or MotionComponents
	// (scale/shear/pivot lerp, rotation slerp, translation lerp) give two or
	// more keyframes uniformly spaced over [MotionStartTime, MotionEndTime].
	// At most one of them may be set.
	MotionTransforms  []Float4x3
	MotionComponents  []ComponentTransform
	MotionStartTime   float32
	MotionEndTime     float32
	MotionStartBorder BorderMode
	MotionEndBorder   BorderMode
}

// InstanceDescriptor describes an instance structure
// (MTLInstanceAccelerationStructureDescriptor).
type InstanceDescriptor struct {
	Instances []Instance
	// Structures are the instanced primitive or instance structures.
	Structures []*Structure
	Build      BuildOptions
}

type instanceInfo struct {
	xf, inv     Float4x3
	options     InstanceOptions
	mask        uint32
	tableOffset uint32
	child       uint32
	userID      uint32
	keys        []Float4x3
	comps       []ComponentTransform
	start, end  float32
	sb, eb      BorderMode
}

func (in *instanceInfo) motion() bool { return len(in.keys) > 1 || len(in.comps) > 1 }

// at returns the object→world transform at time t; ok is false when the
// instance vanishes at t.
func (in *instanceInfo) at(t float32) (xf Float4x3, ok bool) {
	n := len(in.keys)
	if n < 2 {
		n = len(in.comps)
	}
	if n < 2 {
		return in.xf, true
	}
	seg, f, ok := keyAt(t, in.start, in.end, n, in.sb, in.eb)
	if !ok {
		return Float4x3{}, false
	}
	if len(in.keys) > 1 {
		return lerp4x3(&in.keys[seg], &in.keys[seg+1], f), true
	}
	c := lerpComponent(&in.comps[seg], &in.comps[seg+1], f)
	return c.Matrix(), true
}

func (d *InstanceDescriptor) validate() (depth int, err error) {
	if err := checkBuild(&d.Build); err != nil {
		return 0, err
	}
	for i, s := range d.Structures {
		if s == nil {
			return 0, fmt.Errorf("Structures[%d]: nil", i)
		}
		if s.depth+1 > depth {
			depth = s.depth + 1
		}
	}
	if len(d.Instances) > maxPrimitives {
		return 0, fmt.Errorf("Instances: %d exceeds the limit %d", len(d.Instances), maxPrimitives)
	}
	for i := range d.Instances {
		in := &d.Instances[i]
		if int(in.StructureIndex) >= len(d.Structures) {
			return 0, fmt.Errorf("Instances[%d].StructureIndex: %d out of range (%d structures)", i, in.StructureIndex, len(d.Structures))
		}
		if len(in.MotionTransforms) > 0 && len(in.MotionComponents) > 0 {
			return 0, fmt.Errorf("Instances[%d]: both MotionTransforms and MotionComponents set", i)
		}
		if n := len(in.MotionTransforms) + len(in.MotionComponents); n == 1 {
			return 0, fmt.Errorf("Instances[%d]: a single motion keyframe (need 0 or >= 2)", i)
		} else if n > 1 && !(in.MotionEndTime > in.MotionStartTime) {
			return 0, fmt.Errorf("Instances[%d].MotionEndTime: %v must exceed MotionStartTime %v", i, in.MotionEndTime, in.MotionStartTime)
		}
		for _, m := range append([]Float4x3{in.Transform}, in.MotionTransforms...) {
			for _, v := range m {
				if !finite(v) {
					return 0, fmt.Errorf("Instances[%d]: transform not finite", i)
				}
			}
		}
	}
	if depth > MaxLevels {
		return 0, fmt.Errorf("Structures: nesting of %d levels exceeds %d", depth, MaxLevels)
	}
	if depth == 0 {
		depth = 2
	}
	return depth, nil
}

// BuildInstance builds an instance structure.
func BuildInstance(ctx context.Context, d *InstanceDescriptor) (*Structure, error) {
	if d == nil {
		return nil, errors.New("accel: nil InstanceDescriptor")
	}
	depth, err := d.validate()
	if err != nil {
		return nil, fmt.Errorf("accel: InstanceDescriptor.%w", err)
	}
	p := d.Build.params()
	p.maxLeaf, p.leafNoSAH = 1, 1
	s := &Structure{kind: KindInstance, width: p.width, depth: depth, params: p, keys: 1,
		children: append([]*Structure(nil), d.Structures...)}
	s.inst = make([]instanceInfo, len(d.Instances))
	s.primCount = len(d.Instances)
	s.setInstances(d.Instances)
	refs := s.instanceRefs()
	s.finishBuild(ctx, refs, func(i int, id uint32) { s.ids[i] = id })
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.updateBatch()
	return s, nil
}

func (s *Structure) setInstances(ins []Instance) {
	for i := range ins {
		in := &ins[i]
		s.inst[i] = instanceInfo{xf: in.Transform, inv: in.Transform.Inverse(), options: in.Options, mask: in.Mask,
			tableOffset: in.FunctionTableOffset, child: in.StructureIndex, userID: in.UserID,
			keys: clip(in.MotionTransforms), comps: clip(in.MotionComponents),
			start: in.MotionStartTime, end: in.MotionEndTime, sb: in.MotionStartBorder, eb: in.MotionEndBorder}
	}
}

func (s *Structure) instanceRefs() []primRef {
	refs := make([]primRef, 0, len(s.inst))
	for i := range s.inst {
		b := s.instanceBounds(&s.inst[i])
		if b.valid() && boxFinite(&b) {
			refs = append(refs, makeRef(b, uint32(i)))
		}
	}
	return refs
}

// instanceBounds bounds the child's box under the instance's transforms over
// the whole motion range.
func (s *Structure) instanceBounds(in *instanceInfo) aabb {
	cb := s.children[in.child].bounds
	out := emptyBox()
	if !cb.valid() {
		return out
	}
	switch {
	case len(in.comps) > 1:
		// p' = T(t) + R(t) q(t) with q(t) = lerp of S_k p + pivot_k: |R q| <=
		// max_k |S_k p + pivot_k| over the box corners, so a sphere of that
		// radius around the lerped translation bounds every time.
		var r float64
		for k := range in.comps {
			c := in.comps[k]
			c.Rotation, c.Translation = [4]float32{0, 0, 0, 1}, [3]float32{}
			m := c.Matrix()
			for _, p := range corners(&cb) {
				q := m.Point(p)
				r = math.Max(r, math.Sqrt(float64(q[0])*float64(q[0])+float64(q[1])*float64(q[1])+float64(q[2])*float64(q[2])))
			}
		}
		rr := float32(r * (1 + 1e-6))
		for k := range in.comps {
			t := in.comps[k].Translation
			out.growPoint(t[0]-rr, t[1]-rr, t[2]-rr)
			out.growPoint(t[0]+rr, t[1]+rr, t[2]+rr)
		}
	case len(in.keys) > 1:
		// Matrix lerp: every point moves linearly between keyframes.
		for k := range in.keys {
			growTransformed(&out, &in.keys[k], &cb)
		}
	default:
		growTransformed(&out, &in.xf, &cb)
	}
	return out
}

func corners(b *aabb) [8][3]float32 {
	var c [8][3]float32
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			if i>>k&1 == 0 {
				c[i][k] = b.lo[k]
			} else {
				c[i][k] = b.hi[k]
			}
		}
	}
	return c
}

func growTransformed(out *aabb, m *Float4x3, b *aabb) {
	for _, p := range corners(b) {
		q := m.Point(p)
		out.growPoint(q[0], q[1], q[2])
	}
	// Pad for the rounding of the transform.
	for k := 0; k < 3; k++ {
		e := (abs32(out.lo[k]) + abs32(out.hi[k])) * 1e-6
		out.lo[k] -= e
		out.hi[k] += e
	}
}

func abs32(x float32) float32 { return math.Float32frombits(math.Float32bits(x) &^ (1 << 31)) }
