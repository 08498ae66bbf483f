// Package exec is ingot's SIMD-lane virtual machine: it runs an ir.Program
// kernel over a grid of threads, a batch of lanes at a time, on a pool of
// worker goroutines.
//
// # Pipeline
//
// Compile takes a specialized program (ir.Specialize already applied),
// copies it, inlines, simplifies (constant folding, common
// subexpressions, dead code), analyzes uniformity and compiles every
// function reachable from the kernel into a flat instruction array run by
// a switch loop. Registers are lane vectors (W × 32-bit or W × 64-bit) or,
// for uniform registers, one scalar per batch; a uniform register read by a
// varying instruction gets a "shadow" lane vector filled when it is
// defined (constants once per frame; constants with the same bits share
// one). Temporaries, variables and the parameters of called functions
// whose live ranges do not overlap share a lane vector (ranges in program
// order; a value live across a loop's back edge or exit is live for the
// whole loop), which keeps a large shader's register file small.
// Compile-time rewrites that matter for speed: loads and stores of base + ext(index)*size (+ offset) use the
// index directly (affine addressing: one bounds check and a copy when the
// lanes are consecutive, in device, constant and threadgroup memory);
// consecutive component loads of one vector (a float4 or float3 element
// scalarized into loads at +0, +4, ...) become one grouped load that
// reads each lane's components in one pass; "cmp; if" becomes one
// mask-producing op; a float multiply whose product only feeds an add or
// subtract runs fused with it (still two roundings, not fma), the multiply
// first moved down to the add when it is a few instructions earlier in the
// block (vector code computes three products, then three sums); the
// integer hash steps x ^ (x * b) and x ^ (x >> b) (unsigned) and the
// clamp min(max(a, b), c) on float32 run as one op each; consecutive
// assignments of 32-bit variables under one mask run as one op; a
// temporary assigned to a variable is computed straight into the
// variable's vector (an elementwise op even when it reads the variable);
// a varying load whose active lanes share one address reads it once and
// broadcasts it; a uniform load of a uniform pointer plus a constant
// (p->member) is one op, the add gone; the entry's uniform loads of
// constant memory at dispatch-invariant addresses in the body's
// straight-line start run once per dispatch with its other invariants; unsigned 32-bit division and remainder and conversions between
// 32-bit integer kinds have lane kernels of their own; built-ins that depend only on a lane's place in its threadgroup
// (thread_index_in_threadgroup, simdgroup_index_in_threadgroup,
// thread_index_in_simdgroup, ...) keep a vector of their own that is
// refilled only when the batch's position or threadgroup shape changes,
// and the masks of branches comparing them with constants are cached the
// same way; a bare return that ends a function emits nothing; in 64-lane
// batches on CPUs with the assembly kernels, the most frequent pairs of
// consecutive instructions (two products, two multiply-adds, a product and
// a multiply-add, a masked assignment and the end of its if, ...) run in
// one dispatch (the second instruction stays in place for jumps that land
// on it). Gathers of device, constant and thread memory that are not
// consecutive form their addresses in one pass (a lane kernel when most
// lanes are active) and load the lanes inside the worker's cached buffer
// window in a call-free loop; only the other lanes go through the general
// address check, which refills the window or reports the fault.
//
// # Batches, masks and control flow
//
// A batch is Width (64 or 32) consecutive threads of one threadgroup,
// i.e. two or one SIMD-groups of 32. The active lanes are a lane.Mask.
// Arithmetic runs on all lanes unmasked; variable writes (ir.OpSet) are
// masked unless every lane that entered the function is active; loads,
// stores, calls and intrinsics look only at active lanes. Structured
// control flow keeps its masks in per-construct slots (no dynamic mask
// stack): if/else save the mask and the taken lanes, loops keep break and
// continue masks, switch computes each case's lanes up front (C
// fallthrough included), return and discard_fragment remove lanes for the
// rest of the function. Uniform conditions branch without mask work, and
// whenever no lane is left the code jumps to the next point that restores
// lanes.
//
// # Calls and recursion
//
// A call runs the callee's compiled code for the calling lanes under their
// mask (a masked recursive call): each call depth has its own register
// frame per function, cached per worker, so recursion (allowed in compute
// since Metal 2.4) needs no per-lane stack. Options.MaxCallDepth bounds it.
// Thread-space addresses carry the frame depth, so a pointer to a
// caller's local works in the callee.
//
// # Threadgroups and barriers
//
// A threadgroup (up to 1024 threads, 32 KB of threadgroup memory) runs on
// one worker as ceil(threads/Width) batches. threadgroup_barrier (an
// intrinsic flagged ir.Barrier, allowed only in the kernel function after
// inlining) suspends the batch, keeping its pc and registers; when every
// batch of the threadgroup has arrived or finished, all resume.
// simdgroup_barrier is free: the lanes of a SIMD-group run in lock step.
//
// # Intrinsics
//
// Everything that touches runtime state is an intrinsic: a native lane
// function (IntrinsicFunc) given argument and result lane vectors and the
// active mask through a Call. Builtins provides SIMD-group functions
// (simd_sum, prefix sums, shuffles, broadcast, ballot, any/all, ...) and
// atomics on device and threadgroup memory; BuiltinDecl gives their
// ir.IntrinsicDecl for the lowering. Other packages (texture sampling,
// ray intersection) plug theirs in through Options.Intrinsics.
//
// # Memory and faults
//
// Device and constant memory are byte slices in a Memory (buffer table) at
// 64-bit GPU addresses, laid out as Metal lays them out; every access is
// bounds checked and alignment checked. A fault (out of bounds, misaligned,
// read-only store, step budget, timeout, cancellation, stack overflow)
// stops the dispatch with a *Fault naming the function, source position
// and thread position; the fault reported is the one of the
// lowest-numbered faulting threadgroup, so it does not depend on the
// worker count. Nothing panics on bad shader input.
//
// # Determinism
//
// Threadgroups are independent units of work, so results are identical
// for any number of workers (atomics aside). Inactive lanes never leak into
// active ones: cross-lane operations read only active lanes (a shuffle
// from an inactive lane reads 0).
package exec
