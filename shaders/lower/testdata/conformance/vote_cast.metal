// RUN kernel=vote_cast grid=32 tg=32
// BUF 0 uint[3] zero
// EXPECT 0 uint[] = 0x55555555 0xf0 0x5
#include <metal_stdlib>
using namespace metal;

// simd_vote and quad_vote convert explicitly to and from their vote_t.
kernel void vote_cast(device uint* out [[buffer(0)]], uint lane [[thread_index_in_simdgroup]]) {
    simd_vote v = simd_ballot(lane % 2 == 0);
    simd_vote w = simd_vote(uint64_t(0xf0));
    quad_vote q = quad_ballot(lane % 2 == 0);
    if (lane == 0) {
        out[0] = uint(uint64_t(v));
        out[1] = uint(uint64_t(w));
        out[2] = uint(q);
    }
}
