// uv_emission.metal — a test material: unlit, emitting (u, v, 0.25).
#include <metal_stdlib>
#include "scene_types.h"
using namespace metal;

[[visible]] MaterialOutput uv_emission(SurfaceHit hit, constant SceneResources& scene) {
    MaterialOutput o;
    o.baseColor = float3(1.0f);
    o.metallic = 0.0f;
    o.roughness = 1.0f;
    o.ior = 1.5f;
    o.transmission = 0.0f;
    o.clearcoat = 0.0f;
    o.clearcoatRoughness = 0.0f;
    o.normal = hit.normal;
    o.emission = float3(hit.uv0, 0.25f);
    o.opacity = 1.0f;
    o.flags = MATERIAL_UNLIT;
    return o;
}
