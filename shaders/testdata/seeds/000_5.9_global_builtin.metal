// seed: 000 §5.9 (Program Kapsamında Global Yerleşik Değişkenler ve Bağlamalar, global built-in), example 1 of that section
// expect: valid
// note: Metal 3.1+: a program-scope variable with a kernel built-in attribute ([[thread_position_in_grid]]) is usable
// note: from helper functions called in a kernel context.
// note: completed: the `...` parameter is removed; texInput and s get implicit indices texture 0 / sampler 0.
// EXPECT-FUNC name=my_kernel kind=kernel
// EXPECT-ARG function=my_kernel arg=texInput kind=texture index=0
// EXPECT-ARG function=my_kernel arg=s kind=sampler index=0
#include <metal_stdlib>
using namespace metal;

uint2 gid [[thread_position_in_grid]];

float4 get_color(texture2d<float> texInput, sampler s) {
    return texInput.sample(s, float2(gid));
}

[[kernel]] void my_kernel(texture2d<float> texInput, sampler s) {
    auto color = get_color(texInput, s);
}
