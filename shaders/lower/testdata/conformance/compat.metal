// Real-world MSL forms (docs/msl-compat.md) run end to end.
// RUN kernel=unsafe_array grid=4 tg=4
// BUF 0 float[4] = 1 2 3 4
// BUF 1 float[4] zero
// EXPECT 1 float[] = 11 22 33 44
// RUN kernel=device_method grid=2 tg=2
// BUF 0 float[4] = 1 2 3 4
// EXPECT 0 float[] = 2 4 3 4
// RUN kernel=array_refs grid=1 tg=1
// BUF 0 float[4] zero
// EXPECT 0 float[] = 10 4 2 0
// RUN kernel=scale_f32 grid=4 tg=4
// BUF 0 float[4] = 1 2 3 4
// EXPECT 0 float[] = 3 6 9 12
// RUN kernel=scale_i32 grid=4 tg=4
// BUF 0 int[4] = 1 2 3 4
// EXPECT 0 int[] = 3 6 9 12
// RUN kernel=ordering grid=1 tg=1
// BUF 0 float[2] zero
// EXPECT 0 float[] = 5 1
// RUN kernel=library grid=1 tg=1
// BUF 0 uint[4] zero
// BUF 1 float[4] zero
// EXPECT 0 uint[] = 1 2 3 4294967295
// EXPECT 1 float[] = 3.4028235e38 0.0009765625 6 9
// RUN kernel=conversions grid=1 tg=1
// BUF 0 float[8] zero
// EXPECT 0 float[] = 21.5 6 0.75 13 2 3 1 4
// RUN kernel=wide_shuffles grid=32 tg=32
// BUF 0 ulong[32] zero
// BUF 1 uint[32] zero
// EXPECT 0 ulong[] = 1 0 3 2 5 4 7 6
// EXPECT 1 uint[] = 1 1 1 1
// RUN kernel=aggregates grid=1 tg=1
// BUF 0 float[6] zero
// EXPECT 0 float[] = 1 2 0 7 3 4
// RUN kernel=functors grid=1 tg=1
// BUF 0 float[3] zero
// EXPECT 0 float[] = 1 6 10
// RUN kernel=packed_casts grid=1 tg=1
// BUF 0 float[3] zero
// EXPECT 0 float[] = 1.5 2 3
#include <metal_stdlib>
using namespace metal;

template <typename T, size_t Num>
struct fixed_array {
    T elements[Num ? Num : 1];
    thread T& operator[](size_t i) thread { return elements[i]; }
    constexpr const thread T& operator[](size_t i) const thread { return elements[i]; }
    device T& operator[](size_t i) device { return elements[i]; }
    constexpr const constant T& operator[](size_t i) const constant { return elements[i]; }
};

constant fixed_array<float, 4> tens = {{10.0, 20.0, 30.0, 40.0}};

kernel void unsafe_array(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
    fixed_array<float, 4> a;
    a[i] = in[i];
    out[i] = a[i] + tens[i];
}

struct Counter {
    float v[4];
    void twice(uint i) device { v[i] = v[i] * 2; }
};

kernel void device_method(device Counter& c [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    c.twice(i);
}

template <typename T, uint N>
inline T total(thread T (&a)[N]) {
    T s = 0;
    for (uint i = 0; i < N; i++) s += a[i];
    return s;
}

inline void fill(thread float (&a)[4], float x) {
    for (uint i = 0; i < 4; i++) a[i] = x * float(i);
}

kernel void array_refs(device float* __restrict out [[buffer(0)]]) {
    float a[4];
    fill(a, 1.0f);
    float b[2] = {1, 3};
    out[0] = total(a) + total(b) + 0 * out[0];
    out[1] = total(b);
    out[2] = a[2];
}

template <typename T>
kernel void scale(device T* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    out[i] = out[i] * T(3);
}
template [[host_name("scale_f32")]] [[kernel]] decltype(scale<float>) scale<float>;
template [[host_name("scale_i32")]] [[kernel]] decltype(scale<int>) scale<int>;

template <typename T> inline vec<T, 4> widen(vec<T, 4> x) { return x + vec<T, 4>(1); }
template <typename T> inline T widen(T x) { return widen(vec<T, 4>(x, 0, 0, 1)).w; }

kernel void ordering(device float* out [[buffer(0)]]) {
    out[0] = widen(float4(4)).x;
    out[1] = widen(3.0f) - 1;
}

kernel void library(device MTLDrawIndexedPrimitivesIndirectArguments& args [[buffer(0)]],
                    device float* out [[buffer(1)]]) {
    args.indexCount = 1;
    args.instanceCount = 2;
    args.indexStart = 3;
    args.baseVertex = -1;
    out[0] = numeric_limits<float>::max();
    out[1] = numeric_limits<half>::epsilon();
    out[2] = float(numeric_limits<uchar>::max() / 32 - numeric_limits<int>::min() / -2147483647 + 0);
    out[3] = float(numeric_limits<uint>::digits) * 0 + 9;
}

struct Celsius {
    float v;
    operator float() const thread { return v; }
};

struct Sphere {
    Sphere(float3 center, float radius) { data = float4(center, radius); }
    float radius() const { return data.w; }
    union {
        float4 data;
        float2 xy;
    };
};

template <bool B, typename T> struct pick { typedef T type; };
template <typename T> struct pick<false, T> { typedef int type; };
template <typename T> constexpr constant int rank = 0;
template <> constexpr constant int rank<float> = 2;

kernel void conversions(device float* out [[buffer(0)]]) {
    Celsius c = {21.5f};
    float f = c;
    out[0] = f;
    float4x4 m = float4x4(float4(1), float4(2), float4(3), float4(4, 5, 6, 7));
    out[1] = m.columns[3][2];
    half3 a = half3(0), b = half3(1);
    out[2] = float(mix(a, b, 0.75f).y);
    Sphere s(float3(1, 2, 3), 4);
    out[3] = s.radius() + s.xy.y * 4 + s.data.x;
    out[4] = __metal_fabs(-2.0f, __METAL_MAYBE_FAST_MATH__);
    pick<false, float>::type i = 3;
    out[5] = float(i);
    out[6] = float(is_same<pick<true, float>::type, float>::value);
    out[7] = float(rank<float> + rank<int> * 5 + numeric_limits<uchar>::digits / 4);
}

kernel void wide_shuffles(device ulong* out [[buffer(0)]], device uint* flags [[buffer(1)]],
                          uint lane [[thread_index_in_simdgroup]]) {
    out[lane] = simd_shuffle_xor(ulong(lane) + (ulong(1) << 40), ushort(1)) - (ulong(1) << 40);
    bool2 b = simd_broadcast(bool2(lane == 0, lane != 0), 0);
    flags[lane] = uint(b.x && !b.y);
}

struct DefaultConstructible {
    template <typename T>
    operator T() && { return T{}; }
};

struct Pair2 { float inner[2]; };
struct Nested { Pair2 p; float w; uint n; };

kernel void aggregates(device float* out [[buffer(0)]]) {
    Pair2 a = Pair2{1.0, 2.0};
    out[0] = a.inner[0];
    out[1] = a.inner[1];
    out[2] = out[5] > 100 ? out[5] : DefaultConstructible();
    Nested n = {5.0, 6.0, 7.0, 8u};
    out[3] = n.w;
    out[4] = n.p.inner[0] - n.p.inner[1] + 4;
    out[5] = float(n.n) - 4;
}

template <typename T> struct Less { bool operator()(T a, T b) const { return a < b; } };
struct Twice { template <typename T> T operator()(T x) const { return x * 2; } };
struct Offset {
    float base;
    template <typename T> T operator()(T x) const { return x + T(base); }
};
template <typename T, typename Op = Less<T>> bool ordered(T a, T b) { Op op; return op(a, b); }

kernel void functors(device float* out [[buffer(0)]]) {
    Twice tw;
    Offset off = {7.0f};
    out[0] = ordered(1.0f, 2.0f) ? 1 : 0;
    out[1] = tw(3.0f);
    out[2] = off(3.0f);
}

struct PIn { packed_half3 n; half pad; };

kernel void packed_casts(device float3* out [[buffer(0)]]) {
    PIn in = {packed_half3(half3(1.5h, 2.0h, 3.0h)), 0.0h};
    float3 v = (float3)in.n;
    out[0] = v;
}
