// seed: 000 §5.7.2 (Mesh – Fragment İmza Eşleşmesi), derived from prose (no code in the seed)
// expect: valid
// link: mesh=mesh_main fragment=frag_main expect=mismatch
// note: "Düz olmayan (non-flat) enterpolasyon kullanan kullanıcı kaynaklı bir fragment girdisi için, eşleşen bir vertex
// note: başına mesh çıktısı vardır" — a non-flat input that matches only a per-primitive (P) member has no per-vertex
// note: counterpart: mismatch on `material_weight`. `uv` has the wrong type (float3 vs float2): mismatch.
#include <metal_stdlib>
using namespace metal;

struct V {
    float4 position [[position]];
    float2 uv;
};

struct P {
    float material_weight;
};

using M = metal::mesh<V, P, 3, 1, metal::topology::triangle>;

[[mesh]] void mesh_main(M m, uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 3) {
        V v;
        v.position = float4(float(lane), 0.0f, 0.0f, 1.0f);
        v.uv = float2(float(lane));
        m.set_vertex(lane, v);
        m.set_index(lane, uchar(lane));
    }
    if (lane == 0) {
        P p;
        p.material_weight = 0.5f;
        m.set_primitive(0, p);
        m.set_primitive_count(1);
    }
}

struct FIn {
    float3 uv; // MISMATCH "uv"
    float material_weight [[center_perspective]]; // MISMATCH "material_weight|flat|primitive"
};

fragment float4 frag_main(FIn in [[stage_in]])
{
    return float4(in.uv, in.material_weight);
}
