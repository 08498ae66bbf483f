// seed: 000 §5.2.2 (Vertex Başına Girdileri Konumlandırma Öznitelikleri), examples 1-3 of that section
// expect: valid
// note: the seed gives three fragments of one example: the member list "Örnek vertex girdi öznitelikleri"
// note: (position/normal/color/texcoord with [[attribute(0..3)]]), the supporting LightDesc/sampler declarations, and
// note: the render_vertex signature. Each [[stage_in]] member must carry [[attribute(index)]].
// note: completed: `struct VertexInput {` / `};` around the member list, struct VertexOutput, and the function body.
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-NOARG function=render_vertex arg=v_in
// EXPECT-NOARG function=render_vertex arg=v_id
// EXPECT-ATTR function=render_vertex member=position index=0 type=float4
// EXPECT-ATTR function=render_vertex member=normal index=1 type=float3
// EXPECT-ATTR function=render_vertex member=color index=2 type=half4
// EXPECT-ATTR function=render_vertex member=texcoord index=3 type=half2
// EXPECT-ARG function=render_vertex arg=mvp_matrix kind=buffer index=1 type=float4x4 size=64
// EXPECT-ARG function=render_vertex arg=lights kind=buffer index=2 type=LightDesc size=208 alignment=16
#include <metal_stdlib>
using namespace metal;

struct VertexInput {
float4 position [[attribute(0)]];
float3 normal [[attribute(1)]];
half4 color [[attribute(2)]];
half2 texcoord [[attribute(3)]];
};

struct VertexOutput {
    float4 position [[position]];
    half4 color;
    half2 texcoord;
};

constexpr constant uint MAX_LIGHTS = 4;

struct LightDesc {
    uint num_lights;
    float4 light_position[MAX_LIGHTS];
    float4 light_color[MAX_LIGHTS];
    float4 light_attenuation_factors[MAX_LIGHTS];
};

constexpr sampler s = sampler(coord::normalized,
                              address::clamp_to_zero,
                              filter::linear);

vertex VertexOutput
render_vertex(VertexInput v_in [[stage_in]],
              constant float4x4& mvp_matrix [[buffer(1)]],
              constant LightDesc& lights [[buffer(2)]],
              uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in.position * mvp_matrix;
    float lit = lights.num_lights > 0 ? max(dot(v_in.normal, normalize(lights.light_position[0].xyz)), 0.0f) : 1.0f;
    v_out.color = v_in.color * half(lit);
    v_out.texcoord = v_in.texcoord;
    return v_out;
}
