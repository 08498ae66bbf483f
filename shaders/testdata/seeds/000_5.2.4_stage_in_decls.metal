// seed: 000 §5.2.4 (Stage Input, declarations block after the member-type rules), example 1 of that section
// expect: valid
// note: the seed prints the tail of a VertexOutput struct, VertexInput with [[attribute(0..3)]], MAX_LIGHTS,
// note: LightDesc and a constexpr sampler; the function that used them is not in this block.
// note: completed: the lost `struct VertexOutput {` header; a render_vertex using the declarations (same shape as the
// note: §5.2.2 example) so the block forms a program.
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-ATTR function=render_vertex member=position index=0 type=float4
// EXPECT-ATTR function=render_vertex member=normal index=1 type=float3
// EXPECT-ATTR function=render_vertex member=color index=2 type=half4
// EXPECT-ATTR function=render_vertex member=texcoord index=3 type=half2
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
float4 position [[position]];
float4 color;
float2 texcoord;
};

struct VertexInput {
    float4 position [[attribute(0)]];
    float3 normal [[attribute(1)]];
    half4 color [[attribute(2)]];
    half2 texcoord [[attribute(3)]];
};

constexpr constant uint MAX_LIGHTS = 4;

struct LightDesc {
    uint num_lights;
    float4 light_position[MAX_LIGHTS];
    float4 light_color[MAX_LIGHTS];
    float4 light_attenuation_factors[MAX_LIGHTS];
};

constexpr sampler s = sampler(
    coord::normalized,
    address::clamp_to_zero,
    filter::linear
);

vertex VertexOutput
render_vertex(VertexInput v_in [[stage_in]],
              constant float4x4& mvp_matrix [[buffer(1)]],
              constant LightDesc& lights [[buffer(2)]])
{
    VertexOutput v_out;
    v_out.position = v_in.position * mvp_matrix;
    v_out.color = float4(v_in.color) * (lights.num_lights > 0 ? lights.light_color[0] : float4(1.0f));
    v_out.texcoord = float2(v_in.texcoord);
    return v_out;
}
