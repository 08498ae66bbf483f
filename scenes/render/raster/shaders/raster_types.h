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
#define RASTER_BUFFER_SH 9      // fragment: constant float4[9], the SH irradiance (ibl_sh_sum)
#define RASTER_BUFFER_LIGHTS 10 // fragment: constant uint*, the punctual lights to shade with (forward: 0, 1, …)
// Object and mesh buffer indices of the meshlet pipeline.
#define RASTER_BUFFER_MESHLETS 3            // device const RasterMeshlet*
#define RASTER_BUFFER_MESHLET_CULLS 4       // device const RasterMeshletCull*
#define RASTER_BUFFER_MESHLET_VERTICES 5    // device const uint*: geometry vertex indices
#define RASTER_BUFFER_MESHLET_TRIANGLES 6   // device const uint*: local indices, four uchar a word
#define RASTER_BUFFER_MESHLET_PRIMITIVES 7  // device const uint*: geometry triangle indices
#define RASTER_BUFFER_MESHLET_VIEW 8        // constant RasterMeshletView&
#define RASTER_MESHLET_VERTICES 64          // mesh.DefaultMaxVertices
#define RASTER_MESHLET_TRIANGLES 124        // mesh.DefaultMaxTriangles
// Function constants.
#define RASTER_FC_SINGLE_DRAW 0     // deferred.metal rx_single_draw
// Fragment textures and samplers.
#define RASTER_TEXTURE_SPECULAR 1   // IBL pre-filtered specular (octahedral, world space, mip k = roughness k/(n−1))
#define RASTER_TEXTURE_SHADOW 2     // shadow map (Depth32Float)
#define RASTER_TEXTURE_CUBE_SHADOW 3 // cube shadow maps: six Depth32Float slices each (RasterCubeShadow.layer)
#define RASTER_SAMPLER_IBL 0        // linear, clamp to edge, linear mips
#define RASTER_SAMPLER_SHADOW 1     // linear, clamp, compare less-equal

// RasterFrame.flags
#define RASTER_IBL 1u          // the environment lights the scene (SH irradiance + specular texture)
#define RASTER_MSAA 2u         // more than one sample per pixel (alpha MASK uses alpha-to-coverage)
#define RASTER_AREA_LIGHTS 4u  // emissive triangles light the scene as area lights (few emitters)
#define RASTER_SHADOW 8u       // the shadow map covers light shadowLight
#define RASTER_DEFORM 16u      // deforms, joints and morphWeights are set: geometry records with RasterDeform flags are morphed and skinned
#define RASTER_CUBE_SHADOWS 32u // cubes and cubeOf are set: point lights and emissive groups with a cube shadow map
#define RASTER_PROBES 64u      // the probe fields are set: irradiance probes replace the ambient term

// The float4s of one irradiance probe (RasterFrame.probes).
#define RASTER_PROBE_FLOAT4S 7u

// RasterFrame.cubeOf entry of a light without a cube shadow map.
#define RASTER_NO_CUBE 0xFFFFFFFFu

// One cube shadow map: the depth of the nearest caster seen from centre
// through six 90° faces, slices layer + face of the cube texture (face
// 2·axis + (the axis component negative): +X, −X, +Y, −Y, +Z, −Z). Face
// axis a looks along ±e_a with e_(a+1) right and e_(a+2) up; a point at
// d from centre with major component z = |d_a| stores depth
// depthScale − depthNear / z (the perspective depth of near … far).
// 32 bytes.
struct RasterCubeShadow {
    packed_float3 centre;   // @0
    uint layer;             // @12 first of the six slices
    float depthScale;       // @16 far / (far − near)
    float depthNear;        // @20 near · far / (far − near)
    float texel;            // @24 a texel's edge at distance 1 (2 / face size)
    uint pad0;              // @28
};

// How the vertex functions morph and skin one geometry record (its
// vertices are the rest pose). 80 bytes.
struct RasterDeform {
    INGOT_PTR(uint4) joints;                  // @0  per vertex: JOINTS_0, indices into the skin's joints (0: not skinned)
    INGOT_PTR(float4) weights;                // @8  per vertex: WEIGHTS_0
    INGOT_PTR(packed_float3) targetPositions; // @16 targetCount × vertexCount position deltas, target-major (0: none)
    INGOT_PTR(packed_float3) targetNormals;   // @24 normal deltas (0: none)
    INGOT_PTR(packed_float3) targetTangents;  // @32 tangent deltas (0: none)
    uint flags;                               // @40 RASTER_DEFORM_* (0: the record does not deform)
    uint targetCount;                         // @44
    uint vertexCount;                         // @48
    uint jointBase;                           // @52 the skin's first joint in the palette
    uint jointCount;                          // @56 the skin's joints (a JOINTS_0 index at or past it is ignored)
    uint weightBase;                          // @60 the instance's first morph weight
    uint positionBase;                        // @64 the record's first vertex in RasterFrame.deformedPositions
    uint pad0;                                // @68
    uint pad1;                                // @72
    uint pad2;                                // @76
};

// One dispatch of raster_deform_positions: the deformed vertices of one
// geometry record. 16 bytes.
struct RasterDeformJob {
    uint geometry;          // @0
    uint vertexCount;       // @4
    uint pad0;              // @8
    uint pad1;              // @12
};

// RasterDeform.flags
#define RASTER_DEFORM_SKIN 1u
#define RASTER_DEFORM_TARGET_POSITIONS 2u
#define RASTER_DEFORM_TARGET_NORMALS 4u
#define RASTER_DEFORM_TARGET_TANGENTS 8u
#define RASTER_JOINT_ROWS 6u  // float4 rows a joint takes in the palette: joint × inverse bind (3), its normal matrix (3)

// Per-frame constants. 352 bytes, align 16.
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
    INGOT_PTR(RasterDeform) deforms; // @240 RASTER_DEFORM: one per geometry record
    INGOT_PTR(float4) joints;        // @248 the joint palette of this frame's time (RASTER_JOINT_ROWS rows a joint)
    INGOT_PTR(float) morphWeights;   // @256 the morph weights of this frame's time
    INGOT_PTR(packed_float3) deformedPositions; // @264 RASTER_DEFORM: the deformed records' object-space positions of this time (raster_deform_positions)
    INGOT_PTR(RasterCubeShadow) cubes;          // @272 RASTER_CUBE_SHADOWS: the cube shadow maps
    INGOT_PTR(uint) cubeOf;                     // @280 RASTER_CUBE_SHADOWS: the cube of each punctual light, then of each emissive triangle (RASTER_NO_CUBE: none)
    // RASTER_PROBES: a grid of probeCount probes, probe (i, j, k) at
    // probeOrigin + (i, j, k) · probeStep, x fastest, each the 9 RGB
    // coefficients of its SH irradiance / π (rx_sh_irradiance's) as 27
    // floats in a row, RASTER_PROBE_FLOAT4S float4 with the padding.
    packed_float3 probeOrigin;  // @288
    uint probeCountX;           // @300
    packed_float3 probeStep;    // @304
    uint probeCountY;           // @316
    packed_float3 probeInvStep; // @320 1 / probeStep
    uint probeCountZ;           // @332
    INGOT_PTR(float4) probes;   // @336
    uint pad2;                  // @344
    uint pad3;                  // @348
};

// Per-draw constants: which geometry record of which instance, and its
// meshlets (Options.Meshlets). 32 bytes.
struct RasterDraw {
    uint instance;          // @0  InstanceData index
    uint geometry;          // @4  GeometryData index
    uint pass;              // @8  RASTER_PASS_*
    uint flags;             // @12 RASTER_DRAW_*
    uint meshletFirst;      // @16 first RasterMeshlet of the draw
    uint meshletCount;      // @20
    float radiusScale;      // @24 bounds a sphere's radius under the instance transform (1: static)
    uint pad0;              // @28
};

// RasterDraw.flags
#define RASTER_DRAW_CONE_CULL 1u // single-sided under a similarity transform: normal-cone culling is exact

#define RASTER_PASS_OPAQUE 0u
#define RASTER_PASS_MASK 1u
#define RASTER_PASS_BLEND 2u

// One meshlet of a geometry (mesh.Meshlets). 32 bytes.
struct RasterMeshlet {
    uint vertexOffset;      // @0  into the vertex-index buffer
    uint triangleOffset;    // @4  into the triangle buffer, in words
    uint vertexCount;       // @8
    uint triangleCount;     // @12
    uint primitiveOffset;   // @16 into the triangle-index buffer
    uint pad0;              // @20
    uint pad1;              // @24
    uint pad2;              // @28
};

// A meshlet's culling bounds in the geometry's object space (mesh.Bounds).
// 48 bytes.
struct RasterMeshletCull {
    float4 sphere;          // @0  centre, radius
    float4 apex;            // @16 cone apex
    float4 axisCutoff;      // @32 cone axis, cutoff (1: never back-facing)
};

// The camera as the object stage's culling sees it. 144 bytes.
struct RasterMeshletView {
    float4 planes[6];       // @0  inward frustum planes, world space
    float4 eye;             // @96 camera position
    float4 forward;         // @112 view direction (orthographic cone test)
    uint orthographic;      // @128
    uint pad0;              // @132
    uint pad1;              // @136
    uint pad2;              // @140
};

// The surviving meshlets of one object threadgroup (32 threads).
struct RasterMeshletPayload {
    uint meshlets[32];
};
