// gltf_material.h — the glTF metallic-roughness material shared by every
// stock renderer: the path tracer (pathtrace.metal, materials.metal) and
// the forward rasterizer (scenes/render/raster). It evaluates a
// MaterialData at a SurfaceHit into a MaterialOutput (base colour, normal,
// occlusion-free BSDF parameters, emission) and turns that into the
// BSDFParams of bsdf.h, whose BSDF both renderers shade with.
#pragma once
#include <metal_stdlib>
#include "scene_types.h"
#include "material_common.h"
#include "bsdf.h"
using namespace metal;

// INGOT_MATERIAL_SLOTS is the set of texture slots (SLOT_* bits of
// scene_types.h) that some material of the scene may set. A renderer that
// compiles its material code for one scene defines it before this header
// (kernel.SlotsDefine) and the code of the other slots, which would read
// empty slots and sample nothing, vanishes; without it every slot is read.
#ifndef INGOT_MATERIAL_SLOTS
#define INGOT_MATERIAL_SLOTS 0xFFFFu
#endif
// MATERIAL_SLOT_USED(bit): the compiled code reads slot bit.
#define MATERIAL_SLOT_USED(bit) ((INGOT_MATERIAL_SLOTS & (bit)) != 0u)

// gltf_material_eval evaluates a glTF 2.0 material (with
// KHR_materials_emissive_strength, _ior, _transmission, _clearcoat,
// _specular, _sheen, _volume, _iridescence and KHR_texture_transform) at a
// hit.
inline MaterialOutput gltf_material_eval(const device MaterialData& m, SurfaceHit hit, constant SceneResources& scene) {
    MaterialOutput o;
    float4 base = m.baseColor * hit.color;
    float metallic = m.metallic;
    float roughness = m.roughness;
    float transmission = m.transmission;
    float clearcoat = m.clearcoat;
    float clearcoatRoughness = m.clearcoatRoughness;
    float3 emission = float3(m.emissive) * m.emissiveStrength;
    float specular = m.specular;
    float3 specularColor = float3(m.specularColor);
    float3 sheenColor = float3(m.sheenColor);
    float sheenRoughness = m.sheenRoughness;
    float thickness = m.thickness;
    float iridescence = m.iridescence;
    float filmT = 1.0f; // where the film thickness lies in [min, max]: 1 (max) without a texture
    float3 normal = hit.normal;
    // An empty slot samples as 1 (the factor alone, the same bits), so a
    // material without textures skips every slot at once, and a slot that
    // no material of the scene sets is not compiled (INGOT_MATERIAL_SLOTS).
    if (INGOT_MATERIAL_SLOTS != 0u && (m.flags & MATERIAL_TEXTURED) != 0u) {
        if (MATERIAL_SLOT_USED(SLOT_BASE_COLOR)) {
            base *= sample_material_slot(m.baseColorTex, hit, scene, float4(1.0f));
        }
        if (MATERIAL_SLOT_USED(SLOT_METALLIC_ROUGHNESS)) {
            float4 mr = sample_material_slot(m.metallicRoughnessTex, hit, scene, float4(1.0f));
            metallic *= mr.b;
            roughness *= mr.g;
        }
        if (MATERIAL_SLOT_USED(SLOT_TRANSMISSION)) {
            transmission *= sample_material_slot(m.transmissionTex, hit, scene, float4(1.0f)).r;
        }
        if (MATERIAL_SLOT_USED(SLOT_CLEARCOAT)) {
            clearcoat *= sample_material_slot(m.clearcoatTex, hit, scene, float4(1.0f)).r;
        }
        if (MATERIAL_SLOT_USED(SLOT_CLEARCOAT_ROUGHNESS)) {
            clearcoatRoughness *= sample_material_slot(m.clearcoatRoughnessTex, hit, scene, float4(1.0f)).g;
        }
        if (MATERIAL_SLOT_USED(SLOT_NORMAL)) {
            normal = material_normal(m.normalTex, m.normalScale, hit, scene);
        }
        if (MATERIAL_SLOT_USED(SLOT_EMISSIVE)) {
            emission *= sample_material_slot(m.emissiveTex, hit, scene, float4(1.0f)).rgb;
        }
        if (MATERIAL_SLOT_USED(SLOT_SPECULAR)) {
            specular *= sample_material_slot(m.specularTex, hit, scene, float4(1.0f)).a;
        }
        if (MATERIAL_SLOT_USED(SLOT_SPECULAR_COLOR)) {
            specularColor *= sample_material_slot(m.specularColorTex, hit, scene, float4(1.0f)).rgb;
        }
        if (MATERIAL_SLOT_USED(SLOT_SHEEN_COLOR)) {
            sheenColor *= sample_material_slot(m.sheenColorTex, hit, scene, float4(1.0f)).rgb;
        }
        if (MATERIAL_SLOT_USED(SLOT_SHEEN_ROUGHNESS)) {
            sheenRoughness *= sample_material_slot(m.sheenRoughnessTex, hit, scene, float4(1.0f)).a;
        }
        if (MATERIAL_SLOT_USED(SLOT_THICKNESS)) {
            thickness *= sample_material_slot(m.thicknessTex, hit, scene, float4(1.0f)).g;
        }
        if (MATERIAL_SLOT_USED(SLOT_IRIDESCENCE)) {
            iridescence *= sample_material_slot(m.iridescenceTex, hit, scene, float4(1.0f)).r;
        }
        if (MATERIAL_SLOT_USED(SLOT_IRIDESCENCE_THICKNESS)) {
            filmT = sample_material_slot(m.iridescenceThicknessTex, hit, scene, float4(1.0f)).g;
        }
    }
    o.baseColor = base.rgb;
    o.metallic = saturate(metallic);
    o.roughness = saturate(roughness);
    o.ior = m.ior;
    o.transmission = saturate(transmission);
    o.clearcoat = saturate(clearcoat);
    o.clearcoatRoughness = saturate(clearcoatRoughness);
    o.normal = normal;
    o.emission = emission;
    o.opacity = base.a;
    o.flags = m.flags;
    o.specular = saturate(specular);
    o.specularColor = specularColor;
    o.sheenColor = saturate(sheenColor);
    o.sheenRoughness = saturate(sheenRoughness);
    o.thickness = max(thickness, 0.0f);
    o.iridescence = saturate(iridescence);
    o.iridescenceIor = m.iridescenceIor;
    o.iridescenceThickness = max(mix(m.iridescenceThicknessMin, m.iridescenceThicknessMax, filmT), 0.0f);
    return o;
}

// gltf_unlit_eval is KHR_materials_unlit: the base colour is emitted,
// nothing scatters.
inline MaterialOutput gltf_unlit_eval(const device MaterialData& m, SurfaceHit hit, constant SceneResources& scene) {
    MaterialOutput o;
    float4 base = m.baseColor * hit.color;
    if (MATERIAL_SLOT_USED(SLOT_BASE_COLOR)) {
        base *= sample_material_slot(m.baseColorTex, hit, scene, float4(1.0f));
    }
    o.baseColor = base.rgb;
    o.metallic = 0.0f;
    o.roughness = 1.0f;
    o.ior = 1.5f;
    o.transmission = 0.0f;
    o.clearcoat = 0.0f;
    o.clearcoatRoughness = 0.0f;
    o.normal = hit.normal;
    o.emission = base.rgb;
    o.opacity = base.a;
    o.flags = m.flags | MATERIAL_UNLIT;
    return o;
}

// material_bsdf returns the BSDF parameters of a material output (ggx:
// SceneResources.ggxTables). Transmission is thin-walled here; the path
// tracer sets BSDFParams.volume at volume boundaries (MATERIAL_VOLUME).
inline BSDFParams material_bsdf(MaterialOutput mo, const device float* ggx) {
    BSDFParams bp;
    bp.baseColor = mo.baseColor;
    bp.metallic = mo.metallic;
    bp.roughness = mo.roughness;
    bp.ior = mo.ior;
    bp.transmission = mo.transmission;
    bp.clearcoat = mo.clearcoat;
    bp.clearcoatRoughness = mo.clearcoatRoughness;
    bp.specular = mo.specular;
    bp.specularColor = mo.specularColor;
    bp.sheenColor = mo.sheenColor;
    bp.sheenRoughness = mo.sheenRoughness;
    bp.iridescence = mo.iridescence;
    bp.iridescenceIor = mo.iridescenceIor;
    bp.iridescenceThickness = mo.iridescenceThickness;
    bp.ggx = ggx;
    return bp;
}
