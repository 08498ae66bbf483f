// feature: more C++ of kernel libraries (MLX steel, candle): simdgroup_matrix members and operators,
// make_uniform, recursive class templates, alias-template patterns, conversion templates in calls
// expect: valid
#include <metal_stdlib>
using namespace metal;

// A simdgroup_matrix array member with a default member initializer, and
// the matrix operators.
template <typename T, int N>
struct tile_mma {
    simdgroup_matrix<T, 8, 8> acc[N] = {simdgroup_matrix<T, 8, 8>(0)};
    simdgroup_matrix<T, 8, 8> one = make_filled_simdgroup_matrix<T, 8, 8>(1);
    void step(simdgroup_matrix<T, 8, 8> a, simdgroup_matrix<T, 8, 8> b) thread {
        acc[0] = a * b + acc[0] - one;
    }
};

kernel void mma(device float* out [[buffer(0)]]) {
    tile_mma<float, 2> t;
    t.step(t.one, t.one);
}

// make_uniform and uniform<T>, also in constant expressions.
kernel void uniform_loop(device float* out [[buffer(0)]], constant int& n [[buffer(1)]]) {
    constexpr const uniform<int> stride = make_uniform(4);
    const uniform<int> size = make_uniform(n);
    const uniform<int> iters = size / stride;
    static_assert(make_uniform(3) == 3, "make_uniform is the identity");
    for (int i = 0; i < iters; i++) {
        out[i] = float(i * stride);
    }
}

// A class template that holds an instance of itself with other arguments,
// ended by partial specializations.
template <int D, typename T = int, bool General = true>
struct looper {
    looper<D - 1, T, General> inner;
    T offset{0};
    T total() const thread { return offset + inner.total(); }
};
template <typename T>
struct looper<1, T, true> {
    T offset{1};
    T total() const thread { return offset; }
};
template <typename T>
struct looper<1, T, false> {
    T offset{2};
    T total() const thread { return offset; }
};
static_assert(sizeof(looper<3>) == 3 * sizeof(int), "three levels");
static_assert(sizeof(looper<4, short, false>) == 4 * sizeof(short), "four levels");

// Alias templates in a partial specialization's pattern are not deduced:
// the substituted pattern must equal the argument (SFINAE on enable_if_t).
template <typename T>
constexpr constant bool is_native_atomic = _disjunction<is_same<T, int>, is_same<T, uint>, is_same<T, float>>::value;
template <typename T, typename = void> struct atomic_slot { atomic<uint> val; };
template <typename T> struct atomic_slot<T, enable_if_t<is_native_atomic<T>>> { atomic<T> val; };
static_assert(is_same_v<decltype(atomic_slot<float>::val), atomic<float>>, "specialized");
static_assert(is_same_v<decltype(atomic_slot<half>::val), atomic<uint>>, "primary");
static_assert(_conjunction<true_type, true_type>::value && !_conjunction<true_type, false_type>::value, "conj");
static_assert(_negation<false_type>::value, "neg");

// nullptr for a pointer parameter of a function template, and array
// parameters (`thread U totals[N]`) that take a pointer.
template <typename T, typename U, int N = 4>
void reduce_rows(thread U totals[N], const device T* rows[N], const device float* scale, int n) {
    for (int i = 0; i < N; i++) {
        totals[i] = U(rows[i][n]) * (scale ? U(*scale) : U(1));
    }
}
template <typename T, typename U, int N = 4>
void reduce_rows(thread U totals[N], const device T* in, int stride, int n) {
    const device T* rows[N];
    for (int i = 0; i < N; i++) {
        rows[i] = in + i * stride;
    }
    reduce_rows<T, U, N>(totals, rows, nullptr, n);
}
kernel void rows(const device half* in [[buffer(0)]], device float* out [[buffer(1)]]) {
    float totals[4];
    reduce_rows<half, float, 4>(totals, in, 8, 0);
    out[0] = totals[0] + totals[3];
}

// Conversion function templates with a SFINAE default argument: in
// assignments, initializations and function arguments.
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
    template <typename U, typename = typename enable_if<!is_cplx_v<U> && is_convertible_v<T, U>>::type>
    constexpr operator U() const device { return static_cast<U>(re); }
};
struct add_epilogue {
    static float apply(float x) { return x; }
    static float apply(float x, float c) { return x + c; }
};
kernel void convert(device cplx<float>* in [[buffer(0)]], device uint* out [[buffer(1)]]) {
    cplx<float> z(1, 2);
    out[0] = z;
    uint u = in[0];
    out[1] = u + uint(add_epilogue::apply(z, in[1]));
}

// Overloads added to namespace metal join the global ones for an
// unqualified call (`using namespace metal`).
namespace metal {
inline bfloat simd_shuffle_and_fill_up(bfloat data, bfloat filling, ushort delta) { return data; }
}
inline bool simd_shuffle_and_fill_up(bool data, bool filling, ushort delta) { return data; }
inline ulong simd_shuffle_and_fill_up(ulong data, ulong filling, ushort delta) { return data; }
kernel void shuffles(device bfloat* out [[buffer(0)]]) {
    bfloat b = out[0];
    out[1] = simd_shuffle_and_fill_up(b, b, 1);
}
