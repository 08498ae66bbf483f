// scene_types.h — the GPU scene layout shared by the host and the path
// tracer's MSL.
//
// Layout rules (checked by scenes/render/layout_test.go against the MSL
// compiler's reflection and mirrored by the Go structs in layout.go):
//  * Only 4-byte scalars (float, uint, int), float4 (16-byte aligned),
//    packed_float3 / packed_float2 (4-byte aligned, 12 / 8 bytes) and 8-byte
//    handles are used; no float3 members (float3 is 16 bytes in MSL but 12
//    in most host code).
//  * Handles — device pointers, texture2d, sampler — are 8 bytes: a
//    pointer is the buffer's GPUAddress plus an offset, a texture or sampler
//    its 64-bit resource ID (Metal 3 "bindless" argument buffers). Host C
//    sees them as uint64_t (INGOT_PTR / INGOT_HANDLE below).
//  * Every struct's size is a multiple of its alignment; the offset of each
//    member is written beside it (@offset) and must not change without the
//    Go mirror.
//  * Matrices are stored as rows of a 3×4 affine transform in float4s
//    (row r: xyz = linear part, w = translation), so p' = (dot(r0, p1),
//    dot(r1, p1), dot(r2, p1)) with p1 = float4(p, 1).
#pragma once

#ifdef __METAL_VERSION__
#include <metal_stdlib>
using namespace metal;
#define INGOT_PTR(T) const device T*
#define INGOT_TEXTURE texture2d<float>
#define INGOT_SAMPLER sampler
#else
#include <simd/simd.h>
#include <stdint.h>
typedef uint32_t uint;
typedef simd_float4 float4;
typedef simd_packed_float3 packed_float3;
typedef simd_packed_float2 packed_float2;
#define INGOT_PTR(T) uint64_t
#define INGOT_TEXTURE uint64_t
#define INGOT_SAMPLER uint64_t
#endif

// ---- binding indices -------------------------------------------------------

// path_trace / camera_rays buffer indices.
#define BUFFER_SCENE 0      // constant SceneResources&   (argument buffer)
#define BUFFER_ACCEL 1      // acceleration_structure<instancing, instance_motion>
#define BUFFER_IFT 2        // intersection_function_table (alpha test)
#define BUFFER_MATERIALS 3  // visible_function_table<MaterialFunction>
#define BUFFER_FRAME 4      // constant FrameParams&
#define BUFFER_ACCUM 5      // device float4* accumulation (rgb sum, sample count)
#define BUFFER_AOV 6        // device AOVSample* (albedo, normal, depth)
#define BUFFER_RAYS 7       // device CameraRay* (camera_rays output)
#define BUFFER_QUEUE 8      // device atomic_uint* (path_trace pixel queue, zero before each dispatch)
// resolve buffer indices.
#define BUFFER_RESOLVE_ACCUM 0  // const device float4*
#define BUFFER_RESOLVE_FRAME 1  // constant FrameParams&
#define BUFFER_RESOLVE_RGBA8 2  // device uint* (packed RGBA8, R in the low byte)
// Intersection-function buffer 0 (set on the table with setBuffer) is the
// SceneResources argument buffer.

// ---- enumerations ---------------------------------------------------------

#define ALPHA_OPAQUE 0u
#define ALPHA_MASK 1u
#define ALPHA_BLEND 2u

#define MATERIAL_DOUBLE_SIDED 1u
#define MATERIAL_UNLIT 2u
#define MATERIAL_EMISSIVE 4u
#define MATERIAL_TEXTURED 8u      // some texture slot is set (else every slot is empty)
#define MATERIAL_VOLUME 16u       // KHR_materials_volume with thickness > 0: the surface bounds a solid volume

// Texture slots of MaterialData, in its order (bits of a slot mask:
// gltf_material.h INGOT_MATERIAL_SLOTS; layout.go Slot*).
#define SLOT_BASE_COLOR 1u
#define SLOT_METALLIC_ROUGHNESS 2u
#define SLOT_NORMAL 4u
#define SLOT_EMISSIVE 8u
#define SLOT_OCCLUSION 16u
#define SLOT_TRANSMISSION 32u
#define SLOT_CLEARCOAT 64u
#define SLOT_CLEARCOAT_ROUGHNESS 128u
#define SLOT_CLEARCOAT_NORMAL 256u
#define SLOT_SPECULAR 512u
#define SLOT_SPECULAR_COLOR 1024u
#define SLOT_SHEEN_COLOR 2048u
#define SLOT_SHEEN_ROUGHNESS 4096u
#define SLOT_THICKNESS 8192u
#define SLOT_IRIDESCENCE 16384u
#define SLOT_IRIDESCENCE_THICKNESS 32768u

#define INSTANCE_MOVING 1u      // toWorldClose differs from toWorld
#define INSTANCE_DEFORMED 2u    // geometry is world-space (skinned/morphed)
#define INSTANCE_IDENTITY 4u    // static identity transform: object space is world space

#define GEOMETRY_HAS_NORMALS 1u
#define GEOMETRY_HAS_TANGENTS 2u
#define GEOMETRY_HAS_UV0 4u
#define GEOMETRY_HAS_UV1 8u
#define GEOMETRY_HAS_COLORS 16u
// GEOMETRY_HAS_ATTRIBUTES: any per-vertex stream beyond positions (the hit then needs its indices).
#define GEOMETRY_HAS_ATTRIBUTES 31u

#define LIGHT_DIRECTIONAL 0u
#define LIGHT_POINT 1u
#define LIGHT_SPOT 2u

#define ENV_CONSTANT 0u
#define ENV_MAP 1u

#define PROJECTION_PERSPECTIVE 0u
#define PROJECTION_ORTHOGRAPHIC 1u

#define TONEMAP_NONE 0u
#define TONEMAP_PBR_NEUTRAL 1u
#define TONEMAP_ACES 2u

#define SETTINGS_AOV 1u          // write AOVSample for each pixel
#define SETTINGS_NO_NEE 2u       // disable next-event estimation (debug)
#define SETTINGS_REGENERATE 4u   // lanes whose rays miss start their next paths before the others shade (always set)
#define SETTINGS_ALPHA 8u        // some geometry is non-opaque: rays run alpha_test through the function table
#define SETTINGS_LOBE_LIMITS 16u // count each path's diffuse, glossy and transmission bounces against RenderSettings' limits

#define INSTANCE_MASK_ALL 0xFFu

// ---- scene records ----------------------------------------------------------

// One instance of the instance acceleration structure (index = instance_id).
// 208 bytes, align 16.
struct InstanceData {
    float4 toWorld[3];          // @0   object→world at shutter open (rows)
    float4 toWorldClose[3];     // @48  object→world at shutter close
    float4 normalToWorld[3];    // @96  inverse transpose of the linear part (rows, w = 0), open
    float4 normalToWorldClose[3]; // @144 same at close
    uint geometryBase;          // @192 GeometryData index of geometry_id 0
    uint geometryCount;         // @196
    uint flags;                 // @200 INSTANCE_*
    uint userID;                // @204 scene node index (for AOVs / picking)
};

// One geometry (a mesh primitive) of a primitive acceleration structure;
// record = instance.geometryBase + geometry_id. Vertex streams are device
// pointers into the uploaded mesh buffers; absent streams are null (0).
// 80 bytes, align 8.
struct GeometryData {
    INGOT_PTR(packed_float3) positions; // @0  object space (world for INSTANCE_DEFORMED)
    INGOT_PTR(packed_float3) normals;   // @8
    INGOT_PTR(float4) tangents;         // @16 xyz + handedness w
    INGOT_PTR(packed_float2) uv0;       // @24
    INGOT_PTR(packed_float2) uv1;       // @32
    INGOT_PTR(float4) colors;           // @40 COLOR_0 (linear RGBA)
    INGOT_PTR(uint) indices;            // @48 3 per triangle
    uint material;                      // @56 MaterialData index
    uint triangleCount;                 // @60
    uint vertexCount;                   // @64
    uint lightBase;                     // @68 EmissiveTriangle index of triangle 0, or 0xFFFFFFFF
    uint flags;                         // @72 GEOMETRY_HAS_*
    uint pad0;                          // @76
    INGOT_PTR(packed_float3) faceNormals; // @80 per triangle: cross(p1 - p0, p2 - p0), object space, unnormalized
};

// A texture plus its sampler (Metal 3 resource IDs). 16 bytes, align 8.
struct TextureBinding {
    INGOT_TEXTURE texture;      // @0
    INGOT_SAMPLER smp;          // @8
};

// A material texture slot with KHR_texture_transform folded into two rows:
// uv' = (dot(uRow, (uv, 1)), dot(vRow, (uv, 1))). 32 bytes, align 4.
struct TextureSlot {
    packed_float3 uRow;         // @0
    int texture;                // @12 TextureBinding index, -1 = none
    packed_float3 vRow;         // @16
    uint texCoord;              // @28 0 = UV0, 1 = UV1
};

// glTF metallic-roughness material with KHR_materials_emissive_strength,
// _ior, _transmission, _clearcoat, _specular, _sheen, _volume and
// _iridescence. 656 bytes, align 16.
struct MaterialData {
    float4 baseColor;           // @0   linear RGBA factor
    packed_float3 emissive;     // @16  emissive factor (linear)
    float emissiveStrength;     // @28
    float metallic;             // @32
    float roughness;            // @36
    float ior;                  // @40
    float alphaCutoff;          // @44
    float transmission;         // @48
    float clearcoat;            // @52
    float clearcoatRoughness;   // @56
    float normalScale;          // @60
    uint alphaMode;             // @64  ALPHA_*
    uint flags;                 // @68  MATERIAL_*
    uint function;              // @72  visible_function_table index of its material function
    float occlusionStrength;    // @76  (AOV only: path tracing computes occlusion itself)
    TextureSlot baseColorTex;           // @80
    TextureSlot metallicRoughnessTex;   // @112 (G = roughness, B = metallic)
    TextureSlot normalTex;              // @144
    TextureSlot emissiveTex;            // @176
    TextureSlot occlusionTex;           // @208
    TextureSlot transmissionTex;        // @240 (R)
    TextureSlot clearcoatTex;           // @272 (R)
    TextureSlot clearcoatRoughnessTex;  // @304 (G)
    TextureSlot clearcoatNormalTex;     // @336
    TextureSlot specularTex;            // @368 (A) KHR_materials_specular
    TextureSlot specularColorTex;       // @400 (RGB, sRGB-encoded)
    packed_float3 specularColor;        // @432 KHR_materials_specular colour factor
    float specular;                     // @444 KHR_materials_specular factor (0: no specular layer)
    packed_float3 sheenColor;           // @448 KHR_materials_sheen colour factor (linear; 0: no sheen)
    float sheenRoughness;               // @460 KHR_materials_sheen roughness factor
    TextureSlot sheenColorTex;          // @464 (RGB, sRGB-encoded)
    TextureSlot sheenRoughnessTex;      // @496 (A)
    packed_float3 attenuation;          // @528 KHR_materials_volume absorption σ = −ln(attenuationColor) / attenuationDistance per world unit (0: none)
    float thickness;                    // @540 KHR_materials_volume thicknessFactor (0: thin-walled)
    TextureSlot thicknessTex;           // @544 (G)
    float iridescence;                  // @576 KHR_materials_iridescence factor (0: no film)
    float iridescenceIor;               // @580 IOR of the film
    float iridescenceThicknessMin;      // @584 film thickness (nm) where the thickness texture is 0
    float iridescenceThicknessMax;      // @588 film thickness (nm) where it is 1, or without one
    TextureSlot iridescenceTex;         // @592 (R)
    TextureSlot iridescenceThicknessTex; // @624 (G)
};

// An emissive triangle in world space (at shutter open) with its light
// selection probability and cumulative distribution. Light sampling picks
// triangle i with probability pmf (∝ area × luminance of the emissive
// factor); cdf is the inclusive prefix sum (last = 1). 64 bytes, align 4.
struct EmissiveTriangle {
    packed_float3 p0;           // @0
    uint instance;              // @12
    packed_float3 p1;           // @16
    uint geometry;              // @28 GeometryData index
    packed_float3 p2;           // @32
    uint primitive;             // @44
    float area;                 // @48
    float pmf;                  // @52
    float cdf;                  // @56
    uint pad0;                  // @60
};

// KHR_lights_punctual light in world space. 64 bytes, align 4.
struct PunctualLight {
    packed_float3 position;     // @0
    uint type;                  // @12  LIGHT_*
    packed_float3 direction;    // @16  direction the light travels (node −Z)
    float range;                // @28  0 = infinite
    packed_float3 intensity;    // @32  colour × intensity (cd or lux)
    float cosInner;             // @44  spot: cos(innerConeAngle)
    float cosOuter;             // @48  spot: cos(outerConeAngle)
    float pmf;                  // @52  selection probability among punctual lights
    float cdf;                  // @56
    uint pad0;                  // @60
};

// The argument buffer bound at BUFFER_SCENE (and as buffer 0 of the
// intersection function table). 168 bytes, align 8.
struct SceneResources {
    INGOT_PTR(InstanceData) instances;        // @0
    INGOT_PTR(GeometryData) geometries;       // @8
    INGOT_PTR(MaterialData) materials;        // @16
    INGOT_PTR(TextureBinding) textures;       // @24
    INGOT_PTR(EmissiveTriangle) emissive;     // @32
    INGOT_PTR(PunctualLight) punctual;        // @40
    INGOT_PTR(float) envMarginalCdf;          // @48 envHeight + 1 values, 0 … 1
    INGOT_PTR(float) envConditionalCdf;       // @56 envHeight rows of envWidth + 1 values
    INGOT_TEXTURE envMap;                     // @64 equirectangular, linear RGB
    INGOT_SAMPLER envSampler;                 // @72 linear, repeat in u, clamp in v
    uint instanceCount;                       // @80
    uint geometryCount;                       // @84
    uint materialCount;                       // @88
    uint textureCount;                        // @92
    uint emissiveCount;                       // @96
    uint punctualCount;                       // @100
    float pickEmissive;                       // @104 probability of sampling the emissive set
    float pickPunctual;                       // @108 … the punctual set
    float pickEnv;                            // @112 … the environment (sum = 1 or all 0)
    uint envKind;                             // @116 ENV_*
    uint envWidth;                            // @120
    uint envHeight;                           // @124
    packed_float3 envColor;                   // @128 constant colour, or map multiplier
    float envIntensity;                       // @140
    float envRotation;                        // @144 radians about +Y
    float envIntegral;                        // @148 mean luminance·sinθ of the map (pdf normaliser)
    INGOT_PTR(float) ggxTables;               // @152 GGX albedo tables, GGX_TABLE_FLOATS values (bsdf.h)
    INGOT_PTR(uint4) sobolTables;             // @160 Sobol dimensions 1..3 by index byte, bit-reversed (sampler.h sample4_table)
};

// Camera at the frame's shutter interval. Directions are unit vectors of
// the camera frame (right, up, forward = view direction). 96 bytes, align 4.
struct CameraData {
    packed_float3 position;     // @0  at shutter open
    float lensRadius;           // @12 thin lens aperture radius (0 = pinhole)
    packed_float3 right;        // @16
    float focusDistance;        // @28 distance to the plane in focus
    packed_float3 up;           // @32
    float tanHalfFovY;          // @44 perspective: tan(yfov / 2)
    packed_float3 forward;      // @48
    float aspect;               // @60 width / height
    packed_float3 positionClose; // @64 at shutter close (camera translation blur)
    uint projection;            // @76 PROJECTION_*
    float orthoHalfHeight;      // @80
    float shutterOpen;          // @84 scene time at open
    float shutterClose;         // @88 scene time at close
    float nearClip;             // @92 ray min distance from the lens
};

// Render settings of one dispatch. 64 bytes, align 4.
struct RenderSettings {
    uint width;                 // @0  image size in pixels
    uint height;                // @4
    uint tileX;                 // @8  tile origin (pixels); the grid covers the tile
    uint tileY;                 // @12
    uint tileWidth;             // @16
    uint tileHeight;            // @20
    uint sampleStart;           // @24 index of the first sample of this pass
    uint samplesPerPass;        // @28 samples taken per pixel by this dispatch
    uint maxBounces;            // @32 path segments after the camera ray
    uint seed;                  // @36 render seed (pixel_seed)
    uint frameIndex;            // @40 frame of an animation (mixed into the seed)
    uint toneMap;               // @44 TONEMAP_*
    float exposure;             // @48 stops: radiance × 2^exposure
    float clampRadiance;        // @52 per-sample luminance clamp (0 = off)
    uint flags;                 // @56 SETTINGS_*
    uint rrStartBounce;         // @60 Russian roulette from this bounce on
    uint filter;                // @64 FILTER_* pixel filter (0: tent)
    float filterWidth;          // @68 its width in pixels (0: the filter's default)
    // Per-lobe bounce limits (with SETTINGS_LOBE_LIMITS): a path ends at
    // the vertex after its maxDiffuseBounces-th diffuse (the cosine lobe),
    // maxGlossyBounces-th glossy (specular, clearcoat, a volume's internal
    // reflection) or maxTransmissionBounces-th transmission bounce, once
    // that vertex's emission is counted, as at maxBounces. 0xFFFFFFFF: none.
    uint maxDiffuseBounces;     // @72
    uint maxGlossyBounces;      // @76
    uint maxTransmissionBounces; // @80
};

// Pixel filters (RenderSettings.filter; filter.go PixelFilter).
#define FILTER_TENT 0u
#define FILTER_BOX 1u
#define FILTER_GAUSSIAN 2u
#define FILTER_BLACKMAN_HARRIS 3u
#define FILTER_CENTER 4u

// Everything a dispatch needs besides the scene. 180 bytes, align 4.
struct FrameParams {
    CameraData camera;          // @0
    RenderSettings settings;    // @96
};

// Per-pixel auxiliary outputs for denoisers: first-hit albedo, world
// normal and distance, averaged over samples (w = sample count). 48 bytes.
struct AOVSample {
    float4 albedo;              // @0  rgb sum, w = count
    float4 normal;              // @16 xyz sum, w = count
    float4 depth;               // @32 x = distance sum (miss adds 0), y = hit count, zw unused
};

// A camera ray written by camera_rays (for tests and wavefront use).
// 32 bytes, align 4.
struct CameraRay {
    packed_float3 origin;       // @0
    float time;                 // @12 scene time
    packed_float3 direction;    // @16 unit
    float weight;               // @28 filter weight (1 with filter importance sampling)
};

// ---- material interface ---------------------------------------------------

#ifdef __METAL_VERSION__
// What a material function sees at a hit (all vectors in world space).
struct SurfaceHit {
    float3 position;
    float3 normal;          // interpolated vertex normal (unit, facing the geometric side)
    float3 geometricNormal; // unit face normal, on the viewer's side
    float4 tangent;         // xyz unit tangent, w handedness (0 when no tangents/UVs)
    float2 uv0;
    float2 uv1;
    float4 color;           // COLOR_0, or 1
    float3 wo;              // unit direction towards the viewer
    float time;
    uint material;          // MaterialData index
    uint instance;
    uint geometry;
    uint primitive;
    bool frontFacing;
};

// What a material function returns: the BSDF parameters at the hit.
struct MaterialOutput {
    float3 baseColor;
    float metallic;
    float roughness;        // perceptual
    float ior;
    float transmission;
    float clearcoat;
    float clearcoatRoughness;
    float3 normal;          // unit shading normal (after normal mapping), world
    float3 emission;        // emitted radiance (W/sr/m²-like units), added on hit
    float opacity;          // alpha after MASK/BLEND (informative; visibility uses alpha_test)
    uint flags;             // MATERIAL_* (MATERIAL_UNLIT: emission only, no scattering)
    float specular = 1.0f;                 // KHR_materials_specular weight of the dielectric layer (0: Lambert only)
    float3 specularColor = float3(1.0f);   // KHR_materials_specular F0 tint
    float3 sheenColor = float3(0.0f);      // KHR_materials_sheen colour (0: no sheen layer)
    float sheenRoughness = 0.0f;           // KHR_materials_sheen perceptual roughness
    float thickness = 0.0f;                // KHR_materials_volume thickness (factor × texture; the path tracer follows the real geometry)
    float iridescence = 0.0f;              // KHR_materials_iridescence strength (0: no thin film)
    float iridescenceIor = 1.3f;           // IOR of the film
    float iridescenceThickness = 0.0f;     // film thickness in nanometres
};

// The signature of every material function: [[visible]] MaterialOutput
// NAME(SurfaceHit hit, constant SceneResources& scene). The path tracer
// calls materials[mat.function](hit, scene).
typedef MaterialOutput MaterialFunction(SurfaceHit hit, constant SceneResources& scene);
#endif
