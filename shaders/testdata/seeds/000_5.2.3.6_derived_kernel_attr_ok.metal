// seed: 000 §5.2.3.6 (Kernel Fonksiyonu Girdi Argümanları İçin Öznitelikler), derived from prose and tables
// expect: valid
// note: every kernel built-in of §5.2.3.6 with types that satisfy the matching rules (uint3 grid/threadgroup vectors,
// note: uint scalar indices, ushort SIMD/quad indices that all match). None of them is a bound argument.
// EXPECT-FUNC name=all_builtins kind=kernel
// EXPECT-ARG function=all_builtins arg=out kind=buffer index=0
// EXPECT-NOARG function=all_builtins arg=gpos
#include <metal_stdlib>
using namespace metal;

kernel void all_builtins(device uint *out [[buffer(0)]],
                         uint3 gpos [[thread_position_in_grid]],
                         uint3 gsize [[threads_per_grid]],
                         uint3 lpos [[thread_position_in_threadgroup]],
                         uint3 lsize [[threads_per_threadgroup]],
                         uint3 dsize [[dispatch_threads_per_threadgroup]],
                         uint3 tgpos [[threadgroup_position_in_grid]],
                         uint3 tgcount [[threadgroups_per_grid]],
                         uint lidx [[thread_index_in_threadgroup]],
                         ushort lane [[thread_index_in_simdgroup]],
                         ushort simd_width [[threads_per_simdgroup]],
                         ushort simd_idx [[simdgroup_index_in_threadgroup]],
                         ushort simd_count [[simdgroups_per_threadgroup]],
                         ushort dsimd_count [[dispatch_simdgroups_per_threadgroup]],
                         ushort quad_lane [[thread_index_in_quadgroup]],
                         ushort quad_idx [[quadgroup_index_in_threadgroup]],
                         ushort quad_count [[quadgroups_per_threadgroup]],
                         ushort dquad_count [[dispatch_quadgroups_per_threadgroup]])
{
    uint linear = (gpos.z * gsize.y + gpos.y) * gsize.x + gpos.x;
    out[linear] = lidx + lane + simd_width + simd_idx + simd_count + dsimd_count + quad_lane + quad_idx +
                  quad_count + dquad_count + lpos.x + lsize.x + dsize.x + tgpos.x + tgcount.x;
}
