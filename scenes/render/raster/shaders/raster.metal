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
//                                      environment (ibl.metal)
// Background       raster_background_* the environment seen by camera rays
// Shadow map       raster_shadow_vertex depth only, from the shadow light
// Kernel           raster_resolve      exposure, tone map, sRGB → RGBA8
//                                      (tonemap.h, as the path tracer's
//                                      resolve)
// Outputs are linear radiance; the host resolves the multisampled target
// and tone maps it, as the path tracer averages samples before tone
// mapping.
#include <metal_stdlib>
#include "scene_types.h"
#include "gltf_material.h"
#include "tonemap.h"
#include "raster_types.h"
using namespace metal;

struct RasterVaryings {
    float4 position [[position]];
    float3 world;
    float3 normal;
    float4 tangent;
    float2 uv0;
    float2 uv1;
    float4 color;
};

inline float3 rx_point(const device float4* r, float3 p) {
    float4 p1 = float4(p, 1.0f);
    return float3(dot(r[0], p1), dot(r[1], p1), dot(r[2], p1));
}

inline float3 rx_vector(const device float4* r, float3 v) {
    return float3(dot(r[0].xyz, v), dot(r[1].xyz, v), dot(r[2].xyz, v));
}

inline float4 rx_clip(constant float4* m, float3 p) {
    float4 p1 = float4(p, 1.0f);
    return float4(dot(m[0], p1), dot(m[1], p1), dot(m[2], p1), dot(m[3], p1));
}

// rx_static reports an instance whose object space is world space.
inline bool rx_static(const device InstanceData& inst) {
    return (inst.flags & (INSTANCE_IDENTITY | INSTANCE_DEFORMED)) != 0u;
}

// rx_vertex is the varyings of vertex vid of the draw's geometry, shared
// by the vertex pipeline (raster_vertex) and the meshlet pipeline
// (raster_meshlet_mesh) so that both place every vertex identically.
inline RasterVaryings rx_vertex(uint vid, constant SceneResources& scene, constant RasterDraw& draw, constant RasterFrame& frame) {
    const device InstanceData& inst = scene.instances[draw.instance];
    const device GeometryData& g = scene.geometries[draw.geometry];
    float3 p = float3(g.positions[vid]);
    float3 n = float3(0.0f);
    float4 t = float4(0.0f);
    if ((g.flags & GEOMETRY_HAS_NORMALS) != 0u) {
        n = float3(g.normals[vid]);
    }
    if ((g.flags & GEOMETRY_HAS_TANGENTS) != 0u) {
        t = g.tangents[vid];
    }
    if (!rx_static(inst)) {
        p = rx_point(inst.toWorld, p);
        n = rx_vector(inst.normalToWorld, n);
        t.xyz = rx_vector(inst.toWorld, t.xyz);
    }
    RasterVaryings o;
    o.position = rx_clip(frame.viewProj, p);
    o.world = p;
    o.normal = n;
    o.tangent = t;
    o.uv0 = float2(0.0f);
    o.uv1 = float2(0.0f);
    if ((g.flags & GEOMETRY_HAS_UV0) != 0u) {
        o.uv0 = float2(g.uv0[vid]);
    }
    if ((g.flags & GEOMETRY_HAS_UV1) != 0u) {
        o.uv1 = float2(g.uv1[vid]);
    }
    o.color = float4(1.0f);
    if ((g.flags & GEOMETRY_HAS_COLORS) != 0u) {
        o.color = g.colors[vid];
    }
    return o;
}

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

// ---- environment ------------------------------------------------------------

// rx_env_uv is pathtrace.metal's env_uv: the equirectangular mapping (v
// from +Y, u from −Z towards +X) plus the environment's rotation.
inline float2 rx_env_uv(constant SceneResources& scene, float3 d) {
    float phi = atan2(d.x, -d.z) + scene.envRotation;
    float u = phi * (0.5f / kPi) + 0.5f;
    u -= floor(u);
    float v = acos(clamp(d.y, -1.0f, 1.0f)) / kPi;
    return float2(u, v);
}

// rx_env_radiance is pathtrace.metal's env_radiance.
inline float3 rx_env_radiance(constant SceneResources& scene, float3 d) {
    float3 c = float3(scene.envColor) * scene.envIntensity;
    if (scene.envKind == ENV_MAP) {
        c *= scene.envMap.sample(scene.envSampler, rx_env_uv(scene, d), level(0.0f)).rgb;
    }
    return c;
}

// rx_view_dir is the camera ray direction through window position xy
// (pixel units; the path tracer's camera_ray without the filter offset).
inline float3 rx_view_dir(constant RasterFrame& f, float2 xy) {
    float sx = 2.0f * xy.x / float(f.width) - 1.0f;
    float sy = 1.0f - 2.0f * xy.y / float(f.height);
    if (f.projection == PROJECTION_ORTHOGRAPHIC) {
        return float3(f.forward);
    }
    return normalize(float3(f.forward) + float3(f.right) * (sx * f.tanHalfFovY * f.aspect) + float3(f.up) * (sy * f.tanHalfFovY));
}

struct RasterBackground {
    float4 position [[position]];
};

// raster_background_vertex draws one triangle covering the viewport at
// the far plane (vertex_id 0, 1, 2).
vertex RasterBackground raster_background_vertex(uint vid [[vertex_id]]) {
    float2 p = float2(vid == 1u ? 3.0f : -1.0f, vid == 2u ? 3.0f : -1.0f);
    RasterBackground o;
    o.position = float4(p, 1.0f, 1.0f);
    return o;
}

fragment float4 raster_background_fragment(RasterBackground in [[stage_in]],
                                           constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                           constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    return float4(rx_env_radiance(scene, rx_view_dir(frame, in.position.xy)), 1.0f);
}

// ---- lights -------------------------------------------------------------------

// rx_punctual is the incident direction and radiance scale of a punctual
// light at p (pathtrace.metal sample_light's punctual branch, without the
// selection probability).
inline float3 rx_punctual(PunctualLight l, float3 p, thread float3& wi) {
    if (l.type == LIGHT_DIRECTIONAL) {
        wi = -normalize(float3(l.direction));
        return float3(l.intensity);
    }
    float3 d = float3(l.position) - p;
    float d2 = max(dot(d, d), 1e-8f);
    float dist = sqrt(d2);
    wi = d / dist;
    float att = 1.0f / d2;
    if (l.range > 0.0f) {
        float r = dist / l.range;
        float w = saturate(1.0f - r * r * r * r);
        att *= w * w;
    }
    if (l.type == LIGHT_SPOT) {
        float cd = dot(normalize(float3(l.direction)), -wi);
        float t = saturate((cd - l.cosOuter) / max(l.cosInner - l.cosOuter, 1e-4f));
        att *= t * t;
    }
    return float3(l.intensity) * att;
}

// rx_shadow is the lit fraction of p for the shadow light: a 2×2 PCF of
// the shadow map's depth comparisons.
inline float rx_shadow(constant RasterFrame& f, depth2d<float> map, sampler smp, float3 p) {
    float4 c = rx_clip(f.shadowProj, p);
    if (c.w <= 0.0f) {
        return 1.0f;
    }
    float3 q = c.xyz / c.w;
    float2 uv = float2(q.x * 0.5f + 0.5f, 0.5f - q.y * 0.5f);
    if (any(uv < float2(0.0f)) || any(uv > float2(1.0f)) || q.z > 1.0f) {
        return 1.0f;
    }
    return map.sample_compare(smp, uv, q.z - f.shadowBias);
}

// RasterShade is what one fragment's shading produced.
struct RasterShade {
    float3 radiance;   // emitted + reflected (not premultiplied)
    float alpha;       // coverage / opacity (1 for opaque)
    float transmit;    // fraction seen through (KHR_materials_transmission)
    float3 albedo;     // AOVs: first-hit base colour
    float3 normal;     //       shading normal
    float dist;        //       distance from the camera
};

// rx_shade evaluates the material at a fragment and lights it.
inline RasterShade rx_shade(RasterVaryings in, uint prim, constant SceneResources& scene, constant RasterDraw& draw,
                            constant RasterFrame& frame, texture2d<float> irr, texture2d<float> spec, depth2d<float> shadow,
                            sampler ibl, sampler shadowSmp) {
    const device InstanceData& inst = scene.instances[draw.instance];
    const device GeometryData& g = scene.geometries[draw.geometry];
    const device MaterialData& m = scene.materials[g.material];
    SurfaceHit sh;
    sh.position = in.world;
    float3 toEye = float3(frame.eye) - in.world;
    float dist = length(toEye);
    sh.wo = frame.projection == PROJECTION_ORTHOGRAPHIC ? -float3(frame.forward) : toEye / max(dist, 1e-20f);
    float3 wcn = float3(g.faceNormals[prim]);
    if (!rx_static(inst)) {
        wcn = rx_vector(inst.normalToWorld, wcn);
    }
    float3 ng = normalize(wcn);
    if (!all(isfinite(ng))) {
        ng = sh.wo;
    }
    bool front = dot(ng, sh.wo) >= 0.0f;
    if (!front) {
        ng = -ng;
    }
    sh.geometricNormal = ng;
    float3 n = ng;
    if ((g.flags & GEOMETRY_HAS_NORMALS) != 0u) {
        float3 wn = normalize(in.normal);
        if (all(isfinite(wn))) {
            n = dot(wn, ng) < 0.0f ? -wn : wn;
        }
    }
    sh.normal = n;
    sh.tangent = float4(0.0f);
    if ((g.flags & GEOMETRY_HAS_TANGENTS) != 0u) {
        float len = length(in.tangent.xyz);
        if (len > 0.0f) {
            sh.tangent = float4(in.tangent.xyz / len, in.tangent.w < 0.0f ? -1.0f : 1.0f);
        }
    }
    sh.uv0 = in.uv0;
    sh.uv1 = in.uv1;
    sh.color = in.color;
    sh.time = 0.0f;
    sh.material = g.material;
    sh.instance = draw.instance;
    sh.geometry = draw.geometry;
    sh.primitive = prim;
    sh.frontFacing = front;
    bool unlitMat = (m.flags & MATERIAL_UNLIT) != 0u;
    MaterialOutput mo = unlitMat ? gltf_unlit_eval(m, sh, scene) : gltf_material_eval(m, sh, scene);
    RasterShade o;
    o.alpha = m.alphaMode == ALPHA_OPAQUE ? 1.0f : saturate(mo.opacity);
    o.transmit = 0.0f;
    o.albedo = mo.baseColor;
    o.dist = dist;
    float3 sn = normalize(mo.normal);
    if (!all(isfinite(sn))) {
        sn = sh.normal;
    }
    o.normal = sn;
    bool twoSided = (m.flags & MATERIAL_DOUBLE_SIDED) != 0u;
    float3 L = (front || twoSided) ? mo.emission : float3(0.0f);
    if ((mo.flags & MATERIAL_UNLIT) != 0u) {
        o.radiance = L;
        return o;
    }
    // The shading frame with the normal on the viewer's side, as the path
    // tracer builds it.
    if (dot(sn, sh.wo) < 0.0f) {
        sn = normalize(sn - 2.0f * dot(sn, sh.wo) * sh.wo);
    }
    float3 tx;
    float3 ty;
    {
        float s = sn.z >= 0.0f ? 1.0f : -1.0f;
        float a = -1.0f / (s + sn.z);
        float c = sn.x * sn.y * a;
        tx = float3(1.0f + s * sn.x * sn.x * a, s * c, -s * sn.x);
        ty = float3(c, s + sn.y * sn.y * a, -sn.y);
    }
    float3 woL = float3(dot(sh.wo, tx), dot(sh.wo, ty), dot(sh.wo, sn));
    if (woL.z <= 0.0f) {
        o.radiance = L;
        return o;
    }
    BSDFParams bp = material_bsdf(mo, scene.ggxTables);
    BSDFState bst = bsdf_state(bp, woL);
    float3 p = sh.position;
    // Punctual lights.
    for (uint i = 0u; i < scene.punctualCount; i++) {
        PunctualLight l = scene.punctual[i];
        float3 wi;
        float3 Li = rx_punctual(l, p, wi);
        float3 wiL = float3(dot(wi, tx), dot(wi, ty), dot(wi, sn));
        if (dot(wi, ng) * wiL.z <= 0.0f || !any(Li > float3(0.0f))) {
            continue;
        }
        if ((frame.flags & RASTER_SHADOW) != 0u && i == frame.shadowLight) {
            Li *= rx_shadow(frame, shadow, shadowSmp, p);
        }
        L += bsdf_state_eval(bp, bst, woL, wiL) * abs(wiL.z) * Li;
    }
    // Emissive triangles as area lights: each split into four by its edge
    // midpoints, every part a point of a quarter of the area (no shadows).
    if ((frame.flags & RASTER_AREA_LIGHTS) != 0u) {
        const float3 kBary[4] = {float3(2.0f / 3.0f, 1.0f / 6.0f, 1.0f / 6.0f), float3(1.0f / 6.0f, 2.0f / 3.0f, 1.0f / 6.0f),
                                 float3(1.0f / 6.0f, 1.0f / 6.0f, 2.0f / 3.0f), float3(1.0f / 3.0f)};
        for (uint i = 0u; i < frame.areaSamples; i++) {
            EmissiveTriangle tri = scene.emissive[i];
            const device MaterialData& em = scene.materials[scene.geometries[tri.geometry].material];
            float3 Le = float3(em.emissive) * em.emissiveStrength;
            bool emTwoSided = (em.flags & MATERIAL_DOUBLE_SIDED) != 0u;
            float3 p0 = float3(tri.p0);
            float3 p1 = float3(tri.p1);
            float3 p2 = float3(tri.p2);
            float3 ln = normalize(cross(p1 - p0, p2 - p0));
            for (uint k = 0u; k < 4u; k++) {
                float3 q = p0 * kBary[k].x + p1 * kBary[k].y + p2 * kBary[k].z;
                float3 d = q - p;
                float d2 = dot(d, d);
                if (d2 <= 0.0f) {
                    continue;
                }
                float3 wi = d * rsqrt(d2);
                float cosL = dot(ln, -wi);
                if (cosL <= 0.0f && !(emTwoSided && cosL < 0.0f)) {
                    continue;
                }
                float3 wiL = float3(dot(wi, tx), dot(wi, ty), dot(wi, sn));
                if (dot(wi, ng) * wiL.z <= 0.0f) {
                    continue;
                }
                float g2 = abs(cosL) * 0.25f * tri.area / max(d2, 0.25f * tri.area);
                L += bsdf_state_eval(bp, bst, woL, wiL) * abs(wiL.z) * Le * g2;
            }
        }
    }
    // Image-based lighting: the split-sum approximation with the path
    // tracer's own directional albedos (bsdf.h's GGX tables); without an
    // environment, a closed scene's estimated indirect light stands in as
    // a uniform one (frame.ambient).
    float trW = (1.0f - bp.metallic) * bp.transmission * (1.0f - bst.eso);
    bool ambient = any(float3(frame.ambient) > float3(0.0f));
    if ((frame.flags & RASTER_IBL) != 0u || ambient) {
        float ao = 1.0f;
        if ((m.flags & MATERIAL_TEXTURED) != 0u) {
            float occ = sample_material_slot(m.occlusionTex, sh, scene, float4(1.0f)).r;
            ao = 1.0f + m.occlusionStrength * (occ - 1.0f);
        }
        float3 c = bp.baseColor;
        bool useIBL = (frame.flags & RASTER_IBL) != 0u;
        float3 irrad = useIBL ? irr.sample(ibl, rx_env_uv(scene, sn), level(0.0f)).rgb : float3(frame.ambient);
        float3 diffuse = (1.0f - bp.metallic) * (1.0f - bp.transmission) * (1.0f - bst.eso) * c;
        float3 specAlb = float3(0.0f);
        float3 R = 2.0f * dot(sh.wo, sn) * sn - sh.wo;
        float r = clamp(bp.roughness, 0.0f, 1.0f);
        if (!bst.diffuse) {
            float e5o = table2(bp.ggx + GGX_OFFSET_E5, woL.z, r);
            float3 diel = bst.w * (bst.f0c * bst.e1o + (1.0f - bst.f0c) * e5o + bst.fmsD * (1.0f - bst.e1o));
            float3 metal = c * bst.e1o + (1.0f - c) * e5o + bst.fmsM * (1.0f - bst.e1o);
            specAlb = (1.0f - bp.metallic) * diel + bp.metallic * metal;
        }
        float3 env = diffuse * irrad;
        if (any(specAlb > float3(0.0f))) {
            env += specAlb * (useIBL ? spec.sample(ibl, rx_env_uv(scene, R), level(r * frame.specularMips)).rgb : float3(frame.ambient));
        }
        if (bst.sheenMax > 0.0f) {
            // The sheen layer (bsdf.h): the base keeps sheenScale, the
            // sheen's own albedo colour·Ê(μo) is lit like a diffuse lobe.
            env = env * bst.sheenScale + bp.sheenColor * min(bst.sheenEo, 1.0f) * irrad;
        }
        env *= bst.ccScale;
        if (bp.clearcoat > 0.0f) {
            float rc = clamp(bp.clearcoatRoughness, 0.0f, 1.0f);
            float ecc = 0.04f * table2(bp.ggx + GGX_OFFSET_E1, woL.z, rc) + 0.96f * table2(bp.ggx + GGX_OFFSET_E5, woL.z, rc);
            env += bp.clearcoat * ecc * (useIBL ? spec.sample(ibl, rx_env_uv(scene, R), level(rc * frame.specularMips)).rgb : float3(frame.ambient));
        }
        L += env * ao;
    }
    // Thin-walled transmission: what lies behind shows through (blended by
    // the host's transparent pass) with this weight.
    o.transmit = saturate(trW * bst.ccScale);
    o.radiance = L;
    return o;
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
// alpha MASK with the alpha-to-coverage value (MSAA) or a discard; BLEND
// and transmissive surfaces premultiplied for (One, OneMinusSourceAlpha).
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

fragment RasterColor raster_fragment(RasterVaryings in [[stage_in]], uint prim [[primitive_id]],
                                     constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                     constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                     constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                     texture2d<float> irr [[texture(RASTER_TEXTURE_IRRADIANCE)]],
                                     texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                     depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                     sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                     sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]]) {
    RasterShade s = rx_shade(in, prim, scene, draw, frame, irr, spec, shadow, ibl, shadowSmp);
    float aw = fwidth(s.alpha);
    bool keep;
    RasterColor o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, aw, keep);
    if (!keep) {
        discard_fragment();
    }
    return o;
}

fragment RasterColorAOV raster_fragment_aov(RasterVaryings in [[stage_in]], uint prim [[primitive_id]],
                                            constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                            constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                            constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                            texture2d<float> irr [[texture(RASTER_TEXTURE_IRRADIANCE)]],
                                            texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                            depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                            sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                            sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]]) {
    RasterShade s = rx_shade(in, prim, scene, draw, frame, irr, spec, shadow, ibl, shadowSmp);
    float aw = fwidth(s.alpha);
    bool keep;
    RasterColorAOV o;
    o.color = rx_output(s, scene.materials[scene.geometries[draw.geometry].material], draw, frame, aw, keep);
    if (!keep) {
        discard_fragment();
    }
    o.normal = float4(s.normal, 1.0f);
    o.albedo = float4(s.albedo, 1.0f);
    o.depth = float4(s.dist, 1.0f, 0.0f, 1.0f);
    return o;
}

// raster_shadow_vertex places a geometry in the shadow light's clip space.
vertex float4 raster_shadow_vertex(uint vid [[vertex_id]],
                                   constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                   constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                   constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    const device InstanceData& inst = scene.instances[draw.instance];
    const device GeometryData& g = scene.geometries[draw.geometry];
    float3 p = float3(g.positions[vid]);
    if (!rx_static(inst)) {
        p = rx_point(inst.toWorld, p);
    }
    return rx_clip(frame.shadowProj, p);
}

// Resolve parameters. 16 bytes.
struct RasterResolve {
    uint width;        // @0
    uint height;       // @4
    uint toneMap;      // @8  TONEMAP_*
    float exposure;    // @12 stops
};

// raster_resolve tone maps the resolved radiance into RGBA8 (R in the low
// byte), as the path tracer's resolve kernel.
kernel void raster_resolve(texture2d<float> hdr [[texture(0)]],
                           constant RasterResolve& p [[buffer(0)]],
                           device uint* rgba8 [[buffer(1)]],
                           uint2 tid [[thread_position_in_grid]]) {
    if (tid.x >= p.width || tid.y >= p.height) {
        return;
    }
    float3 c = hdr.read(tid).rgb;
    rgba8[tid.y * p.width + tid.x] = pack_rgba8(tone_map(p.toneMap, p.exposure, c), 1.0f);
}
