// seed: 000 §5.7.1, derived from prose (no code in the seed for these cases)
// expect: valid
// link: vertex=v_main fragment=f_main expect=mismatch
// note: each user-generated fragment input must match a vertex output: by [[user(name)]] if given, else by name and
// note: type; the types must match or the fragment type must be interpolant<T,P> with T the vertex member's type.
// note: `missing` has no vertex counterpart; `weight` is interpolant<float2,…> against a float vertex member;
// note: `uv` is named like a vertex member but of another type. Built-ins (position, front_facing) never mismatch.
#include <metal_stdlib>
using namespace metal;

struct VOut {
    float4 position [[position]];
    float2 uv;
    float weight;
    float3 tint [[user(tint)]];
};

struct FIn {
    float4 position [[position]];
    float3 uv; // MISMATCH "uv"
    interpolant<float2, interpolation::no_perspective> weight; // MISMATCH "weight"
    float4 missing; // MISMATCH "missing"
    float3 colour [[user(tint)]];
    bool front [[front_facing]];
};

vertex VOut v_main(uint vid [[vertex_id]])
{
    VOut o;
    o.position = float4(float(vid), 0.0f, 0.0f, 1.0f);
    o.uv = float2(0.5f);
    o.weight = 1.0f;
    o.tint = float3(1.0f);
    return o;
}

fragment float4 f_main(FIn in [[stage_in]])
{
    return float4(in.uv + in.colour, in.weight.interpolate_at_center().x) + in.missing * float(in.front);
}
