// Package accel builds and traverses ray-tracing acceleration structures in the
// shape of Metal's: primitive structures over triangle and bounding-box
// geometries (optionally with motion keyframes) and instance structures over
// other structures (optionally with motion transforms and several levels).
//
// The BVH is wide (4 or 8 children per node, bounds stored as SoA float32) and
// built with binned SAH, in parallel and deterministically. Traversal is
// lane-batched: a [Traverser] advances up to 64 rays of a [RayBatch] until
// every lane has either finished or stopped at a candidate (a non-opaque
// triangle or a bounding box) that needs an intersection function. The caller
// runs each needed function once for the lanes that need it (see
// [Traverser.Groups]), hands the decisions back with [Traverser.Decide], and
// calls [Traverser.Step] again. A plain single-ray API ([Structure.Intersect])
// runs the same state machine with a Go callback.
//
// The package knows nothing of MSL or the engine; the vocabulary (options,
// instance options, result fields, intersection-function inputs and outputs)
// follows the Metal Shading Language specification, sections 2.17, 5.2.3.7–8
// and 6.18, and the MTLAccelerationStructure host API.
package accel
