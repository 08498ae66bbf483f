// seed: 000 §5.4 (end of the section; in the English spec this programmable-blending example belongs to §5.5), example 3
// expect: valid
// note: a fragment reading the current framebuffer colour with [[color(0)]] (per-sample execution may follow) and a
// note: non-struct [[stage_in]] input.
// note: completed: `mix_factor` and `c` are used but not declared by the seed: added a program-scope
// note: `constant float mix_factor` and a local `float4 c;` before the return.
// note: ambiguity: [[stage_in]] on a plain float2 (not a struct) is kept as the seed shows it (expected valid).
// EXPECT-FUNC name=my_fragment kind=fragment
// EXPECT-ARG function=my_fragment arg=img kind=texture index=0
// EXPECT-ARG function=my_fragment arg=s kind=sampler index=0
// EXPECT-NOARG function=my_fragment arg=framebuffer
// EXPECT-NOARG function=my_fragment arg=tex_coord
#include <metal_stdlib>
using namespace metal;

constant float mix_factor = 0.5f;

[[fragment]] float4
my_fragment(float2 tex_coord [[stage_in]],
            texture2d<float> img [[texture(0)]],
            sampler s [[sampler(0)]],
            float4 framebuffer [[color(0)]])
{
    float4 c;
    return c = mix(img.sample(s, tex_coord), framebuffer, mix_factor);
}
