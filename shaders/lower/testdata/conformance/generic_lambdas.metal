// Generic lambdas (a parameter declared auto): each call runs the instance
// for its argument types.
// RUN kernel=generic_direct grid=4 tg=4
// BUF 0 float[4] = 1 2 3 4
// BUF 1 float[4] zero
// EXPECT 1 float[] = 4.5 8.5 12.5 16.5
// RUN kernel=generic_through_template grid=4 tg=4
// BUF 0 int[4] = 1 2 3 4
// EXPECT 0 int[] = 3 5 7 9
// RUN kernel=generic_constant_loop grid=1 tg=1
// BUF 0 int[4] zero
// EXPECT 0 int[] = 0 10 20 30
#include <metal_stdlib>
using namespace metal;

kernel void generic_direct(device const float* in [[buffer(0)]], device float* out [[buffer(1)]],
                           uint id [[thread_position_in_grid]]) {
    float bias = 0.5f;
    int calls = 0;
    auto scale = [&](auto x, auto k) {
        calls += 1;
        return x * k + decltype(x)(bias);
    };
    float a = scale(in[id], 3.0f);       // float, float
    int b = scale(int(in[id]), 1);       // int, int (bias converts to 0)
    out[id] = a + float(b) + float(calls - 2);
}

template <typename F>
int apply_twice(F f, int x) {
    return f(f(x));
}

kernel void generic_through_template(device int* p [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    p[id] = apply_twice([](auto v) { return v + 1; }, p[id] * 2 - 1);
}

template <int I> struct Idx {
    static constant constexpr int value = I;
};

kernel void generic_constant_loop(device int* out [[buffer(0)]]) {
    auto put = [&](auto i) { out[decltype(i)::value] = decltype(i)::value * 10; };
    put(Idx<0>{});
    put(Idx<1>{});
    put(Idx<2>{});
    put(Idx<3>{});
}
