package stdlib

import (
	"strconv"

	"github.com/ingot-render/ingot/shaders/ir"
)

// Ray-tracing intrinsics (metal::raytracing), implemented by engine/rt on
// top of accel. The lowering turns intersector<tags>::intersect into
//
//	st = rt.begin(accel, ray..., time, mask, options, table)
//	loop { fid = rt.step(st); if fid == 0 break
//	       switch fid { case id: r = intersection function id (inputs from
//	       rt.candidate.*(st)); rt.decide(st, accept, continue, distance) } }
//	result fields = rt.result.*(st); rt.end(st)
//
// so the intersection functions run in the IR, once per group of lanes
// waiting on the same function. st is a per-lane handle of traversal state
// kept by engine/rt (valid from rt.begin to rt.end); fid is the function id
// stored in the intersection function table entry the candidate selects
// (lower.Result.IntersectionFunctionIDs), never 0 for a waiting lane.
//
// A call site where no intersection function can run (none linked with
// the intersector's tags, or no table operand) becomes one fused call
// instead, rt.intersect* (RTIntersectLayout): begin, traversal to the
// end, the result fields and release in one intrinsic.
const (
	// RTBegin (accel U64, ox oy oz dx dy dz tmin tmax time F32, mask U32,
	// options U32, table U64) → state U64: starts a traversal. options is
	// an RTOptions word; table is an intersection function table's
	// resource ID or 0.
	RTBegin = "rt.begin"
	// RTStep (state U64) → fid U32: advances the lane until it finishes
	// (0) or waits on a candidate whose table entry holds function id fid.
	// A lane still waiting from the previous step is rejected first.
	// Candidates whose entry is empty or the opaque-triangle function
	// (RTOpaqueTriangleFunction) are decided natively.
	RTStep = "rt.step"
	// RTDecide (state U64, accept Bool, continue Bool, distance F32): the
	// intersection function's outputs (MSL table 5.11) for the waiting lane.
	RTDecide = "rt.decide"
	// RTEnd (state U64): releases the traversal state.
	RTEnd = "rt.end"

	// RTCandRay (state) → origin xyz, direction xyz (object space),
	// min_distance, max_distance F32.
	RTCandRay = "rt.candidate.ray"
	// RTCandWorldRay (state) → world-space origin xyz, direction xyz F32.
	RTCandWorldRay = "rt.candidate.world_ray"
	// RTCandIDs (state) → primitive_id, geometry_id, instance_id,
	// user_instance_id, instance table offset, geometry table offset U32
	// (instance ids of the top level).
	RTCandIDs = "rt.candidate.ids"
	// RTCandTriangle (state) → distance, barycentric u, v F32, front_facing Bool.
	RTCandTriangle = "rt.candidate.triangle"
	// RTCandOpaque (state) → Bool: the resolved opacity ([[opaque]]).
	RTCandOpaque = "rt.candidate.opaque"
	// RTCandMotion (state) → time, motion_start_time, motion_end_time F32,
	// key_frame_count U32.
	RTCandMotion = "rt.candidate.motion"
	// RTCandTransforms (state) → object_to_world (12 F32, column-major
	// float4x3) then world_to_object (12 F32).
	RTCandTransforms = "rt.candidate.transforms"
	// RTCandInstance (state U64, level U32) → instance_id,
	// user_instance_id U32 at instance level (max_levels), and the number
	// of instance levels U32.
	RTCandInstance = "rt.candidate.instance"
	// RTBuffer (state U64, index U32) → U64: the GPU address bound at
	// index of the lane's intersection function table (setBuffer), for
	// the [[buffer(index)]] arguments of intersection functions.
	RTBuffer = "rt.buffer"

	// RTResult (state) → type U32 (intersection_type), distance F32
	// (+Inf on a miss), primitive_id, geometry_id U32.
	RTResult = "rt.result"
	// RTResultInstance (state U64, level U32) → instance_id,
	// user_instance_id U32 at level, instance_count U32.
	RTResultInstance = "rt.result.instance"
	// RTResultTriangle (state) → barycentric u, v F32, front_facing Bool.
	RTResultTriangle = "rt.result.triangle"
	// RTResultTransforms (state) → world_to_object (12 F32) then
	// object_to_world (12 F32), column-major float4x3.
	RTResultTransforms = "rt.result.transforms"

	// RTTableSize (table U64) → U32: intersection_function_table::size().
	RTTableSize = "rt.table.size"

	// RTCandType (state) → U32: the candidate's intersection_type.
	RTCandType = "rt.candidate.type"
	// RTAbort (state): ends the lane's traversal keeping its committed
	// hit (intersection_query::abort).
	RTAbort = "rt.abort"
	// RTRay (state) → world-space origin xyz, direction xyz, min_distance
	// F32 of the ray the traversal started with (intersection_query).
	RTRay = "rt.ray"

	// RTIntersect (RTBegin's operands) → the RTIntersectLayout results: a
	// whole intersect() whose candidates are all decided natively
	// (RTStep's rule; a lane waiting on a function id is rejected), its
	// result fields and the release of its state. Its variants are named
	// by RTIntersectLayout.Name.
	RTIntersect = "rt.intersect"
)

// RTMaxInstanceLevels is the most instance levels an rt.intersect layout
// returns ids for (accel.MaxInstanceLevels).
const RTMaxInstanceLevels = 15

// RTIntersectLayout selects the result groups of an rt.intersect variant.
// The results are, in order: type U32, distance F32 (+Inf on a miss),
// primitive_id, geometry_id U32 (RTResult's); with Triangle barycentric
// u, v F32 and front_facing Bool (RTResultTriangle's); with Instances > 0
// instance_count U32 then instance_id, user_instance_id U32 for each
// level below Instances (RTResultInstance's, 0 past the hit's levels);
// with Transforms world_to_object then object_to_world, 12 F32 each
// (RTResultTransforms').
type RTIntersectLayout struct {
	Triangle   bool
	Instances  int // 0..RTMaxInstanceLevels
	Transforms bool
}

// Name returns the intrinsic name of the variant: rt.intersect, then .t
// for Triangle, .i<N> for Instances N and .x for Transforms.
func (l RTIntersectLayout) Name() string {
	n := RTIntersect
	if l.Triangle {
		n += ".t"
	}
	if l.Instances > 0 {
		n += ".i" + strconv.Itoa(l.Instances)
	}
	if l.Transforms {
		n += ".x"
	}
	return n
}

// NumResults returns the number of results of the variant.
func (l RTIntersectLayout) NumResults() int {
	n := 4
	if l.Triangle {
		n += 3
	}
	if l.Instances > 0 {
		n += 1 + 2*l.Instances
	}
	if l.Transforms {
		n += 24
	}
	return n
}

// Decl returns the declaration of the variant.
func (l RTIntersectLayout) Decl() ir.IntrinsicDecl {
	res := []ir.Kind{ir.U32, ir.F32, ir.U32, ir.U32}
	if l.Triangle {
		res = append(res, ir.F32, ir.F32, ir.Bool)
	}
	if l.Instances > 0 {
		res = append(res, kinds(ir.U32, 1+2*l.Instances)...)
	}
	if l.Transforms {
		res = append(res, f32s(24)...)
	}
	return rtDecl(l.Name(), rtBeginParams, res, ir.SideEffects)
}

// RTIntersectLayouts returns every rt.intersect variant.
func RTIntersectLayouts() []RTIntersectLayout {
	var out []RTIntersectLayout
	for k := 0; k <= RTMaxInstanceLevels; k++ {
		for _, tri := range []bool{false, true} {
			for _, xf := range []bool{false, true} {
				out = append(out, RTIntersectLayout{Triangle: tri, Instances: k, Transforms: xf})
			}
		}
	}
	return out
}

// RTOpaqueTriangleFunction is the function id of the system function
// setOpaqueTriangleIntersectionFunction stores: it accepts triangles.
const RTOpaqueTriangleFunction = 0xFFFFFFFF

// RTOptions bits: the configuration of an intersector (or
// intersection_params), as the rt.begin options operand. The zero word is
// Metal's default configuration.
const (
	RTOptCCW           = 1 << 0 // winding::counterclockwise
	RTOptCullShift     = 1      // 2 bits: triangle_cull_mode (0 none, 1 front, 2 back)
	RTOptGeomCullShift = 3      // 3 bits: geometry kinds to skip (1 triangle, 2 bounding_box, 4 curve)
	RTOptOpacityShift  = 6      // 2 bits: opacity_cull_mode (0 none, 1 opaque, 2 non_opaque)
	RTOptForceShift    = 8      // 2 bits: forced_opacity (0 none, 1 opaque, 2 non_opaque)
	RTOptAssumeShift   = 10     // 3 bits: assumed geometry kinds (0: Metal's default triangle|bounding_box)
	RTOptAcceptAny     = 1 << 13
	RTOptIdentity      = 1 << 14 // assume_identity_transforms
	RTOptWorldSpace    = 1 << 15 // world_space_data tag: fill transforms
	RTOptLevelsShift   = 16      // 6 bits: max_levels<N> (0: 2)
	// RTOptQuery marks an intersection_query: rt.step decides nothing
	// natively and returns 1 for every lane waiting on a candidate.
	RTOptQuery = 1 << 22
)

func rtDecl(name string, params, results []ir.Kind, flags ir.IntrinsicFlags) ir.IntrinsicDecl {
	return ir.IntrinsicDecl{Name: name, Params: params, Results: results, Flags: flags}
}

func kinds(k ir.Kind, n int) []ir.Kind {
	out := make([]ir.Kind, n)
	for i := range out {
		out[i] = k
	}
	return out
}

var (
	u64  = []ir.Kind{ir.U64}
	f32s = func(n int) []ir.Kind { return kinds(ir.F32, n) }
	// rtBeginParams: accel U64, ray (9 F32), mask, options U32, table U64.
	rtBeginParams = append(append([]ir.Kind{ir.U64}, f32s(9)...), ir.U32, ir.U32, ir.U64)
)

// RayTracingIntrinsics lists the ray-tracing intrinsics, the rt.intersect
// variants last. All are flagged SideEffects: they read or change
// traversal state and must stay in order.
var RayTracingIntrinsics = append([]ir.IntrinsicDecl{
	rtDecl(RTBegin, rtBeginParams, u64, ir.SideEffects),
	rtDecl(RTStep, u64, []ir.Kind{ir.U32}, ir.SideEffects),
	rtDecl(RTDecide, []ir.Kind{ir.U64, ir.Bool, ir.Bool, ir.F32}, nil, ir.SideEffects),
	rtDecl(RTEnd, u64, nil, ir.SideEffects),
	rtDecl(RTCandRay, u64, f32s(8), ir.SideEffects),
	rtDecl(RTCandWorldRay, u64, f32s(6), ir.SideEffects),
	rtDecl(RTCandIDs, u64, kinds(ir.U32, 6), ir.SideEffects),
	rtDecl(RTCandTriangle, u64, []ir.Kind{ir.F32, ir.F32, ir.F32, ir.Bool}, ir.SideEffects),
	rtDecl(RTCandOpaque, u64, []ir.Kind{ir.Bool}, ir.SideEffects),
	rtDecl(RTCandMotion, u64, []ir.Kind{ir.F32, ir.F32, ir.F32, ir.U32}, ir.SideEffects),
	rtDecl(RTCandTransforms, u64, f32s(24), ir.SideEffects),
	rtDecl(RTCandInstance, []ir.Kind{ir.U64, ir.U32}, kinds(ir.U32, 3), ir.SideEffects),
	rtDecl(RTBuffer, []ir.Kind{ir.U64, ir.U32}, u64, ir.SideEffects),
	rtDecl(RTResult, u64, []ir.Kind{ir.U32, ir.F32, ir.U32, ir.U32}, ir.SideEffects),
	rtDecl(RTResultInstance, []ir.Kind{ir.U64, ir.U32}, kinds(ir.U32, 3), ir.SideEffects),
	rtDecl(RTResultTriangle, u64, []ir.Kind{ir.F32, ir.F32, ir.Bool}, ir.SideEffects),
	rtDecl(RTResultTransforms, u64, f32s(24), ir.SideEffects),
	rtDecl(RTTableSize, u64, []ir.Kind{ir.U32}, ir.SideEffects),
	rtDecl(RTCandType, u64, []ir.Kind{ir.U32}, ir.SideEffects),
	rtDecl(RTAbort, u64, nil, ir.SideEffects),
	rtDecl(RTRay, u64, f32s(7), ir.SideEffects),
}, rtIntersectDecls()...)

func rtIntersectDecls() []ir.IntrinsicDecl {
	var out []ir.IntrinsicDecl
	for _, l := range RTIntersectLayouts() {
		out = append(out, l.Decl())
	}
	return out
}

// LookupRayTracingIntrinsic returns the declaration of ray-tracing
// intrinsic name.
func LookupRayTracingIntrinsic(name string) (ir.IntrinsicDecl, bool) {
	d, ok := rtByName[name]
	return d, ok
}

var rtByName = func() map[string]ir.IntrinsicDecl {
	m := make(map[string]ir.IntrinsicDecl, len(RayTracingIntrinsics))
	for _, d := range RayTracingIntrinsics {
		m[d.Name] = d
	}
	return m
}()
