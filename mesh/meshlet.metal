// Meshlet rendering through an object/mesh pipeline (package mesh's
// MeshletMSL). Buffers are those of Meshlets.Pack (meshlet descriptors,
// meshlet local triangles: uchar, four to a word; culling bounds) and of
// Meshlets.PackVertices (each meshlet's vertices, consecutive from its
// vertex offset), 6 floats per vertex (position, normal); the reference
// vertex function reads the original vertex buffer, same layout. The cone
// test assumes counter-clockwise front faces (glTF, OBJ): draw with
// FrontFacingWinding counter-clockwise and back-face culling.
#include <metal_stdlib>
using namespace metal;

struct MeshletDesc {
    uint vertex_offset;
    uint triangle_offset; // in words of the triangle buffer
    uint vertex_count;
    uint triangle_count;
};

struct MeshletCull {
    float4 sphere;      // centre, radius
    float4 apex;        // cone apex
    float4 axis_cutoff; // cone axis, cutoff (1: never back-facing)
};

struct MeshletUniforms {
    float4x4 view_proj;
    float4 planes[6]; // inward frustum planes
    float4 eye;
    uint meshlet_count;
    uint cull;        // 0: draw every meshlet
};

struct MeshletPayload {
    uint meshlets[32];
};

struct MeshletVertex {
    float4 position [[position]];
    float3 normal;
};

using MeshletMesh = metal::mesh<MeshletVertex, void, 64, 124, metal::topology::triangle>;
using MeshletMeshLarge = metal::mesh<MeshletVertex, void, 128, 256, metal::topology::triangle>;

// meshlet_visible applies the frustum test to the bounding sphere and the
// back-face test to the normal cone (mesh.Bounds.OutsideFrustum, BackFacing).
static bool meshlet_visible(MeshletCull c, constant MeshletUniforms &u)
{
    for (int i = 0; i < 6; i++) {
        float4 p = u.planes[i];
        if (dot(p.xyz, c.sphere.xyz) + p.w < -c.sphere.w * length(p.xyz))
            return false;
    }
    if (c.axis_cutoff.w < 1.0f) {
        float3 d = c.apex.xyz - u.eye.xyz;
        if (dot(d, c.axis_cutoff.xyz) >= c.axis_cutoff.w * length(d))
            return false;
    }
    return true;
}

// meshlet_object culls 32 meshlets per threadgroup and launches one mesh
// threadgroup per survivor, in meshlet order.
[[object, max_total_threads_per_threadgroup(32), max_total_threadgroups_per_mesh_grid(32)]]
void meshlet_object(object_data MeshletPayload &payload [[payload]],
                    mesh_grid_properties grid,
                    device const MeshletCull *culls [[buffer(0)]],
                    constant MeshletUniforms &u [[buffer(1)]],
                    uint gid [[thread_position_in_grid]],
                    uint lane [[thread_index_in_threadgroup]])
{
    bool visible = false;
    if (gid < u.meshlet_count)
        visible = u.cull == 0u || meshlet_visible(culls[gid], u);
    uint slot = simd_prefix_exclusive_sum(visible ? 1u : 0u);
    uint count = simd_sum(visible ? 1u : 0u);
    if (visible)
        payload.meshlets[slot] = gid;
    if (lane == 0)
        grid.set_threadgroups_per_grid(uint3(count, 1, 1));
}

// MeshletVertexIn is one vertex of the vertex buffers (6 floats).
struct MeshletVertexIn {
    packed_float3 position;
    packed_float3 normal;
};

static MeshletVertex meshlet_vertex(uint v, device const MeshletVertexIn *verts, constant MeshletUniforms &u)
{
    MeshletVertexIn in = verts[v];
    MeshletVertex o;
    o.position = u.view_proj * float4(float3(in.position), 1.0f);
    o.normal = float3(in.normal);
    return o;
}

// meshlet_mesh exports one meshlet: buffer 0 Pack's descriptors, 2 its
// triangles, 3 PackVertices' vertices (buffer 1, Pack's vertex indices,
// is not needed).
[[mesh, max_total_threads_per_threadgroup(64)]]
void meshlet_mesh(MeshletMesh out,
                  const object_data MeshletPayload &payload [[payload]],
                  device const MeshletDesc *meshlets [[buffer(0)]],
                  device const uint *triangles [[buffer(2)]],
                  device const MeshletVertexIn *meshlet_verts [[buffer(3)]],
                  constant MeshletUniforms &u [[buffer(4)]],
                  uint gid [[threadgroup_position_in_grid]],
                  uint lane [[thread_index_in_threadgroup]])
{
    MeshletDesc m = meshlets[payload.meshlets[gid]];
    if (lane < m.vertex_count)
        out.set_vertex(lane, meshlet_vertex(m.vertex_offset + lane, meshlet_verts, u));
    // Four indices (one word of Pack's Triangles) per call, two calls per
    // thread at most (124 triangles are 93 words); the last word's padding
    // lands past the primitive count, where no primitive uses it.
    uint words = (3 * m.triangle_count + 3) / 4;
    if (lane < words)
        out.set_indices(4 * lane, as_type<uchar4>(triangles[m.triangle_offset + lane]));
    if (lane + 64 < words)
        out.set_indices(4 * (lane + 64), as_type<uchar4>(triangles[m.triangle_offset + lane + 64]));
    if (lane == 0)
        out.set_primitive_count(m.triangle_count);
}

// meshlet_mesh_large is meshlet_mesh for meshlets of mesh.LargeOptions
// (128 vertices, 256 triangles), in 128-thread threadgroups.
[[mesh, max_total_threads_per_threadgroup(128)]]
void meshlet_mesh_large(MeshletMeshLarge out,
                        const object_data MeshletPayload &payload [[payload]],
                        device const MeshletDesc *meshlets [[buffer(0)]],
                        device const uint *triangles [[buffer(2)]],
                        device const MeshletVertexIn *meshlet_verts [[buffer(3)]],
                        constant MeshletUniforms &u [[buffer(4)]],
                        uint gid [[threadgroup_position_in_grid]],
                        uint lane [[thread_index_in_threadgroup]])
{
    MeshletDesc m = meshlets[payload.meshlets[gid]];
    if (lane < m.vertex_count)
        out.set_vertex(lane, meshlet_vertex(m.vertex_offset + lane, meshlet_verts, u));
    uint words = (3 * m.triangle_count + 3) / 4; // 192 words at most
    if (lane < words)
        out.set_indices(4 * lane, as_type<uchar4>(triangles[m.triangle_offset + lane]));
    if (lane + 128 < words)
        out.set_indices(4 * (lane + 128), as_type<uchar4>(triangles[m.triangle_offset + lane + 128]));
    if (lane == 0)
        out.set_primitive_count(m.triangle_count);
}

// meshlet_reference_vertex is the same vertex math for an ordinary indexed
// draw, to compare against.
vertex MeshletVertex meshlet_reference_vertex(uint vid [[vertex_id]],
                                              device const MeshletVertexIn *verts [[buffer(3)]],
                                              constant MeshletUniforms &u [[buffer(4)]])
{
    return meshlet_vertex(vid, verts, u);
}

fragment float4 meshlet_fragment(MeshletVertex in [[stage_in]])
{
    float d = max(dot(normalize(in.normal), float3(-0.4319f, 0.8638f, 0.2591f)), 0.0f);
    return float4(float3(0.275f, 0.537f, 0.4f) * (0.2f + 0.8f * d), 1.0f);
}

// Levels of detail (mesh.Levels): the meshlets of all levels in the
// buffers above, a level table (Levels.PackLevels) and one translation per
// object. meshlet_lod_object runs a grid of (ceil(largest level count /
// 32), objects) threadgroups: each picks its object's level from the
// projected size of the mesh's bounding sphere (mesh.ProjectedSize,
// Levels.Select), culls 32 of that level's meshlets and launches a mesh
// threadgroup per survivor; meshlet_lod_mesh draws them translated.

struct MeshletLevel {
    uint first;
    uint count;
    float min_size; // smallest projected radius, in pixels
    uint pad;
};

struct MeshletLODParams {
    float4 sphere;     // the mesh's bounding sphere (all levels)
    uint object_count;
    uint level_count;
    float size_scale;  // pixels per unit at distance 1
    uint pad;
};

struct MeshletLODPayload {
    uint meshlets[32];
    float4 offset;
};

[[object, max_total_threads_per_threadgroup(32), max_total_threadgroups_per_mesh_grid(32)]]
void meshlet_lod_object(object_data MeshletLODPayload &payload [[payload]],
                        mesh_grid_properties grid,
                        device const MeshletCull *culls [[buffer(0)]],
                        constant MeshletUniforms &u [[buffer(1)]],
                        device const MeshletLevel *levels [[buffer(2)]],
                        device const float4 *offsets [[buffer(3)]],
                        constant MeshletLODParams &lp [[buffer(4)]],
                        uint2 tg [[threadgroup_position_in_grid]],
                        uint lane [[thread_index_in_threadgroup]])
{
    float4 off = offsets[tg.y];
    float3 d = lp.sphere.xyz + off.xyz - u.eye.xyz;
    float size = lp.sphere.w * lp.size_scale / max(sqrt(dot(d, d)), 1e-6f);
    uint l = 0;
    while (l + 1 < lp.level_count && size < levels[l].min_size)
        l++;
    MeshletLevel lv = levels[l];
    uint i = tg.x * 32 + lane;
    bool visible = false;
    if (i < lv.count) {
        MeshletCull c = culls[lv.first + i];
        c.sphere.xyz += off.xyz;
        c.apex.xyz += off.xyz;
        visible = u.cull == 0u || meshlet_visible(c, u);
    }
    uint slot = simd_prefix_exclusive_sum(visible ? 1u : 0u);
    uint count = simd_sum(visible ? 1u : 0u);
    if (visible)
        payload.meshlets[slot] = lv.first + i;
    if (lane == 0) {
        payload.offset = off;
        grid.set_threadgroups_per_grid(uint3(count, 1, 1));
    }
}

static MeshletVertex meshlet_vertex_at(uint v, device const MeshletVertexIn *verts, constant MeshletUniforms &u, float3 offset)
{
    MeshletVertexIn in = verts[v];
    MeshletVertex o;
    o.position = u.view_proj * float4(float3(in.position) + offset, 1.0f);
    o.normal = float3(in.normal);
    return o;
}

// meshlet_lod_mesh is meshlet_mesh for meshlet_lod_object's payload.
[[mesh, max_total_threads_per_threadgroup(64)]]
void meshlet_lod_mesh(MeshletMesh out,
                      const object_data MeshletLODPayload &payload [[payload]],
                      device const MeshletDesc *meshlets [[buffer(0)]],
                      device const uint *triangles [[buffer(2)]],
                      device const MeshletVertexIn *meshlet_verts [[buffer(3)]],
                      constant MeshletUniforms &u [[buffer(4)]],
                      uint gid [[threadgroup_position_in_grid]],
                      uint lane [[thread_index_in_threadgroup]])
{
    MeshletDesc m = meshlets[payload.meshlets[gid]];
    if (lane < m.vertex_count)
        out.set_vertex(lane, meshlet_vertex_at(m.vertex_offset + lane, meshlet_verts, u, payload.offset.xyz));
    uint words = (3 * m.triangle_count + 3) / 4;
    if (lane < words)
        out.set_indices(4 * lane, as_type<uchar4>(triangles[m.triangle_offset + lane]));
    if (lane + 64 < words)
        out.set_indices(4 * (lane + 64), as_type<uchar4>(triangles[m.triangle_offset + lane + 64]));
    if (lane == 0)
        out.set_primitive_count(m.triangle_count);
}

// meshlet_lod_reference_vertex draws one object of one level with an
// indexed vertex pipeline (the level's Levels.Indices), to compare against.
vertex MeshletVertex meshlet_lod_reference_vertex(uint vid [[vertex_id]],
                                                  device const MeshletVertexIn *verts [[buffer(3)]],
                                                  constant MeshletUniforms &u [[buffer(4)]],
                                                  constant float4 &offset [[buffer(5)]])
{
    return meshlet_vertex_at(vid, verts, u, offset.xyz);
}
