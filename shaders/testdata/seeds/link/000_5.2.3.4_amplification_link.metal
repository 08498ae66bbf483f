// seed: 000 §5.2.3.4 (vertex amplification example) + §5.7.1 rules, example 1 of §5.2.3.4
// expect: valid
// link: vertex=myVertex fragment=myFragment expect=ok
// note: the fragment's stage_in type is the vertex return type (MyVertexOut); [[viewport_array_index]] is a built-in
// note: passed from vertex to fragment; [[amplification_id]]/[[amplification_count]] are fragment built-ins.
// note: see ../000_5.2.3.4_amplification.metal for the completion notes.
#include <metal_stdlib>
using namespace metal;

struct MyVertexIn {
    float4 position [[attribute(0)]];
    float3 normal [[attribute(1)]];
    float3 tangent [[attribute(2)]];
    float2 texcoord [[attribute(3)]];
};

struct MyVertexOut {
    float4 position [[position]];
    float3 normal;
    float3 tangent;
    float3 bitangent;
    float2 texcoord [[shared]];
    float ampData;
    ushort viewport [[viewport_array_index]];
};

constexpr ushort MAX_AMP = 2;

vertex MyVertexOut myVertex(
    MyVertexIn in [[stage_in]],
    constant float4x4 view_proj[MAX_AMP],
    constant float data[MAX_AMP],
    ushort amp_id [[amplification_id]],
    ushort amp_count [[amplification_count]])
{
    MyVertexOut vert;
    vert.position = view_proj[amp_id] * in.position;
    vert.normal = in.normal;
    vert.tangent = in.tangent;
    vert.bitangent = cross(in.normal, in.tangent);
    vert.texcoord = in.texcoord;
    vert.ampData = data[amp_id];
    vert.viewport = 1;
    return vert;
}

fragment float4 myFragment(
    MyVertexOut in [[stage_in]],
    ushort amp_id [[amplification_id]],
    ushort amp_count [[amplification_count]])
{
    ushort viewport = in.viewport;
    return float4(in.texcoord, float(viewport) / float(amp_count), in.ampData + float(amp_id));
}
