// RUN kernel=vote_cast grid=32 tg=32
// BUF 0 uint[1] zero
// EXPECT 0 uint[] = 0x55555555
#include <metal_stdlib>
using namespace metal;

kernel void vote_cast(device uint* out [[buffer(0)]], uint lane [[thread_index_in_simdgroup]]) {
    simd_vote v = simd_ballot(lane % 2 == 0);
    if (lane == 0) out[0] = uint(uint64_t(v));
}
