// seed: 000 §5.8.1.6 (Bir Yapının Elemanları ile Function Constant Kullanımı), derived from prose (no code in the seed)
// expect: valid
// note: [[function_constant(name)]] on members of a struct returned by a graphics function: when the constant is false
// note: (or undefined) the member is not part of the signature. Metal 2+.
// EXPECT-CONST name=has_normal index=3 type=bool
// EXPECT-FUNC name=optional_member_vertex kind=vertex
#include <metal_stdlib>
using namespace metal;

constant bool has_normal [[function_constant(3)]];

struct VOut {
    float4 position [[position]];
    float3 normal [[function_constant(has_normal)]];
    float2 uv;
};

vertex VOut optional_member_vertex(uint vid [[vertex_id]])
{
    VOut o;
    o.position = float4(float(vid & 1), float(vid >> 1), 0.0f, 1.0f);
    if (has_normal)
        o.normal = float3(0.0f, 0.0f, 1.0f);
    o.uv = o.position.xy;
    return o;
}
