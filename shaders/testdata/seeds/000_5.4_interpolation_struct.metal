// seed: 000 §5.4 (Sampling ve Interpolation Öznitelikleri), example 1 of that section
// expect: valid
// note: sampling/interpolation attributes on stage_in members; int members are flat; an interpolant<float4,
// note: interpolation::perspective> member is interpolated in the fragment by the shader.
// note: completed: a fragment function taking FragmentInput as [[stage_in]] (the seed shows the struct only); the
// note: matching vertex side is in link/000_5.4_interpolation_link.metal.
// EXPECT-FUNC name=interp_fragment kind=fragment
// EXPECT-NOARG function=interp_fragment arg=in
#include <metal_stdlib>
using namespace metal;

struct FragmentInput {
    float4 pos [[center_no_perspective]];
    float4 color [[center_perspective]];
    float2 texcoord;
    int index [[flat]];
    float f [[sample_perspective]];
    interpolant<float4, interpolation::perspective> icolor;
};

fragment float4 interp_fragment(FragmentInput in [[stage_in]])
{
    float4 centroid_color = in.icolor.interpolate_at_centroid();
    float4 center_color = in.icolor.interpolate_at_center();
    return in.color * in.f + in.pos * 0.0f + float4(in.texcoord, float(in.index), 0.0f) + centroid_color - center_color;
}
