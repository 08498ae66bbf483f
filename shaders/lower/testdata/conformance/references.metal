// RUN kernel=refs grid=2 tg=2
// BUF 0 float[8] = 1 2 3 0 4 5 6 0
// EXPECT 0 float[] = 11 2 3 0 14 5 6 0
// RUN kernel=local_refs grid=1 tg=1
// BUF 0 float[4] zero
// EXPECT 0 float[] = 5 2 7 9
#include <metal_stdlib>
using namespace metal;

struct Item { float3 v; };

void add_to(device Item& it, float d) { it.v.x += d; }

kernel void refs(device Item* items [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    device Item& it = items[id];
    add_to(it, 10);
}

kernel void local_refs(device float4* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float4 v = float4(1, 2, 3, 4);
    thread float4& r = v;
    r.x = 5;
    thread float& z = v.z;
    z += 4;
    float a[2] = {8, 9};
    thread float* p = &a[1];
    v.w = *p;
    out[0] = v;
}
