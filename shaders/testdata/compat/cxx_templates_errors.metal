// feature: C++ templates (issue 13, item 5): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <typename T> constexpr constant bool flag = false;

template <typename T, typename _E = typename enable_if<is_floating_point<T>::value>::type>
inline T half_of(T x) { return x / T(2); }

struct Unary { float operator()(float x) const { return x; } };
struct Plain { float v; };

kernel void k(device float* out [[buffer(0)]]) {
    Unary u;
    Plain p = {1};
    out[2] = u(1, 2); // ERROR "no matching function for call to object of type 'Unary'"
    out[3] = p(1); // ERROR "called object type 'Plain' is not a function"
    out[0] = flag ? 1 : 0; // ERROR "requires template arguments"
    out[1] = half_of(3); // ERROR "half_of"
}
