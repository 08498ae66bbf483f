// feature: C++ as kernel libraries write it (issue 13, item 5)
// expect: valid
// note: references and pointers to arrays as parameters, __restrict after '&' and '*', the stage keyword after
// note: the return type, overloaded function templates chosen by partial ordering (the body of the losing
// note: candidate is not instantiated), user overloads added to namespace metal next to the built-ins,
// note: simd_vote::vote_t in casts.
#include <metal_stdlib>
using namespace metal;

template <typename T, uint N>
inline void copy_from(thread T (&dst)[N], constant T (&src)[N]) {
    for (uint i = 0; i < N; i++) dst[i] = src[i];
}

inline float second(device uchar (*rows)[16], thread float (&a)[4]) { return a[1] + rows[0][1]; }

template <typename T> inline vec<T, 4> widen(vec<T, 4> x) { return x; }
template <typename T> inline T widen(T x) { return widen(vec<T, 4>(x, 0, 0, 1)).x; }

struct wrapped { float v; };
namespace metal {
inline wrapped abs(wrapped w) { return wrapped{w.v < 0 ? -w.v : w.v}; }
}

constant float K[4] = {1, 2, 3, 4};

struct VOut { float4 position [[position]]; };
VOut vertex vmain(uint vid [[vertex_id]]) { VOut o; o.position = float4(float(vid)); return o; }

kernel void k(device float* __restrict out [[buffer(0)]], device uchar* bytes [[buffer(1)]],
              device float4& __restrict v [[buffer(2)]], device uint4* votes [[buffer(3)]]) {
    float a[4];
    copy_from(a, K);
    out[0] = second((device uchar (*)[16])bytes, a);
    out[1] = widen(2.0f) + widen(float4(1)).w + metal::abs(wrapped{-3}).v + metal::abs(-1.0f);
    v = float4(metal::fabs(out[1]));
    votes[0] = uint4(as_type<uint2>((simd_vote::vote_t)simd_ballot(true)), 0, 0);
}
