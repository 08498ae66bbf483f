// seed: 000 §5.2.1.1 (Kaynaklar ve Device Belleğe Çıktılar İçeren Vertex Fonksiyonu Örneği), example 1 of that section
// expect: valid
// note: a vertex function writing its output to device memory (xform_output) returns void (§5.11 requires void when
// note: a vertex function writes to buffers). float4 * float4x4 multiplies a row vector by the matrix.
// note: completed: do_lighting (called but not declared by the seed) is defined before render_vertex.
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-ARG function=render_vertex arg=v_in kind=buffer index=0 access=read type=VertexInput size=48 alignment=16
// EXPECT-ARG function=render_vertex arg=mvp_matrix kind=buffer index=1 access=read type=float4x4 size=64 alignment=16
// EXPECT-ARG function=render_vertex arg=light_desc kind=buffer index=2 access=read type=LightDesc size=208 alignment=16
// EXPECT-ARG function=render_vertex arg=xform_output kind=buffer index=3 access=read_write type=VertexOutput size=48 alignment=16
// EXPECT-NOARG function=render_vertex arg=v_id
// EXPECT-MEMBER function=render_vertex arg=light_desc member=light_position offset=16 type=float4[4]
// EXPECT-MEMBER function=render_vertex arg=light_desc member=light_color offset=80 type=float4[4]
// EXPECT-MEMBER function=render_vertex arg=light_desc member=light_attenuation_factors offset=144 type=float4[4]
// EXPECT-MEMBER function=render_vertex arg=v_in member=normal offset=16 type=float3
// EXPECT-MEMBER function=render_vertex arg=v_in member=texcoord offset=32 type=float2
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

struct VertexInput {
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

float4 do_lighting(float4 position, float3 normal, constant LightDesc& lights)
{
    float4 c = float4(0.0f);
    for (uint i = 0; i < lights.num_lights && i < MAX_LIGHTS; ++i) {
        float3 l = normalize(lights.light_position[i].xyz - position.xyz);
        float atten = 1.0f / dot(lights.light_attenuation_factors[i].xyz, float3(1.0f, 1.0f, 1.0f));
        c += lights.light_color[i] * max(dot(normal, l), 0.0f) * atten;
    }
    return c;
}

vertex void
render_vertex(const device VertexInput* v_in [[buffer(0)]],
              constant float4x4& mvp_matrix [[buffer(1)]],
              constant LightDesc& light_desc [[buffer(2)]],
              device VertexOutput* xform_output [[buffer(3)]],
              uint v_id [[vertex_id]])
{
    VertexOutput v_out;

    v_out.position = v_in[v_id].position * mvp_matrix;
    v_out.color = do_lighting(v_in[v_id].position,
                              v_in[v_id].normal,
                              light_desc);
    v_out.texcoord = v_in[v_id].texcoord;

    // Konumu bir buffer'a yaz
    xform_output[v_id] = v_out;
}
