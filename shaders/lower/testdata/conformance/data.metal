// RUN kernel=structs grid=4 tg=4
// BUF 0 float[16] zero
// EXPECT 0 float[] = 1 2 3 6  2 3 4 9  3 4 5 12  4 5 6 15
// RUN kernel=arrays grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 7 18 29 40
// RUN kernel=swizzles grid=1 tg=1
// BUF 0 float[8] zero
// EXPECT 0 float[] = 4 3 2 1 10 3 20 1
// RUN kernel=pointers grid=4 tg=4
// BUF 0 int[8] = 1 2 3 4 5 6 7 8
// EXPECT 0 int[] = 3 5 7 9 5 6 7 8
// RUN kernel=methods grid=2 tg=2
// BUF 0 float[4] zero
// EXPECT 0 float[] = 3 8 4 12
// RUN kernel=templates grid=1 tg=1
// BUF 0 float[2] zero
// BUF 1 int[2] zero
// EXPECT 0 float[] = 2.5 6
// EXPECT 1 int[] = 2 7
// RUN kernel=memory_structs grid=2 tg=2
// BUF 0 float[16] = 1 2 3 0 4 5 6 7 0 0 0 0 0 0 0 0
// EXPECT 0 float[] = 1 2 3 0 4 5 6 7 5 7 9 0 9 5 6 7
// RUN kernel=matrices grid=1 tg=1
// BUF 0 float[8] zero
// EXPECT 0 float[] = 19 43 22 50 -2 18 7 9
#include <metal_stdlib>
using namespace metal;

struct P { float3 pos; float w; };

P make(float x) { P p; p.pos = float3(x, x + 1, x + 2); p.w = x * 3 + 3; return p; }

kernel void structs(device float4* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    P p = make(float(id) + 1);
    P q = p;
    q.w = p.pos.x + p.pos.y + p.pos.z;
    out[id] = float4(q.pos, q.w);
}

kernel void arrays(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    for (int i = 0; i < 4; i++) b[i] = a[i] * (int)id;
    int s = 0;
    for (uint i = 0; i < 4; i++) s += b[(i + id) % 4] + (int)i * (int)id - (int)i * (int)id;
    int c[2] = {5, 6};
    c[1] += a[id % 4];
    out[id] = s + c[1];
}

kernel void swizzles(device float4* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float4 v = float4(1, 2, 3, 4);
    v = v.wzyx;
    float4 w = float4(1, 2, 3, 4);
    w.xz = float2(10, 20);
    w.yw = w.wy;
    w.y = 3;
    w.w = 1;
    out[0] = v;
    out[1] = w;
}

void bump(thread int& x) { x += 2; }
void setp(device int* p, int v) { *p = v; }

kernel void pointers(device int* data [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    device int* p = data + id;
    int x = *p;
    bump(x);
    thread int* q = &x;
    *q += (int)id;
    setp(p, x);
}

struct Counter {
    float v;
    void add(float d) { v += d; }
    float twice() const { return v * 2; }
    Counter operator+(Counter o) const { Counter c; c.v = v + o.v; return c; }
};

kernel void methods(device float2* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    Counter c;
    c.v = 1 + float(id);
    c.add(1);
    Counter d = c + c;
    out[id] = float2(c.v + 1, d.twice());
}

template <typename T> T mid(T a, T b) { return (a + b) / T(2); }
template <typename T, int N> T sum(thread const T* x) { T s = 0; for (int i = 0; i < N; i++) s += x[i]; return s; }

kernel void templates(device float* f [[buffer(0)]], device int* i [[buffer(1)]], uint id [[thread_position_in_grid]]) {
    f[0] = mid(2.0f, 3.0f);
    i[0] = mid(2, 3);
    float fs[3] = {1, 2, 3};
    int is[3] = {1, 2, 4};
    f[1] = sum<float, 3>(fs);
    i[1] = sum<int, 3>(is);
}

struct S { float3 a; float4 b; };

kernel void memory_structs(device S* s [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    if (id == 1) {
        S t = s[0];
        t.a += float3(t.b.xyz);
        t.b.x = t.b.w + 2;
        s[1] = t;
    }
}

kernel void matrices(device float* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    float2x2 a = float2x2(float2(1, 3), float2(2, 4));   // columns
    float2x2 b = float2x2(5, 7, 6, 8);
    float2x2 c = a * b;
    out[0] = c[0][0]; out[1] = c[0][1]; out[2] = c[1][0]; out[3] = c[1][1];
    out[4] = determinant(a);
    float2 v = a * float2(2, 3);
    out[5] = v.y;
    float2x2 t = transpose(a);
    out[6] = t[1][0] + t[0][1] + 2;
    out[7] = (float2(1, 1) * a).y + 3;
}
