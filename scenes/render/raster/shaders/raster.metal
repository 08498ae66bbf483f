// raster.metal — ingot's forward rasterizer (scenes/render/raster).
//
// Vertex function  raster_vertex       one scene geometry record of one
//                                      instance, indexed by the record's
//                                      own index stream (vertex_id = index)
// Object + mesh     raster_meshlet_*    the same vertices through meshlets
//                                      culled against the frustum and by
//                                      normal cone (Options.Meshlets)
// Fragment         raster_fragment     the glTF material of gltf_material.h
//                  raster_fragment_aov (the path tracer's material code),
//                                      shaded with bsdf.h's BSDF by the
//                                      punctual lights, the emissive
//                                      triangles of scenes with few of them
//                                      and the image-based lighting of the
//                                      environment (ibl.metal: SH
//                                      irradiance, octahedral specular)
// Shadow maps      raster_shadow_vertex depth only, from the shadow light
//                                      (and each face of a cube shadow map)
// Kernel           raster_deform_positions  a skinned or morphed record's
//                                      positions at the frame's time (the
//                                      fragments' face normals)
// Outputs are linear radiance with the coverage in alpha; the render pass
// resolves the multisampled target, and the host composites the
// environment behind what the geometry leaves uncovered and tone maps it
// (the path tracer's Go resolve), as the path tracer averages samples
// before tone mapping.
#include <metal_stdlib>
#include "scene_types.h"
#include "gltf_material.h"
#include "raster_types.h"
#include "raster_shade.h"
using namespace metal;


vertex RasterVaryings raster_vertex(uint vid [[vertex_id]],
                                    constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                    constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                    constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    return rx_vertex(vid, scene, draw, frame);
}

// ---- meshlets (Options.Meshlets) ----------------------------------------------

// rx_meshlet_visible applies the frustum test to a meshlet's bounding
// sphere and, where the draw allows it (single-sided, a similarity
// transform), the back-face test to its normal cone, in world space (the
// mesh package's Bounds.OutsideFrustum and BackFacing).
inline bool rx_meshlet_visible(RasterMeshletCull c, const device InstanceData& inst, constant RasterDraw& draw,
                               constant RasterMeshletView& view) {
    float3 centre = c.sphere.xyz;
    float radius = c.sphere.w * draw.radiusScale;
    float3 apex = c.apex.xyz;
    float3 axis = c.axisCutoff.xyz;
    if (!rx_static(inst)) {
        centre = rx_point(inst.toWorld, centre);
        apex = rx_point(inst.toWorld, apex);
        axis = normalize(rx_vector(inst.normalToWorld, axis));
    }
    for (int i = 0; i < 6; i++) {
        float4 p = view.planes[i];
        if (dot(p.xyz, centre) + p.w < -radius * length(p.xyz)) {
            return false;
        }
    }
    if ((draw.flags & RASTER_DRAW_CONE_CULL) != 0u && c.axisCutoff.w < 1.0f) {
        float3 d = view.orthographic != 0u ? float3(view.forward.xyz) : apex - float3(view.eye.xyz);
        if (dot(d, axis) >= c.axisCutoff.w * length(d)) {
            return false;
        }
    }
    return true;
}

// raster_meshlet_object culls 32 of the draw's meshlets per threadgroup
// and launches one mesh threadgroup per survivor, in meshlet order.
[[object, max_total_threads_per_threadgroup(32), max_total_threadgroups_per_mesh_grid(32)]]
void raster_meshlet_object(object_data RasterMeshletPayload& payload [[payload]], mesh_grid_properties grid,
                           constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                           constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                           device const RasterMeshletCull* culls [[buffer(RASTER_BUFFER_MESHLET_CULLS)]],
                           constant RasterMeshletView& view [[buffer(RASTER_BUFFER_MESHLET_VIEW)]],
                           uint gid [[thread_position_in_grid]], uint lane [[thread_index_in_threadgroup]]) {
    bool visible = false;
    if (gid < draw.meshletCount) {
        visible = rx_meshlet_visible(culls[draw.meshletFirst + gid], scene.instances[draw.instance], draw, view);
    }
    uint slot = simd_prefix_exclusive_sum(visible ? 1u : 0u);
    uint count = simd_sum(visible ? 1u : 0u);
    if (visible) {
        payload.meshlets[slot] = draw.meshletFirst + gid;
    }
    if (lane == 0u) {
        grid.set_threadgroups_per_grid(uint3(count, 1u, 1u));
    }
}

// RasterMeshletPrimitive carries the geometry's triangle index to the
// fragment function ([[primitive_id]]: the face normal, as in the vertex
// pipeline's draws).
struct RasterMeshletPrimitive {
    uint triangle [[primitive_id]];
};

using RasterMeshletMesh = metal::mesh<RasterVaryings, RasterMeshletPrimitive, RASTER_MESHLET_VERTICES, RASTER_MESHLET_TRIANGLES,
                                      metal::topology::triangle>;

// raster_meshlet_mesh exports one meshlet: its vertices through rx_vertex,
// its local triangles four indices (one word) at a time, and each
// triangle's index in the geometry.
[[mesh, max_total_threads_per_threadgroup(RASTER_MESHLET_VERTICES)]]
void raster_meshlet_mesh(RasterMeshletMesh out, const object_data RasterMeshletPayload& payload [[payload]],
                         constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                         constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                         constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                         device const RasterMeshlet* meshlets [[buffer(RASTER_BUFFER_MESHLETS)]],
                         device const uint* vertices [[buffer(RASTER_BUFFER_MESHLET_VERTICES)]],
                         device const uint* triangles [[buffer(RASTER_BUFFER_MESHLET_TRIANGLES)]],
                         device const uint* primitives [[buffer(RASTER_BUFFER_MESHLET_PRIMITIVES)]],
                         uint gid [[threadgroup_position_in_grid]], uint lane [[thread_index_in_threadgroup]]) {
    RasterMeshlet m = meshlets[payload.meshlets[gid]];
    if (lane < m.vertexCount) {
        out.set_vertex(lane, rx_vertex(vertices[m.vertexOffset + lane], scene, draw, frame));
    }
    uint words = (3u * m.triangleCount + 3u) / 4u;
    for (uint w = lane; w < words; w += RASTER_MESHLET_VERTICES) {
        out.set_indices(4u * w, as_type<uchar4>(triangles[m.triangleOffset + w]));
    }
    for (uint t = lane; t < m.triangleCount; t += RASTER_MESHLET_VERTICES) {
        RasterMeshletPrimitive p;
        p.triangle = primitives[m.primitiveOffset + t];
        out.set_primitive(t, p);
    }
    if (lane == 0u) {
        out.set_primitive_count(m.triangleCount);
    }
}


struct RasterColor {
    float4 color [[color(0)]];
};

struct RasterColorAOV {
    float4 color [[color(0)]];
    float4 normal [[color(1)]];   // xyz shading normal
    float4 albedo [[color(2)]];   // rgb base colour
    float4 depth [[color(3)]];    // x distance, y 1 (coverage; the host divides)
};

// rx_output turns a shade into the colour of its pass: opaque radiance;
// alpha MASK with the alpha-to-coverage value (MSAA; the pipeline stores
// alpha 1) or a discard; BLEND and transmissive surfaces premultiplied
// for (One, OneMinusSourceAlpha). The alpha left in the target is the
// coverage the host composites the environment behind.
inline float4 rx_output(RasterShade s, const device MaterialData& m, constant RasterDraw& draw, constant RasterFrame& frame,
                        float aw, thread bool& keep) {
    keep = true;
    if (draw.pass == RASTER_PASS_MASK) {
        if ((frame.flags & RASTER_MSAA) != 0u) {
            // Sharpened to about one pixel of transition: the coverage
            // follows the cutoff, anti-aliased.
            float a = saturate((s.alpha - m.alphaCutoff) / max(aw, 1e-4f) + 0.5f);
            keep = a > 0.0f;
            return float4(s.radiance, a);
        }
        keep = s.alpha >= m.alphaCutoff;
        return float4(s.radiance, 1.0f);
    }
    if (draw.pass == RASTER_PASS_BLEND) {
        float a = (m.alphaMode == ALPHA_BLEND ? s.alpha : 1.0f) * (1.0f - s.transmit);
        float cover = m.alphaMode == ALPHA_BLEND ? s.alpha : 1.0f;
        return float4(s.radiance * cover, a);
    }
    return float4(s.radiance, 1.0f);
}

// The fragment arguments of every forward pass.
#define RASTER_FRAGMENT_ARGS                                                                               \
    RasterVaryings in [[stage_in]], uint prim [[primitive_id]],                                            \
        constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],                                    \
        constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],                                          \
        constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]], constant float4* sh [[buffer(RASTER_BUFFER_SH)]], \
        constant uint* lights [[buffer(RASTER_BUFFER_LIGHTS)]], texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]], \
        depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],                                          \
        depth2d_array<float> cubes [[texture(RASTER_TEXTURE_CUBE_SHADOW)]], sampler ibl [[sampler(RASTER_SAMPLER_IBL)]], \
        sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]]

#define RASTER_SHADE() \
    rx_shade(in, prim, draw.instance, draw.geometry, scene, frame, lights, scene.punctualCount, false, sh, spec, shadow, cubes, ibl, shadowSmp)

// rx_aovs fills the AOV outputs of a shade.
inline void rx_aovs(thread RasterColorAOV& o, RasterShade s) {
    o.normal = float4(s.normal, 1.0f);
    o.albedo = float4(s.albedo, 1.0f);
    o.depth = float4(s.dist, 1.0f, 0.0f, 1.0f);
}

// raster_fragment(_aov) shade the opaque and blend passes: no discard and
// no derivative, so the depth test runs before them and the rasterizer
// packs covered pixels into the lanes without 2×2 helper lanes.
fragment RasterColor raster_fragment(RASTER_FRAGMENT_ARGS) {
    RasterShade s = RASTER_SHADE();
    bool keep;
    RasterColor o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, 0.0f, keep);
    return o;
}

fragment RasterColorAOV raster_fragment_aov(RASTER_FRAGMENT_ARGS) {
    RasterShade s = RASTER_SHADE();
    bool keep;
    RasterColorAOV o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, 0.0f, keep);
    rx_aovs(o, s);
    return o;
}

// raster_fragment_mask(_aov) shade the alpha-mask pass: the alpha test
// discards, and under MSAA the coverage follows the alpha's screen-space
// width (fwidth: 2×2 quads).
fragment RasterColor raster_fragment_mask(RASTER_FRAGMENT_ARGS) {
    RasterShade s = RASTER_SHADE();
    float aw = fwidth(s.alpha);
    bool keep;
    RasterColor o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, aw, keep);
    if (!keep) {
        discard_fragment();
    }
    return o;
}

fragment RasterColorAOV raster_fragment_mask_aov(RASTER_FRAGMENT_ARGS) {
    RasterShade s = RASTER_SHADE();
    float aw = fwidth(s.alpha);
    bool keep;
    RasterColorAOV o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, aw, keep);
    if (!keep) {
        discard_fragment();
    }
    rx_aovs(o, s);
    return o;
}

// raster_depth_vertex places a vertex of the draw's geometry exactly as
// rx_vertex does, for the opaque geometry's depth pre-pass (no fragment
// function: the shading pass that follows tests for equal depth and so
// shades each sample's front surface once).
vertex float4 raster_depth_vertex(uint vid [[vertex_id]],
                                  constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                  constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                  constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    const device InstanceData& inst = scene.instances[draw.instance];
    float3 p = rx_frame_position(frame, scene.geometries[draw.geometry], draw.geometry, vid);
    if (!rx_static(inst)) {
        p = rx_point(inst.toWorld, p);
    }
    return rx_clip(frame.viewProj, p);
}

// raster_shadow_vertex places a geometry in the shadow light's clip space.
vertex float4 raster_shadow_vertex(uint vid [[vertex_id]],
                                   constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                   constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                   constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    const device InstanceData& inst = scene.instances[draw.instance];
    float3 p = rx_frame_position(frame, scene.geometries[draw.geometry], draw.geometry, vid);
    if (!rx_static(inst)) {
        p = rx_point(inst.toWorld, p);
    }
    return rx_clip(frame.shadowProj, p);
}

// raster_deform_positions writes the deformed object-space positions of
// one geometry record at the frame's time (rx_object_position, as the
// vertex functions place them) for the fragments' face normals
// (rx_face_normal): once per time, one thread a vertex.
kernel void raster_deform_positions(constant SceneResources& scene [[buffer(0)]],
                                    constant RasterFrame& frame [[buffer(1)]],
                                    constant RasterDeformJob& job [[buffer(2)]],
                                    device packed_float3* out [[buffer(3)]],
                                    uint tid [[thread_position_in_grid]]) {
    if (tid >= job.vertexCount) {
        return;
    }
    float3 p = rx_object_position(frame, scene.geometries[job.geometry], job.geometry, tid);
    out[frame.deforms[job.geometry].positionBase + tid] = packed_float3(p);
}
