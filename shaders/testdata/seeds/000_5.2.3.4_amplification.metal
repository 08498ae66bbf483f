// seed: 000 §5.2.3.4 (Fragment Fonksiyonu Girdi Öznitelikleri, vertex amplification example), example 1 of that section
// expect: valid
// note: [[amplification_id]] / [[amplification_count]] in vertex and fragment functions; [[shared]] member;
// note: [[viewport_array_index]] output read back in the fragment. `constant float4x4 view_proj[MAX_AMP]` is an
// note: array parameter (adjusted to a constant pointer) and gets the first free buffer indices.
// note: completed: the `...` trailing parameters are removed; `...` right-hand sides in myVertex are filled from the
// note: inputs; the `...` rest of myFragment returns a colour.
// EXPECT-FUNC name=myVertex kind=vertex
// EXPECT-FUNC name=myFragment kind=fragment
// EXPECT-ARG function=myVertex arg=view_proj kind=buffer index=0 access=read type=float4x4 size=64
// EXPECT-ARG function=myVertex arg=data kind=buffer index=1 access=read type=float size=4
// EXPECT-NOARG function=myVertex arg=amp_id
// EXPECT-NOARG function=myVertex arg=amp_count
// EXPECT-NOARG function=myFragment arg=in
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
    float2 texcoord [[shared]];   // Açıkça paylaşılan
    float ampData;
    ushort viewport [[viewport_array_index]]; // Dolaylı olarak paylaşılan
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

    // Çoğaltıldığı çıkarılmış
    vert.position = view_proj[amp_id] * in.position;
    vert.normal = in.normal;      // Paylaşılan olduğu çıkarılmış
    vert.tangent = in.tangent;
    vert.bitangent = cross(in.normal, in.tangent);
    vert.texcoord = in.texcoord;
    vert.ampData = data[amp_id];  // Paylaşılan değil
    vert.viewport = 1;

    return vert;
}

fragment float4 myFragment(
    MyVertexOut in [[stage_in]],
    ushort amp_id [[amplification_id]],
    ushort amp_count [[amplification_count]])
{
    // MTLVertexAmplificationViewMapping = {{1,3},{2,4}} için
    // amp_id == 0 olduğunda, in.viewport == 2
    // amp_id == 1 olduğunda, in.viewport == 3

    ushort viewport = in.viewport;
    return float4(in.texcoord, float(viewport) / float(amp_count), in.ampData + float(amp_id));
}
