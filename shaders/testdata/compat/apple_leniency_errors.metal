// feature: rules where ingot accepts what Apple's compiler accepts: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <int N> struct table {};
template <> struct table<2> {
    static constexpr constant float w[2] = {1, 2};
    float inst;
};
constant constexpr const float table<2>::w[2] = {3, 4}; // ERROR "redefinition of 'w'"
constant constexpr const int table<2>::w[2]; // ERROR "has type 'int\[2\]', its declaration 'float\[2\]'"
constant float table<2>::inst = 1; // ERROR "'inst' is not a static data member"
constant float table<2>::missing = 1; // ERROR "no static data member named 'missing'"

kernel void k(texture2d<float, access::write> w [[texture(0)]],
              const device float* in [[buffer(0)]],
              device float* out [[buffer(1)]],
              uint i [[thread_position_in_grid]]) {
    texture2d<float, access::write> t = w; // ERROR "local texture variables must have access::read or access::sample, not access::write"
    threadgroup float vals[8];
    thread float* p = vals + 1; // ERROR "cannot initialize a variable of type 'thread float\*'"
    device auto* q = in; // ERROR "drops const"
    threadgroup auto* r = in; // ERROR "cannot initialize a variable of type 'threadgroup auto\*'"
    auto* s = 1.0f; // ERROR "incompatible initializer of type 'float'"
    float x = vals * 2; // ERROR "invalid operands to binary expression"
    out[i] = p[0] + q[0] + r[0] + x;
    t.write(float4(0), uint2(i));
}
