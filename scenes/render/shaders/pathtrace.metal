// pathtrace.metal — ingot's stock path tracer (megakernel).
//
// Kernels:
//   camera_rays  one filtered, depth-of-field, shutter-timed camera ray per
//                pixel of the tile (sample settings.sampleStart) → CameraRay
//   path_trace   settings.samplesPerPass paths per pixel of the tile,
//                accumulated into accum (rgb sum, w = sample count) and AOVs
//   resolve      accum / count → exposure → tone map → sRGB → RGBA8
// Intersection function:
//   alpha_test   glTF alpha MASK (cutoff) and BLEND (stochastic) any-hit test
//                for geometries built non-opaque.
// Materials are [[visible]] functions (materials.metal, user files) called
// through the visible function table at BUFFER_MATERIALS. Layout and
// bindings: scene_types.h; host side: scenes/render/DESIGN.md.
#include <metal_stdlib>
#include <metal_raytracing>
#include "scene_types.h"
#include "sampler.h"
#include "gltf_material.h" // the glTF material and BSDF shared with the rasterizer
#include "tonemap.h"
#include "envmap.h"
using namespace metal;
using namespace metal::raytracing;

typedef acceleration_structure<instancing, primitive_motion, instance_motion> SceneAccel;
typedef intersection_function_table<triangle_data, instancing, primitive_motion, instance_motion> SceneFunctions;
typedef intersector<triangle_data, instancing, primitive_motion, instance_motion> SceneIntersector;
typedef SceneIntersector::result_type SceneHit;

#define kInvalidLight 0xFFFFFFFFu
#define kNoLobeLimit 0xFFFFFFFFu // RenderSettings.max*Bounces: no limit of that lobe's own
#define kRayEpsilon 1e-4f

// ---- geometry helpers -------------------------------------------------------

// motion_u is the fraction of the shutter interval at scene time t.
inline float motion_u(constant CameraData& cam, float t) {
    float len = cam.shutterClose - cam.shutterOpen;
    return len > 0.0f ? saturate((t - cam.shutterOpen) / len) : 0.0f;
}

inline float3 xform_point(float4 r0, float4 r1, float4 r2, float3 p) {
    float4 p1 = float4(p, 1.0f);
    return float3(dot(r0, p1), dot(r1, p1), dot(r2, p1));
}

inline float3 xform_vector(float4 r0, float4 r1, float4 r2, float3 v) {
    return float3(dot(r0.xyz, v), dot(r1.xyz, v), dot(r2.xyz, v));
}

// Rows of an instance's transforms at motion fraction u (linear matrix
// interpolation, as the accel's matrix instance motion).
struct InstanceXform {
    float4 m0, m1, m2;
    float4 n0, n1, n2;
};

inline InstanceXform instance_xform(const device InstanceData& inst, float u) {
    InstanceXform x;
    x.m0 = inst.toWorld[0];
    x.m1 = inst.toWorld[1];
    x.m2 = inst.toWorld[2];
    x.n0 = inst.normalToWorld[0];
    x.n1 = inst.normalToWorld[1];
    x.n2 = inst.normalToWorld[2];
    if ((inst.flags & INSTANCE_MOVING) != 0u) {
        x.m0 = mix(x.m0, inst.toWorldClose[0], u);
        x.m1 = mix(x.m1, inst.toWorldClose[1], u);
        x.m2 = mix(x.m2, inst.toWorldClose[2], u);
        x.n0 = mix(x.n0, inst.normalToWorldClose[0], u);
        x.n1 = mix(x.n1, inst.normalToWorldClose[1], u);
        x.n2 = mix(x.n2, inst.normalToWorldClose[2], u);
    }
    return x;
}

// Basis is a tangent frame (t, b) around a normal.
struct Basis {
    float3 t;
    float3 b;
};

// Branchless orthonormal basis (Duff et al. 2017).
inline Basis make_frame(float3 n) {
    float s = n.z >= 0.0f ? 1.0f : -1.0f;
    float a = -1.0f / (s + n.z);
    float c = n.x * n.y * a;
    Basis f;
    f.t = float3(1.0f + s * n.x * n.x * a, s * c, -s * n.x);
    f.b = float3(c, s + n.y * n.y * a, -n.y);
    return f;
}

inline float3 offset_origin(float3 p, float3 ng, float3 dir) {
    // select, not ?: (which lowers to a branch on varying conditions).
    float3 n = select(-ng, ng, dot(ng, dir) >= 0.0f);
    float scale = kRayEpsilon * max(1.0f, max(abs(p.x), max(abs(p.y), abs(p.z))));
    return p + n * scale;
}

// Texture-free part of a material's alpha at a hit (factor × COLOR_0) and
// its texture, used by alpha_test.
inline float hit_alpha(constant SceneResources& scene, const device GeometryData& g, const device MaterialData& m,
                       uint primitive, float2 bary) {
    uint i0 = g.indices[3u * primitive];
    uint i1 = g.indices[3u * primitive + 1u];
    uint i2 = g.indices[3u * primitive + 2u];
    float w0 = 1.0f - bary.x - bary.y;
    float a = m.baseColor.a;
    if ((g.flags & GEOMETRY_HAS_COLORS) != 0u) {
        a *= g.colors[i1].a * bary.x + g.colors[i2].a * bary.y + g.colors[i0].a * w0;
    }
    const device TextureSlot& s = m.baseColorTex; // by reference: the fields load only where used
    if (MATERIAL_SLOT_USED(SLOT_BASE_COLOR) && s.texture >= 0 && uint(s.texture) < scene.textureCount) {
        float2 uv = float2(0.0f);
        if (s.texCoord == 1u && (g.flags & GEOMETRY_HAS_UV1) != 0u) {
            uv = float2(g.uv1[i1]) * bary.x + float2(g.uv1[i2]) * bary.y + float2(g.uv1[i0]) * w0;
        } else if ((g.flags & GEOMETRY_HAS_UV0) != 0u) {
            uv = float2(g.uv0[i1]) * bary.x + float2(g.uv0[i2]) * bary.y + float2(g.uv0[i0]) * w0;
        }
        float3 uv1 = float3(uv, 1.0f);
        uv = float2(dot(float3(s.uRow), uv1), dot(float3(s.vRow), uv1));
        TextureBinding tb = scene.textures[s.texture];
        a *= tb.texture.sample(tb.smp, uv, level(0.0f)).a;
    }
    return a;
}

// ---- alpha test (any-hit) -----------------------------------------------

// alpha_test accepts a candidate triangle of a non-opaque geometry when
// the material's alpha passes: MASK compares with alphaCutoff, BLEND accepts
// with probability alpha (stochastic transparency; the payload is the
// path's random state, advanced per candidate). Opaque geometries are
// built opaque and never call it.
[[intersection(triangle, triangle_data, instancing, primitive_motion, instance_motion)]]
bool alpha_test(uint primitive [[primitive_id]], uint geometry [[geometry_id]], uint instance [[instance_id]],
                float2 bary [[barycentric_coord]], ray_data uint& rng [[payload]],
                constant SceneResources& scene [[buffer(0)]]) {
    const device InstanceData& inst = scene.instances[instance];
    const device GeometryData& g = scene.geometries[inst.geometryBase + geometry];
    const device MaterialData& m = scene.materials[g.material];
    if (m.alphaMode == ALPHA_OPAQUE) {
        return true;
    }
    float a = hit_alpha(scene, g, m, primitive, bary);
    if (m.alphaMode == ALPHA_MASK) {
        return a >= m.alphaCutoff;
    }
    rng = hash32(rng ^ (primitive * 0x9e3779b9u));
    return to_unit(rng) < a;
}

// ---- camera ---------------------------------------------------------------

// tent maps u ∈ [0,1) to the tent filter of radius 1 (pixels), importance
// sampled (filter.go SampleTent).
inline float tent(float u) {
    float x = 2.0f * u;
    // One square root and selects, no branch: the same bits as
    // x < 1 ? sqrt(x) - 1 : 1 - sqrt(2 - x).
    bool lo = x < 1.0f;
    float s = sqrt(select(2.0f - x, x, lo));
    return select(1.0f - s, s - 1.0f, lo);
}

// Pixel filters (filter.go FilterOffset): importance sampled, weight 1.
#define kBHA0 0.35875f
#define kBHA1 0.48829f
#define kBHA2 0.14128f
#define kBHA3 0.01168f

// sample_blackman_harris maps u to t ∈ [−½, ½] distributed as the
// unit-width Blackman–Harris window: four clamped Newton steps on its CDF.
inline float sample_blackman_harris(float u) {
    float t = tent(u) * 0.4f;
    for (int i = 0; i < 4; i++) {
        float s1 = sin(2.0f * kPi * t);
        float c1 = cos(2.0f * kPi * t);
        float s2 = 2.0f * s1 * c1;
        float c2 = 1.0f - 2.0f * s1 * s1;
        float s3 = s1 * (3.0f - 4.0f * s1 * s1);
        float c3 = c1 * (4.0f * c1 * c1 - 3.0f);
        float cdf = (kBHA0 * t + (kBHA1 / (2.0f * kPi)) * s1 + (kBHA2 / (4.0f * kPi)) * s2 + (kBHA3 / (6.0f * kPi)) * s3) / kBHA0 + 0.5f;
        float pdf = (kBHA0 + kBHA1 * c1 + kBHA2 * c2 + kBHA3 * c3) / kBHA0;
        t -= (cdf - u) / max(pdf, 1e-3f);
        t = min(max(t, -0.5f), 0.5f);
    }
    return t;
}

// filter_width is the width of pixel filter FILTER_* given width w: w,
// or the filter's default width when w ≤ 0.
inline float filter_width(uint filter, float w) {
    if (!(w > 0.0f)) {
        w = filter == FILTER_BOX ? 1.0f : filter == FILTER_GAUSSIAN ? 3.0f : filter == FILTER_BLACKMAN_HARRIS ? 1.5f : 2.0f;
    }
    return w;
}

// filter_offset: the camera ray's offset from the pixel centre (pixels)
// for filter FILTER_* of width w (resolved by filter_width).
inline float2 filter_offset(uint filter, float w, float2 u) {
    if (filter == FILTER_BOX) {
        return (u - 0.5f) * w;
    }
    if (filter == FILTER_GAUSSIAN) {
        float sigma = w * (1.0f / 6.0f);
        float r = sigma * sqrt(-2.0f * log(1.0f - u.x * 0.98889100f));
        return float2(r * cos(2.0f * kPi * u.y), r * sin(2.0f * kPi * u.y));
    }
    if (filter == FILTER_BLACKMAN_HARRIS) {
        return float2(sample_blackman_harris(u.x) * w, sample_blackman_harris(u.y) * w);
    }
    if (filter == FILTER_CENTER) {
        return float2(0.0f);
    }
    float h = w * 0.5f;
    return float2(tent(u.x) * h, tent(u.y) * h);
}

inline float2 concentric_disk(float2 u) {
    float3 d = cosine_hemisphere(u.x, u.y);
    return d.xy;
}

// CameraSetup is what every camera ray of a dispatch shares: the camera
// and settings fields camera_ray reads, the filter width resolved, and,
// for a camera without a shutter interval or motion (timed false), the
// time and lens position at shutter fraction 0, which are those of every
// shutter fraction then.
struct CameraSetup {
    float3 position;
    float3 positionClose;
    float3 right;
    float3 up;
    float3 forward;
    float time;
    float shutterOpen;
    float shutterClose;
    float width;        // float(st.width)
    float height;       // float(st.height)
    float filterWidth;  // filter_width(st.filter, st.filterWidth)
    float halfFilterWidth; // filterWidth * 0.5 (the tent's radius)
    float tanHalfFovY;
    float aspect;
    float orthoHalfHeight;
    float lensRadius;
    float focusDistance;
    float nearClip;
    uint filter;
    uint projection;
    bool timed;
};

// camera_setup reads the fields of cam and st that camera_ray_at uses;
// timed false asserts that the shutter fraction does not matter (no
// shutter interval, no camera motion).
inline CameraSetup camera_setup(constant CameraData& cam, constant RenderSettings& st, bool timed) {
    CameraSetup cs;
    cs.position = float3(cam.position);
    cs.positionClose = float3(cam.positionClose);
    cs.right = float3(cam.right);
    cs.up = float3(cam.up);
    cs.forward = float3(cam.forward);
    cs.shutterOpen = cam.shutterOpen;
    cs.shutterClose = cam.shutterClose;
    cs.time = mix(cs.shutterOpen, cs.shutterClose, 0.0f);
    if (!timed) {
        cs.position = mix(cs.position, cs.positionClose, 0.0f);
    }
    cs.width = float(st.width);
    cs.height = float(st.height);
    cs.filter = st.filter;
    cs.filterWidth = filter_width(st.filter, st.filterWidth);
    cs.halfFilterWidth = cs.filterWidth * 0.5f;
    cs.tanHalfFovY = cam.tanHalfFovY;
    cs.aspect = cam.aspect;
    cs.orthoHalfHeight = cam.orthoHalfHeight;
    cs.lensRadius = cam.lensRadius;
    cs.focusDistance = cam.focusDistance;
    cs.nearClip = cam.nearClip;
    cs.projection = cam.projection;
    cs.timed = timed;
    return cs;
}

// camera_ray_at builds the ray through the pixel whose centre is pc
// (float(px) + 0.5, float(py) + 0.5) for sample random numbers film (xy:
// filter, zw: lens) and shutter fraction tu; time receives the scene time
// (camera.go CameraRay).
inline ray camera_ray_at(CameraSetup cs, float2 pc, float4 film, float tu, thread float& time) {
    // The tent filter (the default) in place: filter_offset's last case.
    float2 o;
    if (cs.filter == FILTER_TENT) {
        o = float2(tent(film.x) * cs.halfFilterWidth, tent(film.y) * cs.halfFilterWidth);
    } else {
        o = filter_offset(cs.filter, cs.filterWidth, film.xy);
    }
    float fx = pc.x + o.x;
    float fy = pc.y + o.y;
    float sx = 2.0f * fx / cs.width - 1.0f;
    float sy = 1.0f - 2.0f * fy / cs.height;
    float3 pos = cs.position;
    time = cs.time;
    if (cs.timed) {
        time = mix(cs.shutterOpen, cs.shutterClose, tu);
        pos = mix(cs.position, cs.positionClose, tu);
    }
    ray r;
    if (cs.projection == PROJECTION_ORTHOGRAPHIC) {
        r.origin = pos + cs.right * (sx * cs.orthoHalfHeight * cs.aspect) + cs.up * (sy * cs.orthoHalfHeight);
        r.direction = cs.forward;
    } else {
        float3 d = normalize(cs.forward + cs.right * (sx * cs.tanHalfFovY * cs.aspect) + cs.up * (sy * cs.tanHalfFovY));
        r.origin = pos;
        r.direction = d;
        if (cs.lensRadius > 0.0f) {
            float3 focus = pos + d * (cs.focusDistance / dot(d, cs.forward));
            float2 l = concentric_disk(film.zw) * cs.lensRadius;
            r.origin = pos + cs.right * l.x + cs.up * l.y;
            r.direction = normalize(focus - r.origin);
        }
    }
    r.min_distance = cs.nearClip;
    r.max_distance = INFINITY;
    return r;
}

// pixel_centre is the centre of pixel (px, py) in image coordinates.
inline float2 pixel_centre(uint px, uint py) {
    return float2(float(px) + 0.5f, float(py) + 0.5f);
}

// camera_ray builds the ray of pixel (px, py) for sample random numbers
// film (xy: filter, zw: lens) and shutter fraction tu; time receives the
// scene time (camera.go CameraRay).
inline ray camera_ray(constant CameraData& cam, constant RenderSettings& st, uint px, uint py, float4 film, float tu,
                      thread float& time) {
    return camera_ray_at(camera_setup(cam, st, true), pixel_centre(px, py), film, tu, time);
}

kernel void camera_rays(constant FrameParams& frame [[buffer(BUFFER_FRAME)]],
                        device CameraRay* rays [[buffer(BUFFER_RAYS)]],
                        uint2 tid [[thread_position_in_grid]]) {
    constant RenderSettings& st = frame.settings;
    if (tid.x >= st.tileWidth || tid.y >= st.tileHeight) {
        return;
    }
    uint px = st.tileX + tid.x;
    uint py = st.tileY + tid.y;
    if (px >= st.width || py >= st.height) {
        return;
    }
    uint seed = pixel_seed(px, py, hash_combine(st.seed, st.frameIndex));
    float4 film = sample4(seed, st.sampleStart, DIM_CAMERA);
    float4 tu = sample4(seed, st.sampleStart, DIM_TIME);
    float time;
    ray r = camera_ray(frame.camera, st, px, py, film, tu.x, time);
    CameraRay out;
    out.origin = r.origin;
    out.time = time;
    out.direction = r.direction;
    out.weight = 1.0f;
    rays[tid.y * st.tileWidth + tid.x] = out;
}

// ---- lights ---------------------------------------------------------------

struct LightSample {
    float3 wi;      // unit, towards the light
    float dist;     // INFINITY for directional and environment
    float3 Li;      // incident radiance (or irradiance scale for delta lights)
    float pdf;      // solid-angle pdf incl. selection (1 × pick for delta lights)
    bool delta;
};

// find_cdf_* return the first index whose inclusive cdf exceeds u.
inline uint find_emissive(constant SceneResources& scene, float u) {
    uint lo = 0u;
    uint hi = scene.emissiveCount - 1u;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (scene.emissive[mid].cdf > u) {
            hi = mid;
        } else {
            lo = mid + 1u;
        }
    }
    return lo;
}

inline uint find_punctual(constant SceneResources& scene, float u) {
    uint lo = 0u;
    uint hi = scene.punctualCount - 1u;
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (scene.punctual[mid].cdf > u) {
            hi = mid;
        } else {
            lo = mid + 1u;
        }
    }
    return lo;
}

// find_interval returns i with cdf[i] <= u < cdf[i+1] over n intervals.
inline uint find_interval(const device float* cdf, uint n, float u) {
    uint lo = 0u;
    uint hi = n - 1u;
    while (lo < hi) {
        uint mid = (lo + hi + 1u) >> 1u;
        if (cdf[mid] <= u) {
            lo = mid;
        } else {
            hi = mid - 1u;
        }
    }
    return lo;
}

// Equirectangular mapping (envmap.go): v = θ/π from +Y, u = φ/2π with
// φ measured from −Z towards +X, plus the rotation. The inverse
// trigonometry is env_atan2 and env_acos, a few ulp from atan2 and acos:
// a millionth of a texel of a 64×32 map.
inline float2 env_uv(constant SceneResources& scene, float3 d) {
    float phi = env_atan2(d.x, -d.z) + scene.envRotation;
    float u = phi * (0.5f / kPi) + 0.5f;
    u -= floor(u);
    float v = env_acos(clamp(d.y, -1.0f, 1.0f)) / kPi;
    return float2(u, v);
}

inline float3 env_dir(constant SceneResources& scene, float2 uv) {
    float phi = (uv.x - 0.5f) * 2.0f * kPi - scene.envRotation;
    float theta = uv.y * kPi;
    float s = sin(theta);
    return float3(s * sin(phi), cos(theta), -s * cos(phi));
}

// env_map is the equirectangular map's value at uv (ENV_MAP).
inline float3 env_map(constant SceneResources& scene, float2 uv) {
    return scene.envMap.sample(scene.envSampler, uv, level(0.0f)).rgb;
}

inline float3 env_radiance(constant SceneResources& scene, float3 d) {
    float3 c = float3(scene.envColor) * scene.envIntensity;
    if (scene.envKind == ENV_MAP) {
        c *= env_map(scene, env_uv(scene, d));
    }
    return c;
}

// env_map_pdf is env_pdf of an ENV_MAP environment for the direction
// whose env_uv is uv.
inline float env_map_pdf(constant SceneResources& scene, float2 uv) {
    if (scene.pickEnv <= 0.0f) {
        return 0.0f;
    }
    uint w = scene.envWidth;
    uint h = scene.envHeight;
    uint x = min(uint(uv.x * float(w)), w - 1u);
    uint y = min(uint(uv.y * float(h)), h - 1u);
    const device float* row = scene.envConditionalCdf + y * (w + 1u);
    float pu = (row[x + 1u] - row[x]) * float(w);
    float pv = (scene.envMarginalCdf[y + 1u] - scene.envMarginalCdf[y]) * float(h);
    float s = sin(uv.y * kPi);
    return s > 0.0f ? scene.pickEnv * pu * pv / (2.0f * kPi * kPi * s) : 0.0f;
}

// env_pdf is the solid-angle pdf of light sampling choosing direction d
// (selection probability included).
inline float env_pdf(constant SceneResources& scene, float3 d) {
    if (scene.pickEnv <= 0.0f) {
        return 0.0f;
    }
    if (scene.envKind != ENV_MAP) {
        return scene.pickEnv / (4.0f * kPi);
    }
    return env_map_pdf(scene, env_uv(scene, d));
}

// surface_emission is the emitted radiance of an emissive-listed
// geometry at a point (MaterialData emissive × strength × texture), used
// both by light sampling and by BSDF-sampled hits so MIS stays consistent.
inline float3 surface_emission(constant SceneResources& scene, const device GeometryData& g, uint primitive, float2 bary) {
    const device MaterialData& m = scene.materials[g.material];
    float3 e = float3(m.emissive) * m.emissiveStrength;
    const device TextureSlot& s = m.emissiveTex; // by reference: the fields load only where used
    if (MATERIAL_SLOT_USED(SLOT_EMISSIVE) && s.texture >= 0 && uint(s.texture) < scene.textureCount &&
        (g.flags & GEOMETRY_HAS_UV0) != 0u) {
        uint i0 = g.indices[3u * primitive];
        uint i1 = g.indices[3u * primitive + 1u];
        uint i2 = g.indices[3u * primitive + 2u];
        float w0 = 1.0f - bary.x - bary.y;
        const device packed_float2* uvs = (s.texCoord == 1u && (g.flags & GEOMETRY_HAS_UV1) != 0u) ? g.uv1 : g.uv0;
        float2 uv = float2(uvs[i1]) * bary.x + float2(uvs[i2]) * bary.y + float2(uvs[i0]) * w0;
        float3 uv1 = float3(uv, 1.0f);
        uv = float2(dot(float3(s.uRow), uv1), dot(float3(s.vRow), uv1));
        TextureBinding tb = scene.textures[s.texture];
        e *= tb.texture.sample(tb.smp, uv, level(0.0f)).rgb;
    }
    return e;
}

// sample_light picks the emissive set, the punctual set or the
// environment by u.x, then a member and a point/direction.
inline LightSample sample_light(constant SceneResources& scene, float3 p, float4 u) {
    LightSample ls;
    ls.pdf = 0.0f;
    ls.delta = false;
    ls.dist = INFINITY;
    ls.Li = float3(0.0f);
    ls.wi = float3(0.0f, 1.0f, 0.0f);
    float x = u.x;
    if (x < scene.pickEmissive && scene.emissiveCount > 0u) {
        float v = x / scene.pickEmissive;
        uint i = find_emissive(scene, v);
        EmissiveTriangle tri = scene.emissive[i];
        float su = sqrt(u.y);
        float b1 = 1.0f - su;          // weight of p1
        float b2 = u.z * su;           // weight of p2
        float3 p0 = float3(tri.p0);
        float3 p1 = float3(tri.p1);
        float3 p2 = float3(tri.p2);
        float3 q = p0 + b1 * (p1 - p0) + b2 * (p2 - p0);
        float3 d = q - p;
        float d2 = dot(d, d);
        if (d2 <= 0.0f || tri.area <= 0.0f) {
            return ls;
        }
        float dist = sqrt(d2);
        ls.wi = d / dist;
        float3 n = normalize(cross(p1 - p0, p2 - p0));
        float cosL = dot(n, -ls.wi);
        const device GeometryData& g = scene.geometries[tri.geometry];
        bool twoSided = (scene.materials[g.material].flags & MATERIAL_DOUBLE_SIDED) != 0u;
        if (cosL <= 0.0f && !(twoSided && cosL < 0.0f)) {
            return ls;
        }
        ls.dist = dist;
        ls.Li = surface_emission(scene, g, tri.primitive, float2(b1, b2));
        ls.pdf = scene.pickEmissive * tri.pmf * d2 / (tri.area * abs(cosL));
        return ls;
    }
    x -= scene.pickEmissive;
    if (x < scene.pickPunctual && scene.punctualCount > 0u) {
        uint i = find_punctual(scene, x / scene.pickPunctual);
        PunctualLight l = scene.punctual[i];
        ls.delta = true;
        ls.pdf = scene.pickPunctual * l.pmf;
        if (l.type == LIGHT_DIRECTIONAL) {
            ls.wi = -normalize(float3(l.direction));
            ls.Li = float3(l.intensity);
            return ls;
        }
        float3 d = float3(l.position) - p;
        float d2 = max(dot(d, d), 1e-8f);
        float dist = sqrt(d2);
        ls.wi = d / dist;
        ls.dist = dist;
        float att = 1.0f / d2;
        if (l.range > 0.0f) {
            float r = dist / l.range;
            float w = saturate(1.0f - r * r * r * r);
            att *= w * w;
        }
        if (l.type == LIGHT_SPOT) {
            float cd = dot(normalize(float3(l.direction)), -ls.wi);
            float t = saturate((cd - l.cosOuter) / max(l.cosInner - l.cosOuter, 1e-4f));
            att *= t * t;
        }
        ls.Li = float3(l.intensity) * att;
        return ls;
    }
    if (scene.pickEnv <= 0.0f) {
        return ls;
    }
    float v = saturate((x - scene.pickPunctual) / scene.pickEnv);
    if (scene.envKind == ENV_MAP) {
        uint h = scene.envHeight;
        uint w = scene.envWidth;
        uint y = find_interval(scene.envMarginalCdf, h, min(v, 0.99999994f));
        float m0 = scene.envMarginalCdf[y];
        float m1 = scene.envMarginalCdf[y + 1u];
        float dv = m1 > m0 ? (v - m0) / (m1 - m0) : 0.5f;
        const device float* row = scene.envConditionalCdf + y * (w + 1u);
        float uu = min(u.y, 0.99999994f);
        uint xi = find_interval(row, w, uu);
        float c0 = row[xi];
        float c1 = row[xi + 1u];
        float du = c1 > c0 ? (uu - c0) / (c1 - c0) : 0.5f;
        float2 uv = float2((float(xi) + du) / float(w), (float(y) + dv) / float(h));
        ls.wi = env_dir(scene, uv);
        float s = sin(uv.y * kPi);
        if (s <= 0.0f) {
            return ls;
        }
        ls.pdf = scene.pickEnv * (c1 - c0) * float(w) * (m1 - m0) * float(h) / (2.0f * kPi * kPi * s);
        // The map at the sampled uv, not at env_uv(ls.wi), which would
        // give it back to within rounding through atan2 and acos.
        ls.Li = float3(scene.envColor) * scene.envIntensity * env_map(scene, uv);
        return ls;
    }
    float z = 1.0f - 2.0f * v;
    float r = sqrt(max(1.0f - z * z, 0.0f));
    float phi = 2.0f * kPi * u.y;
    ls.wi = float3(r * cos(phi), z, r * sin(phi));
    ls.pdf = scene.pickEnv / (4.0f * kPi);
    ls.Li = env_radiance(scene, ls.wi);
    return ls;
}

// ---- path tracing -----------------------------------------------------------

// kRegenerateLanes: lanes of a SIMD-group (of 32) that must have missed for
// path_trace to start their next paths within the same iteration, and
// kRegenerateRounds: how many times per iteration they may (a pixel whose
// camera rays miss would otherwise loop alone through its samples while
// the other lanes wait).
#define kRegenerateLanes 12u
#define kRegenerateRounds 3u

// kMaxCulled bounds the back faces of single-sided materials a camera ray
// passes through (glTF doubleSided false); past it the next hit is kept.
#define kMaxCulled 16u

// culled_back reports whether a camera ray's hit is the back face of a
// single-sided material (glTF doubleSided false), which glTF culls. Facing
// is decided in object space, so a mirrored instance (negative
// determinant) keeps its front side where its normals point, as glTF's
// clockwise winding rule for such nodes asks.
inline bool culled_back(constant SceneResources& scene, SceneHit hit) {
    if (hit.triangle_front_facing) {
        return false;
    }
    uint gi = scene.instances[hit.instance_id].geometryBase + hit.geometry_id;
    // doubleSided has no effect on volume boundaries (KHR_materials_volume).
    return (scene.materials[scene.geometries[gi].material].flags & (MATERIAL_DOUBLE_SIDED | MATERIAL_VOLUME)) == 0u;
}

// make_hit interpolates the hit's vertex attributes into a SurfaceHit.
inline SurfaceHit make_hit(constant SceneResources& scene, SceneHit hit, ray r, float time, float mu) {
    const device InstanceData& inst = scene.instances[hit.instance_id];
    uint gi = inst.geometryBase + hit.geometry_id;
    const device GeometryData& g = scene.geometries[gi];
    uint prim = hit.primitive_id;
    // The vertex indices only matter for interpolated attributes; the
    // geometric normal is precomputed per triangle (GeometryData).
    uint i0 = 0u;
    uint i1 = 0u;
    uint i2 = 0u;
    if ((g.flags & GEOMETRY_HAS_ATTRIBUTES) != 0u) {
        i0 = g.indices[3u * prim];
        i1 = g.indices[3u * prim + 1u];
        i2 = g.indices[3u * prim + 2u];
    }
    float2 b = hit.triangle_barycentric_coord;
    float w0 = 1.0f - b.x - b.y;
    SurfaceHit sh;
    sh.position = r.origin + r.direction * hit.distance;
    sh.wo = -r.direction;
    bool hasNormals = (g.flags & GEOMETRY_HAS_NORMALS) != 0u;
    bool hasTangents = (g.flags & GEOMETRY_HAS_TANGENTS) != 0u;
    float3 wcn = float3(g.faceNormals[prim]);
    float3 won = float3(0.0f);
    if (hasNormals) {
        won = float3(g.normals[i1]) * b.x + float3(g.normals[i2]) * b.y + float3(g.normals[i0]) * w0;
    }
    float4 t = float4(0.0f);
    if (hasTangents) {
        t = g.tangents[i1] * b.x + g.tangents[i2] * b.y + g.tangents[i0] * w0;
    }
    float3 wt = t.xyz;
    // To world space; an identity instance (an OBJ file's groups, a glTF
    // scene's untransformed nodes) needs no transform.
    if ((inst.flags & INSTANCE_IDENTITY) == 0u) {
        InstanceXform x = instance_xform(inst, mu);
        wcn = xform_vector(x.n0, x.n1, x.n2, wcn);
        if (hasNormals) {
            won = xform_vector(x.n0, x.n1, x.n2, won);
        }
        if (hasTangents) {
            wt = xform_vector(x.m0, x.m1, x.m2, wt);
        }
    }
    float3 ng = normalize(wcn);
    if (!all(isfinite(ng))) {
        ng = sh.wo;
    }
    if (dot(ng, sh.wo) < 0.0f) {
        ng = -ng;
    }
    sh.geometricNormal = ng;
    float3 n = ng;
    if (hasNormals) {
        float3 wn = normalize(won);
        if (all(isfinite(wn))) {
            n = select(wn, -wn, dot(wn, ng) < 0.0f);
        }
    }
    sh.normal = n;
    sh.tangent = float4(0.0f);
    if (hasTangents) {
        float len = length(wt);
        if (len > 0.0f) {
            sh.tangent = float4(wt / len, g.tangents[i0].w < 0.0f ? -1.0f : 1.0f);
        }
    }
    sh.uv0 = float2(0.0f);
    sh.uv1 = float2(0.0f);
    if ((g.flags & GEOMETRY_HAS_UV0) != 0u) {
        sh.uv0 = float2(g.uv0[i1]) * b.x + float2(g.uv0[i2]) * b.y + float2(g.uv0[i0]) * w0;
    }
    if ((g.flags & GEOMETRY_HAS_UV1) != 0u) {
        sh.uv1 = float2(g.uv1[i1]) * b.x + float2(g.uv1[i2]) * b.y + float2(g.uv1[i0]) * w0;
    }
    sh.color = float4(1.0f);
    if ((g.flags & GEOMETRY_HAS_COLORS) != 0u) {
        sh.color = g.colors[i1] * b.x + g.colors[i2] * b.y + g.colors[i0] * w0;
    }
    sh.time = time;
    sh.material = g.material;
    sh.instance = hit.instance_id;
    sh.geometry = gi;
    sh.primitive = prim;
    sh.frontFacing = hit.triangle_front_facing;
    return sh;
}

// visible tests the segment from p along wi up to dist (any hit; alpha
// tested geometry runs alpha_test). Single-sided materials block shadow
// rays from either side: only camera rays cull their back faces.
inline bool visible(SceneAccel accel, SceneFunctions ift, float3 p, float3 wi, float dist, float time, uint rng,
                    bool alpha) {
    SceneIntersector shadow;
    shadow.set_triangle_front_facing_winding(winding::counterclockwise);
    shadow.accept_any_intersection(true);
    ray r;
    r.origin = p;
    r.direction = wi;
    r.min_distance = 0.0f;
    r.max_distance = isinf(dist) ? INFINITY : dist * (1.0f - 1e-3f);
    if (!alpha) {
        // Every geometry is opaque: no intersection function can run.
        return shadow.intersect(r, accel, INSTANCE_MASK_ALL, time).type == intersection_type::none;
    }
    SceneHit h = shadow.intersect(r, accel, INSTANCE_MASK_ALL, time, ift, rng);
    return h.type == intersection_type::none;
}


kernel void path_trace(constant SceneResources& scene [[buffer(BUFFER_SCENE)]],
                       SceneAccel accel [[buffer(BUFFER_ACCEL)]],
                       SceneFunctions ift [[buffer(BUFFER_IFT)]],
                       visible_function_table<MaterialFunction> materials [[buffer(BUFFER_MATERIALS)]],
                       constant FrameParams& frame [[buffer(BUFFER_FRAME)]],
                       device float4* accum [[buffer(BUFFER_ACCUM)]],
                       device AOVSample* aov [[buffer(BUFFER_AOV)]],
                       device atomic_uint* queue [[buffer(BUFFER_QUEUE)]]) {
    constant RenderSettings& st = frame.settings;
    // Work queue: each thread takes the next pixel of the tile from an
    // atomic counter, renders all of the pass's samples of it, adds them to
    // accum and takes the next, until the tile is done. Together with path
    // regeneration below this keeps a SIMD-group's lanes busy until the
    // queue runs dry, instead of idling behind the slowest pixel. Which
    // thread renders a pixel does not change its value: every pixel's sum
    // depends only on (pixel, sample index), and is added once.
    uint npix = st.tileWidth * st.tileHeight;
    if (st.samplesPerPass == 0u || st.tileWidth == 0u) {
        return;
    }
    uint job = atomic_fetch_add_explicit(queue, 1u, memory_order_relaxed);
    bool newPixel = true;
    uint px = 0u;
    uint py = 0u;
    uint seed = 0u;
    const device uint4* sobol = scene.sobolTables;
    float3 sum = float3(0.0f);
    float3 albedo = float3(0.0f);
    float3 normal = float3(0.0f);
    float depth = 0.0f;
    float hits = 0.0f;
    SceneIntersector isect;
    isect.set_triangle_front_facing_winding(winding::counterclockwise);
    bool useNEE = (st.flags & SETTINGS_NO_NEE) == 0u;
    bool regenerate = (st.flags & SETTINGS_REGENERATE) != 0u;
    bool alphaScene = (st.flags & SETTINGS_ALPHA) != 0u;
    // The first-hit AOVs are summed only when asked for (SETTINGS_AOV).
    bool aovs = (st.flags & SETTINGS_AOV) != 0u;
    // Per-lobe bounce limits are counted only when some is set.
    bool lobeLimits = (st.flags & SETTINGS_LOBE_LIMITS) != 0u;
    bool timedCamera = frame.camera.shutterClose != frame.camera.shutterOpen ||
                       any(float3(frame.camera.positionClose) != float3(frame.camera.position));
    CameraSetup cam = camera_setup(frame.camera, st, timedCamera);
    float2 pc = float2(0.0f); // the centre of pixel (px, py)
    uint seedMix = 0u;        // hash_mix(seed)
    uint revIdx = 0u;         // reverse_bits(idx)
    // Without a shutter interval or camera motion every camera ray has
    // the time cam.time, and so one motion fraction.
    float mu0 = motion_u(frame.camera, cam.time);
    // Path regeneration: the loop runs one bounce per iteration, and a
    // lane whose path ended starts its next sample (or pixel) at once
    // instead of idling until the longest path of its SIMD-group ends.
    // Each pixel still adds its samples in index order, so the sums (and
    // the image) are the bits of a loop over samples.
    uint s = 0u;
    bool fresh = true;
    uint idx = 0u;
    uint bounce = 0u;
    // lastVertex: the path's last vertex (its emission is counted, then it
    // ends): maxBounces, or the vertex after a bounce that reached its
    // lobe's limit. nDiffuse, nGlossy, nTransmission count the bounces of
    // each lobe (SETTINGS_LOBE_LIMITS).
    uint lastVertex = 0u;
    uint nDiffuse = 0u;
    uint nGlossy = 0u;
    uint nTransmission = 0u;
    uint culled = 0u;
    ray r;
    float time = 0.0f;
    float mu = 0.0f;
    float3 L = float3(0.0f);
    float3 beta = float3(1.0f);
    float prevPdf = 0.0f;
    bool prevSpecular = true;   // camera rays and delta events take no MIS
    float3 pathAlbedo = float3(0.0f);
    float3 pathNormal = float3(0.0f);
    float pathDepth = 0.0f;
    // The path of this lane ended (a miss or the shading below) and is not
    // yet added to its pixel.
    bool ended = false;
    while (true) {
        // Trace until this lane holds a hit to shade: a path that ended, or
        // whose ray misses here, is added to its pixel and the lane starts
        // its next sample (or pixel). With SETTINGS_REGENERATE, while many
        // lanes of the SIMD-group missed they start their next paths here at
        // once (at most kRegenerateRounds times), so the shading below runs
        // with fuller SIMD-groups; a few missing lanes wait for the next
        // iteration instead (regenerating them one by one would cost more
        // than it saves). Every lane still runs its pixel's samples in
        // order: the same bits either way.
        SceneHit hit;
        uint rng = 0u;
        bool working = true;
        bool haveHit = false;
        uint rounds = 0u;
        while (true) {
            if (ended) {
                float3 l = L;
                if (!all(isfinite(l))) {
                    l = float3(0.0f);
                }
                if (st.clampRadiance > 0.0f) {
                    float lum = luminance(l);
                    if (lum > st.clampRadiance) {
                        l *= st.clampRadiance / lum;
                    }
                }
                sum += l;
                if (aovs) {
                    albedo += pathAlbedo;
                    normal += pathNormal;
                    depth += pathDepth;
                    hits += pathDepth > 0.0f ? 1.0f : 0.0f;
                }
                s++;
                fresh = true;
                if (s == st.samplesPerPass) {
                    uint i = py * st.width + px;
                    accum[i] += float4(sum, float(st.samplesPerPass));
                    if (aovs) {
                        AOVSample o = aov[i];
                        o.albedo += float4(albedo, float(st.samplesPerPass));
                        o.normal += float4(normal, float(st.samplesPerPass));
                        o.depth += float4(depth, hits, 0.0f, 0.0f);
                        aov[i] = o;
                    }
                    job = atomic_fetch_add_explicit(queue, 1u, memory_order_relaxed);
                    newPixel = true;
                }
                ended = false;
            }
            if (job >= npix) {
                working = false;
                break;
            }
            if (newPixel) {
                px = st.tileX + job % st.tileWidth;
                py = st.tileY + job / st.tileWidth;
                seed = pixel_seed(px, py, hash_combine(st.seed, st.frameIndex));
                seedMix = hash_mix(seed);
                pc = pixel_centre(px, py);
                sum = float3(0.0f);
                albedo = float3(0.0f);
                normal = float3(0.0f);
                depth = 0.0f;
                hits = 0.0f;
                s = 0u;
                fresh = true;
                newPixel = false;
            }
            if (fresh) {
                idx = st.sampleStart + s;
                revIdx = reverse_bits(idx);
                float4 film = sample4_keyed(sobol, seed, seedMix, revIdx, DIM_CAMERA);
                // The shutter fraction only matters with a shutter interval or a
                // moving camera: without one, camera_ray gives the same bits
                // for any tu, so skip its sample.
                float tu = 0.0f;
                if (timedCamera) {
                    tu = sample1_keyed(seed, seedMix, revIdx, DIM_TIME);
                }
                r = camera_ray_at(cam, pc, film, tu, time);
                mu = mu0;
                if (timedCamera) {
                    mu = motion_u(frame.camera, time);
                }
                L = float3(0.0f);
                beta = float3(1.0f);
                prevPdf = 0.0f;
                prevSpecular = true;
                bounce = 0u;
                lastVertex = st.maxBounces;
                nDiffuse = 0u;
                nGlossy = 0u;
                nTransmission = 0u;
                if (aovs) {
                    pathAlbedo = float3(0.0f);
                    pathNormal = float3(0.0f);
                    pathDepth = 0.0f;
                }
                culled = 0u;
                fresh = false;
            }
            if (alphaScene) {
                // alpha_test's random state: per sample and bounce.
                rng = hash32(hash_combine(seed, idx * 131u + bounce));
                hit = isect.intersect(r, accel, INSTANCE_MASK_ALL, time, ift, rng);
            } else {
                hit = isect.intersect(r, accel, INSTANCE_MASK_ALL, time);
            }
            if (hit.type != intersection_type::none) {
                if (bounce == 0u && culled < kMaxCulled && culled_back(scene, hit)) {
                    // Camera rays do not see the back faces of single-sided
                    // materials: trace on from just past this one.
                    r.min_distance = hit.distance + max(hit.distance * 1e-6f, 1e-9f);
                    culled++;
                    continue;
                }
                haveHit = true;
                break;
            }
            // The ray escaped: the environment, MIS-weighted after a
            // non-specular bounce. A map's uv serves both its lookup and
            // its pdf (env_radiance and env_pdf each compute it).
            float3 le = float3(scene.envColor) * scene.envIntensity;
            bool mis = !prevSpecular && useNEE;
            float w = 1.0f;
            if (scene.envKind == ENV_MAP) {
                float2 uv = env_uv(scene, r.direction);
                le *= env_map(scene, uv);
                if (mis) {
                    w = mis_power(prevPdf, env_map_pdf(scene, uv));
                }
            } else if (mis) {
                w = mis_power(prevPdf, env_pdf(scene, r.direction));
            }
            L += beta * le * w;
            ended = true;
            rounds++;
            // The lanes counted by a float sum (exact: at most 32 ones),
            // which the engine adds in a vector loop.
            if (!regenerate || rounds > kRegenerateRounds || simd_sum(1.0f) < float(kRegenerateLanes)) {
                break;
            }
        }
        if (!working) {
            break;
        }
        if (!haveHit) {
            continue; // missed; its path is added at the next iteration
        }
        // One bounce of shading; `break` ends the path (leaves the do-while).
        bool more = false;
        do {
            SurfaceHit sh = make_hit(scene, hit, r, time, mu);
            float3 ng = sh.geometricNormal;
            const device MaterialData& mat = scene.materials[sh.material];
            // A volume boundary (KHR_materials_volume) hit from inside: the
            // segment just traced ran through the volume, which absorbs
            // along it (Beer–Lambert). Inside and outside come from the
            // hit's facing (no medium stack: a volume is surrounded by air).
            bool volume = (mat.flags & MATERIAL_VOLUME) != 0u;
            if (volume && !sh.frontFacing) {
                beta *= exp(-float3(mat.attenuation) * hit.distance);
            }
            MaterialOutput mo = materials[mat.function](sh, scene);
            float3 n = normalize(mo.normal);
            if (!all(isfinite(n))) {
                n = sh.normal;
            }
            if (aovs && bounce == 0u) {
                pathAlbedo = mo.baseColor;
                pathNormal = n;
                pathDepth = hit.distance;
            }
            // Emission: listed emitters use surface_emission with MIS; other
            // emission (user materials) is added unweighted.
            const device GeometryData& g = scene.geometries[sh.geometry];
            bool twoSided = (mat.flags & MATERIAL_DOUBLE_SIDED) != 0u;
            if (g.lightBase != kInvalidLight && (sh.frontFacing || twoSided)) {
                float3 le = surface_emission(scene, g, sh.primitive, hit.triangle_barycentric_coord);
                float w = 1.0f;
                if (!prevSpecular && useNEE) {
                    EmissiveTriangle tri = scene.emissive[g.lightBase + sh.primitive];
                    float d2 = hit.distance * hit.distance;
                    float cosL = abs(dot(ng, sh.wo));
                    float lp = cosL > 0.0f ? scene.pickEmissive * tri.pmf * d2 / (tri.area * cosL) : 0.0f;
                    w = mis_power(prevPdf, lp);
                }
                L += beta * le * w;
            } else if (any(mo.emission > float3(0.0f)) && (sh.frontFacing || twoSided)) {
                L += beta * mo.emission;
            }
            if ((mo.flags & MATERIAL_UNLIT) != 0u || bounce >= lastVertex) {
                break;
            }
            // Local frame with the shading normal on the viewer's side.
            if (dot(n, sh.wo) < 0.0f) {
                n = n - 2.0f * dot(n, sh.wo) * sh.wo;
                n = normalize(n);
            }
            Basis basis = make_frame(n);
            float3 tx = basis.t;
            float3 ty = basis.b;
            float3 woL = float3(dot(sh.wo, tx), dot(sh.wo, ty), dot(sh.wo, n));
            if (woL.z <= 0.0f) {
                break; // grazing: nothing scatters (bsdf_eval/bsdf_sample would return 0)
            }
            BSDFParams bp = material_bsdf(mo, scene.ggxTables);
            if (volume) {
                bp.volume = sh.frontFacing ? kVolumeEnter : kVolumeExit;
            }
            float3 p = sh.position;
            // One BSDF state serves both the light sample and the BSDF sample.
            BSDFState bst = bsdf_state(bp, woL);
            // Next-event estimation.
            if (useNEE) {
                // sample_light reads three dimensions (the fourth is spare).
                float4 ul = sample4_keyed(sobol, seed, seedMix, revIdx, DIM_BOUNCE0 + 2u * bounce + 1u);
                LightSample ls = sample_light(scene, p, ul);
                if (ls.pdf > 0.0f && any(ls.Li > float3(0.0f))) {
                    float3 wiL = float3(dot(ls.wi, tx), dot(ls.wi, ty), dot(ls.wi, n));
                    float bsdfPdf = bsdf_state_pdf(bst, woL, wiL);
                    float3 f = bsdf_state_eval(bp, bst, woL, wiL);
                    if (any(f > float3(0.0f)) && dot(ls.wi, ng) * wiL.z > 0.0f) {
                        float3 o = offset_origin(p, ng, ls.wi);
                        if (visible(accel, ift, o, ls.wi, ls.dist, time, rng ^ 0x5bd1e995u, alphaScene)) {
                            float w = ls.delta ? 1.0f : mis_power(ls.pdf, bsdfPdf);
                            L += beta * f * abs(wiL.z) * ls.Li * (w / ls.pdf);
                        }
                    }
                }
            }
            // BSDF sampling.
            float4 ub = sample4_keyed(sobol, seed, seedMix, revIdx, DIM_BOUNCE0 + 2u * bounce);
            BSDFSample bs = bsdf_state_sample(bp, bst, woL, ub.xyz);
            if (!bs.ok) {
                break;
            }
            float3 wi = bs.wi.x * tx + bs.wi.y * ty + bs.wi.z * n;
            if (dot(wi, ng) * bs.wi.z <= 0.0f) {
                break; // shading/geometric normal disagree: drop the path
            }
            beta *= bs.weight;
            prevPdf = bs.pdf;
            prevSpecular = false;
            if (lobeLimits) {
                // The bounce counts as the lobe that sampled it (Cycles'
                // path_state_next): the cosine lobe is diffuse, transmission
                // (thin-walled or refraction) is transmission, the rest
                // (specular, clearcoat, a volume's internal reflection) is
                // glossy. Reaching a lobe's limit makes the next vertex the
                // last: its emission (or the environment on a miss) still
                // counts, it samples no light and scatters no further.
                bool isDiffuse = bs.lobe == kLobeDiffuse;
                bool isTransmission = bs.lobe == kLobeTransmission;
                bool isGlossy = !isDiffuse & !isTransmission;
                nDiffuse += select(0u, 1u, isDiffuse);
                nGlossy += select(0u, 1u, isGlossy);
                nTransmission += select(0u, 1u, isTransmission);
                // & and | rather than && and ||: no branch on varying values.
                bool limit = (isDiffuse & (nDiffuse >= st.maxDiffuseBounces)) |
                             (isGlossy & (nGlossy >= st.maxGlossyBounces)) |
                             (isTransmission & (nTransmission >= st.maxTransmissionBounces));
                lastVertex = select(lastVertex, min(lastVertex, bounce + 1u), limit);
            }
            if (bounce >= st.rrStartBounce) {
                float q = max(0.05f, 1.0f - max(beta.x, max(beta.y, beta.z)));
                if (ub.w < q) {
                    break;
                }
                beta /= 1.0f - q;
            }
            r.origin = offset_origin(p, ng, wi);
            r.direction = wi;
            r.min_distance = 0.0f;
            r.max_distance = INFINITY;
            more = true;
        } while (false);
        if (more) {
            bounce++;
        } else {
            ended = true;
        }
    }
}

kernel void resolve(const device float4* accum [[buffer(BUFFER_RESOLVE_ACCUM)]],
                    constant FrameParams& frame [[buffer(BUFFER_RESOLVE_FRAME)]],
                    device uint* rgba8 [[buffer(BUFFER_RESOLVE_RGBA8)]],
                    uint2 tid [[thread_position_in_grid]]) {
    constant RenderSettings& st = frame.settings;
    if (tid.x >= st.width || tid.y >= st.height) {
        return;
    }
    uint i = tid.y * st.width + tid.x;
    float4 a = accum[i];
    float3 c = a.w > 0.0f ? a.rgb / a.w : float3(0.0f);
    rgba8[i] = pack_rgba8(tone_map(st.toneMap, st.exposure, c), 1.0f);
}
