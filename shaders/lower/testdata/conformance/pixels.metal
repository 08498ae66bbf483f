// RUN kernel=unpack_pixels grid=2 tg=2
// BUF 0 uint[2] = 0x33ff0080 0x7f0080c0
// BUF 1 float[8] zero
// BUF 2 uint[2] zero
// EXPECT 1 float[] = 0.5019608 0 1 0.2 0.7529412 0.5019608 0 0.49803922
// EXPECT 2 uint[] = 0x33ff0080 0x7f0080c0
#include <metal_stdlib>
using namespace metal;

// Pixel storage types in device memory: loads unpack to the ALU type,
// stores pack again (rint of value·255).
kernel void unpack_pixels(device rgba8unorm<float4>* in [[buffer(0)]], device float4* out [[buffer(1)]],
                          device rgba8unorm<float4>* back [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    float4 v = in[i];
    out[i] = v;
    back[i] = v;
}
