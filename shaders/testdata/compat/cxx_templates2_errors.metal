// feature: function templates as ANGLE's and Harbeth's shaders write them: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <unsigned int Bits, typename T>
inline float to_unorm(T x) {
    static_assert(Bits <= 23, "single precision only"); // ERROR "static assertion failed: single precision only"
    return float(x);
}
template <typename T>
inline float to_unorm(T x) { return to_unorm<sizeof(T) * 8, T>(x); }
template <int N> inline int only_value() { return N; }

kernel void unorm(device uint* words [[buffer(0)]], device float* out [[buffer(1)]], constant float* mode [[buffer(2)]]) {
    out[0] = to_unorm(words[0]);           // no specialization for uint: 32 bits
    out[1] = float(only_value<float>());   // ERROR "no matching function for call to 'only_value'"
    if (int(*mode)) {                      // an expression: fine
        out[2] = 1;
    }
    if (int m) { // ERROR "expected|initializer"
        out[3] = 1;
    }
}
