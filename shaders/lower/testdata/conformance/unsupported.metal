// RUN kernel=with_lambda grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 0 2 4 6
#include <metal_stdlib>
using namespace metal;

kernel void with_lambda(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    auto twice = [](int x) { return 2 * x; };
    out[id] = twice(int(id));
}
