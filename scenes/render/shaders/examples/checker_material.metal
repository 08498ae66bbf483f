// checker_material.metal — an example user material for
//   ingot render scene.glb --material NAME=checker_material.metal
// which replaces the material function of every material named NAME (or
// "*" for all) with the [[visible]] function of this file. The file must
// define exactly one [[visible]] function with the MaterialFunction
// signature of scene_types.h:
//   [[visible]] MaterialOutput f(SurfaceHit hit, constant SceneResources& scene)
// It may #include "scene_types.h", "material_common.h" and "bsdf.h" (served
// from the embedded renderer sources) and read the material's own
// MaterialData through scene.materials[hit.material].
#include <metal_stdlib>
#include "scene_types.h"
#include "material_common.h"
using namespace metal;

// checker keeps the glTF material's parameters but replaces the base
// colour with a 8×8-per-UV-unit checkerboard of the base colour and a dark
// glossy tile.
[[visible]] MaterialOutput checker(SurfaceHit hit, constant SceneResources& scene) {
    const device MaterialData& m = scene.materials[hit.material];
    float2 cell = floor(hit.uv0 * 8.0f);
    bool odd = (int(cell.x) + int(cell.y)) % 2 != 0;
    MaterialOutput o;
    o.baseColor = odd ? m.baseColor.rgb : float3(0.05f);
    o.metallic = 0.0f;
    o.roughness = odd ? m.roughness : 0.15f;
    o.ior = 1.5f;
    o.transmission = 0.0f;
    o.clearcoat = 0.0f;
    o.clearcoatRoughness = 0.0f;
    o.normal = hit.normal;
    o.emission = float3(m.emissive) * m.emissiveStrength;
    o.opacity = 1.0f;
    o.flags = m.flags;
    return o;
}
