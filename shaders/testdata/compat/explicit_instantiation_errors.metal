// feature: explicit instantiation (issue 13, item 2): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <typename T>
kernel void scale(device T* out [[buffer(0)]], uint i [[thread_position_in_grid]]) { out[i] = out[i] * T(2); }

template [[host_name("scale_a")]] [[kernel]] decltype(scale<float>) scale<float>;
template [[host_name("scale_a")]] [[kernel]] decltype(scale<half>) scale<half>; // ERROR "already used by another qualified function"
template [[host_name("missing")]] [[kernel]] decltype(missing<float>) missing<float>; // ERROR "undeclared identifier 'missing'"
