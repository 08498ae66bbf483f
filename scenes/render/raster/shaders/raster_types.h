// raster_types.h — the records the forward rasterizer shares with its Go
// host (scenes/render/raster/layout.go mirrors them; layout_test.go checks
// the offsets against the compiler's reflection).
#pragma once
#ifdef __METAL_VERSION__
#include <metal_stdlib>
using namespace metal;
#endif

// Vertex / fragment buffer indices.
#define RASTER_BUFFER_SCENE 0   // constant SceneResources& (scene_types.h)
#define RASTER_BUFFER_DRAW 1    // constant RasterDraw&
#define RASTER_BUFFER_FRAME 2   // constant RasterFrame&
// Fragment textures and samplers.
#define RASTER_TEXTURE_IRRADIANCE 0 // IBL irradiance (equirectangular, cosine-filtered)
#define RASTER_TEXTURE_SPECULAR 1   // IBL pre-filtered specular (equirectangular, mip k = roughness k/(n−1))
#define RASTER_TEXTURE_SHADOW 2     // shadow map (Depth32Float)
#define RASTER_SAMPLER_IBL 0        // linear, repeat u, clamp v, linear mips
#define RASTER_SAMPLER_SHADOW 1     // linear, clamp, compare less-equal

// RasterFrame.flags
#define RASTER_IBL 1u          // the environment lights the scene (irradiance + specular textures)
#define RASTER_MSAA 2u         // more than one sample per pixel (alpha MASK uses alpha-to-coverage)
#define RASTER_AREA_LIGHTS 4u  // emissive triangles light the scene as area lights (few emitters)
#define RASTER_SHADOW 8u       // the shadow map covers light shadowLight

// Per-frame constants. 240 bytes, align 16.
struct RasterFrame {
    float4 viewProj[4];     // @0   rows: clip = (dot(r0, p1), dot(r1, p1), dot(r2, p1), dot(r3, p1))
    float4 shadowProj[4];   // @64  rows: the shadow light's clip space (RASTER_SHADOW)
    packed_float3 eye;      // @128 camera position
    uint flags;             // @140 RASTER_*
    packed_float3 right;    // @144 camera frame (CameraData)
    float tanHalfFovY;      // @156
    packed_float3 up;       // @160
    float aspect;           // @172
    packed_float3 forward;  // @176
    uint projection;        // @188 PROJECTION_*
    float orthoHalfHeight;  // @192
    uint width;             // @196
    uint height;            // @200
    float specularMips;     // @204 mip count of the specular texture − 1
    uint shadowLight;       // @208 PunctualLight index of the shadow map
    float shadowBias;       // @212 depth bias in shadow clip units
    uint areaSamples;       // @216 emissive triangles used as area lights (≤ emissiveCount)
    uint pad0;              // @220
    packed_float3 ambient;  // @224 uniform indirect radiance of a closed scene without IBL (0: none)
    float pad1;             // @236
};

// Per-draw constants: which geometry record of which instance. 16 bytes.
struct RasterDraw {
    uint instance;          // @0  InstanceData index
    uint geometry;          // @4  GeometryData index
    uint pass;              // @8  RASTER_PASS_*
    uint pad0;              // @12
};

#define RASTER_PASS_OPAQUE 0u
#define RASTER_PASS_MASK 1u
#define RASTER_PASS_BLEND 2u
