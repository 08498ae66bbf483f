// add_vectors.metal: the embedded sample of `ingot msl check` and
// `ingot msl reflect` when no file is given. A small but complete library:
// a kernel with buffers and built-ins, a function constant, a struct-typed
// uniform buffer, a texture with a constexpr sampler, and a vertex/fragment
// pair that exchange varyings.
#include <metal_stdlib>
using namespace metal;

constant bool use_scale [[function_constant(0)]];

struct Params {
    float  scale;
    uint   count;
    float3 bias;
};

kernel void add_vectors(device const float* a      [[buffer(0)]],
                        device const float* b      [[buffer(1)]],
                        device float*       out    [[buffer(2)]],
                        constant Params&    params [[buffer(3)]],
                        uint id [[thread_position_in_grid]])
{
    if (id >= params.count) {
        return;
    }
    float sum = a[id] + b[id];
    if (use_scale) {
        sum *= params.scale;
    }
    out[id] = sum;
}

struct VertexOut {
    float4 position [[position]];
    float2 uv;
    half4  tint [[user(tint)]];
};

vertex VertexOut quad_vertex(uint vid [[vertex_id]],
                             constant float4* corners [[buffer(0)]])
{
    VertexOut out;
    out.position = corners[vid];
    out.uv = corners[vid].xy * 0.5f + 0.5f;
    out.tint = half4(1.0h);
    return out;
}

constexpr sampler linear_clamp(filter::linear, address::clamp_to_edge);

fragment half4 quad_fragment(VertexOut in [[stage_in]],
                             texture2d<half> image [[texture(0)]])
{
    return image.sample(linear_clamp, in.uv) * in.tint;
}
