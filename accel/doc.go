// Package accel builds and traverses ray-tracing acceleration structures in the
// shape of Metal's: primitive structures over triangle and bounding-box
// geometries (optionally with motion keyframes) and instance structures over
// other structures (optionally with motion transforms and several levels).
// It knows nothing of MSL or the engine.
//
// # Building
//
// [BuildPrimitive] takes a [PrimitiveDescriptor] of [TriangleGeometry] and
// [BoundingBoxGeometry] values (vertex/index/box bytes as Metal lays them
// out); [BuildInstance] takes an [InstanceDescriptor] of [Instance] values
// ([DecodeInstances] reads Metal's instance descriptor bytes). The BVH is
// wide (4 or 8 children per node, bounds stored SoA as float32) and built
// with binned SAH, in parallel and deterministically: the same input gives
// the same bytes on any worker count. [Structure.Refit],
// [Structure.RefitInstances], [Structure.Compact], [Structure.Sizes] and
// [EstimateSizes] cover the rest of Metal's acceleration-structure commands.
// Motion geometry is bounded over all keyframes and interpolated at the ray
// time for the exact test.
//
// # Traversal and the engine seam
//
// A [Traverser] (one per goroutine, allocation-free) traces up to
// [BatchSize] rays of a [RayBatch] (a SIMD-group's lanes with an active
// mask):
//
//	tr.Begin(s, &opts, &rays)
//	for tr.Step() != 0 {                  // lanes now wait on candidates
//		for _, g := range tr.Groups(buf[:0]) { // one group per function index
//			// run intersection function g.FunctionIndex once for g.Lanes,
//			// reading tr.Candidate(i) (the inputs of MSL table 5.10) …
//			tr.Decide(i, accel.Decision{Accept: …, Continue: …, Distance: …})
//		}
//	}
//	tr.Hit(i, &hit)                       // intersection_result per lane
//
// Step advances every running lane until it finishes or stops at a
// candidate that needs an intersection function (a non-opaque triangle that
// passed the watertight test, or a bounding box the ray reaches). Decide
// commits or rejects it with the rules of MSL table 5.11 (a box distance
// outside [min, max] is rejected; an accepted distance equal to the current
// closest replaces it; Continue=false ends the lane at once; with
// Options.AcceptAny the first accepted hit ends it); the next Step resumes
// the lane where it stopped. The function index is the instance's plus the
// geometry's table offset, as in Metal. An intersection_query maps onto the
// same calls: next() is Step, commit is Decide with Accept, abort() is
// [Traverser.Abort], and committed data is [Traverser.Hit].
//
// [Traverser.Intersect] and [Structure.Intersect] run the same state machine
// for one ray with a Go callback; [IntersectRays] traces many rays on
// several goroutines; [BruteForce] is the BVH-free reference.
//
// # Fast path
//
// A ray (or an instance level of a ray) over a primitive structure whose
// primitives are all opaque, static triangles, with options that
// neither force non-opaque nor cull triangles by kind, is traced to
// completion by a dedicated kernel: no candidates can arise, so it needs
// none of the resumable state. It does the same tests in the same order as
// the general path and gives bit-identical results. Built with
// GOEXPERIMENT=simd on a CPU with AVX2 and FMA, the slab test of a 4-wide
// node's children (in the kernel and in the general path) runs 4-wide
// through simd/archsimd, again with bit-identical results. Leaf triangles are kept
// apart from their ids, 36 bytes each in leaf order; in that SIMD build a
// 4-wide structure without motion keeps them instead in groups of four,
// component by component, each leaf starting a group, and the kernels
// (and the general traversal, for leaves of opaque triangles) test a
// leaf's triangles four at a time (the same float32 operations per lane
// as the scalar test; the order-dependent rules, ties and the rare
// double-precision edge case stay scalar): bit-identical again.
//
// [Traverser.TraceBatch] traces a whole [RayBatch] to completion where no
// candidate can arise: a plain primitive structure (all primitives opaque
// static triangles), or an instance structure of static instances (none
// forced non-opaque) over such structures, under options that neither
// force non-opacity nor cull opaque primitives or triangles. It leaves the
// Traverser as Begin and Step would (Hit works as after Step, with
// bit-identical results) and returns false, doing nothing, otherwise.
// [Traverser.IntersectBatch] (and so [IntersectRays]) uses it. Batches
// that do not look like camera rays (one origin, one direction octant) go
// through a stream kernel over 4-wide structures on amd64: eight rays in
// flight, advanced in turn one node or leaf at a time, each prefetching
// its next node, so that the cache misses of different rays overlap (each
// ray still does the same tests in the same order).
//
// Box exits are measured from the ray origin moved back by 2^-20 of its
// magnitude, so that rays starting on a box face or running inside a slab
// up to its boundary keep every box they touch (a watertight hit on a
// triangle's edge at the boundary of its box is never lost).
//
// The vocabulary (options, instance options, result fields, function inputs
// and outputs) follows the Metal Shading Language specification, sections
// 2.17, 5.2.3.7–8 and 6.18, and the MTLAccelerationStructure host API.
// Curves are not implemented.
package accel
