// ibl.metal — image-based lighting tables of the forward rasterizer, made
// once per renderer (and environment) from the path tracer's environment.
// Every table is in world space: the environment's rotation is applied
// when the base map is made, so lookups need none.
//
//   ibl_base        the environment's radiance box-filtered into level 0
//                   of the base texture (equirectangular; a constant
//                   environment is a constant map)
//   ibl_downsample  level k of a texture from level k−1 (2×2 average)
//   ibl_specular    level k of the specular texture (octahedral, +Y at
//                   the centre: a lookup is a few arithmetic operations,
//                   no atan2/acos): the base convolved with the GGX
//                   distribution of roughness k/(levels−1) (normal = view
//                   = reflection direction), importance sampled and read
//                   from the base's mips by sample density (pre-filtered
//                   importance sampling)
//   ibl_sh_rows     the irradiance's order-2 spherical harmonics: each
//                   row of base level 0 projected onto the 9 basis
//                   functions (one thread per row)
//   ibl_sh_sum      the rows summed in row order and convolved with the
//                   clamped cosine (irradiance / π), 9 RGB coefficients
//                   (rx_sh_irradiance in raster_types.h evaluates them)
#include <metal_stdlib>
#include "scene_types.h"
#include "bsdf.h"
#include "raster_ibl.h"
using namespace metal;

struct IBLParams {
    uint width;         // @0  destination level size
    uint height;        // @4
    uint level;         // @8  destination level
    uint levels;        // @12 specular: levels in the chain; irradiance: source level
    uint srcWidth;      // @16 source level size
    uint srcHeight;     // @20
    uint samples;       // @24 specular: GGX samples per texel
    float baseTexelSolidAngle; // @28 solid angle of a base level-0 texel at the equator
};

// map_dir is the direction of map coordinates uv (envmap.go, no rotation).
inline float3 map_dir(float2 uv) {
    float phi = (uv.x - 0.5f) * 2.0f * kPi;
    float theta = uv.y * kPi;
    float s = sin(theta);
    return float3(s * sin(phi), cos(theta), -s * cos(phi));
}

inline float2 map_uv(float3 d) {
    float u = atan2(d.x, -d.z) * (0.5f / kPi) + 0.5f;
    u -= floor(u);
    float v = acos(clamp(d.y, -1.0f, 1.0f)) / kPi;
    return float2(u, v);
}

kernel void ibl_base(constant SceneResources& scene [[buffer(0)]],
                     constant IBLParams& p [[buffer(1)]],
                     texture2d<float, access::write> dst [[texture(0)]],
                     uint2 tid [[thread_position_in_grid]]) {
    if (tid.x >= p.width || tid.y >= p.height) {
        return;
    }
    float3 c = float3(scene.envColor) * scene.envIntensity;
    if (scene.envKind == ENV_MAP) {
        // 4×4 bilinear taps over the texel's footprint.
        float3 sum = float3(0.0f);
        for (uint j = 0u; j < 4u; j++) {
            for (uint i = 0u; i < 4u; i++) {
                float2 uv = (float2(tid) + (float2(float(i), float(j)) + 0.5f) * 0.25f) / float2(float(p.width), float(p.height));
                // World-space texel: the map is read at the rotated
                // azimuth (pathtrace.metal env_uv adds the rotation).
                uv.x += scene.envRotation * (0.5f / kPi);
                sum += scene.envMap.sample(scene.envSampler, uv, level(0.0f)).rgb;
            }
        }
        c *= sum * (1.0f / 16.0f);
    }
    dst.write(float4(c, 1.0f), tid, 0u);
}

kernel void ibl_downsample(constant IBLParams& p [[buffer(1)]],
                           texture2d<float> src [[texture(0)]],
                           texture2d<float, access::write> dst [[texture(1)]],
                           uint2 tid [[thread_position_in_grid]]) {
    if (tid.x >= p.width || tid.y >= p.height) {
        return;
    }
    uint sl = p.level - 1u;
    uint2 s = tid * 2u;
    uint2 m = uint2(p.srcWidth - 1u, p.srcHeight - 1u);
    float4 c = src.read(min(s, m), sl) + src.read(min(s + uint2(1u, 0u), m), sl) +
               src.read(min(s + uint2(0u, 1u), m), sl) + src.read(min(s + uint2(1u, 1u), m), sl);
    dst.write(c * 0.25f, tid, p.level);
}

// hammersley is point i of n of the 2-D Hammersley set.
inline float2 hammersley(uint i, uint n) {
    return float2((float(i) + 0.5f) / float(n), float(reverse_bits(i)) * 2.3283064365386963e-10f);
}

kernel void ibl_specular(constant IBLParams& p [[buffer(1)]],
                         texture2d<float> base [[texture(0)]],
                         texture2d<float, access::write> dst [[texture(1)]],
                         sampler smp [[sampler(0)]],
                         uint2 tid [[thread_position_in_grid]]) {
    if (tid.x >= p.width || tid.y >= p.height) {
        return;
    }
    float3 n = rx_oct_dir((float2(tid) + 0.5f) / float2(float(p.width), float(p.height)));
    if (p.level == 0u) {
        dst.write(float4(base.sample(smp, map_uv(n), level(0.0f)).rgb, 1.0f), tid, 0u);
        return;
    }
    float r = float(p.level) / float(max(p.levels - 1u, 1u));
    float a = ggx_alpha(r);
    float a2 = a * a;
    float3 up = abs(n.y) < 0.999f ? float3(0.0f, 1.0f, 0.0f) : float3(1.0f, 0.0f, 0.0f);
    float3 tx = normalize(cross(up, n));
    float3 ty = cross(n, tx);
    float3 sum = float3(0.0f);
    float wsum = 0.0f;
    for (uint i = 0u; i < p.samples; i++) {
        float2 u = hammersley(i, p.samples);
        float cosH = sqrt((1.0f - u.y) / (1.0f + (a2 - 1.0f) * u.y));
        float sinH = sqrt(max(1.0f - cosH * cosH, 0.0f));
        float phi = 2.0f * kPi * u.x;
        float3 h = tx * (sinH * cos(phi)) + ty * (sinH * sin(phi)) + n * cosH;
        float3 l = 2.0f * dot(n, h) * h - n;
        float nl = dot(n, l);
        if (nl <= 0.0f) {
            continue;
        }
        // pdf of l: D(h)·cosH / (4·(v·h)) with v = n, so D / 4.
        float t = cosH * cosH * (a2 - 1.0f) + 1.0f;
        float pdf = a2 / (kPi * t * t) * 0.25f;
        float omega = 1.0f / (float(p.samples) * pdf);
        float lod = max(0.5f * log2(omega / p.baseTexelSolidAngle) + 1.0f, 0.0f);
        sum += base.sample(smp, map_uv(l), level(lod)).rgb * nl;
        wsum += nl;
    }
    dst.write(float4(wsum > 0.0f ? sum / wsum : float3(0.0f), 1.0f), tid, p.level);
}

// ibl_sh_rows projects row tid of base level 0 (p.width × p.height
// texels) onto the 9 basis functions, weighted by the texels' solid
// angles: rows[9·tid + k].
kernel void ibl_sh_rows(constant IBLParams& p [[buffer(1)]],
                        texture2d<float> base [[texture(0)]],
                        device float4* rows [[buffer(2)]],
                        uint tid [[thread_position_in_grid]]) {
    if (tid >= p.height) {
        return;
    }
    float3 c[9];
    for (uint k = 0u; k < 9u; k++) {
        c[k] = float3(0.0f);
    }
    float theta = (float(tid) + 0.5f) / float(p.height) * kPi;
    float w = (2.0f * kPi / float(p.width)) * (kPi / float(p.height)) * sin(theta);
    for (uint x = 0u; x < p.width; x++) {
        float3 d = map_dir(float2((float(x) + 0.5f) / float(p.width), (float(tid) + 0.5f) / float(p.height)));
        float3 l = base.read(uint2(x, tid), 0u).rgb * w;
        float y[9];
        rx_sh_basis(d, y);
        for (uint k = 0u; k < 9u; k++) {
            c[k] += l * y[k];
        }
    }
    for (uint k = 0u; k < 9u; k++) {
        rows[9u * tid + k] = float4(c[k], 0.0f);
    }
}

// ibl_sh_sum sums coefficient tid (of 9) over the p.height rows in row
// order and scales it by the clamped cosine's band factor over π
// (Ramamoorthi and Hanrahan: A0 = π, A1 = 2π/3, A2 = π/4), so that
// rx_sh_irradiance returns irradiance / π, the diffuse lobe's radiance
// weight.
kernel void ibl_sh_sum(constant IBLParams& p [[buffer(1)]],
                       device const float4* rows [[buffer(2)]],
                       device float4* sh [[buffer(3)]],
                       uint tid [[thread_position_in_grid]]) {
    if (tid >= 9u) {
        return;
    }
    float3 s = float3(0.0f);
    for (uint y = 0u; y < p.height; y++) {
        s += rows[9u * y + tid].rgb;
    }
    float a = tid == 0u ? 1.0f : (tid < 4u ? 2.0f / 3.0f : 0.25f);
    sh[tid] = float4(s * a, 0.0f);
}
