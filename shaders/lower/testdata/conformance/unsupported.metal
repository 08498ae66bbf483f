// RUN kernel=with_lambda grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 0 2 4 6
// RUN kernel=global_binding grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 0 1 2 3
#include <metal_stdlib>
using namespace metal;

kernel void with_lambda(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    auto twice = [](int x) { return 2 * x; };
    out[id] = twice(int(id));
}

device int* gout [[buffer(0)]];

kernel void global_binding(uint id [[thread_position_in_grid]]) {
    gout[id] = int(id);
}
