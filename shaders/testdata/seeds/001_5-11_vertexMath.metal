// seed: 001 "Vertex Descriptor for Data Organization", Listing 5-11 (Vertex Function Inputs with Attribute Indices)
// expect: valid
// note: per-vertex inputs organised in one [[stage_in]] struct whose fields carry [[ attribute(index) ]]; Listing 5-12
// note: (host code, skipped) maps attributes 0..3 to Float2 @0, Float4 @8, Float2 @32, Float2 @24 of a 40-byte stride.
// note: completed: struct VertexInput is referenced but not shown by the seed; declared from the body's uses
// note: (position.x/.y, color + float4, uv1/uv2 .x/.y) and Listing 5-12's formats: position float2 attribute(0),
// note: color float4 attribute(1), uv1 float2 attribute(2), uv2 float2 attribute(3). The seed's own lines are verbatim
// note: (incl. its spacing inside `[[ ... ]]`).
// EXPECT-FUNC name=vertexMath kind=vertex
// EXPECT-NOARG function=vertexMath arg=in
// EXPECT-ATTR function=vertexMath member=position index=0 type=float2
// EXPECT-ATTR function=vertexMath member=color index=1 type=float4
// EXPECT-ATTR function=vertexMath member=uv1 index=2 type=float2
// EXPECT-ATTR function=vertexMath member=uv2 index=3 type=float2
#include <metal_stdlib>
using namespace metal;

struct VertexInput {
    float2 position [[ attribute(0) ]];
    float4 color    [[ attribute(1) ]];
    float2 uv1      [[ attribute(2) ]];
    float2 uv2      [[ attribute(3) ]];
};

struct VertexOutput {
    float4 pos [[ position ]];
    float4 color;
};

vertex VertexOutput vertexMath(VertexInput in [[ stage_in ]])
{
  VertexOutput out;
  out.pos = float4(in.position.x, in.position.y, 0.0, 1.0);

float sum1 = in.uv1.x + in.uv2.x;
 float sum2 = in.uv1.y + in.uv2.y;
 out.color = in.color + float4(sum1, sum2, 0.0f, 0.0f);
 return out;
}
