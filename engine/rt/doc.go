// Package rt implements ingot's ray-tracing intrinsics (the
// stdlib.RayTracingIntrinsics catalogue) on top of accel.
//
// A Registry maps resource IDs to acceleration structures
// (*accel.Structure) and intersection function tables (*Table); the
// engine fills it from SetAccelerationStructure / intersection function
// table objects and passes their resource IDs as the shader's handles.
// Intrinsics(reg) gives the engine/exec implementations, and
// ScalarIntrinsics(reg) the same for engine/exec/refexec (one invocation
// at a time).
//
// # Traversal state
//
// rt.begin groups the calling lanes by (structure, options, table), takes
// one tracer (an accel.Traverser plus its ray batch) per group from the
// registry's free list and returns per lane a handle (tracer slot and
// lane). rt.step advances a tracer's lanes with Traverser.Step; candidates
// whose table entry is empty or the opaque-triangle function are decided
// natively, the others are returned to the IR as the entry's function id
// so the lowering runs each intersection function once for all lanes
// waiting on it. rt.end returns the tracer to the free list. Nothing is
// allocated per call once the free list is warm, and results depend only
// on each lane's own ray: the same on any worker count or batch width.
//
// A call site where no intersection function can run is one rt.intersect
// call instead (stdlib.RTIntersectLayout): it groups the lanes the same
// way, traces each group to the end on one tracer with the same native
// decisions (a lane waiting on a function id is rejected, as the next
// rt.step would), writes the result fields straight into the result lanes
// and returns the tracer before it returns.
//
// A dispatch that faults or is cancelled between rt.begin and rt.end
// leaves its tracers busy until the executor reports the dispatch's end
// (Registry.ReleaseDispatch, which the engine calls through
// exec.Dispatch.Done); at most MaxTracers may be busy at once.
package rt
