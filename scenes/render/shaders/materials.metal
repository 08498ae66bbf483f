// materials.metal — the stock [[visible]] material functions of the path
// tracer. A material function has the signature MaterialFunction of
// scene_types.h; MaterialData.function selects its entry in the visible
// function table bound at BUFFER_MATERIALS (0: gltf_metallic_roughness,
// 1: gltf_unlit, user materials after them).
#include <metal_stdlib>
#include "scene_types.h"
#include "material_common.h"
using namespace metal;

// gltf_metallic_roughness evaluates a glTF 2.0 material (with
// KHR_materials_emissive_strength, _ior, _transmission, _clearcoat,
// _specular).
[[visible]] MaterialOutput gltf_metallic_roughness(SurfaceHit hit, constant SceneResources& scene) {
    const device MaterialData& m = scene.materials[hit.material];
    MaterialOutput o;
    float4 base = m.baseColor * hit.color * sample_material_slot(m.baseColorTex, hit, scene, float4(1.0f));
    float4 mr = sample_material_slot(m.metallicRoughnessTex, hit, scene, float4(1.0f));
    o.baseColor = base.rgb;
    o.metallic = saturate(m.metallic * mr.b);
    o.roughness = saturate(m.roughness * mr.g);
    o.ior = m.ior;
    o.transmission = saturate(m.transmission * sample_material_slot(m.transmissionTex, hit, scene, float4(1.0f)).r);
    o.clearcoat = saturate(m.clearcoat * sample_material_slot(m.clearcoatTex, hit, scene, float4(1.0f)).r);
    o.clearcoatRoughness = saturate(m.clearcoatRoughness * sample_material_slot(m.clearcoatRoughnessTex, hit, scene, float4(1.0f)).g);
    o.normal = material_normal(m.normalTex, m.normalScale, hit, scene);
    o.emission = float3(m.emissive) * m.emissiveStrength * sample_material_slot(m.emissiveTex, hit, scene, float4(1.0f)).rgb;
    o.opacity = base.a;
    o.flags = m.flags;
    o.specular = saturate(m.specular * sample_material_slot(m.specularTex, hit, scene, float4(1.0f)).a);
    o.specularColor = float3(m.specularColor) * sample_material_slot(m.specularColorTex, hit, scene, float4(1.0f)).rgb;
    return o;
}

// gltf_unlit is KHR_materials_unlit: the base colour is emitted, nothing
// scatters.
[[visible]] MaterialOutput gltf_unlit(SurfaceHit hit, constant SceneResources& scene) {
    const device MaterialData& m = scene.materials[hit.material];
    MaterialOutput o;
    float4 base = m.baseColor * hit.color * sample_material_slot(m.baseColorTex, hit, scene, float4(1.0f));
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
    o.specular = 1.0f;
    o.specularColor = float3(1.0f);
    return o;
}
