// seed: 000 §5.1.8 (Mesh Fonksiyonları), example 1 of that section
// expect: valid
// note: mesh functions return void; [[max_total_threads_per_threadgroup(12)]]; mesh<vertex_t, primitive_t, 8, 6*2,
// note: topology::triangle> output; const object_data payload reference; Metal 3+.
// note: completed: body `{ … }` (8 cube corners, 12 triangles, one primitive normal per face pair);
// note: added #include/using lines.
// EXPECT-FUNC name=cube_stage kind=mesh max_total_threads_per_threadgroup=12
// EXPECT-ARG function=cube_stage arg=view kind=buffer index=0 access=read type=view_info_t size=64 alignment=16
// EXPECT-NOARG function=cube_stage arg=gid
#include <metal_stdlib>
using namespace metal;

struct vertex_t {
    float4 clip_pos [[position]];
    float3 world_pos;
    float3 color;
    // diğer kullanıcı tanımlı özellikler
};

struct primitive_t {
    float3 normal;
};

// Bir küpü dışa aktarabilen bir mesh bildirimi.
using cube_mesh_t = metal::mesh<vertex_t, primitive_t,
                                8,        // köşeler
                                6*2,      // yüzler
                                metal::topology::triangle>;

struct view_info_t {
    float4x4 view_proj;
};

struct cube_info_t {
    float4x3 world;
    float3 color;
};

constant uchar cube_indices[36] = {
    0, 2, 1,  1, 2, 3,   4, 5, 6,  5, 7, 6,
    0, 1, 4,  1, 5, 4,   2, 6, 3,  3, 6, 7,
    0, 4, 2,  2, 4, 6,   1, 3, 5,  3, 7, 5
};

constant float3 face_normals[6] = {
    float3(0, 0, -1), float3(0, 0, 1), float3(0, -1, 0),
    float3(0, 1, 0), float3(-1, 0, 0), float3(1, 0, 0)
};

[[mesh, max_total_threads_per_threadgroup(12)]]
void cube_stage(cube_mesh_t output,
                const object_data cube_info_t &cube [[payload]],
                constant view_info_t &view [[buffer(0)]],
                uint gid [[threadgroup_position_in_grid]],
                uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 8) {
        float3 corner = float3(float(lane & 1), float((lane >> 1) & 1), float((lane >> 2) & 1)) * 2.0f - 1.0f;
        float3 world = cube.world * float4(corner, 1.0f);
        vertex_t v;
        v.world_pos = world;
        v.clip_pos = view.view_proj * float4(world, 1.0f);
        v.color = cube.color;
        output.set_vertex(lane, v);
    }
    for (uint i = lane; i < 36; i += 12)
        output.set_index(i, cube_indices[i]);
    primitive_t p;
    p.normal = face_normals[lane / 2];
    output.set_primitive(lane, p);
    if (lane == 0)
        output.set_primitive_count(12);
}
