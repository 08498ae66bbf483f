// seed: 000 §5.7.1 ("Başka bir uyumlu örnek", my_fragment2), example 2 of that section
// expect: valid
// link: vertex=my_vertex fragment=my_fragment2 expect=ok
// note: a rasterizer-generated built-in ([[front_facing]]) needs no counterpart in the vertex output.
// note: completed: VertexOutput and my_vertex from example 1 (the seed refers to them); `...` parameters/statements.
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float3 normal;
    float2 texcoord;
};

vertex VertexOutput
my_vertex(uint vid [[vertex_id]])
{
    VertexOutput v;
    v.position = float4(float(vid & 1), float(vid >> 1), 0.0f, 1.0f);
    v.normal = float3(0.0f, 0.0f, 1.0f);
    v.texcoord = v.position.xy;
    return v;
}

fragment float4
my_fragment2(VertexOutput f [[stage_in]],
             bool is_front_face [[front_facing]])
{
    float4 clr;
    clr = is_front_face ? float4(f.normal, 1.0f) : float4(f.texcoord, 0.0f, 1.0f);
    return clr;
}
