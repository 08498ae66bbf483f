// seed: 000 §5.2.3.3 (Köşe Fonksiyonu Çıktı Öznitelikleri, "Örnek Köşe Fonksiyonu"), example 1 of that section
// expect: valid
// note: a struct vertex return type must contain a member declared with [[position]].
// note: completed: parameters `(...)` and the per-vertex computation `...` in the body.
// EXPECT-FUNC name=process_vertex kind=vertex
// EXPECT-ARG function=process_vertex arg=positions kind=buffer index=0 access=read type=float4 size=16
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
    float2 texcoord;
};

vertex VertexOutput
process_vertex(const device float4 *positions [[buffer(0)]], uint vid [[vertex_id]])
{
    VertexOutput v_out;

    // Köşe başına çıktıyı hesapla.
    v_out.position = positions[vid];
    v_out.color = float4(1.0f);
    v_out.texcoord = positions[vid].xy * 0.5f + 0.5f;

    return v_out;
}
