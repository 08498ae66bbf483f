// feature: variadic templates: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

template <typename... Ts> float first(float x, Ts... rest) { return x; }
template <typename... Ts> float pairs(Ts... a) { return 0; }

template <typename... Ts> float bad_sizeof(Ts... xs) {
    float x = 1;
    return float(sizeof...(x)); // ERROR "'sizeof...' needs the name of a parameter pack"
}
template <typename... Ts> float no_pack(Ts... xs) {
    float x = 1;
    return first(x...); // ERROR "contains no unexpanded parameter pack"
}
template <typename T> T take2(T a, T b) { return a + b; }
template <typename... Ts> float forward2(Ts... xs) { return take2(xs...); } // ERROR "no matching function for call to 'take2'"

kernel void k(device float* out [[buffer(0)]]) {
    out[0] = first(1.0f, 2, 3u);
    out[1] = bad_sizeof(1, 2);
    out[2] = no_pack(1);
    out[3] = forward2(1.0f, 2.0f, 3.0f);
    float v = declval<float>(1); // ERROR "'declval' takes no arguments"
}
