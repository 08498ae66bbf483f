// RUN kernel=add_vectors grid=70 tg=32
// BUF 0 float[70] iota
// BUF 1 float[70] fill 0.5
// BUF 2 float[70] zero
// EXPECT 2 float[] = 0.5 1.5 2.5 3.5 4.5 5.5
#include <metal_stdlib>
using namespace metal;

kernel void add_vectors(device const float* a [[buffer(0)]],
                        device const float* b [[buffer(1)]],
                        device float* out [[buffer(2)]],
                        uint id [[thread_position_in_grid]]) {
    out[id] = a[id] + b[id];
}
