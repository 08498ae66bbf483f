// RUN kernel=reduce grid=128 tg=64
// BUF 0 float[128] fill 1
// BUF 1 float[2] zero
// EXPECT 1 float[] = 64 64
// RUN kernel=simd_reduce grid=64 tg=64
// BUF 0 uint[64] iota
// BUF 1 uint[4] zero
// EXPECT 1 uint[] = 496 1520 0 0
// RUN kernel=atomics grid=100 tg=25
// BUF 0 uint[4] = 0 0 4294967295 0
// EXPECT 0 uint[] = 100 4950 0 99
// RUN kernel=tg_atomics grid=64 tg=32
// BUF 0 int[2] zero
// EXPECT 0 int[] = 32 32
// RUN kernel=tg_arg grid=32 tg=32 tgmem=128
// BUF 0 float[32] zero
// EXPECT 0 float[] = 31 30 29 28 27 26 25 24
// RUN kernel=oob grid=8 tg=8 fault
// BUF 0 float[4] zero
// RUN kernel=cas grid=16 tg=16
// BUF 0 uint[1] zero
// EXPECT 0 uint[] = 16
#include <metal_stdlib>
using namespace metal;

kernel void reduce(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                   uint gid [[thread_position_in_grid]], uint lid [[thread_position_in_threadgroup]],
                   uint tg [[threadgroup_position_in_grid]]) {
    threadgroup float tmp[64];
    tmp[lid] = in[gid];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint s = 32; s > 0; s >>= 1) {
        if (lid < s) tmp[lid] += tmp[lid + s];
        threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    if (lid == 0) out[tg] = tmp[0];
}

kernel void simd_reduce(device const uint* in [[buffer(0)]], device uint* out [[buffer(1)]],
                        uint gid [[thread_position_in_grid]], uint sg [[simdgroup_index_in_threadgroup]],
                        uint lane [[thread_index_in_simdgroup]]) {
    uint s = simd_sum(in[gid]);
    uint m = simd_max(in[gid]);
    if (lane == 0) out[sg] = s;
    if (gid == 0) out[2] = simd_prefix_exclusive_sum(1u);
    if (gid == 63) out[3] = simd_prefix_exclusive_sum(gid) + m - 63 + 32 * 0;
}

kernel void atomics(device atomic_uint* c [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    atomic_fetch_add_explicit(&c[0], 1u, memory_order_relaxed);
    atomic_fetch_add_explicit(&c[1], gid, memory_order_relaxed);
    atomic_fetch_min_explicit(&c[2], gid, memory_order_relaxed);
    atomic_fetch_max_explicit(&c[3], gid, memory_order_relaxed);
}

kernel void tg_atomics(device int* out [[buffer(0)]], uint lid [[thread_position_in_threadgroup]],
                       uint tg [[threadgroup_position_in_grid]]) {
    threadgroup atomic_int counter;
    if (lid == 0) atomic_store_explicit(&counter, 0, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (lid == 0) out[tg] = atomic_load_explicit(&counter, memory_order_relaxed);
}

kernel void tg_arg(device float* out [[buffer(0)]], threadgroup float* scratch [[threadgroup(0)]],
                   uint lid [[thread_position_in_threadgroup]]) {
    scratch[lid] = float(lid);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    out[lid] = scratch[31 - lid];
}

kernel void oob(device float* out [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    out[gid] = 1;
}

kernel void cas(device atomic_uint* c [[buffer(0)]], uint gid [[thread_position_in_grid]]) {
    uint expected = atomic_load_explicit(c, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(c, &expected, expected + 1, memory_order_relaxed, memory_order_relaxed)) {
    }
}
