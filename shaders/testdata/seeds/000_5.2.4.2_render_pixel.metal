// seed: 000 §5.2.4.2 (Fragment Fonksiyonu Giriş Örneği), example 1 of that section
// expect: valid
// note: the vertex output (VertexOutput) feeds the fragment's [[stage_in]] argument; render_pixel samples imgA/imgB
// note: with the program-scope constexpr sampler s.
// note: completed (extraction damage): the seed opens with `struct VertexOutput2 {` directly followed by the tail of
// note: render_vertex's parameter list. Restored: VertexOutput2's members (same as VertexOutput: the fragment reads
// note: input.texcoord), VertexOutput, VertexInputData (from the §5.2.4.1 block; v_in is indexed by v_id so it is a
// note: buffer), LightDesc, sampler s, do_lighting, compute_color, and the head of render_vertex
// note: `vertex VertexOutput render_vertex(const device VertexInputData *v_in [[buffer(0)]],`. The `…` argument of
// note: compute_color is input.color.
// note: render_vertex returns VertexOutput while render_pixel takes VertexOutput2; the members match by name and type,
// note: so the pair links (also in link/000_5.2.4.2_render_vertex_pixel.metal).
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-FUNC name=render_pixel kind=fragment
// EXPECT-ARG function=render_vertex arg=v_in kind=buffer index=0 access=read type=VertexInputData size=48 alignment=16
// EXPECT-ARG function=render_pixel arg=imgA kind=texture index=0 access=read texture_type=texture2d data_type=float
// EXPECT-ARG function=render_pixel arg=imgB kind=texture index=1 access=read texture_type=texture2d data_type=float
// EXPECT-NOARG function=render_pixel arg=input
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

float4 do_lighting(float4 position, float3 normal, constant LightDesc& lights)
{
    return lights.num_lights > 0 ? lights.light_color[0] * saturate(dot(normal, normalize(lights.light_position[0].xyz - position.xyz))) : float4(1.0f);
}

float4 compute_color(float4 a, float4 b, float4 vertex_color)
{
    return mix(a, b, 0.5f) * vertex_color;
}

struct VertexOutput2 {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

vertex VertexOutput
render_vertex(const device VertexInputData *v_in [[buffer(0)]],
constant float4x4& mvp_matrix [[buffer(1)]],
constant LightDesc& lights [[buffer(2)]],
uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in[v_id].position * mvp_matrix;
    v_out.color = do_lighting(v_in[v_id].position,
                              v_in[v_id].normal, lights);
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

    // Rengi hesapla.
    float4 clr = compute_color(tex_clr0, tex_clr1, input.color);
    return clr;
}
