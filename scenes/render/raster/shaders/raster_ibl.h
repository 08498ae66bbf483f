// raster_ibl.h — the lookups of the rasterizer's image-based-lighting
// tables (ibl.metal makes them, raster.metal reads them): the octahedral
// mapping of the pre-filtered specular texture and the order-2 spherical
// harmonics of the irradiance. Both are in world space.
#pragma once
#include <metal_stdlib>
using namespace metal;

// rx_sign_nz is sign(v) per component with sign(0) = +1.
inline float2 rx_sign_nz(float2 v) {
    return float2(v.x >= 0.0f ? 1.0f : -1.0f, v.y >= 0.0f ? 1.0f : -1.0f);
}

// rx_oct_uv is the octahedral texture coordinate of direction d (+Y at
// the centre, −Y at the corners; d need not be normalized).
inline float2 rx_oct_uv(float3 d) {
    float3 a = d / (abs(d.x) + abs(d.y) + abs(d.z));
    float2 e = a.xz;
    if (a.y < 0.0f) {
        e = (1.0f - abs(e.yx)) * rx_sign_nz(e);
    }
    return e * 0.5f + 0.5f;
}

// rx_oct_dir is the unit direction of octahedral coordinate uv.
inline float3 rx_oct_dir(float2 uv) {
    float2 e = uv * 2.0f - 1.0f;
    float3 d = float3(e.x, 1.0f - abs(e.x) - abs(e.y), e.y);
    if (d.y < 0.0f) {
        float2 f = (1.0f - abs(d.zx)) * rx_sign_nz(d.xz);
        d.x = f.x;
        d.z = f.y;
    }
    return normalize(d);
}

// rx_sh_basis is the 9 real spherical harmonics of bands 0–2 at unit
// direction d.
inline void rx_sh_basis(float3 d, thread float* y) {
    y[0] = 0.282095f;
    y[1] = 0.488603f * d.y;
    y[2] = 0.488603f * d.z;
    y[3] = 0.488603f * d.x;
    y[4] = 1.092548f * d.x * d.y;
    y[5] = 1.092548f * d.y * d.z;
    y[6] = 0.315392f * (3.0f * d.z * d.z - 1.0f);
    y[7] = 1.092548f * d.x * d.z;
    y[8] = 0.546274f * (d.x * d.x - d.y * d.y);
}

// rx_sh_irradiance is irradiance / π about unit normal n from the 9
// convolved coefficients of ibl_sh_sum (clamped at 0: an order-2 fit can
// ring below it): the basis of rx_sh_basis, one fused multiply-add per
// coefficient and channel.
inline float3 rx_sh_irradiance(constant float4* sh, float3 n) {
    float3 e = float3(sh[0].rgb) * 0.282095f;
    e = fma(float3(sh[1].rgb), float3(0.488603f * n.y), e);
    e = fma(float3(sh[2].rgb), float3(0.488603f * n.z), e);
    e = fma(float3(sh[3].rgb), float3(0.488603f * n.x), e);
    e = fma(float3(sh[4].rgb), float3(1.092548f * n.x * n.y), e);
    e = fma(float3(sh[5].rgb), float3(1.092548f * n.y * n.z), e);
    e = fma(float3(sh[6].rgb), float3(0.315392f * (3.0f * n.z * n.z - 1.0f)), e);
    e = fma(float3(sh[7].rgb), float3(1.092548f * n.x * n.z), e);
    e = fma(float3(sh[8].rgb), float3(0.546274f * (n.x * n.x - n.y * n.y)), e);
    return max(e, float3(0.0f));
}

// RasterSH is the 9 RGB coefficients of an SH irradiance in registers
// (the blend of the irradiance probes around a fragment).
struct RasterSH {
    float3 c0, c1, c2, c3, c4, c5, c6, c7, c8;
};

// rx_sh_eval is rx_sh_irradiance of coefficients held in registers.
inline float3 rx_sh_eval(RasterSH sh, float3 n) {
    float3 e = sh.c0 * 0.282095f;
    e = fma(sh.c1, float3(0.488603f * n.y), e);
    e = fma(sh.c2, float3(0.488603f * n.z), e);
    e = fma(sh.c3, float3(0.488603f * n.x), e);
    e = fma(sh.c4, float3(1.092548f * n.x * n.y), e);
    e = fma(sh.c5, float3(1.092548f * n.y * n.z), e);
    e = fma(sh.c6, float3(0.315392f * (3.0f * n.z * n.z - 1.0f)), e);
    e = fma(sh.c7, float3(1.092548f * n.x * n.z), e);
    e = fma(sh.c8, float3(0.546274f * (n.x * n.x - n.y * n.y)), e);
    return max(e, float3(0.0f));
}
