// RUN kernel=geometric grid=1 tg=1
// BUF 0 float[12] zero
// EXPECT 0 float[] = 32 -3 6 -3 5 0.6 0.8 0 3 -1 5 1 tol=1e-6
// RUN kernel=relational grid=1 tg=1
// BUF 0 int[8] zero
// EXPECT 0 int[] = 1 0 1 1 0 1 5 2
// RUN kernel=packing grid=1 tg=1
// BUF 0 uint[6] zero
// EXPECT 0 uint[] = 0x80ff4000 0x40817f00 0xffff0000 128 255 0x3f800000
// RUN kernel=vector_ops grid=1 tg=1
// BUF 0 float[8] zero
// EXPECT 0 float[] = 2.5 4.5 6.5 1 3 0 9 12
// RUN kernel=half_math grid=1 tg=1
// BUF 0 half[6] zero
// EXPECT 0 half[] = 1.4140625 0.5 2.71875 3 0.841796875 8 tol=1e-3
#include <metal_stdlib>
using namespace metal;

kernel void geometric(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float3 a = float3(1, 2, 3), b = float3(4, 5, 6);
    out[0] = dot(a, b);
    float3 c = cross(a, b);
    out[1] = c.x; out[2] = c.y; out[3] = c.z;
    out[4] = length(float2(3, 4));
    float2 n = normalize(float2(3, 4));
    out[5] = n.x; out[6] = n.y;
    out[7] = distance(a, a);
    float2 r = reflect(float2(1, -1), float2(0, 1));
    out[8] = r.x + r.y + 1;
    out[9] = faceforward(float2(1, 0), float2(1, 0), float2(1, 0)).x;
    out[10] = distance(float2(0, 0), float2(3, 4));
    out[11] = refract(float2(0, -1), float2(0, 1), 1.0f).y * -1;
}

kernel void relational(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float4 v = float4(1, NAN, INFINITY, -0.0f);
    out[0] = isnan(v.y);
    out[1] = isnan(v.x);
    out[2] = isinf(v.z);
    out[3] = signbit(v.w);
    out[4] = all(v > 0);
    out[5] = any(isnan(v));
    int2 s = select(int2(1, 2), int2(5, 6), bool2(true, false));
    out[6] = s.x;
    out[7] = s.y;
}

kernel void packing(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[0] = pack_float_to_unorm4x8(float4(0, 0.25, 1, 0.5));
    out[1] = pack_float_to_snorm4x8(float4(0, 1, -1, 0.5));
    out[2] = pack_float_to_unorm2x16(float2(0, 1));
    float4 u = unpack_unorm4x8_to_float(0xff80u);
    out[3] = uint(u.x * 255);
    out[4] = uint(u.y * 255 + 0.5);
    out[5] = as_type<uint>(unpack_unorm2x16_to_float(0xffffu).x);
}

kernel void vector_ops(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float3 v = float3(1, 2, 3);
    v = v * 2 + 0.5f;
    out[0] = v.x; out[1] = v.y; out[2] = v.z;
    int3 i = int3(7, 9, 4) % int3(3, 3, 5);
    out[3] = float(i.x);
    out[4] = float(i.z - i.y + 3 - 4);
    bool2 m = bool2(true, false) && bool2(true, true);
    out[5] = float(m.y);
    float4 w = float4(float2(1, 2), 3, 3);
    w.zw *= 3;
    out[6] = w.z;
    out[7] = (w / float4(1, 1, 1, 0.75f)).w;
}

kernel void half_math(device half* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    half x = 2.0h;
    out[0] = sqrt(x);
    out[1] = x * 0.25h;
    out[2] = exp(1.0h);
    out[3] = clamp(5.0h, 0.0h, 3.0h);
    out[4] = sin(1.0h);
    out[5] = pow(x, 3.0h);
}
