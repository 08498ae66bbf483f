// tonemap.h — exposure, tone mapping and sRGB encoding of the resolve
// kernel (Go reference: tonemap.go).
#pragma once
#include <metal_stdlib>
using namespace metal;

// Khronos PBR Neutral (reference GLSL of the specification).
inline float3 pbr_neutral(float3 c) {
    const float start = 0.8f - 0.04f;
    const float desat = 0.15f;
    float x = min(c.r, min(c.g, c.b));
    float offset = x < 0.08f ? x - 6.25f * x * x : 0.04f;
    c -= offset;
    float peak = max(c.r, max(c.g, c.b));
    if (peak < start) {
        return c;
    }
    const float d = 1.0f - start;
    float newPeak = 1.0f - d * d / (peak + d - start);
    c *= newPeak / peak;
    float g = 1.0f - 1.0f / (desat * (peak - newPeak) + 1.0f);
    return mix(c, float3(newPeak), g);
}

// Stephen Hill's ACES fit (sRGB in, sRGB out).
inline float3 aces_fitted(float3 c) {
    float3 v = float3(dot(float3(0.59719f, 0.35458f, 0.04823f), c),
                      dot(float3(0.07600f, 0.90834f, 0.01566f), c),
                      dot(float3(0.02840f, 0.13383f, 0.83777f), c));
    float3 a = v * (v + 0.0245786f) - 0.000090537f;
    float3 b = v * (0.983729f * v + 0.4329510f) + 0.238081f;
    v = a / b;
    float3 o = float3(dot(float3(1.60475f, -0.53108f, -0.07367f), v),
                      dot(float3(-0.10208f, 1.10813f, -0.00605f), v),
                      dot(float3(-0.00327f, -0.07276f, 1.07602f), v));
    return saturate(o);
}

inline float3 tone_map(uint op, float exposure, float3 c) {
    c = max(c * exp2(exposure), float3(0.0f));
    if (op == 1u) {
        c = pbr_neutral(c);
    } else if (op == 2u) {
        c = aces_fitted(c);
    }
    return saturate(c);
}

inline float srgb_encode(float v) {
    v = saturate(v);
    float e = v <= 0.0031308f ? 12.92f * v : 1.055f * powr(v, 1.0f / 2.4f) - 0.055f;
    return saturate(e);
}

// pack_rgba8 packs display values to RGBA8 (R in the low byte).
inline uint pack_rgba8(float3 c, float a) {
    uint r = uint(srgb_encode(c.r) * 255.0f + 0.5f);
    uint g = uint(srgb_encode(c.g) * 255.0f + 0.5f);
    uint b = uint(srgb_encode(c.b) * 255.0f + 0.5f);
    uint al = uint(saturate(a) * 255.0f + 0.5f);
    return r | (g << 8u) | (b << 16u) | (al << 24u);
}
