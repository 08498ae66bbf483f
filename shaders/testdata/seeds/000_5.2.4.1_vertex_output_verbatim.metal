// seed: 000 §5.2.4.1 (Vertex Fonksiyonu Çıkış Örneği), example 1 of that section, kept verbatim
// expect: error
// note: verbatim seed text: the return type VertexOutput2 is not declared in this example (and VertexInput is not
// note: either; the block declares VertexInputData). Only `#include`/`using` lines and the `…` statement were
// note: completed (`…` -> nothing); do_lighting is undeclared too. Uses of the invalid v_in must not produce
// note: follow-on errors (as clang suppresses them). The corrected form is 000_5.2.4.1_vertex_output.metal.
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

vertex VertexOutput2 // ERROR "VertexOutput2"
render_vertex(
    VertexInput v_in [[stage_in]], // ERROR "VertexInput"
    constant float4x4& mvp_matrix [[buffer(1)]],
    constant LightDesc& lights [[buffer(2)]],
    uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in.position * mvp_matrix;
    v_out.color = do_lighting(v_in.position, v_in.normal, lights); // ERROR "do_lighting"
    return v_out;
}
