// seed: 000 §5.7.1 ("Uyumsuz İmza Örneği (Tür Uyumsuzluğu)"), example 4 of that section
// expect: valid
// link: vertex=my_vertex fragment=my_fragment expect=mismatch
// note: "VertexOutput içindeki normal veri türü (float3), FragInput içindeki normal türü (half3) ile eşleşmez." Both
// note: functions compile; linking them into one pipeline must report the type mismatch on FragInput::normal.
// note: completed: the seed shows the two structs only; my_vertex / my_fragment are added.
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float3 normal;
    float2 texcoord;
};

struct FragInput {
    float4 position [[position]];
    half3 normal; // MISMATCH "normal"
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
my_fragment(FragInput f [[stage_in]])
{
    return float4(float3(f.normal), 1.0f);
}
