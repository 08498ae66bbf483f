// materials.metal — the stock [[visible]] material functions of the path
// tracer. A material function has the signature MaterialFunction of
// scene_types.h; MaterialData.function selects its entry in the visible
// function table bound at BUFFER_MATERIALS (0: gltf_metallic_roughness,
// 1: gltf_unlit, user materials after them).
#include <metal_stdlib>
#include "scene_types.h"
#include "material_common.h"
#include "gltf_material.h"
using namespace metal;

// gltf_metallic_roughness evaluates a glTF 2.0 material (with
// KHR_materials_emissive_strength, _ior, _transmission, _clearcoat,
// _specular): gltf_material_eval of the shared gltf_material.h.
[[visible]] MaterialOutput gltf_metallic_roughness(SurfaceHit hit, constant SceneResources& scene) {
    return gltf_material_eval(scene.materials[hit.material], hit, scene);
}

// gltf_unlit is KHR_materials_unlit: the base colour is emitted, nothing
// scatters (gltf_unlit_eval of gltf_material.h).
[[visible]] MaterialOutput gltf_unlit(SurfaceHit hit, constant SceneResources& scene) {
    return gltf_unlit_eval(scene.materials[hit.material], hit, scene);
}
