// seed: 000 §5.8.1.3 (Girdi Birleştirme Yapısının Öğeleri İçin Fonksiyon Sabitleri), example 1 of that section
// expect: valid
// note: [[stage_in]] members made optional with [[function_constant(name)]] next to [[attribute(n)]].
// note: completed: struct VertexOutput and the declaration `VertexOutput vOut;` that the seed's body omits (it starts
// note: with `vOut.position = ...`); the body keeps the seed's (flattened) layout.
// EXPECT-CONST name=offset_defined index=0 type=bool
// EXPECT-CONST name=color_defined index=1 type=bool
// EXPECT-FUNC name=myVertex kind=vertex
// EXPECT-ATTR function=myVertex member=position index=0 type=float4
// EXPECT-ATTR function=myVertex member=offset index=1 type=float4
// EXPECT-ATTR function=myVertex member=color index=2 type=float4
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
};

constant bool offset_defined [[function_constant(0)]];
constant bool color_defined [[function_constant(1)]];

struct VertexInput {
    float4 position [[attribute(0)]];
    float4 offset [[attribute(1), function_constant(offset_defined)]];
    float4 color [[attribute(2), function_constant(color_defined)]];
};

vertex VertexOutput myVertex(VertexInput vIn [[stage_in]]) { VertexOutput vOut; vOut.position = vIn.position;

if (offset_defined)
    vOut.position += vIn.offset;

if (color_defined)
    vOut.color = vIn.color;
else
    vOut.color = float4(0.0f);

return vOut;

}
