// seed: 001 "Drawing Geometric Primitives", derived from prose (no code in the seed)
// expect: valid
// note: "When rendering a point primitive, the shader language code for the vertex function must provide the
// note: [[ point_size ]] attribute" and for flat shading "the vertex function must provide the [[ flat ]]
// note: interpolation qualifier" (the provoking vertex's value is used for the whole triangle).
// EXPECT-FUNC name=point_vertex kind=vertex
// EXPECT-FUNC name=flat_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct PointOut {
    float4 position [[ position ]];
    float size [[ point_size ]];
    float3 color [[ flat ]];
};

vertex PointOut point_vertex(const device float4 *positions [[ buffer(0) ]],
                             uint vid [[ vertex_id ]])
{
    PointOut out;
    out.position = positions[vid];
    out.size = 4.0f;
    out.color = float3(float(vid % 3) * 0.5f);
    return out;
}

struct PointIn {
    float3 color [[ flat ]];
};

fragment float4 flat_fragment(PointIn in [[ stage_in ]],
                              float2 pc [[ point_coord ]])
{
    return float4(in.color * (1.0f - length(pc - 0.5f)), 1.0f);
}
