// seed: 000 §5.2.4.1 (Vertex Fonksiyonu Çıkış Örneği), example 1 of that section
// expect: valid
// note: per-vertex inputs passed with [[stage_in]] (attributes come from the VertexInput struct of the §5.2.4 block).
// note: fixed: return type `VertexOutput2` -> `VertexOutput`: the function builds and returns a VertexOutput, and
// note: VertexOutput2 is only introduced (truncated) in the next example; the two examples were interleaved in
// note: transcription (verbatim variant: 000_5.2.4.1_vertex_output_verbatim.metal).
// note: completed: struct VertexInput with [[attribute]]s (the seed declares VertexInputData here but uses
// note: VertexInput, taken from the §5.2.4 block); do_lighting; the `…` in the body.
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-ARG function=render_vertex arg=mvp_matrix kind=buffer index=1
// EXPECT-ARG function=render_vertex arg=lights kind=buffer index=2
// EXPECT-NOARG function=render_vertex arg=v_in
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

struct VertexInputData {
    float4 position;
    float3 normal;
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
    address::clamp_to_edge,
    filter::linear
);

float4 do_lighting(float4 position, float3 normal, constant LightDesc& lights)
{
    float4 c = float4(0.0f);
    for (uint i = 0; i < min(lights.num_lights, MAX_LIGHTS); ++i)
        c += lights.light_color[i] * saturate(dot(normal, normalize(lights.light_position[i].xyz - position.xyz)));
    return c;
}

vertex VertexOutput
render_vertex(
    VertexInput v_in [[stage_in]],
    constant float4x4& mvp_matrix [[buffer(1)]],
    constant LightDesc& lights [[buffer(2)]],
    uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in.position * mvp_matrix;
    v_out.color = do_lighting(v_in.position, v_in.normal, lights);
    v_out.texcoord = float2(v_in.texcoord);
    return v_out;
}
