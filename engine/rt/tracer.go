package rt

import (
	"math/bits"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// tracer is the traversal state of one group of lanes of one rt.begin.
type tracer struct {
	slot  int32
	busy  bool
	owner uint64 // the dispatch holding it (exec.Call.DispatchID), 0 if unknown
	tr    *accel.Traverser
	rb    accel.RayBatch
	opts  accel.Options
	table *Table
	// key of the group: structure id, options word, table id.
	sid, tid uint64
	ow       uint32
	lanes    uint64 // lanes holding a handle (until rt.end)
	wait     uint64 // lanes returned as waiting by the last step
	fid      [accel.BatchSize]uint32
	hitOK    uint64
	hits     [accel.BatchSize]accel.Hit
}

// handle names lane l of t.
func (t *tracer) handle(l int) uint64 { return uint64(t.slot+1)<<8 | uint64(l) }

// decodeOptions turns an RTOptions word into accel options.
func decodeOptions(w uint32, o *accel.Options) {
	*o = accel.Options{}
	if w&stdlib.RTOptCCW != 0 {
		o.Winding = accel.CounterClockwise
	}
	o.CullMode = accel.TriangleCullMode(w >> stdlib.RTOptCullShift & 3)
	o.GeometryCull = accel.GeometryType(w >> stdlib.RTOptGeomCullShift & 7)
	o.OpacityCull = accel.OpacityCullMode(w >> stdlib.RTOptOpacityShift & 3)
	o.ForceOpacity = accel.ForcedOpacity(w >> stdlib.RTOptForceShift & 3)
	o.AssumeGeometry = accel.GeometryType(w >> stdlib.RTOptAssumeShift & 7)
	o.AcceptAny = w&stdlib.RTOptAcceptAny != 0
	o.AssumeIdentityTransforms = w&stdlib.RTOptIdentity != 0
	o.WorldSpaceData = w&stdlib.RTOptWorldSpace != 0
	o.MaxLevels = int(w >> stdlib.RTOptLevelsShift & 63)
}

// reset prepares t for a new group.
func (t *tracer) reset(sid, tid uint64, ow uint32) {
	t.sid, t.tid, t.ow = sid, tid, ow
	t.lanes, t.wait, t.hitOK = 0, 0, 0
	t.rb.Active = 0
	t.table = nil
	decodeOptions(ow, &t.opts)
}

// setRay stores lane l's ray.
func (t *tracer) setRay(l int, ox, oy, oz, dx, dy, dz, tmin, tmax, time float32, mask uint32) {
	rb := &t.rb
	rb.OX[l], rb.OY[l], rb.OZ[l] = ox, oy, oz
	rb.DX[l], rb.DY[l], rb.DZ[l] = dx, dy, dz
	rb.MinDistance[l], rb.MaxDistance[l], rb.Time[l], rb.Mask[l] = tmin, tmax, time, mask
	rb.Active |= 1 << uint(l)
	t.lanes |= 1 << uint(l)
}

// start begins traversal of the group's lanes and reports whether it
// traced them to the end.
func (t *tracer) start(s *accel.Structure, tab *Table) (done bool) {
	t.table = tab
	// Structures where no candidate can need a decision (opaque static
	// triangles, possibly under static instances) are traced to the end
	// here; the following steps find every lane done. Instance structures
	// with some such instances trace those here and leave the others to
	// the steps (accel.Traverser.BeginSplit). Neither for
	// intersection_query, whose shader sees the committed hit as it goes.
	if t.ow&stdlib.RTOptQuery == 0 {
		if t.tr.TraceBatch(s, &t.opts, &t.rb) {
			return true
		}
		if t.tr.BeginSplit(s, &t.opts, &t.rb) {
			return false
		}
	}
	t.tr.Begin(s, &t.opts, &t.rb)
	return false
}

// entry returns the function id of the table entry a candidate selects
// (0 when there is no table or the entry is out of range).
func (t *tracer) entry(c *accel.Candidate) uint32 {
	if t.table == nil || int(c.FunctionIndex) >= len(t.table.Functions) {
		return 0
	}
	return t.table.Functions[c.FunctionIndex]
}

// step rejects lanes left undecided, advances the group and decides
// natively the candidates without an IR function. It returns the lanes
// waiting on IR functions; t.fid holds their function ids.
func (t *tracer) step() uint64 {
	for m := t.wait; m != 0; m &= m - 1 {
		t.tr.Decide(bits.TrailingZeros64(m), accel.Decision{})
	}
	t.hitOK = 0
	if t.ow&stdlib.RTOptQuery != 0 {
		// intersection_query: every candidate goes to the shader.
		w := t.tr.Step()
		for m := w; m != 0; m &= m - 1 {
			t.fid[bits.TrailingZeros64(m)] = 1
		}
		t.wait = w
		return w
	}
	for {
		w := t.tr.Step()
		native := false
		for m := w; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			c := t.tr.Candidate(i)
			id := t.entry(c)
			if id == 0 || id == stdlib.RTOpaqueTriangleFunction {
				t.tr.Decide(i, accel.Decision{Accept: c.Type == accel.HitTriangle, Continue: true})
				native = true
				continue
			}
			t.fid[i] = id
		}
		if !native {
			t.wait = w
			return w
		}
	}
}

// decide applies a decision to lane l (committed data changes).
func (t *tracer) decide(l int, d accel.Decision) {
	t.tr.Decide(l, d)
	t.hitOK &^= 1 << uint(l)
}

// abort ends lane l's traversal.
func (t *tracer) abort(l int) {
	t.tr.Abort(l)
	t.wait &^= 1 << uint(l)
	t.hitOK &^= 1 << uint(l)
}

// hit returns lane l's result.
func (t *tracer) hit(l int) *accel.Hit {
	if t.hitOK&(1<<uint(l)) == 0 {
		t.tr.Hit(l, &t.hits[l])
		t.hitOK |= 1 << uint(l)
	}
	return &t.hits[l]
}

// buffer returns the address bound at index i of the lane's table.
func (t *tracer) buffer(i uint32) uint64 {
	if t.table == nil || int(i) >= len(t.table.Buffers) {
		return 0
	}
	return t.table.Buffers[i]
}
