// seed: 000 §5.2.2 ("Bir vertex girdi yapısına vertex özniteliklerinin atanmasına örnek"), example 4 of that section
// expect: valid
// note: per-vertex inputs split between a [[stage_in]] struct (with [[attribute]]s) and a [[buffer(0)]] argument.
// note: fixed: `MAX.LIGHTS` -> `MAX_LIGHTS` (3 times), transcription error ('.' for '_'; `MAX.LIGHTS` is not an
// note: identifier and MAX_LIGHTS is the constant of every other copy of this example).
// note: completed: the seed lost `constexpr constant uint MAX_LIGHTS = 4;` and `struct LightDesc {` before the
// note: orphaned member list (restored from the identical block earlier in §5.2.2); struct VertexOutput; the function
// note: body after the seed's final `{`.
// note: ambiguity: `VertexInput2 v_in2 [[buffer(0)]]` passes a struct by value with a buffer attribute; the seed
// note: presents it as valid, so it is kept verbatim and expected to compile (see INDEX.md).
// EXPECT-FUNC name=render_vertex kind=vertex
// EXPECT-NOARG function=render_vertex arg=v_in
// EXPECT-ATTR function=render_vertex member=position index=0 type=float4
// EXPECT-ATTR function=render_vertex member=normal index=1 type=float3
// EXPECT-ARG function=render_vertex arg=v_in2 kind=buffer index=0 type=VertexInput2
// EXPECT-ARG function=render_vertex arg=mvp_matrix kind=buffer index=1
// EXPECT-ARG function=render_vertex arg=lights kind=buffer index=2
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    half4 color;
    half2 texcoord;
};

struct VertexInput {
    float4 position [[attribute(0)]];
    float3 normal [[attribute(1)]];
};

struct VertexInput2 {
    half4 color;
    half2 texcoord[4];
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
    filter::linear);

vertex VertexOutput
render_vertex(VertexInput v_in [[stage_in]],
              VertexInput2 v_in2 [[buffer(0)]],
              constant float4x4& mvp_matrix [[buffer(1)]],
              constant LightDesc& lights [[buffer(2)]],
              uint v_id [[vertex_id]])
{
    VertexOutput v_out;
    v_out.position = v_in.position * mvp_matrix;
    v_out.color = v_in2.color * half(lights.num_lights > 0 ? 1.0f : 0.5f);
    v_out.texcoord = v_in2.texcoord[v_id % 4];
    return v_out;
}
