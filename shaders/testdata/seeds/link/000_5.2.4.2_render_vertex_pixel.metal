// seed: 000 §5.2.4.2 (Fragment Fonksiyonu Giriş Örneği) + §5.7.1 rules, example 1 of §5.2.4.2
// expect: valid
// link: vertex=render_vertex fragment=render_pixel expect=ok
// note: render_vertex returns VertexOutput, render_pixel takes VertexOutput2 as [[stage_in]]; the struct names differ
// note: but every member matches by name and type, so the signatures match (see ../000_5.2.4.2_render_pixel.metal for
// note: the completion notes).
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

struct VertexOutput2 {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

struct VertexInputData {
    float4 position;
    float3 normal;
    float2 texcoord;
};

constexpr sampler s = sampler(coord::normalized, address::clamp_to_edge, filter::linear);

vertex VertexOutput
render_vertex(const device VertexInputData *v_in [[buffer(0)]],
              constant float4x4& mvp_matrix [[buffer(1)]],
              uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in[v_id].position * mvp_matrix;
    v_out.color = float4(v_in[v_id].normal * 0.5f + 0.5f, 1.0f);
    v_out.texcoord = v_in[v_id].texcoord;
    return v_out;
}

fragment float4
render_pixel(VertexOutput2 input [[stage_in]],
             texture2d<float> imgA [[texture(0)]],
             texture2d<float> imgB [[texture(1)]])
{
    float4 tex_clr0 = imgA.sample(s, input.texcoord);
    float4 tex_clr1 = imgB.sample(s, input.texcoord);
    return mix(tex_clr0, tex_clr1, 0.5f) * input.color;
}
