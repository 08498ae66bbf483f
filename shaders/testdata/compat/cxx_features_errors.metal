// feature: C++ as kernel libraries write it (issue 13, item 5): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

inline float first(thread float (&a)[4]) { return a[0]; }

template <typename T> inline T pick(T x, float y) { return x; }
template <typename T> inline T pick(float x, T y) { return y; }

kernel void k(device float* out [[buffer(0)]]) {
    float three[3] = {1, 2, 3};
    out[0] = first(three); // ERROR "no matching function for call to 'first'"
    out[1] = pick(1.0f, 2.0f); // ERROR "ambiguous"
}
