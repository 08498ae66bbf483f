// RUN kernel=const_tables grid=8 tg=4
// BUF 0 float[8] zero
// BUF 1 uint[8] zero
// EXPECT 0 float[] = 3 1 0 4.5 6.5 8.5 15 34.5
// EXPECT 1 uint[] = 101 5 109 10 102 6 107 11
#include <metal_stdlib>
using namespace metal;

// Program-scope constant arrays live in the constant address space: they
// can be indexed dynamically, referenced and pointed to.
struct Entry {
    float w;
    half h;
    bool on;
    uint3 v;
};

constant Entry kEntries[4] = {
    {1.5f, 2.0h, true, uint3(1, 2, 3)},
    {0.25f, 4.0h, false, uint3(4, 5, 6)},
    {-1.0f, 0.5h, true, uint3(7, 8, 9)},
    {3.0f, 1.0h, false, uint3(10, 11, 12)},
};

constant float kCurve[8] = {0.0f, 0.5f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f, 32.0f};

float sum_upto(constant float* p, uint n) {
    float s = 0.0f;
    for (uint i = 0; i < n; i++) {
        s += p[i];
    }
    return s;
}

kernel void const_tables(device float* out [[buffer(0)]], device uint* out2 [[buffer(1)]],
                         uint id [[thread_position_in_grid]]) {
    constant Entry& e = kEntries[id % 4];
    out[id] = sum_upto(kCurve, id) + e.w * float(e.h);
    out2[id] = (e.on ? 100u : 0u) + e.v[id % 3];
}
