#include <metal_stdlib>
using namespace metal;
constant float4x4 identity = float4x4(1.0);
constant uint kWidth = 64;
struct P { float3 c; };
vertex float4 v(uint vid [[vertex_id]], const device packed_float3 *pos [[buffer(0)]]) { return identity * float4(pos[vid], 1); }
kernel void k(texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]], device float3 *p [[buffer(0)]], device P *ps [[buffer(1)]],
              uint2 gid [[thread_position_in_grid]], uint2 size [[threads_per_grid]]) {
    float2 uv = float2(gid) / float2(size);
    float3 c = t.sample(s, uv).rgb;
    half4 h = half4(t.sample(s, uv));
    uint idx = gid.y * kWidth + gid.x;
    int2 q = int2(gid) + int2(-1, 0);
    p[idx] = c * float(h.x) + float3(float2(q), 0);
    ps[idx].c += 1;
    ps[idx].c.xy *= 2;
    bool b = any(c > 0.5);
    if (b && !all(c == 0)) { p[0] = select(c, float3(1), c > float3(2)); }
    float acc[4] = {};
    for (auto& a : acc) a = 1;
    uint n = 0u;
    n |= 1u << 3;
    n = n >> 1 ^ ~n;
    p[1] = float3(n, -n, +n);
    float3x3 m = float3x3(c, c, c);
    p[2] = m[1] + m * c + c * m;
    p[3] = float3(length_squared(c), distance(c, p[0]), step(0.5f, c.x));
    p[4] = clamp(c, float3(0), float3(1)) + saturate(c) + fract(c) + fmod(c, 2.0f);
    p[5] = c.x > 0 ? c : -c;
    p[6] = float3(uv, 0).zyx;
    p[7] = float3(popcount(n), clz(n), ctz(n));
    p[8] = float3(h.xyz);
    p[9] = as_type<float3>(uint3(1)) ;
}
