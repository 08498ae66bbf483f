// seed: 000 §5.2.3.4 (barycentric coordinates and primitive ID in structs), example 2 of that section
// expect: valid
// note: [[barycentric_coord]] may only be combined with center_perspective (default) or center_no_perspective.
// note: completed: two fragment functions that take the seed's structs as [[stage_in]] (the seed shows the structs
// note: only).
// EXPECT-FUNC name=frag0 kind=fragment
// EXPECT-FUNC name=frag1 kind=fragment
#include <metal_stdlib>
using namespace metal;

struct FragmentInput0 {
    uint primitive_id [[primitive_id]];

    // [[center_perspective]] varsayılandır, bu nedenle yazılmayabilir.
    float3 barycentric_coord [[barycentric_coord, center_perspective]];
};

struct FragmentInput1 {
    uint primitive_id [[primitive_id]];
    float2 linear_barycentric_coord [[barycentric_coord, center_no_perspective]];
};

fragment float4 frag0(FragmentInput0 in [[stage_in]])
{
    return float4(in.barycentric_coord, float(in.primitive_id & 1));
}

fragment float4 frag1(FragmentInput1 in [[stage_in]])
{
    return float4(in.linear_barycentric_coord, 0.0f, float(in.primitive_id & 1));
}
