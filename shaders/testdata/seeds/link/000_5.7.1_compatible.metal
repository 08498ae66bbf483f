// seed: 000 §5.7.1 (Vertex — Fragment İmza Eşleşmesi, "Uyumlu İmza Örneği"), example 1 of that section
// expect: valid
// link: vertex=my_vertex fragment=my_fragment expect=ok
// note: the fragment's [[stage_in]] type is the vertex return type itself: every user member matches by name and type.
// note: completed: `(...)` parameters of my_vertex ([[vertex_id]]) and my_fragment (none), and the `...` statements.
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
my_fragment(VertexOutput f [[stage_in]])
{
    float4 clr;
    clr = float4(f.normal * 0.5f + 0.5f, 1.0f) * f.texcoord.x;
    return clr;
}
