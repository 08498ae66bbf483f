// seed: 001 "Specifying Resources for a Render Command Encoder", Listing 5-8 (Vertex Function Arguments Match the Framework Argument Table Indices)
// expect: valid
// note: RECONSTRUCTED: the seed has only the caption and prose ("the function signature has corresponding arguments
// note: with the attribute qualifiers buffer(0) and buffer(1)"; Listing 5-7 binds posBuf at 0 and texCoordBuf at 1);
// note: the listing body is missing. Written from that prose in current MSL (device/constant address spaces).
// EXPECT-FUNC name=metal_vert kind=vertex
// EXPECT-ARG function=metal_vert arg=posData kind=buffer index=0 access=read type=float4 size=16
// EXPECT-ARG function=metal_vert arg=texCoordData kind=buffer index=1 access=read type=float2 size=8 alignment=8
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float2 texcoord;
};

vertex VertexOutput metal_vert(const device float4 *posData [[ buffer(0) ]],
                               const device float2 *texCoordData [[ buffer(1) ]],
                               uint vid [[ vertex_id ]])
{
    VertexOutput out;
    out.position = posData[vid];
    out.texcoord = texCoordData[vid];
    return out;
}
