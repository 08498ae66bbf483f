// feature: conversions as Metal's clang accepts them (issue 13, item 6)
// expect: valid
// note: a float scalar argument to a half-vector built-in, m.columns[i], bool-vector and 64-bit
// note: simd_broadcast/simd_shuffle, quad_broadcast, a conversion function `operator T()` used by a
// note: constructor and by an implicit conversion, a one-element trailing array indexed past its end
// note: (a warning), and the compiler-internal __metal_* forms Apple's headers are written with.
#include <metal_stdlib>
using namespace metal;

struct Celsius {
    float v;
    operator float() const thread { return v; }
};

struct Wrapped3 {
    float3 v;
    operator float3() const thread { return v; }
};

struct Tail {
    uint count;
    float4 items[1];
};

kernel void k(device half3* h [[buffer(0)]], constant float& t [[buffer(1)]], constant float4x4& m [[buffer(2)]],
              device float4* out [[buffer(3)]], device Tail& tail [[buffer(4)]], uint lane [[thread_index_in_simdgroup]]) {
    h[2] = mix(h[0], h[1], t);
    h[3] = pow(h[0], 2.0f) + clamp(h[1], 0.0f, 1.0f);
    out[0] = m.columns[3] + float4(m.columns[0][1]);
    bool2 b = simd_broadcast(bool2(lane == 0, true), 0);
    ulong u = simd_shuffle(ulong(lane), ushort(lane ^ 1));
    long q = quad_broadcast(long(lane), 0);
    Celsius c = {21.5f};
    float f = c;
    float3 w = float3(Wrapped3{float3(1, 2, 3)});
    out[1] = float4(w, f + float(b.x) + float(u + ulong(q)));
    out[2] = tail.items[1]; // WARNING "past the end"
    packed_half3 ph = packed_half3(h[0]);
    out[2].xyz = (float3)ph;
    out[3] = float4(__metal_fabs(-2.0f, __METAL_MAYBE_FAST_MATH__), __metal_get_simdgroup_size(ushort()), 0, 1);
}
