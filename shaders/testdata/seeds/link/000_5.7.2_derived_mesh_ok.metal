// seed: 000 §5.7.2 (Mesh – Fragment İmza Eşleşmesi), derived from prose (no code in the seed)
// expect: valid
// link: mesh=mesh_main fragment=frag_main expect=ok
// note: per-vertex (V) outputs are interpolated, per-primitive (P) outputs never are. A non-flat fragment input
// note: matches a V member (uv, by name and type; tint via interpolant<float3,…>); a [[flat]] fragment input matches a
// note: P member (material, by name; face_normal via [[user(fn)]]).
#include <metal_stdlib>
using namespace metal;

struct V {
    float4 position [[position]];
    float2 uv;
    float3 tint;
};

struct P {
    uint material [[flat]];
    float3 normal [[user(fn), flat]];
};

using M = metal::mesh<V, P, 3, 1, metal::topology::triangle>;

[[mesh]] void mesh_main(M m, uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 3) {
        V v;
        v.position = float4(float(lane), 0.0f, 0.0f, 1.0f);
        v.uv = float2(float(lane) * 0.5f);
        v.tint = float3(1.0f);
        m.set_vertex(lane, v);
        m.set_index(lane, uchar(lane));
    }
    if (lane == 0) {
        P p;
        p.material = 7;
        p.normal = float3(0.0f, 0.0f, 1.0f);
        m.set_primitive(0, p);
        m.set_primitive_count(1);
    }
}

struct FIn {
    float2 uv;
    interpolant<float3, interpolation::perspective> tint;
    uint material [[flat]];
    float3 face_normal [[user(fn), flat]];
};

fragment float4 frag_main(FIn in [[stage_in]])
{
    return float4(in.uv, 0.0f, 1.0f) + float4(in.tint.interpolate_at_center() * in.face_normal, float(in.material));
}
