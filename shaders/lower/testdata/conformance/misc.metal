// RUN kernel=ctor_and_defaults grid=2 tg=2
// BUF 0 float[4] zero
// EXPECT 0 float[] = 6 3 6 4
// RUN kernel=lookup_table grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 10 20 40 80
// RUN kernel=packed grid=2 tg=2
// BUF 0 float[6] = 1 2 3 4 5 6
// BUF 1 float[2] zero
// EXPECT 1 float[] = 6 15
// RUN kernel=small_types grid=4 tg=4
// BUF 0 uchar[4] = 250 251 252 253
// BUF 1 short[4] = -1 -2 -3 -4
// BUF 2 bool[4] = 1 0 1 0
// BUF 3 int[4] zero
// EXPECT 3 int[] = 258 247 256 245
// RUN kernel=ulong_math grid=1 tg=1
// BUF 0 ulong[3] zero
// EXPECT 0 ulong[] = 0x100000000 18446744073709551615 3
// RUN kernel=enum_switch grid=3 tg=3
// BUF 0 int[3] zero
// EXPECT 0 int[] = 100 200 300
// RUN kernel=index_operator grid=1 tg=1
// BUF 0 float[3] zero
// EXPECT 0 float[] = 1 9 3
#include <metal_stdlib>
using namespace metal;

struct Box {
    float w, h;
    Box(float a, float b = 2.0f) : w(a), h(b) {}
    float area() const { return w * h; }
    static float unit() { return 1.0f; }
};

kernel void ctor_and_defaults(device float2* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    Box b(3.0f + float(id));
    Box c = Box(1.0f, 3.0f);
    out[id] = float2(b.area() - float(id) * 1.0f + 0.0f * c.area() + (id == 1 ? -1.0f : 0.0f), c.area() + float(id) * Box::unit());
}

constant int table[4] = {10, 20, 40, 80};

kernel void lookup_table(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[id] = table[id];
}

kernel void packed(device const packed_float3* in [[buffer(0)]], device float* out [[buffer(1)]], uint id [[thread_position_in_grid]]) {
    float3 v = in[id];
    out[id] = v.x + v.y + v.z;
}

kernel void small_types(device const uchar* a [[buffer(0)]], device const short* b [[buffer(1)]],
                        device const bool* c [[buffer(2)]], device int* out [[buffer(3)]], uint id [[thread_position_in_grid]]) {
    int x = a[id];
    x += c[id] ? 10 : 0;
    x += b[id] * 2;
    out[id] = x;
}

kernel void ulong_math(device ulong* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    ulong a = 0xffffffffUL;
    out[0] = a + 1;
    out[1] = 0UL - 1;
    device ulong* p = out + 2;
    out[2] = ulong(p - out) + 1;
}

enum class Mode { A, B, C };

kernel void enum_switch(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    Mode m = Mode(id);
    int r = 0;
    switch (m) {
    case Mode::A: r = 100; break;
    case Mode::B: r = 200; break;
    default: r = 300;
    }
    out[id] = r;
}

struct Vec3 {
    float v[3];
    thread float& operator[](int i) { return v[i]; }
};

kernel void index_operator(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    Vec3 a;
    a.v[0] = 1; a.v[1] = 2; a.v[2] = 3;
    a[1] = 9;
    for (int i = 0; i < 3; i++) out[i] = a[i];
}
