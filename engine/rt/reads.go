package rt

import (
	"math"

	"github.com/ingot-render/ingot/accel"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// A reader fills the results of a state-reading intrinsic for one lane
// (value patterns, see ir.Normalize). arg is the second operand, if any.
type reader func(t *tracer, l int, arg uint64, out []uint64)

func f32(x float32) uint64 { return uint64(math.Float32bits(x)) }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func put3(out []uint64, v [3]float32) {
	out[0], out[1], out[2] = f32(v[0]), f32(v[1]), f32(v[2])
}

func putMat(out []uint64, m *accel.Float4x3) {
	for i, x := range m {
		out[i] = f32(x) // column-major: columns 0-2 linear part, column 3 translation
	}
}

// readers maps the state-reading intrinsics to their lane functions.
var readers = map[string]reader{
	stdlib.RTCandRay: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		put3(out, c.Origin)
		put3(out[3:], c.Direction)
		out[6], out[7] = f32(c.MinDistance), f32(c.MaxDistance)
	},
	stdlib.RTCandWorldRay: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		put3(out, c.WorldOrigin)
		put3(out[3:], c.WorldDirection)
	},
	stdlib.RTCandIDs: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		out[0], out[1] = uint64(c.PrimitiveID), uint64(c.GeometryID)
		out[2], out[3] = 0, 0
		if c.InstanceCount > 0 {
			out[2], out[3] = uint64(c.InstanceID[0]), uint64(c.UserInstanceID[0])
		}
		out[4], out[5] = uint64(c.InstanceTableOffset), uint64(c.GeometryTableOffset)
	},
	stdlib.RTCandTriangle: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		out[0], out[1], out[2], out[3] = f32(c.Distance), f32(c.Barycentrics[0]), f32(c.Barycentrics[1]), b2u(c.FrontFacing)
	},
	stdlib.RTCandType: func(t *tracer, l int, _ uint64, out []uint64) {
		out[0] = uint64(t.tr.Candidate(l).Type)
	},
	stdlib.RTRay: func(t *tracer, l int, _ uint64, out []uint64) {
		rb := &t.rb
		out[0], out[1], out[2] = f32(rb.OX[l]), f32(rb.OY[l]), f32(rb.OZ[l])
		out[3], out[4], out[5] = f32(rb.DX[l]), f32(rb.DY[l]), f32(rb.DZ[l])
		out[6] = f32(rb.MinDistance[l])
	},
	stdlib.RTCandOpaque: func(t *tracer, l int, _ uint64, out []uint64) {
		out[0] = b2u(t.tr.Candidate(l).Opaque)
	},
	stdlib.RTCandMotion: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		out[0], out[1], out[2], out[3] = f32(c.Time), f32(c.MotionStartTime), f32(c.MotionEndTime), uint64(c.KeyframeCount)
	},
	stdlib.RTCandTransforms: func(t *tracer, l int, _ uint64, out []uint64) {
		c := t.tr.Candidate(l)
		putMat(out, &c.ObjectToWorld)
		putMat(out[12:], &c.WorldToObject)
	},
	stdlib.RTCandInstance: func(t *tracer, l int, k uint64, out []uint64) {
		c := t.tr.Candidate(l)
		out[0], out[1], out[2] = 0, 0, uint64(c.InstanceCount)
		if k < uint64(c.InstanceCount) {
			out[0], out[1] = uint64(c.InstanceID[k]), uint64(c.UserInstanceID[k])
		}
	},
	stdlib.RTBuffer: func(t *tracer, _ int, i uint64, out []uint64) {
		out[0] = t.buffer(uint32(i))
	},
	stdlib.RTResult: func(t *tracer, l int, _ uint64, out []uint64) {
		h := t.hit(l)
		out[0], out[1], out[2], out[3] = uint64(h.Type), f32(h.Distance), uint64(h.PrimitiveID), uint64(h.GeometryID)
		if h.Type == accel.HitNone {
			// Metal leaves the other fields undefined; keep them zero
			// except distance, which is +Inf like a miss.
			out[1] = f32(float32(math.Inf(1)))
		}
	},
	stdlib.RTResultInstance: func(t *tracer, l int, k uint64, out []uint64) {
		h := t.hit(l)
		out[0], out[1], out[2] = 0, 0, uint64(h.InstanceCount)
		if k < uint64(h.InstanceCount) {
			out[0], out[1] = uint64(h.InstanceID[k]), uint64(h.UserInstanceID[k])
		}
	},
	stdlib.RTResultTriangle: func(t *tracer, l int, _ uint64, out []uint64) {
		h := t.hit(l)
		out[0], out[1], out[2] = f32(h.Barycentrics[0]), f32(h.Barycentrics[1]), b2u(h.FrontFacing)
	},
	stdlib.RTResultTransforms: func(t *tracer, l int, _ uint64, out []uint64) {
		h := t.hit(l)
		putMat(out, &h.WorldToObject)
		putMat(out[12:], &h.ObjectToWorld)
	},
}
