// seed: 000 §5.7.1 ("Başka Bir Uyumlu İmza Örneği", FragInput with [[user(normal)]]), example 3 of that section
// expect: valid
// link: vertex=my_vertex fragment=my_fragment expect=ok
// note: frag_normal [[user(normal)]] matches the vertex member carrying [[user(normal)]] (different member name);
// note: position is a built-in, framebuffer_color [[color(0)]] a framebuffer value and is_front_face a rasterizer
// note: output: none of them needs a vertex counterpart.
// note: completed: the seed does not show this example's vertex side; VertexOutput declares
// note: `float3 vertex_normal [[user(normal)]]` (as the English spec's example does) and my_vertex returns it.
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float3 vertex_normal [[user(normal)]];
    float2 texcoord [[user(texturecoord)]];
};

vertex VertexOutput
my_vertex(uint vid [[vertex_id]])
{
    VertexOutput v;
    v.position = float4(float(vid & 1), float(vid >> 1), 0.0f, 1.0f);
    v.vertex_normal = float3(0.0f, 0.0f, 1.0f);
    v.texcoord = v.position.xy;
    return v;
}

struct FragInput {
    float3 frag_normal [[user(normal)]];
    float4 position [[position]];
    float4 framebuffer_color [[color(0)]];
    bool is_front_face [[front_facing]];
};

fragment float4
my_fragment(FragInput f [[stage_in]])
{
    float4 clr;
    clr = f.is_front_face ? float4(f.frag_normal, 1.0f) : f.framebuffer_color;
    return clr;
}
