// Appended to the seed 000 §5.1.8 cube example (cube_stage) by
// mesh_test.go: an object stage that fans out a 4×4 grid of cubes, one
// object threadgroup per cube passing the cube through its payload, a
// fragment function, and a vertex pipeline drawing the same cubes.

struct grid_info_t {
    float spacing;
    float size;
};

// make_cube is the transform and colour of the cube in cell c.
static cube_info_t make_cube(uint2 c, constant grid_info_t &g)
{
    float a = 0.5f + 0.3f * float(c.x), b = 0.4f + 0.2f * float(c.y);
    float ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b);
    // rotation about y by a, then about x by b, scaled
    float3 x = float3(ca, sb * sa, -cb * sa) * g.size;
    float3 y = float3(0.0f, cb, sb) * g.size;
    float3 z = float3(sa, -sb * ca, cb * ca) * g.size;
    float3 t = float3((float(c.x) - 1.5f) * g.spacing, (float(c.y) - 1.5f) * g.spacing, 0.0f);
    cube_info_t info;
    info.world = float4x3(x, y, z, t);
    info.color = float3(0.25f + 0.25f * float(c.x), 0.25f + 0.25f * float(c.y), 0.8f);
    return info;
}

[[object, max_total_threadgroups_per_mesh_grid(1)]]
void cube_grid(object_data cube_info_t &cube [[payload]],
               mesh_grid_properties mgp,
               constant grid_info_t &grid [[buffer(1)]],
               uint2 cell [[threadgroup_position_in_grid]],
               uint lane [[thread_index_in_threadgroup]])
{
    if (lane == 0) {
        cube = make_cube(cell, grid);
        mgp.set_threadgroups_per_grid(uint3(1, 1, 1));
    }
}

struct frag_in {
    float4 position [[position]];
    float3 color;
    float3 normal [[flat]];
};

fragment float4 cube_fragment(frag_in in [[stage_in]])
{
    float l = 0.35f + 0.65f * abs(dot(in.normal, float3(0.267f, 0.534f, 0.802f)));
    return float4(in.color * l, 1.0f);
}

struct vert_out {
    float4 clip_pos [[position]];
    float3 world_pos;
    float3 color;
    float3 normal [[flat]];
};

// cube_vertex draws instance i as the cube of cell (i % 4, i / 4) with the
// same math as cube_grid + cube_stage: 36 vertices, triangle j with the
// normal of face j / 2 on its provoking (first) vertex.
vertex vert_out cube_vertex(uint vid [[vertex_id]], uint iid [[instance_id]],
                            constant view_info_t &view [[buffer(0)]],
                            constant grid_info_t &grid [[buffer(1)]])
{
    cube_info_t cube = make_cube(uint2(iid % 4, iid / 4), grid);
    uint lane = cube_indices[vid];
    float3 corner = float3(float(lane & 1), float((lane >> 1) & 1), float((lane >> 2) & 1)) * 2.0f - 1.0f;
    float3 world = cube.world * float4(corner, 1.0f);
    vert_out v;
    v.world_pos = world;
    v.clip_pos = view.view_proj * float4(world, 1.0f);
    v.color = cube.color;
    v.normal = face_normals[vid / 6];
    return v;
}

// A mesh function that writes past its limits, for the fault tests.
using small_mesh_t = metal::mesh<vertex_t, void, 4, 2, metal::topology::triangle>;

[[mesh]] void bad_vertex(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    vertex_t v;
    v.clip_pos = float4(0.0f, 0.0f, 0.5f, 1.0f);
    v.world_pos = float3(0.0f);
    v.color = float3(1.0f);
    m.set_vertex(lane, v);
}

[[mesh]] void bad_index(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    m.set_index(lane * 2u, uchar(0));
    if (lane == 0) m.set_primitive_count(2);
}

[[mesh]] void bad_word(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    m.set_indices(lane * 4u, as_type<uchar4>(0x00010203u));
    if (lane == 0) m.set_primitive_count(1);
}

[[mesh]] void bad_word_align(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    m.set_indices(2u, as_type<uchar4>(lane));
}

[[mesh]] void bad_count(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    if (lane == 0) m.set_primitive_count(3);
}

// One object threadgroup of 16 threads fills a payload array with the 16
// cubes and launches 16 mesh threadgroups that each read their cube.
[[object]]
void cube_fan(object_data cube_info_t *cubes [[payload]],
              mesh_grid_properties mgp,
              constant grid_info_t &grid [[buffer(1)]],
              uint t [[thread_index_in_threadgroup]])
{
    cubes[t] = make_cube(uint2(t % 4, t / 4), grid);
    threadgroup_barrier(mem_flags::mem_object_data);
    if (t == 0)
        mgp.set_threadgroups_per_grid(uint3(16, 1, 1));
}

[[mesh, max_total_threads_per_threadgroup(12)]]
void cubes_stage(cube_mesh_t output,
                 const object_data cube_info_t *cubes [[payload]],
                 constant view_info_t &view [[buffer(0)]],
                 uint gid [[threadgroup_position_in_grid]],
                 uint lane [[thread_index_in_threadgroup]])
{
    cube_info_t cube = cubes[gid];
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

// The cube grid without an object stage: mesh threadgroup g draws cell
// (g % 4, g / 4); primitives whose culled flag the buffer sets are dropped.
struct culled_prim_t {
    bool culled [[primitive_culled]];
};
using culled_mesh_t = metal::mesh<vertex_t, culled_prim_t, 8, 12, metal::topology::triangle>;

[[mesh]]
void cube_direct(culled_mesh_t output,
                 constant view_info_t &view [[buffer(0)]],
                 constant grid_info_t &grid [[buffer(1)]],
                 constant uint &cull [[buffer(2)]],
                 uint gid [[threadgroup_position_in_grid]],
                 uint lane [[thread_index_in_threadgroup]])
{
    cube_info_t cube = make_cube(uint2(gid % 4, gid / 4), grid);
    if (lane < 8) {
        float3 corner = float3(float(lane & 1), float((lane >> 1) & 1), float((lane >> 2) & 1)) * 2.0f - 1.0f;
        float3 world = cube.world * float4(corner, 1.0f);
        vertex_t v;
        v.world_pos = world;
        v.clip_pos = view.view_proj * float4(world, 1.0f);
        v.color = cube.color;
        output.set_vertex(lane, v);
    }
    if (lane < 12) {
        culled_prim_t p;
        p.culled = cull != 0u;
        output.set_primitive(lane, p);
    }
    if (lane < 9)
        output.set_indices(lane * 4, uchar4(cube_indices[lane * 4], cube_indices[lane * 4 + 1],
                                            cube_indices[lane * 4 + 2], cube_indices[lane * 4 + 3]));
    if (lane == 0)
        output.set_primitive_count(12);
}

struct plain_in {
    float4 position [[position]];
    float3 color;
};

// cube_plain reads per-vertex values only (the shared-vertex path).
fragment float4 cube_plain(plain_in in [[stage_in]])
{
    return float4(in.color, 1.0f);
}

using big_mesh_t = metal::mesh<float4, void, 300, 2, metal::topology::point>;
[[mesh]] void big_mesh(big_mesh_t m) {}

using many_prims_t = metal::mesh<float4, void, 3, 600, metal::topology::line>;
[[mesh]] void many_prims(many_prims_t m) {}

[[mesh]] void bad_reference(small_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    if (lane < 3) m.set_index(lane, uchar(lane == 2 ? 7 : lane));
    if (lane == 0) m.set_primitive_count(1);
}

// cube_grid through threadgroup memory: thread t of the 2-thread object
// threadgroup stores one coordinate of the cell, thread 0 reads both.
[[object]]
void cube_grid_tg(object_data cube_info_t &cube [[payload]],
                  mesh_grid_properties mgp,
                  constant grid_info_t &grid [[buffer(1)]],
                  threadgroup uint *scratch [[threadgroup(0)]],
                  uint2 cell [[threadgroup_position_in_grid]],
                  uint lane [[thread_index_in_threadgroup]])
{
    scratch[lane] = lane == 0 ? cell.x : cell.y;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (lane == 0) {
        cube = make_cube(uint2(scratch[0], scratch[1]), grid);
        mgp.set_threadgroups_per_grid(uint3(1, 1, 1));
    }
}

// statics writes the mesh type's static members (§2.20.2).
[[mesh]] void statics(culled_mesh_t m, device uint *o [[buffer(0)]], uint lane [[thread_index_in_threadgroup]])
{
    if (lane == 0) {
        o[0] = culled_mesh_t::max_vertices;
        o[1] = culled_mesh_t::max_primitive;
        o[2] = culled_mesh_t::indices_per_primitive;
        o[3] = culled_mesh_t::max_indices;
    }
}

struct pt_vertex_t {
    float4 clip_pos [[position]];
    float size [[point_size]];
    float3 color;
};
using line_mesh_t = metal::mesh<pt_vertex_t, void, 4, 2, metal::topology::line>;
using point_mesh_t = metal::mesh<pt_vertex_t, void, 4, 4, metal::topology::point>;

static pt_vertex_t corner_vertex(uint lane)
{
    pt_vertex_t v;
    v.clip_pos = float4(lane & 1 ? 0.5f : -0.5f, lane & 2 ? 0.5f : -0.5f, 0.5f, 1.0f);
    v.size = 3.0f;
    v.color = float3(1.0f);
    return v;
}

// Two lines: the bottom and top edges of a square.
[[mesh]] void lines_mesh(line_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    m.set_vertex(lane, corner_vertex(lane));
    if (lane < 2) m.set_indices(2 * lane, uchar2(uchar(2 * lane), uchar(2 * lane + 1)));
    if (lane == 0) m.set_primitive_count(2);
}

// Four 3-pixel points at the corners of a square.
[[mesh]] void points_mesh(point_mesh_t m, uint lane [[thread_index_in_threadgroup]])
{
    m.set_vertex(lane, corner_vertex(lane));
    m.set_index(lane, uchar(lane));
    if (lane == 0) m.set_primitive_count(4);
}

struct pt_in {
    float4 position [[position]];
    float3 color;
};

fragment float4 pt_fragment(pt_in in [[stage_in]]) { return float4(in.color, 1.0f); }
