// RUN kernel=with_lambda grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 0 2 4 6
// RUN kernel=captures grid=4 tg=4
// BUF 0 float[4] = 1 2 3 4
// EXPECT 0 float[] = 5 7 9 11
// RUN kernel=by_ref grid=1 tg=1
// BUF 0 int[2] zero
// EXPECT 0 int[] = 3 6
#include <metal_stdlib>
using namespace metal;

kernel void with_lambda(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    auto twice = [](int x) { return 2 * x; };
    out[id] = twice(int(id));
}

kernel void captures(device float* p [[buffer(0)]], uint tid [[thread_position_in_grid]]) {
    float scale = 2.0f;
    auto twice = [scale](float x) { return x * scale; };
    auto add = [&](float a, float b) -> float { return a + b + scale; };
    p[tid] = add(twice(p[tid]), 1.0f);
}

kernel void by_ref(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int count = 0;
    auto bump = [&count](int d) { count += d; };
    bump(1);
    bump(2);
    out[0] = count;
    out[1] = [&](int k) { return k * count - count; }(3);
}
