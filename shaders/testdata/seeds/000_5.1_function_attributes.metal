// seed: 000 §5.1 (5.1 Fonksiyonlar, bulleted list of function attributes), example 1 of that section
// expect: valid
// note: the seed lists the function attributes [[vertex]]/vertex, [[fragment]]/fragment, [[kernel]]/kernel,
// note: [[visible]], [[stitchable]], [[intersection(…)]], [[object]], [[mesh]] as a bullet list (no code).
// note: completed: one minimal qualified function per listed spelling so every kind is exercised.
// EXPECT-FUNC name=attr_vertex kind=vertex
// EXPECT-FUNC name=kw_vertex kind=vertex
// EXPECT-FUNC name=attr_fragment kind=fragment
// EXPECT-FUNC name=kw_fragment kind=fragment
// EXPECT-FUNC name=attr_kernel kind=kernel
// EXPECT-FUNC name=kw_kernel kind=kernel
// EXPECT-FUNC name=attr_visible kind=visible
// EXPECT-FUNC name=attr_stitchable kind=stitchable
// EXPECT-FUNC name=attr_intersection kind=intersection primitive=triangle
// EXPECT-FUNC name=attr_object kind=object
// EXPECT-FUNC name=attr_mesh kind=mesh
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

struct Payload {
    float value[4];
};

struct MeshVertex {
    float4 position [[position]];
};

using TriMesh = metal::mesh<MeshVertex, void, 3, 1, metal::topology::triangle>;

[[vertex]] float4 attr_vertex(uint vid [[vertex_id]])
{
    return float4(float(vid), 0.0f, 0.0f, 1.0f);
}

vertex float4 kw_vertex(uint vid [[vertex_id]])
{
    return float4(0.0f, float(vid), 0.0f, 1.0f);
}

[[fragment]] half4 attr_fragment()
{
    return half4(1.0h);
}

fragment half4 kw_fragment()
{
    return half4(0.0h, 0.0h, 0.0h, 1.0h);
}

[[kernel]] void attr_kernel(device uint *out [[buffer(0)]],
                            uint tid [[thread_position_in_grid]])
{
    out[tid] = tid;
}

kernel void kw_kernel(device uint *out [[buffer(0)]],
                      uint tid [[thread_position_in_grid]])
{
    out[tid] = tid * 2;
}

[[visible]] float attr_visible(float x)
{
    return x * 2.0f;
}

[[stitchable]] float attr_stitchable(float x)
{
    return x + 1.0f;
}

[[intersection(triangle)]] bool attr_intersection()
{
    return true;
}

[[object]] void attr_object(object_data Payload &p [[payload]],
                            mesh_grid_properties mgp,
                            uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 4)
        p.value[lane] = float(lane);
    if (lane == 0)
        mgp.set_threadgroups_per_grid(uint3(1, 1, 1));
}

[[mesh]] void attr_mesh(TriMesh m, uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 3) {
        MeshVertex v;
        v.position = float4(float(lane), 0.0f, 0.0f, 1.0f);
        m.set_vertex(lane, v);
        m.set_index(lane, uchar(lane));
    }
    if (lane == 0)
        m.set_primitive_count(1);
}
