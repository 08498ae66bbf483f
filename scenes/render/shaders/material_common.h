// material_common.h — helpers for material functions (stock and user):
// texture-slot sampling with KHR_texture_transform, normal mapping.
#pragma once
#include <metal_stdlib>
#include "scene_types.h"
using namespace metal;

// slot_uv applies a slot's texture transform to the UV set it selects.
inline float2 slot_uv(TextureSlot s, SurfaceHit hit) {
    float3 uv = float3(s.texCoord == 1u ? hit.uv1 : hit.uv0, 1.0f);
    return float2(dot(float3(s.uRow), uv), dot(float3(s.vRow), uv));
}

// sample_slot samples a texture slot (mip level 0: a path tracer has no
// screen-space derivatives), or returns fallback when the slot is empty.
inline float4 sample_slot(TextureSlot s, SurfaceHit hit, constant SceneResources& scene, float4 fallback) {
    if (s.texture < 0 || uint(s.texture) >= scene.textureCount) {
        return fallback;
    }
    TextureBinding tb = scene.textures[s.texture];
    return tb.texture.sample(tb.smp, slot_uv(s, hit), level(0.0f));
}

// apply_normal_map perturbs hit.normal with a tangent-space normal map.
inline float3 apply_normal_map(TextureSlot s, float scale, SurfaceHit hit, constant SceneResources& scene) {
    float3 n = hit.normal;
    if (s.texture < 0 || hit.tangent.w == 0.0f) {
        return n;
    }
    float3 t = normalize(hit.tangent.xyz - n * dot(n, hit.tangent.xyz));
    float3 b = cross(n, t) * hit.tangent.w;
    float3 m = sample_slot(s, hit, scene, float4(0.5f, 0.5f, 1.0f, 1.0f)).xyz * 2.0f - 1.0f;
    m.xy *= scale;
    float3 r = normalize(m.x * t + m.y * b + m.z * n);
    return all(isfinite(r)) ? r : n;
}

// sample_material_slot is sample_slot for a slot read in place from a
// MaterialData in device memory: an empty slot costs one load (the
// texture index), and a set one loads only the fields it uses, not a copy
// of the whole slot.
inline float4 sample_material_slot(const device TextureSlot& s, SurfaceHit hit, constant SceneResources& scene, float4 fallback) {
    int t = s.texture;
    if (t < 0) {
        return fallback;
    }
    if (uint(t) >= scene.textureCount) {
        return fallback;
    }
    float3 uv = float3(s.texCoord == 1u ? hit.uv1 : hit.uv0, 1.0f);
    float2 st = float2(dot(float3(s.uRow), uv), dot(float3(s.vRow), uv));
    TextureBinding tb = scene.textures[t];
    return tb.texture.sample(tb.smp, st, level(0.0f));
}

// material_normal is apply_normal_map for a slot in device memory (the
// same arithmetic, the slot read in place).
inline float3 material_normal(const device TextureSlot& s, float scale, SurfaceHit hit, constant SceneResources& scene) {
    float3 n = hit.normal;
    if (s.texture < 0 || hit.tangent.w == 0.0f) {
        return n;
    }
    float3 t = normalize(hit.tangent.xyz - n * dot(n, hit.tangent.xyz));
    float3 b = cross(n, t) * hit.tangent.w;
    float3 m = sample_material_slot(s, hit, scene, float4(0.5f, 0.5f, 1.0f, 1.0f)).xyz * 2.0f - 1.0f;
    m.xy *= scale;
    float3 r = normalize(m.x * t + m.y * b + m.z * n);
    return all(isfinite(r)) ? r : n;
}
