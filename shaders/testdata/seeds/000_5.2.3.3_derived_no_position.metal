// seed: 000 §5.2.3.3, derived from prose (no code in the seed for this rule)
// expect: error
// note: "Köşe dönüş türü bir yapı ise, [[position]] özniteliğiyle bildirilen bir eleman içermelidir." — a vertex
// note: function returning a struct without a [[position]] member is an error (reported at the function).
#include <metal_stdlib>
using namespace metal;

struct NoPosition {
    float4 color;
    float2 texcoord;
};

vertex NoPosition bad_vertex(uint vid [[vertex_id]]) // ERROR "position"
{
    NoPosition o;
    o.color = float4(1.0f);
    o.texcoord = float2(float(vid));
    return o;
}
