#include <metal_stdlib>
using namespace metal;

struct S { float x; int y; };

float helper(float a, float b = 2.0f, int c = 3);

kernel void stmts(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float x = 0, y(1.0f), z{2.0f};
    S s = {1.0f, 2};
    S t{.x = 1.0f, .y = 3};
    int i = 0;
    if (i == 0) x = 1; else if (i > 1) { x = 2; } else x = 3;
    if (int k = i + 1; k > 0) x += k;
    if constexpr (sizeof(float) == 4) x -= 1;
    for (int j = 0, k = 1; j < 10; ++j, k *= 2) { if (j == 5) continue; if (j == 8) break; }
    for (;;) { break; }
    for (float v : {1.0f, 2.0f}) x += v;
    while (i < 10) i++;
    do { i--; } while (i > 0);
    switch (id % 4) {
    case 0: x = 1; break;
    case 1:
    case 2: { x = 2; break; }
    default: x = 3;
    }
    x += y; x -= y; x *= y; x /= y;
    i %= 3; i &= 1; i |= 2; i ^= 4; i <<= 1; i >>= 1;
    x = i > 0 ? x : -x;
    x = (float)i + float(i) + static_cast<float>(i) + as_type<float>(i);
    uint bits = as_type<uint>(x);
    device float* p = reinterpret_cast<device float*>(out);
    *p = -x; p[1] = !x; p[2] = ~i; p[3] = *(&x);
    i = sizeof(S) + alignof(float4) + sizeof x;
    float4 v = float4(1, 2, 3, 4);
    v.xy = v.zw;
    v.rgb *= 2;
    float3x3 m = float3x3(1.0);
    v = float4x4(1.0) * v;
    out[id] = x, y = 3;
    auto add = [](float a, float b) -> float { return a + b; };
    auto cap = [=, &x](int q) mutable { x += q; };
    x = add(x, 1);
    x = helper(x);
    S* ps = &s;
    ps->x = 1;
    threadgroup float shared[32];
    threadgroup_barrier(mem_flags::mem_threadgroup);
    bool b = (x < y) || (x >= y && !(x != y));
    i = (i << 2) >> 1;
    x = 1e-3f + .5f + 2.f + 0x1p4f + 3.0h;
    i = 0x1F + 017 + 0b101 + 10u + 10ul;
    x = metal::fast::sin(x) + precise::cos(x) + ::helper(x, 1.0f);
    return;
}
struct Ops { float operator()(float x) const; float operator[](int i) const; };
bool operator<(Ops a, Ops b);
void conds(int i) {
    while (int w = i - 1) { i = w; break; }
    switch (int q = i; q) { default: break; }
    Ops o; float f = o(1.0f) + o[2];
    bool lt = o < o;
}
