// motion.metal — the rasterizer's motion-vector pass (Renderer.Motion).
//
// Vertex function   raster_motion_vertex   a vertex of one draw placed by the
//                                          current frame's scene and camera,
//                                          carrying its clip position in the
//                                          previous frame (the same vertex of
//                                          the scene packed at the previous
//                                          time: animated nodes, skins and
//                                          morph targets, and the previous
//                                          camera)
// Fragment          raster_motion_fragment the screen-space motion of the
//                                          surface point at the pixel centre
//                                          (within the rasterizer's
//                                          sub-pixel snapping)
// Vertex, fragment  raster_motion_mask_*   the same for alpha-mask draws,
//                                          alpha-tested by the material
//                                          (rx_shade, as the forward passes
//                                          without MSAA)
//
// Motion is the point's pixel position in this frame minus its pixel
// position in the previous one (x right, y down, in pixels), so the
// previous position is the pixel centre minus the motion.
#include <metal_stdlib>
#include "scene_types.h"
#include "raster_types.h"
#include "raster_shade.h"
using namespace metal;

#define RASTER_BUFFER_PREV_SCENE 3   // constant SceneResources& of the previous time
#define RASTER_BUFFER_SHADE_FRAME 4  // alpha-mask draws: constant RasterFrame& of this frame (rx_shade's)

// Motion pass constants. 192 bytes.
struct RasterMotionFrame {
    float4 viewProj[4];     // @0   this frame's clip space (rows)
    float4 prevViewProj[4]; // @64  the previous frame's
    uint width;             // @128
    uint height;            // @132
    uint pad0;              // @136
    uint pad1;              // @140
    INGOT_PTR(RasterDeform) deforms;    // @144 RASTER_DEFORM: one per geometry record (both times)
    INGOT_PTR(float4) joints;           // @152 this frame's joint palette
    INGOT_PTR(float) morphWeights;      // @160 this frame's morph weights
    INGOT_PTR(float4) prevJoints;       // @168 the previous frame's
    INGOT_PTR(float) prevMorphWeights;  // @176
    uint flags;             // @184 RASTER_DEFORM
    uint pad2;              // @188
};

struct RasterMotionVaryings {
    float4 position [[position]];
    float4 clip;     // position again, interpolated as prevClip is
    float4 prevClip;
};

// rm_world is vertex vid of geometry record geometry in world space: its
// rest pose morphed and skinned by the joint palette and morph weights
// of one time where the frame deforms the record, then the instance's
// transform of that time.
inline float3 rm_world(const device InstanceData& inst, const device GeometryData& g, uint geometry, uint vid,
                       constant RasterMotionFrame& frame, const device float4* joints, const device float* weights) {
    float3 p = float3(g.positions[vid]);
    if ((frame.flags & RASTER_DEFORM) != 0u && frame.deforms[geometry].flags != 0u) {
        float3 n = float3(0.0f);
        float4 t = float4(0.0f);
        rx_deform(frame.deforms[geometry], joints, weights, vid, 0u, p, n, t);
    }
    if ((inst.flags & INSTANCE_IDENTITY) == 0u) {
        float4 p1 = float4(p, 1.0f);
        p = float3(dot(inst.toWorld[0], p1), dot(inst.toWorld[1], p1), dot(inst.toWorld[2], p1));
    }
    return p;
}

inline float4 rm_clip(constant float4* m, float3 p) {
    float4 p1 = float4(p, 1.0f);
    return float4(dot(m[0], p1), dot(m[1], p1), dot(m[2], p1), dot(m[3], p1));
}

vertex RasterMotionVaryings raster_motion_vertex(uint vid [[vertex_id]],
                                                 constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                                 constant SceneResources& prev [[buffer(RASTER_BUFFER_PREV_SCENE)]],
                                                 constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                                 constant RasterMotionFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    RasterMotionVaryings o;
    o.position = rm_clip(frame.viewProj, rm_world(scene.instances[draw.instance], scene.geometries[draw.geometry], draw.geometry, vid, frame, frame.joints,
                                                      frame.morphWeights));
    o.clip = o.position;
    o.prevClip = rm_clip(frame.prevViewProj, rm_world(prev.instances[draw.instance], prev.geometries[draw.geometry], draw.geometry, vid, frame,
                                                          frame.prevJoints, frame.prevMorphWeights));
    return o;
}

// rm_motion is the fragment's (motion x, motion y, 1, 0). Both positions
// come from the same interpolation (not the pixel centre
// in.position.xy, which the rasterizer's snapped vertices put a fraction
// of a pixel off), so a still point has zero motion.
inline float4 rm_motion(float4 clip, float4 prevClip, constant RasterMotionFrame& frame) {
    float2 size = float2(float(frame.width), float(frame.height));
    float2 cur = clip.xy / clip.w;
    float2 prev = prevClip.xy / prevClip.w;
    return float4((cur.x - prev.x) * 0.5f * size.x, (prev.y - cur.y) * 0.5f * size.y, 1.0f, 0.0f);
}

// raster_motion_fragment writes (motion x, motion y, 1 for a covered
// pixel, 0); pixels no surface covers keep the clear value 0.
fragment float4 raster_motion_fragment(RasterMotionVaryings in [[stage_in]],
                                       constant RasterMotionFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    return rm_motion(in.clip, in.prevClip, frame);
}

// The alpha-mask draws carry the forward varyings too, for the material's
// alpha test.
struct RasterMotionMaskVaryings {
    float4 position [[position]];
    float4 clip;
    float4 prevClip;
    float3 world;
    float3 normal;
    float4 tangent;
    float2 uv0;
    float2 uv1;
    float4 color;
};

vertex RasterMotionMaskVaryings raster_motion_mask_vertex(uint vid [[vertex_id]],
                                                          constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                                          constant SceneResources& prev [[buffer(RASTER_BUFFER_PREV_SCENE)]],
                                                          constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                                          constant RasterMotionFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                                          constant RasterFrame& shade [[buffer(RASTER_BUFFER_SHADE_FRAME)]]) {
    RasterVaryings v = rx_vertex(vid, scene, draw, shade);
    RasterMotionMaskVaryings o;
    o.position = rm_clip(frame.viewProj, rm_world(scene.instances[draw.instance], scene.geometries[draw.geometry], draw.geometry, vid, frame, frame.joints,
                                                      frame.morphWeights));
    o.clip = o.position;
    o.prevClip = rm_clip(frame.prevViewProj, rm_world(prev.instances[draw.instance], prev.geometries[draw.geometry], draw.geometry, vid, frame,
                                                          frame.prevJoints, frame.prevMorphWeights));
    o.world = v.world;
    o.normal = v.normal;
    o.tangent = v.tangent;
    o.uv0 = v.uv0;
    o.uv1 = v.uv1;
    o.color = v.color;
    return o;
}

// raster_motion_mask_fragment alpha-tests the material as the forward
// passes do without MSAA (alpha below the cutoff: no surface).
fragment float4 raster_motion_mask_fragment(RasterMotionMaskVaryings in [[stage_in]], uint prim [[primitive_id]],
                                            constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                            constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                            constant RasterMotionFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                            constant RasterFrame& shade [[buffer(RASTER_BUFFER_SHADE_FRAME)]],
                                            constant float4* sh [[buffer(RASTER_BUFFER_SH)]],
                                            constant uint* lights [[buffer(RASTER_BUFFER_LIGHTS)]],
                                            texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                            depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                            depth2d_array<float> cubes [[texture(RASTER_TEXTURE_CUBE_SHADOW)]],
                                            sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                            sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]]) {
    RasterVaryings v;
    v.position = in.position;
    v.world = in.world;
    v.normal = in.normal;
    v.tangent = in.tangent;
    v.uv0 = in.uv0;
    v.uv1 = in.uv1;
    v.color = in.color;
    RasterShade s = rx_shade(v, prim, draw.instance, draw.geometry, scene, shade, lights, 0u, true, sh, spec, shadow, cubes, ibl,
                             shadowSmp);
    if (s.alpha < scene.materials[scene.geometries[draw.geometry].material].alphaCutoff) {
        discard_fragment();
    }
    return rm_motion(in.clip, in.prevClip, frame);
}
