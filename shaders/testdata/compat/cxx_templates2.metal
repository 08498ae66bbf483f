// feature: function templates as ANGLE's and Harbeth's shaders write them: explicit arguments that convert,
// overloads told apart by the kind of their template parameters, `template <>` specializations with deduced
// arguments, and a functional cast of a dereference as a condition
// expect: valid
#include <metal_stdlib>
using namespace metal;

template <unsigned int Bits, typename T>
inline float to_unorm(T x) {
    static_assert(Bits <= 23, "single precision only");
    return float(x) / float((1u << Bits) - 1u);
}
template <typename T>
inline float to_unorm(T x) { return to_unorm<sizeof(T) * 8, T>(x); }
// Specializes to_unorm<T> with T = uint (deduced): the generic body, whose
// static_assert would fail for 32 bits, is never instantiated for uint.
template <>
inline float to_unorm(uint x) { return float(x) / 4294967295.0f; }

kernel void unorm(device uchar* bytes [[buffer(0)]], device uint* words [[buffer(1)]],
                  constant float* mode [[buffer(2)]], device float* out [[buffer(3)]]) {
    out[0] = to_unorm<7, char>(bytes[0]);   // explicit T = char: the uchar argument converts
    out[1] = to_unorm<uchar>(bytes[1]);     // a type: only the one-parameter template applies
    out[2] = to_unorm(words[0]);
    out[3] = to_unorm<uint>(words[1]);
    switch (int(*mode)) {                   // an expression, not a declaration
    case 1:
        out[4] = 1;
        break;
    default:
        break;
    }
    if (int m = int(*mode)) {
        out[5] = float(m);
    }
}
