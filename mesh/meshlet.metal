// Meshlet rendering through an object/mesh pipeline (package mesh's
// MeshletMSL). Buffers are those of Meshlets.Pack: meshlet descriptors,
// meshlet vertex indices, meshlet local triangles (uchar), culling bounds;
// the vertex buffer holds 6 floats per vertex (position, normal). The cone
// test assumes counter-clockwise front faces (glTF, OBJ): draw with
// FrontFacingWinding counter-clockwise and back-face culling.
#include <metal_stdlib>
using namespace metal;

struct MeshletDesc {
    uint vertex_offset;
    uint triangle_offset;
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

static MeshletVertex meshlet_vertex(uint v, device const float *verts, constant MeshletUniforms &u)
{
    float3 p = float3(verts[6 * v], verts[6 * v + 1], verts[6 * v + 2]);
    MeshletVertex o;
    o.position = u.view_proj * float4(p, 1.0f);
    o.normal = float3(verts[6 * v + 3], verts[6 * v + 4], verts[6 * v + 5]);
    return o;
}

// meshlet_mesh exports one meshlet.
[[mesh, max_total_threads_per_threadgroup(64)]]
void meshlet_mesh(MeshletMesh out,
                  const object_data MeshletPayload &payload [[payload]],
                  device const MeshletDesc *meshlets [[buffer(0)]],
                  device const uint *vertices [[buffer(1)]],
                  device const uchar *triangles [[buffer(2)]],
                  device const float *verts [[buffer(3)]],
                  constant MeshletUniforms &u [[buffer(4)]],
                  uint gid [[threadgroup_position_in_grid]],
                  uint lane [[thread_index_in_threadgroup]])
{
    MeshletDesc m = meshlets[payload.meshlets[gid]];
    if (lane < m.vertex_count)
        out.set_vertex(lane, meshlet_vertex(vertices[m.vertex_offset + lane], verts, u));
    // Four indices per call; the last group may copy up to three bytes past
    // the meshlet's triangles (the next meshlet's, or Pack's padding), which
    // no primitive uses.
    uint groups = (3 * m.triangle_count + 3) / 4;
    for (uint i = lane; i < groups; i += 64) {
        uint o = m.triangle_offset + 4 * i;
        out.set_indices(4 * i, uchar4(triangles[o], triangles[o + 1], triangles[o + 2], triangles[o + 3]));
    }
    if (lane == 0)
        out.set_primitive_count(m.triangle_count);
}

// meshlet_reference_vertex is the same vertex math for an ordinary indexed
// draw, to compare against.
vertex MeshletVertex meshlet_reference_vertex(uint vid [[vertex_id]],
                                              device const float *verts [[buffer(3)]],
                                              constant MeshletUniforms &u [[buffer(4)]])
{
    return meshlet_vertex(vid, verts, u);
}

fragment float4 meshlet_fragment(MeshletVertex in [[stage_in]])
{
    float d = max(dot(normalize(in.normal), float3(-0.4319f, 0.8638f, 0.2591f)), 0.0f);
    return float4(float3(0.275f, 0.537f, 0.4f) * (0.2f + 0.8f * d), 1.0f);
}
