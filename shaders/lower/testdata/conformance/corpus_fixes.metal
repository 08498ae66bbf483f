// Forms found running real projects' kernels (engine/corpus_kernels_test.go).
// RUN kernel=matrix_brace_columns grid=1 tg=1
// BUF 0 float[4] = 1 2 3 4
// BUF 1 float[4] zero
// EXPECT 1 float[] = 1.375 1 2 4
// RUN kernel=library_forms grid=1 tg=1
// BUF 0 float[6] zero
// BUF 1 uint[2] = 7 0
// EXPECT 0 float[] = -7 24 3 5 7 0
// EXPECT 1 uint[] = 7 7
// RUN kernel=temporary_functor grid=1 tg=1
// BUF 0 float[4] zero
// EXPECT 0 float[] = 7 -3 -3 -4
// RUN kernel=not_bool_object grid=1 tg=1
// BUF 0 float[3] zero
// EXPECT 0 float[] = 0 1 -1
// RUN kernel=constant_operands grid=1 tg=1
// BUF 0 int[3] zero
// EXPECT 0 int[] = 3 1 9
// RUN kernel=explicit_conversion_call grid=1 tg=1
// BUF 0 float[2] zero
// EXPECT 0 float[] = 3.5 7
// RUN kernel=member_defaults grid=1 tg=1
// BUF 0 float[8] zero
// EXPECT 0 float[] = 1 1 0 0 2 3 4 9
#include <metal_stdlib>
using namespace metal;

// A matrix built from braced columns, used as the right operand of v * m
// (each result component is the dot product with one column).
kernel void matrix_brace_columns(device const float4* in [[buffer(0)]], device float4* out [[buffer(1)]]) {
    const half4x4 m = half4x4({0.5, 0.25, 0.125, 0.0}, {1.0, 0.0, 0.0, 0.0},
                              {0.0, 1.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 1.0});
    out[0] = float4(half4(in[0]) * m);
}

template <typename T> struct cplx;
template <typename T> constexpr constant bool is_cplx_v = false;
template <typename T> constexpr constant bool is_cplx_v<cplx<T>> = true;

template <typename T>
struct cplx {
    T re;
    T im;
    constexpr cplx(T a, T b) thread : re(a), im(b) {}
    template <typename U, typename = typename enable_if<!is_cplx_v<U> && is_convertible_v<U, T>>::type>
    constexpr cplx(U x) thread : re(static_cast<T>(x)), im(static_cast<T>(0)) {}
};
template <typename T>
constexpr cplx<T> operator*(cplx<T> a, cplx<T> b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
template <typename T, typename U, enable_if_t<!is_cplx_v<U>, bool> = true>
constexpr cplx<T> operator*(U s, cplx<T> b) {
    return {static_cast<T>(s) * b.re, static_cast<T>(s) * b.im};
}
template <typename T>
float pick(T x) {
    if constexpr (is_floating_point_v<T>) {
        return float(x);
    } else {
        return 0.0f;
    }
}

// Constructor and operator templates, reinterpret_cast to a reference, if constexpr.
kernel void library_forms(device float* out [[buffer(0)]], device uint* idx [[buffer(1)]]) {
    cplx<float> a(3, 4);       // (3, 4)
    cplx<float> b(1);          // (1, 0) through the constructor template
    cplx<float> c = a * a * b; // (-7, 24)
    out[0] = c.re;
    out[1] = c.im;
    cplx<float> d = 0.75f * a; // (2.25, 3)
    out[2] = d.im;
    float4 v = float4(1, 2, 3, 4);
    reinterpret_cast<thread float&>(v) = 5.0f;
    out[3] = v.x;
    idx[1] = idx[0];
    out[4] = pick(float(idx[0]));
    out[5] = pick(a);
}

struct Segment {
    float3 origin;
    float3 dir;
};
struct Camera {
    float2 frags[2] = {float2(1)};
    Segment seg{float3(2), float3(3)};
    float scale = 4;
    int unset;
};

// Default member initializers of array and struct members.
kernel void member_defaults(device float* out [[buffer(0)]]) {
    Camera c;
    out[0] = c.frags[0].x;
    out[1] = c.frags[0].y;
    out[2] = c.frags[1].x;
    out[3] = c.frags[1].y;
    out[4] = c.seg.origin.z;
    out[5] = c.seg.dir.x;
    out[6] = c.scale;
    float2 pairs[2] = {float2(5, 6), float2(7, 8)};
    thread float* flat = reinterpret_cast<thread float*>(pairs);
    out[7] = flat[0] + flat[3] - flat[2] + 3;
}

struct AddOp {
    template <typename T>
    T operator()(T x, T y) thread { return x + y; }
};
struct NegOp {
    float operator()(float x) thread { return -x; }
};
template <typename Op>
float apply2(float a, float b) { return Op()(a, b); }

template <typename T>
cplx<T> operator-(cplx<T> x) { return {-x.re, -x.im}; }

// The operator() of a temporary: Op()(a, b), S{}(x); a unary operator template.
kernel void temporary_functor(device float* out [[buffer(0)]]) {
    out[0] = apply2<AddOp>(3, 4);
    out[1] = NegOp{}(3);
    cplx<float> z = -cplx<float>(3, 4);
    out[2] = z.re;
    out[3] = z.im;
}

struct Flag {
    bool on;
    operator bool() thread { return on; }
};

// !obj through the object's operator bool().
kernel void not_bool_object(device float* out [[buffer(0)]]) {
    Flag yes{true};
    Flag no{false};
    out[0] = !yes ? 1.0f : 0.0f;
    out[1] = !no ? 1.0f : 0.0f;
    bool b = yes;
    out[2] = float(-b);
}

template <typename T, T v>
struct int_c {
    static constexpr constant T value = v;
    constexpr operator T() const thread { return value; }
};

// Built-in operators on objects converting to an arithmetic type.
kernel void constant_operands(device int* out [[buffer(0)]]) {
    int_c<int, 3> three;
    int n = 0;
    for (short i = 0; i < three; i++) {
        n++;
    }
    out[0] = n;
    out[1] = 2 < int_c<int, 4>{} ? 1 : 0;
    out[2] = three * int_c<int, 3>{};
}

struct Fixed8 {
    uchar bits;
    operator half() thread { return half(bits) * 0.5h; }
    operator float() thread { return static_cast<float>(this->operator half()); }
};

// A conversion function called by name (`this->operator half()`).
kernel void explicit_conversion_call(device float* out [[buffer(0)]]) {
    Fixed8 f{7};
    out[0] = f.operator float();
    out[1] = float(f.operator half()) * 2.0f;
}
