// seed: 000 §5.7.1 ("Uyumsuz İmza Örneği (Nitelik Adı Uyumsuzluğu)"), example 5 of that section
// expect: valid
// link: vertex=my_vertex_shader fragment=my_fragment_shader expect=mismatch
// note: "VertexOutput içindeki normal için nitelik indeksi (normal), FragInput içindeki indeks (foo) ile eşleşmez."
// note: Both functions compile; the pipeline link must report that user(foo) has no vertex counterpart.
// note: completed: `(...)` parameters and `...` statements.
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float3 normal [[user(normal)]];
    float2 texcoord [[user(texturecoord)]];
};

struct FragInput {
    float3 normal [[user(foo)]]; // MISMATCH "foo"
    float4 position [[position]];
};

vertex VertexOutput
my_vertex_shader(uint vid [[vertex_id]])
{
    VertexOutput v;
    v.position = float4(float(vid & 1), float(vid >> 1), 0.0f, 1.0f);
    v.normal = float3(0.0f, 0.0f, 1.0f);
    v.texcoord = v.position.xy;
    return v;
}

fragment float4
my_fragment_shader(FragInput f [[stage_in]])
{
    float4 clr;
    clr = float4(f.normal, 1.0f);
    return clr;
}
