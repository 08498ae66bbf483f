// RUN kernel=int_wrap grid=1 tg=1
// BUF 0 int[8] zero
// EXPECT 0 int[] = -2147483648 2147483647 -128 0 0 255 0 -1
// RUN kernel=conversions grid=1 tg=1
// BUF 0 int[8] zero
// EXPECT 0 int[] = 3 -3 2147483647 0 0 65535 1 1065353216
// RUN kernel=folded_conversions grid=1 tg=1
// BUF 0 int[6] zero
// EXPECT 0 int[] = 2147483647 -2147483648 0 -1 32767 -128
// RUN kernel=halfs grid=1 tg=1
// BUF 0 half[6] zero
// EXPECT 0 half[] = 0.33325195 2048 inf 0.0999755859375 65504 -0.5
// RUN kernel=shifts grid=1 tg=1
// BUF 0 uint[4] zero
// EXPECT 0 uint[] = 2 2147483648 4294967295 16
// RUN kernel=as_types grid=1 tg=1
// BUF 0 uint[4] zero
// EXPECT 0 uint[] = 0x3c003c00 0x40400000 7 1
#include <metal_stdlib>
using namespace metal;

kernel void int_wrap(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int big = 2147483647;
    out[0] = big + 1;
    out[1] = big;
    char c = 127;
    c += 1;
    out[2] = c;
    int z = int(id);
    out[3] = 7 / z;     // division by zero gives 0 in ingot
    out[4] = 7 % z;
    uchar u = 0;
    u -= 1;
    out[5] = u;
    out[6] = (-7) / 8;
    out[7] = ~0;
}

kernel void conversions(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float f = 3.7f + float(id);
    out[0] = int(f);
    out[1] = int(-f);
    out[2] = int(1e20f + float(id));  // computed at run time; folded_conversions has the constant forms
    float n = NAN;
    out[3] = int(n);
    out[4] = int(uint(-1.0f + float(id)));
    out[5] = int(ushort(65535.9f));
    out[6] = bool(2) ? 1 : 0;
    out[7] = as_type<int>(1.0f);
}

// Constant conversions are folded by the front end with the executors'
// saturating semantics.
kernel void folded_conversions(device int* out [[buffer(0)]]) {
    out[0] = int(1e20f);
    out[1] = int(-1e20f);
    out[2] = int(uint(-5.0f));
    out[3] = int(uint(1e20f));
    out[4] = short(1e9f);
    out[5] = char(-300.0f);
}

kernel void halfs(device half* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    half a = 1.0h / 3.0h;
    out[0] = a;
    half b = 2048.0h;
    out[1] = b + 1.0h;       // 2049 is not representable: rounds to even
    out[2] = 65504.0h * 2.0h;
    out[3] = half(0.1f);
    out[4] = half(65504.0f);
    out[5] = -0.5h;
}

kernel void shifts(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    uint x = 1u;
    out[0] = x << (33 + id);  // shift count modulo 32
    out[1] = x << 31;
    int m = -1;
    out[2] = uint(m >> 4);
    out[3] = 256u >> 4;
}

kernel void as_types(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    half2 h = half2(1.0h, 1.0h);
    out[0] = as_type<uint>(h);
    out[1] = as_type<uint>(3.0f);
    ushort2 s = as_type<ushort2>(7u);
    out[2] = s.x + s.y;
    out[3] = as_type<uchar4>(1u).x;
}
