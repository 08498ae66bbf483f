// RUN kernel=det grid=1 tg=1
// BUF 0 float[4] zero
// EXPECT 0 float[] = -3 24 2 7
// RUN kernel=float_atomics grid=64 tg=32
// BUF 0 float[1] zero
// BUF 1 uint[2] zero
// EXPECT 0 float[] = 32
// EXPECT 1 uint[] = 64 1
// RUN kernel=int_vectors grid=1 tg=1
// BUF 0 int[4] zero
// EXPECT 0 int[] = 3 -1 12 1
#include <metal_stdlib>
using namespace metal;

kernel void det(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float3x3 m = float3x3(float3(2, 0, 1), float3(1, 1, 0), float3(0, 3, 1));
    out[0] = determinant(m) - 8;
    float4x4 d = float4x4(2.0f);
    d[3][3] = 3;
    out[1] = determinant(d);
    float2x2 i2 = float2x2(1);
    out[2] = i2[0][0] + i2[1][1] + i2[0][1];
    float4 v = float4x4(1.0f) * float4(1, 2, 3, 1);
    out[3] = v.x + v.y + v.z + v.w;
}

kernel void float_atomics(device atomic_float* f [[buffer(0)]], device atomic_uint* u [[buffer(1)]],
                          uint gid [[thread_position_in_grid]]) {
    atomic_fetch_add_explicit(f, 0.5f, memory_order_relaxed);
    uint old = atomic_exchange_explicit(&u[1], 1u, memory_order_relaxed);
    atomic_fetch_add_explicit(&u[0], old + 1u - old, memory_order_relaxed);
}

kernel void int_vectors(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int3 a = int3(1, 2, 3);
    int3 b = a.zyx - int3(2);
    out[0] = b.x + b.y + b.z + 3;
    out[1] = (a / int3(2, 2, -2)).z;
    uint2 c = uint2(3, 4) * 2u;
    out[2] = int(c.x + c.y) - 2;
    out[3] = int(all(a < int3(4)));
}

// RUN kernel=select_of_vars grid=2 tg=2 fc=pick:true
// BUF 0 float[2] zero
// EXPECT 0 float[] = 1 1
constant bool pick [[function_constant(0)]];

kernel void select_of_vars(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float a = 1, b = 2;
    a += 0;                     // a is a variable
    float t = pick ? a : b;     // select on a constant condition after specialization
    a = 7;
    out[id] = t;
}

// RUN kernel=null_checks grid=1 tg=1
// BUF 0 int[2] zero
// EXPECT 0 int[] = 0 1
kernel void null_checks(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    device int* none = nullptr;
    out[0] = is_null_buffer(out) ? 1 : 0;
    out[1] = is_null_buffer(none) ? 1 : 0;
}
