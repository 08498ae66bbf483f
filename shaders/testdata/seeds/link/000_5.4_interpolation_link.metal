// seed: 000 §5.4 (FragmentInput with sampling/interpolation attributes) + §5.7.1 rules, example 1 of §5.4
// expect: valid
// link: vertex=interp_vertex fragment=interp_fragment expect=ok
// note: the fragment side is the seed's FragmentInput; sampling/interpolation attributes do not take part in
// note: matching; `interpolant<float4, interpolation::perspective> icolor` matches a float4 vertex output (§5.7.1:
// note: "fragment fonksiyonu argüman türü interpolant<T, P> olmalıdır; burada T, vertex dönüş türündeki öğe türüdür").
// note: completed: the vertex side (VertexOut / interp_vertex) is added; it also outputs [[position]].
#include <metal_stdlib>
using namespace metal;

struct VertexOut {
    float4 position [[position]];
    float4 pos;
    float4 color;
    float2 texcoord;
    int index;
    float f;
    float4 icolor;
};

vertex VertexOut interp_vertex(uint vid [[vertex_id]])
{
    VertexOut o;
    o.position = float4(float(vid & 1), float(vid >> 1), 0.5f, 1.0f);
    o.pos = o.position;
    o.color = float4(1.0f, 0.5f, 0.25f, 1.0f);
    o.texcoord = o.position.xy;
    o.index = int(vid);
    o.f = 0.5f;
    o.icolor = o.color;
    return o;
}

struct FragmentInput {
    float4 pos [[center_no_perspective]];
    float4 color [[center_perspective]];
    float2 texcoord;
    int index [[flat]];
    float f [[sample_perspective]];
    interpolant<float4, interpolation::perspective> icolor;
};

fragment float4 interp_fragment(FragmentInput in [[stage_in]])
{
    return in.color * in.f + float4(in.texcoord, float(in.index), 0.0f) + in.icolor.interpolate_at_center() + in.pos * 0.0f;
}
