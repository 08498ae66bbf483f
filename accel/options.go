package accel

import "unsafe"

// Winding selects which vertex order, seen from the ray origin, is
// front-facing (MSL winding).
type Winding uint8

// Windings. Clockwise is Metal's default.
const (
	Clockwise Winding = iota
	CounterClockwise
)

// TriangleCullMode skips triangles by facing (MSL triangle_cull_mode).
type TriangleCullMode uint8

// Triangle cull modes.
const (
	CullNone TriangleCullMode = iota
	CullFront
	CullBack
)

// GeometryType is a bit set of primitive kinds (MSL geometry_type and
// geometry_cull_mode).
type GeometryType uint8

// Geometry types. GeometryCurve is accepted for compatibility; curves are not
// implemented and never hit.
const (
	GeometryTriangle    GeometryType = 1 << 0
	GeometryBoundingBox GeometryType = 1 << 1
	GeometryCurve       GeometryType = 1 << 2
	GeometryAll                      = GeometryTriangle | GeometryBoundingBox | GeometryCurve
)

// OpacityCullMode skips primitives whose resolved opacity matches
// (MSL opacity_cull_mode).
type OpacityCullMode uint8

// Opacity cull modes.
const (
	OpacityCullNone OpacityCullMode = iota
	OpacityCullOpaque
	OpacityCullNonOpaque
)

// ForcedOpacity overrides instance and geometry opacity (MSL forced_opacity).
type ForcedOpacity uint8

// Forced opacities.
const (
	ForceNone ForcedOpacity = iota
	ForceOpaque
	ForceNonOpaque
)

// Options configure a traversal, as the methods of MSL's intersector<> and
// intersection_params do. The zero value is Metal's default configuration for
// a two-level (max_levels 2) intersector.
type Options struct {
	Winding      Winding
	CullMode     TriangleCullMode
	GeometryCull GeometryType // kinds to skip
	OpacityCull  OpacityCullMode
	ForceOpacity ForcedOpacity
	// AssumeGeometry lists the kinds that may be hit; 0 means
	// triangle|bounding_box (Metal's default). Kinds outside it are skipped.
	AssumeGeometry GeometryType
	// AcceptAny stops at the first accepted hit (accept_any_intersection).
	AcceptAny bool
	// AssumeIdentityTransforms ignores instance transforms.
	AssumeIdentityTransforms bool
	// MaxLevels is max_levels<N>: the number of structure levels traversal
	// may descend, 2..MaxLevels; 0 means 2 (the instancing default). An
	// instance whose structure would exceed it is skipped.
	MaxLevels int
	// WorldSpaceData fills Hit.ObjectToWorld, Hit.WorldToObject and the
	// object-space ray of hits (the world_space_data tag).
	WorldSpaceData bool
}

// MaxLevels is the deepest nesting supported: one primitive structure below
// at most MaxLevels-1 instance structures.
const MaxLevels = 16

// MaxInstanceLevels is the number of instance ids a hit can carry.
const MaxInstanceLevels = MaxLevels - 1

// same reports whether *o == *p, comparing the eight one-byte fields as
// one word (the compiler compares them a byte at a time;
// TestOptionsSameLayout checks the layout this reads).
func (o *Options) same(p *Options) bool {
	return *(*uint64)(unsafe.Pointer(o)) == *(*uint64)(unsafe.Pointer(p)) &&
		o.MaxLevels == p.MaxLevels && o.WorldSpaceData == p.WorldSpaceData
}
