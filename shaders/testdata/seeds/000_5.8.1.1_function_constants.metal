// seed: 000 §5.8.1.1 (the same function written with function constants), example 2 of that section
// expect: valid
// note: if (offset_defined) / if (color_defined) select code paths at pipeline creation.
// note: completed: VertexOutput and VertexInput from example 1 of the section.
// EXPECT-CONST name=offset_defined index=0 type=bool
// EXPECT-CONST name=color_defined index=1 type=bool
// EXPECT-FUNC name=myVertex kind=vertex
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
};

struct VertexInput {
    float4 position [[attribute(0)]];
    float4 offset [[attribute(1)]];
    float4 color [[attribute(2)]];
};

constant bool offset_defined [[function_constant(0)]];
constant bool color_defined [[function_constant(1)]];

vertex VertexOutput
myVertex(VertexInput vIn [[stage_in]])
{
    VertexOutput vOut;

    vOut.position = vIn.position;

    if (offset_defined)
        vOut.position += vIn.offset;

    if (color_defined)
        vOut.color = vIn.color;
    else
        vOut.color = float4(0.0f);

    return vOut;
}
