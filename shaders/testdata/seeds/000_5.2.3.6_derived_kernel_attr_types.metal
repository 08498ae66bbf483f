// seed: 000 §5.2.3.6 (Kernel Fonksiyonu Girdi Argümanları İçin Öznitelikler, "Tür Gereksinimleri"), derived from prose
// expect: error
// note: "[[thread_position_in_grid]] ve [[threads_per_grid]] tanımlamak için kullanılan veri türleri eşleşmelidir";
// note: "Eğer [[thread_position_in_threadgroup]] türü uint, uint2 veya uint3 ise, [[thread_index_in_threadgroup]] türü
// note: uint olmalıdır"; the SIMD/quad-group built-ins must be ushort or uint and match each other; vector built-ins
// note: must be scalar or vector types.
#include <metal_stdlib>
using namespace metal;

kernel void grid_mismatch(device float *out [[buffer(0)]],
                          uint2 pos [[thread_position_in_grid]],
                          uint3 size [[threads_per_grid]]) // ERROR "threads_per_grid|thread_position_in_grid|match"
{
    out[pos.y * size.x + pos.x] = 1.0f;
}

kernel void index_width(device float *out [[buffer(0)]],
                        uint2 lpos [[thread_position_in_threadgroup]],
                        ushort lidx [[thread_index_in_threadgroup]]) // ERROR "thread_index_in_threadgroup|uint"
{
    out[lidx] = float(lpos.x);
}

kernel void simd_mismatch(device float *out [[buffer(0)]],
                          ushort lane [[thread_index_in_simdgroup]],
                          uint width [[threads_per_simdgroup]]) // ERROR "threads_per_simdgroup|thread_index_in_simdgroup|match"
{
    out[lane] = float(width);
}

kernel void simd_float(device float *out [[buffer(0)]],
                       float lane [[thread_index_in_simdgroup]]) // ERROR "thread_index_in_simdgroup|ushort|uint"
{
    out[0] = lane;
}
