// Variadic function templates (SPIRV-Cross's spvGather* helpers): a function
// parameter pack expanded in a call, recursion ended by partial ordering,
// sizeof... and a pack forwarded to a functor.
// RUN kernel=packs grid=1 tg=1
// BUF 0 float[4] zero
// EXPECT 0 float[] = 6 3 10 0
#include <metal_stdlib>
using namespace metal;

template <typename T> T sum_all(T x) { return x; }
template <typename T, typename... Ts> T sum_all(T x, Ts... rest) { return x + sum_all(rest...); }
template <typename... Ts> int count(Ts... xs) { return int(sizeof...(Ts)) + int(sizeof...(xs)); }
template <typename F, typename... Ts> float apply_to(F f, Ts... args) { return f(args...); }
template <typename... Ts> float none(Ts... args) { return float(sizeof...(args)); }
struct add3 {
    float operator()(float a, float b, float c) const { return a + b + c; }
};

kernel void packs(device float* out [[buffer(0)]]) {
    out[0] = sum_all(1.0f, 2.0f, 3.0f);
    out[1] = float(count(1, 2.0f, 3u)) / 2.0f;
    out[2] = apply_to(add3{}, 2.0f, 3.0f, 5.0f);
    out[3] = none();
}
