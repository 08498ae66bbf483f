// C++ forms of kernel libraries (MLX, candle) found this round: array-to-pointer
// decay in pointer arithmetic and ?:, auto* deduction, make_uniform, a recursive
// class template, out-of-class static members, conversion templates in calls.
// RUN kernel=decay_arith grid=8 tg=8
// BUF 0 float[8] zero
// EXPECT 0 float[] = 107 109 111 113 115 117 119 121
// RUN kernel=auto_pointer grid=4 tg=4
// BUF 0 float[4] = 1 2 3 4
// BUF 1 float[4] zero
// EXPECT 1 float[] = 12 13 14 15
// RUN kernel=recursive_template grid=1 tg=1
// BUF 0 int[2] zero
// EXPECT 0 int[] = 6 7
// RUN kernel=conversion_template_arg grid=1 tg=1
// BUF 0 float[2] = 2.5 4
// BUF 1 float[2] zero
// EXPECT 1 float[] = 6.5 3
#include <metal_stdlib>
using namespace metal;

// Each thread writes vals[lid] = 10 * lid; then reads through pointers made
// from the array: second = vals + 4, and a ?: between nullptr and the array.
kernel void decay_arith(device float* out [[buffer(0)]], uint lid [[thread_index_in_threadgroup]]) {
    threadgroup float vals[8];
    vals[lid] = 10.0f * float(lid);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    threadgroup float* second = vals + 4;
    threadgroup float* base = lid > 100 ? nullptr : vals;
    thread float local[3] = {1, 2, 3};
    thread float* p = local + 2;                    // 3
    ptrdiff_t n = (vals + 7) - second;              // 3
    out[lid] = second[lid % 4] * 0.0f + base[7] + *p + float(n) + float(lid) * 2.0f + 31.0f;
}

kernel void auto_pointer(const device float* in [[buffer(0)]], device float* out [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
    const device auto* a = in + i;
    thread float tmp[2] = {10, 1};
    auto* c = tmp;
    const uniform<int> k = make_uniform(1);
    out[i] = a[0] + c[0] + float(k) * c[1] - 0.0f * float(i);
}

template <int D, typename T = int>
struct looper {
    looper<D - 1, T> inner;
    T offset{D};
    T total() const thread { return offset + inner.total(); }
};
template <typename T>
struct looper<1, T> {
    T offset{1};
    T total() const thread { return offset; }
};
template <int N> struct table {};
template <> struct table<2> {
    static constexpr constant int w[2] = {3, 4};
};
constant constexpr const int table<2>::w[2];

kernel void recursive_template(device int* out [[buffer(0)]]) {
    looper<3> l;
    out[0] = l.total();
    out[1] = table<2>::w[0] + table<2>::w[1];
}

template <typename T> struct cplx;
template <typename T> constexpr constant bool is_cplx_v = false;
template <typename T> constexpr constant bool is_cplx_v<cplx<T>> = true;
template <typename T>
struct cplx {
    T re;
    T im;
    constexpr cplx(T a, T b) thread : re(a), im(b) {}
    template <typename U, typename = typename enable_if<!is_cplx_v<U> && is_convertible_v<T, U>>::type>
    constexpr operator U() const thread { return static_cast<U>(re); }
};
struct add_op {
    static float apply(float x, float c) { return x + c; }
};

kernel void conversion_template_arg(const device float* in [[buffer(0)]], device float* out [[buffer(1)]]) {
    cplx<float> a(in[0], 1);
    cplx<float> b(in[1], 2);
    out[0] = add_op::apply(a, b);
    uint u = cplx<float>(3.75f, 0);
    out[1] = float(u);
}

