// RUN kernel=shuffles grid=32 tg=32
// BUF 0 uint[32] zero
// BUF 1 uint[32] zero
// BUF 2 uint[32] zero
// EXPECT 0 uint[] = 1 0 3 2 5 4 7 6
// EXPECT 1 uint[] = 0 0 1 3 6 10 15 21
// EXPECT 2 uint[] = 5 5 5 5 5 5 5 5
// RUN kernel=votes grid=32 tg=32
// BUF 0 uint[5] zero
// EXPECT 0 uint[] = 1 1 0 32 0
// RUN kernel=quads grid=16 tg=16
// BUF 0 uint[16] zero
// BUF 1 uint[16] zero
// BUF 2 uint[16] zero
// EXPECT 0 uint[] = 6 6 6 6 22 22 22 22 38 38 38 38
// EXPECT 1 uint[] = 2 2 2 2 6 6 6 6
// EXPECT 2 uint[] = 0 0 1 3 0 4 9 15
#include <metal_stdlib>
using namespace metal;

kernel void shuffles(device uint* a [[buffer(0)]], device uint* b [[buffer(1)]], device uint* c [[buffer(2)]],
                     uint lane [[thread_index_in_simdgroup]]) {
    a[lane] = simd_shuffle_xor(lane, ushort(1));
    b[lane] = simd_prefix_exclusive_sum(lane);
    c[lane] = simd_broadcast(lane, ushort(5));
}

kernel void votes(device uint* out [[buffer(0)]], uint lane [[thread_index_in_simdgroup]]) {
    simd_vote v = simd_ballot(lane % 2 == 0);
    bool anyv = v.any(), allv = v.all();
    bool any0 = simd_any(lane == 0);
    if (lane == 0) {
        out[0] = anyv ? 1 : 0;
        out[4] = allv ? 1 : 0;
        out[1] = any0 ? 1 : 0;
    }
    bool all = simd_all(lane < 31);
    if (lane == 3) out[2] = all ? 1 : 0;
    uint mx = simd_max(lane) + 1;
    if (lane == 1) out[3] = mx;
}

kernel void quads(device uint* a [[buffer(0)]], device uint* b [[buffer(1)]], device uint* c [[buffer(2)]],
                  uint lane [[thread_index_in_simdgroup]]) {
    a[lane] = quad_sum(lane);
    b[lane] = quad_broadcast(lane, ushort(2));
    c[lane] = quad_prefix_exclusive_sum(lane);
}

// RUN kernel=fills grid=32 tg=32
// BUF 0 uint[32] zero
// BUF 1 uint[32] zero
// EXPECT 0 uint[] = 2 3 4 5 6 7 8 9
// EXPECT 1 uint[] = 130 131 0 1 2 3 4 5
kernel void fills(device uint* a [[buffer(0)]], device uint* b [[buffer(1)]], uint lane [[thread_index_in_simdgroup]]) {
    a[lane] = simd_shuffle_and_fill_down(lane, lane + 100, ushort(2));
    b[lane] = simd_shuffle_and_fill_up(lane, lane + 100, ushort(2));
}
