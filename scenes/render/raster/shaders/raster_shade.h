// raster_shade.h — the forward rasterizer's vertex placement and
// fragment shading, shared by raster.metal (forward passes) and
// deferred.metal (the G-buffer and tile-lit passes of Options.Deferred),
// so that both modes run the same code on the same values.
#pragma once
#include <metal_stdlib>
#include "scene_types.h"
#include "gltf_material.h"
#include "raster_types.h"
#include "raster_ibl.h"
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

// rx_static reports an instance whose object space is world space (a
// skinned instance's transform is the identity: its skin gives world
// space; a morphed one keeps its node's transform, the host's
// deformation too).
inline bool rx_static(const device InstanceData& inst) {
    return (inst.flags & INSTANCE_IDENTITY) != 0u;
}

// rx_unit is model.normalize3: v / |v|, or +z for a zero or non-finite
// length (the host deformation's normalisation).
inline float3 rx_unit(float3 v) {
    float l = sqrt(dot(v, v));
    if (l == 0.0f || !isfinite(l)) {
        return float3(0.0f, 0.0f, 1.0f);
    }
    return v / l;
}

// rx_deform morphs then skins vertex vid of a rest-pose geometry record
// as the host's Scene.Deform does: the morph targets' deltas scaled by
// the instance's weights (normals and tangents renormalised when a weight
// is non-zero), then the sum of the vertex's joint matrices (joint world
// × inverse bind) and normal matrices weighted by WEIGHTS_0 applied to
// the position and to the normal and tangent (renormalised). attrs says
// which of the normal (1) and tangent (2) to deform; the rest stay.
inline void rx_deform(const device RasterDeform& d, const device float4* joints, const device float* weights, uint vid, uint attrs,
                      thread float3& p, thread float3& n, thread float4& t) {
    if (d.targetCount > 0u) {
        bool moved = false;
        for (uint k = 0u; k < d.targetCount; k++) {
            float w = weights[d.weightBase + k];
            if (w == 0.0f) {
                continue;
            }
            moved = true;
            uint o = k * d.vertexCount + vid;
            if ((d.flags & RASTER_DEFORM_TARGET_POSITIONS) != 0u) {
                p += w * float3(d.targetPositions[o]);
            }
            if ((attrs & 1u) != 0u && (d.flags & RASTER_DEFORM_TARGET_NORMALS) != 0u) {
                n += w * float3(d.targetNormals[o]);
            }
            if ((attrs & 2u) != 0u && (d.flags & RASTER_DEFORM_TARGET_TANGENTS) != 0u) {
                t.xyz += w * float3(d.targetTangents[o]);
            }
        }
        if (moved) {
            if ((attrs & 1u) != 0u) {
                n = rx_unit(n);
            }
            if ((attrs & 2u) != 0u) {
                t.xyz = rx_unit(t.xyz);
            }
        }
    }
    if ((d.flags & RASTER_DEFORM_SKIN) == 0u) {
        return;
    }
    uint4 j = d.joints[vid];
    float4 w = d.weights[vid];
    float4 r0 = float4(0.0f);
    float4 r1 = float4(0.0f);
    float4 r2 = float4(0.0f);
    float3 n0 = float3(0.0f);
    float3 n1 = float3(0.0f);
    float3 n2 = float3(0.0f);
    // A zero weight adds exactly nothing (the host skips it), so the
    // joints are summed without branches; indices past the skin's joints
    // are ignored as the host ignores them.
    uint last = max(d.jointCount, 1u) - 1u;
#define RX_JOINT(c)                                                                     \
    {                                                                                   \
        float wc = j.c < d.jointCount ? w.c : 0.0f;                                     \
        const device float4* m = joints + RASTER_JOINT_ROWS * (d.jointBase + min(j.c, last)); \
        r0 += wc * m[0];                                                                \
        r1 += wc * m[1];                                                                \
        r2 += wc * m[2];                                                                \
        if ((attrs & 1u) != 0u) {                                                       \
            n0 += wc * m[3].xyz;                                                        \
            n1 += wc * m[4].xyz;                                                        \
            n2 += wc * m[5].xyz;                                                        \
        }                                                                               \
    }
    RX_JOINT(x)
    RX_JOINT(y)
    RX_JOINT(z)
    RX_JOINT(w)
#undef RX_JOINT
    float4 p1 = float4(p, 1.0f);
    p = float3(dot(r0, p1), dot(r1, p1), dot(r2, p1));
    if ((attrs & 1u) != 0u) {
        n = rx_unit(float3(dot(n0, n), dot(n1, n), dot(n2, n)));
    }
    if ((attrs & 2u) != 0u) {
        t.xyz = rx_unit(float3(dot(r0.xyz, t.xyz), dot(r1.xyz, t.xyz), dot(r2.xyz, t.xyz)));
    }
}

// rx_deformed reports that the frame deforms geometry record geometry in
// the vertex functions.
inline bool rx_deformed(constant RasterFrame& frame, uint geometry) {
    return (frame.flags & RASTER_DEFORM) != 0u && frame.deforms[geometry].flags != 0u;
}

// rx_object_position is vertex vid's position before the instance
// transform: the rest pose deformed where the frame deforms the record.
inline float3 rx_object_position(constant RasterFrame& frame, const device GeometryData& g, uint geometry, uint vid) {
    float3 p = float3(g.positions[vid]);
    if (rx_deformed(frame, geometry)) {
        float3 n = float3(0.0f);
        float4 t = float4(0.0f);
        rx_deform(frame.deforms[geometry], frame.joints, frame.morphWeights, vid, 0u, p, n, t);
    }
    return p;
}

// rx_frame_position is vertex vid's object-space position at the frame's
// time: the rest pose, or for a record the frame deforms the position
// raster_deform_positions wrote (rx_object_position's, the same bits as
// rx_vertex's), so the depth pre-pass and the shadow map do not deform
// again.
inline float3 rx_frame_position(constant RasterFrame& frame, const device GeometryData& g, uint geometry, uint vid) {
    if (rx_deformed(frame, geometry)) {
        return float3(frame.deformedPositions[frame.deforms[geometry].positionBase + vid]);
    }
    return float3(g.positions[vid]);
}

// rx_face_normal is cross(p1 − p0, p2 − p0) of triangle prim in object
// space: the packed face normal, or, for a record the frame deforms, that
// of the deformed vertices (raster_deform_positions wrote them for the
// frame's time with rx_object_position; kernel.Pack computes it so from
// the host's deformation).
inline float3 rx_face_normal(constant RasterFrame& frame, const device GeometryData& g, uint geometry, uint prim) {
    if (!rx_deformed(frame, geometry)) {
        return float3(g.faceNormals[prim]);
    }
    float3 p0 = rx_frame_position(frame, g, geometry, g.indices[3u * prim]);
    float3 p1 = rx_frame_position(frame, g, geometry, g.indices[3u * prim + 1u]);
    float3 p2 = rx_frame_position(frame, g, geometry, g.indices[3u * prim + 2u]);
    return cross(p1 - p0, p2 - p0);
}

// rx_vertex is the varyings of vertex vid of the draw's geometry, shared
// by the vertex pipeline (raster_vertex) and the meshlet pipeline
// (raster_meshlet_mesh) so that both place every vertex identically.
// Records the frame deforms are morphed and skinned first (rx_deform).
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
    if (rx_deformed(frame, draw.geometry)) {
        uint attrs = ((g.flags & GEOMETRY_HAS_NORMALS) != 0u ? 1u : 0u) | ((g.flags & GEOMETRY_HAS_TANGENTS) != 0u ? 2u : 0u);
        rx_deform(frame.deforms[draw.geometry], frame.joints, frame.morphWeights, vid, attrs, p, n, t);
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
    return map.sample_compare(smp, uv, q.z - f.shadowBias, level(0.0f));
}

// rx_cube_shadow is the lit fraction of p for a light at cube c's centre,
// in direction wi from p: the 2×2 PCF (the sampler's linear comparison)
// of the face that holds p's direction. The biases that keep a surface
// from shadowing itself: p is pushed off its surface along the geometric
// normal ng (turned to the light's side) by the edge of a map texel at
// its distance and compared as if that much nearer the light, and the
// shadow pass adds its slope-scaled depth bias.
inline float rx_cube_shadow(RasterCubeShadow c, depth2d_array<float> map, sampler smp, float3 p, float3 ng, float3 wi) {
    float3 d = p - float3(c.centre);
    float z = max(max(abs(d.x), abs(d.y)), abs(d.z));
    d += (dot(ng, wi) >= 0.0f ? ng : -ng) * (z * c.texel);
    float3 ad = abs(d);
    bool xm = ad.x >= ad.y && ad.x >= ad.z;
    bool ym = !xm && ad.y >= ad.z;
    z = xm ? ad.x : (ym ? ad.y : ad.z);
    float2 st = xm ? d.yz : (ym ? d.zx : d.xy);
    float sg = xm ? d.x : (ym ? d.y : d.z);
    uint face = (xm ? 0u : (ym ? 2u : 4u)) + (sg < 0.0f ? 1u : 0u);
    float ref = c.depthScale - c.depthNear / (z * (1.0f - c.texel));
    if (!(z > 0.0f) || ref < 0.0f || ref > 1.0f) {
        return 1.0f;
    }
    float2 uv = float2(st.x / z * 0.5f + 0.5f, 0.5f - st.y / z * 0.5f);
    return map.sample_compare(smp, uv, c.layer + face, ref, level(0.0f));
}

// rx_probe_sh is the blend of the SH irradiance of the eight probes
// around p: trilinear weights (p clamped into the grid), each scaled by
// max(kProbeBackFace, cos) of the angle between the surface normal n and
// the direction to the probe, so that probes behind the surface (often
// beyond a thin wall) count little, then normalised. A probe is
// RASTER_PROBE_FLOAT4S float4: its 9 RGB coefficients' 27 floats in a
// row (and one of padding), blended as float4s. The corners' offsets,
// weights and cosines are sums of per-axis terms (suffix 0: the lower
// probe along the axis, 1: the upper).
#define kProbeBackFace 0.05f
#define RX_PROBE_CORNER(X, Y, Z)                                                              \
    {                                                                                         \
        float l2 = q##X.x + q##Y.y + q##Z.z;                                                  \
        float w = u##X.x * u##Y.y * u##Z.z * max(l2 > 0.0f ? (c##X.x + c##Y.y + c##Z.z) * rsqrt(l2) : 1.0f, kProbeBackFace); \
        const device float4* pr = f.probes + (o##X.x + o##Y.y + o##Z.z);                     \
        float4 wv = float4(w);                                                                \
        a0 = fma(pr[0], wv, a0);                                                              \
        a1 = fma(pr[1], wv, a1);                                                              \
        a2 = fma(pr[2], wv, a2);                                                              \
        a3 = fma(pr[3], wv, a3);                                                              \
        a4 = fma(pr[4], wv, a4);                                                              \
        a5 = fma(pr[5], wv, a5);                                                              \
        a6 = fma(pr[6], wv, a6);                                                              \
        sum += w;                                                                             \
    }
inline RasterSH rx_probe_sh(constant RasterFrame& f, float3 p, float3 n) {
    uint3 cnt = uint3(f.probeCountX, f.probeCountY, f.probeCountZ);
    float3 origin = float3(f.probeOrigin);
    float3 step = float3(f.probeStep);
    float3 g = clamp((p - origin) * float3(f.probeInvStep), float3(0.0f), float3(cnt - 1u));
    uint3 i0 = min(uint3(g), cnt - 1u);
    uint3 i1 = min(i0 + 1u, cnt - 1u);
    float3 u1 = g - float3(i0);
    float3 u0 = 1.0f - u1;
    float3 d0 = origin + float3(i0) * step - p;
    float3 d1 = origin + float3(i1) * step - p;
    float3 c0 = n * d0;
    float3 c1 = n * d1;
    float3 q0 = d0 * d0;
    float3 q1 = d1 * d1;
    uint3 stride = RASTER_PROBE_FLOAT4S * uint3(1u, cnt.x, cnt.x * cnt.y);
    uint3 o0 = i0 * stride;
    uint3 o1 = i1 * stride;
    float4 a0 = float4(0.0f);
    float4 a1 = float4(0.0f);
    float4 a2 = float4(0.0f);
    float4 a3 = float4(0.0f);
    float4 a4 = float4(0.0f);
    float4 a5 = float4(0.0f);
    float4 a6 = float4(0.0f);
    float sum = 0.0f;
    RX_PROBE_CORNER(0, 0, 0)
    RX_PROBE_CORNER(1, 0, 0)
    RX_PROBE_CORNER(0, 1, 0)
    RX_PROBE_CORNER(1, 1, 0)
    RX_PROBE_CORNER(0, 0, 1)
    RX_PROBE_CORNER(1, 0, 1)
    RX_PROBE_CORNER(0, 1, 1)
    RX_PROBE_CORNER(1, 1, 1)
    float4 inv = float4(1.0f / max(sum, 1e-30f));
    a0 *= inv;
    a1 *= inv;
    a2 *= inv;
    a3 *= inv;
    a4 *= inv;
    a5 *= inv;
    a6 *= inv;
    RasterSH s;
    s.c0 = a0.xyz;
    s.c1 = float3(a0.w, a1.xy);
    s.c2 = float3(a1.zw, a2.x);
    s.c3 = a2.yzw;
    s.c4 = a3.xyz;
    s.c5 = float3(a3.w, a4.xy);
    s.c6 = float3(a4.zw, a5.x);
    s.c7 = a5.yzw;
    s.c8 = a6.xyz;
    return s;
}
#undef RX_PROBE_CORNER

// RasterShade is what one fragment's shading produced.
struct RasterShade {
    float3 radiance;   // emitted + reflected (not premultiplied)
    float alpha;       // coverage / opacity (1 for opaque)
    float transmit;    // fraction seen through (KHR_materials_transmission)
    float3 albedo;     // AOVs: first-hit base colour
    float3 normal;     //       shading normal
    float dist;        //       distance from the camera
};

// rx_shade evaluates the material at a fragment of triangle prim of
// geometry record geometry of instance instance and lights it: the
// punctual lights lights[0 … count) (in index order: the forward passes
// list them all, the deferred lighting its tile's), the emissive
// triangles, the image-based light, the irradiance probes' or the ambient
// light. alphaOnly stops after the material (the alpha of a deferred
// G-buffer's MASK test).
template <typename LightList>
inline RasterShade rx_shade(RasterVaryings in, uint prim, uint instance, uint geometry, constant SceneResources& scene,
                            constant RasterFrame& frame, LightList lights, uint count, bool alphaOnly, constant float4* shIrr,
                            texture2d<float> spec, depth2d<float> shadow, depth2d_array<float> cubes, sampler ibl,
                            sampler shadowSmp) {
    const device InstanceData& inst = scene.instances[instance];
    const device GeometryData& g = scene.geometries[geometry];
    const device MaterialData& m = scene.materials[g.material];
    SurfaceHit sh;
    sh.position = in.world;
    float3 toEye = float3(frame.eye) - in.world;
    float dist = length(toEye);
    sh.wo = frame.projection == PROJECTION_ORTHOGRAPHIC ? -float3(frame.forward) : toEye / max(dist, 1e-20f);
    float3 wcn = rx_face_normal(frame, g, geometry, prim);
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
    sh.instance = instance;
    sh.geometry = geometry;
    sh.primitive = prim;
    sh.frontFacing = front;
    // The material: the user's material function of m.function where the
    // translation unit defines RASTER_USER_MATERIALS (Options.Materials: a
    // switch over m.function that assigns the matching [[visible]]
    // function's MaterialOutput, called directly), else glTF
    // metallic-roughness or unlit, the path tracer's stock materials.
    // The calls are written here rather than in a helper: a helper would
    // be inlined, and its copy left behind, which nothing calls, would
    // pass the material and scene to the material functions as values
    // that differ per lane, so the executor would read every field of
    // the draw's material lane by lane.
    MaterialOutput mo;
    bool evaluated = false;
#ifdef RASTER_USER_MATERIALS
    RASTER_USER_MATERIALS(m, sh, scene, mo, evaluated)
#endif
    if (!evaluated) {
        mo = (m.flags & MATERIAL_UNLIT) != 0u ? gltf_unlit_eval(m, sh, scene) : gltf_material_eval(m, sh, scene);
    }
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
    o.radiance = float3(0.0f);
    if (alphaOnly) {
        return o;
    }
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
    // Without lights to evaluate (no punctual light in the list, no area
    // lights) the image-based lighting reads only the normal's cosine
    // woL.z and part of the BSDF state (bsdf.h's bsdf_state<false>); the
    // lights need the whole tangent frame and state.
    bool lit = count > 0u || (frame.flags & RASTER_AREA_LIGHTS) != 0u;
    float3 tx = float3(0.0f);
    float3 ty = float3(0.0f);
    float3 woL = float3(0.0f, 0.0f, dot(sh.wo, sn));
    if (lit) {
        float s = sn.z >= 0.0f ? 1.0f : -1.0f;
        float a = -1.0f / (s + sn.z);
        float c = sn.x * sn.y * a;
        tx = float3(1.0f + s * sn.x * sn.x * a, s * c, -s * sn.x);
        ty = float3(c, s + sn.y * sn.y * a, -sn.y);
        woL.x = dot(sh.wo, tx);
        woL.y = dot(sh.wo, ty);
    }
    if (woL.z <= 0.0f) {
        o.radiance = L;
        return o;
    }
    BSDFParams bp = material_bsdf(mo, scene.ggxTables);
    BSDFState bst = lit ? bsdf_state(bp, woL) : bsdf_state<false>(bp, woL);
    float3 p = sh.position;
    // Punctual lights.
    for (uint k = 0u; k < count; k++) {
        uint i = lights[k];
        PunctualLight l = scene.punctual[i];
        float3 wi;
        float3 Li = rx_punctual(l, p, wi);
        float3 wiL = float3(dot(wi, tx), dot(wi, ty), dot(wi, sn));
        if (dot(wi, ng) * wiL.z <= 0.0f || !any(Li > float3(0.0f))) {
            continue;
        }
        if ((frame.flags & RASTER_SHADOW) != 0u && i == frame.shadowLight) {
            Li *= rx_shadow(frame, shadow, shadowSmp, p);
        } else if ((frame.flags & RASTER_CUBE_SHADOWS) != 0u) {
            uint c = frame.cubeOf[i];
            if (c != RASTER_NO_CUBE) {
                Li *= rx_cube_shadow(frame.cubes[c], cubes, shadowSmp, p, ng, wi);
            }
        }
        L += bsdf_state_eval(bp, bst, woL, wiL) * abs(wiL.z) * Li;
    }
    // Emissive triangles as area lights: each split into four by its edge
    // midpoints, every part a point q of a quarter of the area, shadowed
    // through its group's cube map (the emissive triangles of one
    // instance: the map at their centroid c, which their own emissive
    // geometry does not cover), looked up for p shifted by −(q − c) along
    // p's tangent plane: the visibility from c of the segment parallel to
    // q's, a soft shadow for a large emitter.
    if ((frame.flags & RASTER_AREA_LIGHTS) != 0u) {
        const float3 kBary[4] = {float3(2.0f / 3.0f, 1.0f / 6.0f, 1.0f / 6.0f), float3(1.0f / 6.0f, 2.0f / 3.0f, 1.0f / 6.0f),
                                 float3(1.0f / 6.0f, 1.0f / 6.0f, 2.0f / 3.0f), float3(1.0f / 3.0f)};
        bool cubed = (frame.flags & RASTER_CUBE_SHADOWS) != 0u;
        for (uint i = 0u; i < frame.areaSamples; i++) {
            EmissiveTriangle tri = scene.emissive[i];
            uint c = cubed ? frame.cubeOf[scene.punctualCount + i] : RASTER_NO_CUBE;
            RasterCubeShadow cs;
            if (c != RASTER_NO_CUBE) {
                cs = frame.cubes[c];
            }
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
                if (c != RASTER_NO_CUBE) {
                    float3 shift = q - float3(cs.centre);
                    g2 *= rx_cube_shadow(cs, cubes, shadowSmp, p - (shift - ng * dot(shift, ng)), ng, wi);
                }
                L += bsdf_state_eval(bp, bst, woL, wiL) * abs(wiL.z) * Le * g2;
            }
        }
    }
    // Image-based lighting: the split-sum approximation with the path
    // tracer's own directional albedos (bsdf.h's GGX tables). Without an
    // environment the irradiance probes' indirect light stands in for it
    // (their SH irradiance about the normal for the diffuse lobes, about
    // the reflection direction for the specular ones), or else a closed
    // scene's estimated indirect light as a uniform one (frame.ambient).
    float trW = (1.0f - bp.metallic) * bp.transmission * (1.0f - bst.eso);
    bool ambient = any(float3(frame.ambient) > float3(0.0f));
    bool useIBL = (frame.flags & RASTER_IBL) != 0u;
    bool useProbes = (frame.flags & RASTER_PROBES) != 0u;
    if (useIBL || useProbes || ambient) {
        float ao = 1.0f;
        if ((m.flags & MATERIAL_TEXTURED) != 0u) {
            float occ = sample_material_slot(m.occlusionTex, sh, scene, float4(1.0f)).r;
            ao = 1.0f + m.occlusionStrength * (occ - 1.0f);
        }
        float3 c = bp.baseColor;
        float3 R = 2.0f * woL.z * sn - sh.wo; // woL.z = dot(sh.wo, sn)
        float3 irrad = float3(frame.ambient);
        float3 specAmb = float3(frame.ambient);
        if (useIBL) {
            irrad = rx_sh_irradiance(shIrr, sn);
        } else if (useProbes) {
            RasterSH probe = rx_probe_sh(frame, p, ng);
            irrad = rx_sh_eval(probe, sn);
            specAmb = rx_sh_eval(probe, R);
        }
        float3 diffuse = (1.0f - bp.metallic) * (1.0f - bp.transmission) * (1.0f - bst.eso) * c;
        float3 specAlb = float3(0.0f);
        float r = clamp(bp.roughness, 0.0f, 1.0f);
        if (!bst.diffuse) {
            float e5o = bst.e5o; // table2(E5, woL.z, r), as bsdf_state read it
            float3 diel = bst.w * (bst.f0c * bst.e1o + (1.0f - bst.f0c) * e5o + bst.fmsD * (1.0f - bst.e1o));
            float3 metal = c * bst.e1o + (1.0f - c) * e5o + bst.fmsM * (1.0f - bst.e1o);
            specAlb = (1.0f - bp.metallic) * diel + bp.metallic * metal;
        }
        float3 env = diffuse * irrad;
        if (any(specAlb > float3(0.0f))) {
            env += specAlb * (useIBL ? spec.sample(ibl, rx_oct_uv(R), level(r * frame.specularMips)).rgb : specAmb);
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
            env += bp.clearcoat * ecc * (useIBL ? spec.sample(ibl, rx_oct_uv(R), level(rc * frame.specularMips)).rgb : specAmb);
        }
        L += env * ao;
    }
    // Thin-walled transmission: what lies behind shows through (blended by
    // the host's transparent pass) with this weight.
    o.transmit = saturate(trW * bst.ccScale);
    o.radiance = L;
    return o;
}

