// feature: more C++ of kernel libraries (MLX steel, candle): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

struct holder {
    simdgroup_matrix<float, 8, 8> m = 1.0f; // ERROR "cannot initialize a variable of type 'simdgroup_matrix<float, 8, 8>' with an value of type 'float'"
    simdgroup_matrix<float, 8, 8> ok = simdgroup_matrix<float, 8, 8>(0);
};

kernel void mma(device float* out [[buffer(0)]]) {
    simdgroup_matrix<float, 8, 8> a = simdgroup_matrix<float, 8, 8>(1);
    simdgroup_matrix<half, 8, 8> h = simdgroup_matrix<half, 8, 8>(1);
    simdgroup_matrix<float, 8, 8> q = a / a; // ERROR "invalid operands to binary expression"
    simdgroup_matrix<float, 8, 8> r = a * h; // ERROR "invalid operands to binary expression"
}

// A recursion with no terminating specialization instantiates forever.
template <int D>
struct endless {
    endless<D - 1> inner; // ERROR "depth|recursive|incomplete"
};

template <int N> int endless_fn() { return endless_fn<N - 1>() + 1; } // ERROR "recursive template instantiation exceeded maximum depth"

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
struct other {};
void takes_other(other o) {}
void takes_ref(thread float& f) {}

kernel void convert(device uint* out [[buffer(0)]]) {
    cplx<float> z(1, 2);
    cplx<half> w = z; // ERROR "no matching constructor for initialization of 'cplx<half>'"
    takes_other(z); // ERROR "no matching function for call to 'takes_other'"
    takes_ref(z); // ERROR "no matching function for call to 'takes_ref'"
    int x = make_uniform(); // ERROR "no matching function for call to 'make_uniform'"
    endless<3> e;
    out[1] = endless_fn<2>();
}
