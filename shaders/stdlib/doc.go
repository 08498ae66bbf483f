// Package stdlib is the metal_stdlib surface of ingot: how each standard
// library function is implemented in IR (composed from ir ops or mapped to
// an executor intrinsic).
//
// It holds:
//   - the texture and sampler intrinsic catalogue (TextureIntrinsics, see
//     textures.go for names, parameter lists and the constexpr sampler
//     descriptor layout) that the engine implements;
//   - the ray-tracing intrinsic catalogue (RayTracingIntrinsics, see
//     raytracing.go) that engine/rt implements;
//   - the names of the intrinsics engine/exec provides itself (atomics,
//     simd_*, barriers; AtomicName, SimdName);
//   - Emit*, IR generators for the math, common, geometric, relational,
//     integer, packing and conversion families, used by shaders/lower.
package stdlib
