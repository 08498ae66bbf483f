package accel

import (
	"math"
	"unsafe"
)

// BatchSize is the largest number of lanes a RayBatch holds (two SIMD-groups).
const BatchSize = 64

// Ray is a single ray in world space (the space of the traversed structure).
// Distances are ray parameters: hit point = Origin + Direction*Distance.
type Ray struct {
	Origin      [3]float32
	Direction   [3]float32
	MinDistance float32
	MaxDistance float32
	// Time is the motion time; ignored by structures without motion.
	Time float32
	// Mask is the instance mask: an instance is traversed only if
	// Mask&instance.Mask != 0. Ignored by primitive structures.
	Mask uint32
}

// NewRay returns a ray with Metal's defaults: min distance 0, max distance
// +Inf, time 0, all mask bits set.
func NewRay(origin, direction [3]float32) Ray {
	return Ray{Origin: origin, Direction: direction, MaxDistance: float32(math.Inf(1)), Mask: ^uint32(0)}
}

// RayBatch holds up to BatchSize rays in SoA form. Lanes whose bit is clear in
// Active are not traced and report no hit.
type RayBatch struct {
	Active                   uint64
	OX, OY, OZ               [BatchSize]float32
	DX, DY, DZ               [BatchSize]float32
	MinDistance, MaxDistance [BatchSize]float32
	Time                     [BatchSize]float32
	Mask                     [BatchSize]uint32
}

// Set stores r in lane i and marks the lane active.
func (b *RayBatch) Set(i int, r *Ray) {
	b.OX[i], b.OY[i], b.OZ[i] = r.Origin[0], r.Origin[1], r.Origin[2]
	b.DX[i], b.DY[i], b.DZ[i] = r.Direction[0], r.Direction[1], r.Direction[2]
	b.MinDistance[i], b.MaxDistance[i] = r.MinDistance, r.MaxDistance
	b.Time[i], b.Mask[i] = r.Time, r.Mask
	b.Active |= 1 << uint(i)
}

// Get returns the ray in lane i.
func (b *RayBatch) Get(i int) Ray {
	return Ray{
		Origin:      [3]float32{b.OX[i], b.OY[i], b.OZ[i]},
		Direction:   [3]float32{b.DX[i], b.DY[i], b.DZ[i]},
		MinDistance: b.MinDistance[i], MaxDistance: b.MaxDistance[i],
		Time: b.Time[i], Mask: b.Mask[i],
	}
}

// IntersectionType is the kind of a hit (MSL intersection_type).
type IntersectionType uint8

// Intersection types.
const (
	HitNone IntersectionType = iota
	HitTriangle
	HitBoundingBox
)

// String returns the MSL intersection_type name.
func (t IntersectionType) String() string {
	switch t {
	case HitTriangle:
		return "triangle"
	case HitBoundingBox:
		return "bounding_box"
	}
	return "none"
}

// Hit is the result of a traversal (MSL intersection_result). When Type is
// HitNone the other fields are meaningless.
type Hit struct {
	Type        IntersectionType
	FrontFacing bool
	Distance    float32
	PrimitiveID uint32
	GeometryID  uint32
	// InstanceCount is the number of instance levels crossed (0 when the
	// traversed structure is a primitive structure). InstanceID[0] is the
	// instance in the top structure, InstanceID[1] the one below it, ….
	InstanceCount  uint32
	InstanceID     [MaxInstanceLevels]uint32
	UserInstanceID [MaxInstanceLevels]uint32
	// Barycentrics are the weights of vertices 1 and 2 (triangles).
	Barycentrics [2]float32
	// PrimitiveData is the hit primitive's element of its geometry's
	// primitive data (a view into the structure's copy), or nil.
	PrimitiveData []byte
	// Filled only with Options.WorldSpaceData:
	ObjectOrigin, ObjectDirection [3]float32
	ObjectToWorld, WorldToObject  Float4x3
}

// clearHit sets *h to Hit{} (a miss) in unrolled stores: the compiler
// zeroes a 296-byte Hit in a loop of 64-byte steps, but spans below 192
// bytes with one 16-byte store each. The spans before and after
// PrimitiveData hold no pointers (TestClearHitLayout), so they are cleared
// as bytes; the slice itself is cleared with its write barrier.
func clearHit(h *Hit) {
	p := unsafe.Pointer(h)
	*(*[hitDataOff]byte)(p) = [hitDataOff]byte{}
	h.PrimitiveData = nil
	*(*[hitTailLen]byte)(unsafe.Add(p, hitTailOff)) = [hitTailLen]byte{}
}

// Hit's spans around its one pointer field (clearHit).
const (
	hitDataOff = unsafe.Offsetof(Hit{}.PrimitiveData)
	hitTailOff = hitDataOff + unsafe.Sizeof(Hit{}.PrimitiveData)
	hitTailLen = unsafe.Sizeof(Hit{}) - hitTailOff
)

// Candidate describes a primitive that needs an intersection function: a
// non-opaque triangle that passed the triangle test, or a bounding box the ray
// reaches. Its fields are the inputs of MSL table 5.10.
type Candidate struct {
	Type IntersectionType
	// FunctionIndex = InstanceTableOffset + GeometryTableOffset: the entry
	// of the intersection function table to run.
	FunctionIndex       uint32
	InstanceTableOffset uint32
	GeometryTableOffset uint32
	PrimitiveID         uint32
	GeometryID          uint32
	InstanceCount       uint32
	InstanceID          [MaxInstanceLevels]uint32
	UserInstanceID      [MaxInstanceLevels]uint32
	// Distance, Barycentrics and FrontFacing describe a triangle candidate.
	Distance     float32
	Barycentrics [2]float32
	FrontFacing  bool
	// Opaque is the resolved opacity ([[opaque]], bounding boxes).
	Opaque bool
	// Origin and Direction are the object-space ray.
	Origin, Direction           [3]float32
	WorldOrigin, WorldDirection [3]float32
	// MinDistance and MaxDistance are the current search interval.
	MinDistance, MaxDistance float32
	Time                     float32
	MotionStartTime          float32
	MotionEndTime            float32
	KeyframeCount            uint32
	ObjectToWorld            Float4x3
	WorldToObject            Float4x3
	PrimitiveData            []byte
}

// Decision is an intersection function's answer (MSL table 5.11).
type Decision struct {
	// Accept commits the candidate ([[accept_intersection]]).
	Accept bool
	// Continue (default true in MSL) keeps searching after an accepted hit;
	// false ends traversal at once with the current closest hit. Ignored
	// when Accept is false.
	Continue bool
	// Distance is the hit distance of a bounding-box candidate; it must lie
	// in [MinDistance, MaxDistance] or the candidate is rejected. A distance
	// equal to MaxDistance replaces the previous hit at that distance.
	Distance float32
}

// IntersectionFunc decides single-ray candidates (see Structure.Intersect).
type IntersectionFunc func(c *Candidate) Decision
