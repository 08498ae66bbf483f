// feature: C++ of template-heavy kernel libraries (MLX, candle): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <typename T> struct box;
template <typename T> constexpr constant bool is_box_v = false;
template <typename T> constexpr constant bool is_box_v<box<T>> = true;

template <typename T>
struct box {
    T v;
    constexpr box(T x, int) thread : v(x) {}
    template <typename U, typename = typename enable_if<!is_box_v<U> && is_convertible_v<U, T>>::type>
    constexpr box(U x) thread : v(static_cast<T>(x)) {}
};
template <typename T>
constexpr box<T> operator*(box<T> a, box<T> b) { return {a.v * b.v, 0}; }

struct other {};

struct Tile {
    float2 frags[2] = {float2(1), float2(2), float2(3)}; // ERROR "excess elements"
    sampler s = sampler(); // ERROR "only a constant of a scalar, vector, array or struct member"
    template <int W>
    void load(const device float* src) thread { frags[0].x = src[W]; }
};

template <typename U>
struct Summer {
    U sum(U x) thread { return simd_sum(x); } // ERROR "no matching function for call to 'simd_sum'"
};

static_assert(__is_same(int)); // ERROR "requires 2 argument"
static_assert(is_convertible_v<float4, float>); // ERROR "static assertion failed"
static_assert((box<float>{2.0f, 0} * box<float>{3.0f, 0}).v == 5.0f); // ERROR "static assertion failed"

float not_template(float x) {
    if constexpr (false) {
        return simd_sum(other{}); // ERROR "no matching function for call to 'simd_sum'"
    }
    return x;
}

kernel void k(device float* out [[buffer(0)]], device bfloat* bf [[buffer(1)]]) {
    box<float> a(other{}); // ERROR "no matching constructor"
    box<float> b(1.0f);
    box<half> c(1.0h);
    box<float> d = b * c; // ERROR "invalid operands to binary expression"
    bf[0] = out[0]; // ERROR "bfloat"
    Summer<box<float>> s;
    box<float> e = s.sum(b);
    out[1] = reinterpret_cast<thread float&>(1.0f); // ERROR "rvalue"
    float4 v = 0;
    out[2] = reinterpret_cast<device float&>(v); // ERROR "address space"
    float arr[4];
    device float* p = reinterpret_cast<device float*>(arr); // ERROR "address space"
    bool nb = !other{}; // ERROR "invalid argument type 'other' to unary expression"
    box<float> nbox = -b; // ERROR "invalid argument type 'box<float>' to unary expression"
    float nf = other{}(1.0f); // ERROR "operator\(\)|not a function"
    box<float> bx(1.0f);
    float bv = bx.operator float(); // ERROR "no member named 'operator'"
    Tile t;
    t.load<1, 2>(out); // ERROR "no matching member function for call to 'load'"
}
