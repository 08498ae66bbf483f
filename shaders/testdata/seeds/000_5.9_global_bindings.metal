// seed: 000 §5.9 (program-scope buffers, textures and samplers), example 2 of that section
// expect: valid
// note: Metal 3.2+: device/constant/threadgroup buffers, textures and samplers at program scope; binding indices must
// note: be given explicitly (the compiler cannot assign them).
// note: completed: a kernel that uses the globals (the seed shows the declarations only).
// EXPECT-FUNC name=use_globals kind=kernel
#include <metal_stdlib>
using namespace metal;

device void * constant b_d [[buffer(0)]];
constant void * constant b_c [[buffer(1)]];
threadgroup void * constant b_t [[threadgroup(2)]];

texture2d<float> constant t [[texture(0)]];
sampler constant s [[sampler(0)]];
constant array<sampler, 4> ss [[sampler(1)]];

kernel void use_globals(uint tid [[thread_position_in_grid]])
{
    device float *out = static_cast<device float *>(b_d);
    constant float *in = static_cast<constant float *>(b_c);
    float4 c = t.sample(s, float2(0.5f)) + t.sample(ss[tid % 4], float2(0.25f));
    out[tid] = in[tid] * c.x;
}
