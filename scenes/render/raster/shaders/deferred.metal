// deferred.metal — the rasterizer's deferred mode (Options.Deferred): one
// render pass with tile memory, one sample per pixel.
//
//   raster_gbuffer_vertex   rx_vertex, as raster_vertex
//   raster_gbuffer          opaque and alpha-mask draws write the
//                           fragment's surface attributes (world position,
//                           normal, tangent, UVs, colour, triangle,
//                           instance and geometry) into the explicit
//                           imageblock RasterGBuffer, float32: the depth
//                           test leaves the nearest surface's
//   raster_deferred_cull    tile function: the world-space bounds of the
//                           tile's surfaces, and the punctual lights whose
//                           range reaches them, listed in index order in
//                           persistent threadgroup memory
//   raster_deferred_light   a full-screen draw: each pixel's surface is
//                           shaded by rx_shade (the forward passes' code,
//                           raster_shade.h) with its tile's lights; where
//                           nothing was drawn it writes 0 (alpha 0: the
//                           host composites the environment there, as
//                           behind the forward passes). With the function
//                           constant rx_single_draw (one opaque or mask
//                           draw in the frame) the instance and geometry
//                           are the RasterDraw's, values every lane
//                           shares, so the material is read once per
//                           batch instead of lane by lane
//
// Blended and transmissive geometry is drawn afterwards in the same pass
// by the forward pipelines (raster.metal), sorted back to front. Culling
// drops only lights that add exactly nothing (beyond their range), so the
// image is the forward passes' at one sample per pixel.
#include <metal_stdlib>
#include "scene_types.h"
#include "gltf_material.h"
#include "raster_types.h"
#include "raster_shade.h"
using namespace metal;

// rx_single_draw: every pixel the G-buffer covers is the one draw's of
// the RasterDraw at RASTER_BUFFER_DRAW (the light pipelines are compiled
// with it true and false; see RX_DEFERRED_SHADE).
constant bool rx_single_draw [[function_constant(RASTER_FC_SINGLE_DRAW)]];

// RasterGBuffer is one pixel of the G-buffer (96 bytes).
struct RasterGBuffer {
    float4 worldU [[raster_order_group(0)]];   // world position, uv0.x
    float4 normalV [[raster_order_group(0)]];  // interpolated normal, uv0.y
    float4 tangent [[raster_order_group(0)]];
    float4 color [[raster_order_group(0)]];
    float4 uv1 [[raster_order_group(0)]];      // xy, z: window depth
    uint primitive [[raster_order_group(0)]];
    uint instance [[raster_order_group(0)]];
    uint geometry [[raster_order_group(0)]];
    uint covered [[raster_order_group(0)]];    // 1 where a surface was drawn
};

struct RasterGBufferOut {
    RasterGBuffer g [[imageblock_data]];
};

vertex RasterVaryings raster_gbuffer_vertex(uint vid [[vertex_id]],
                                            constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                            constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                            constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]]) {
    return rx_vertex(vid, scene, draw, frame);
}

// rx_gbuffer is the G-buffer record of a fragment.
inline RasterGBuffer rx_gbuffer(RasterVaryings in, uint prim, constant RasterDraw& draw) {
    RasterGBuffer g;
    g.worldU = float4(in.world, in.uv0.x);
    g.normalV = float4(in.normal, in.uv0.y);
    g.tangent = in.tangent;
    g.color = in.color;
    g.uv1 = float4(in.uv1, in.position.z, 0.0f);
    g.primitive = prim;
    g.instance = draw.instance;
    g.geometry = draw.geometry;
    g.covered = 1u;
    return g;
}

// raster_gbuffer writes the opaque draws' fragments: no discard, so the
// pass's depth test (less or equal) runs first and only fragments as near
// as or nearer than everything drawn before them arrive, in submission
// order.
fragment RasterGBufferOut raster_gbuffer(RasterVaryings in [[stage_in]], uint prim [[primitive_id]],
                                         constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]]) {
    RasterGBufferOut o;
    o.g = rx_gbuffer(in, prim, draw);
    return o;
}

// raster_gbuffer_mask writes the alpha-mask draws' fragments after the
// forward passes' alpha test (one sample per pixel).
fragment RasterGBufferOut raster_gbuffer_mask(RasterVaryings in [[stage_in]], uint prim [[primitive_id]],
                                              constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                              constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                              constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                              constant float4* sh [[buffer(RASTER_BUFFER_SH)]],
                                              constant uint* lights [[buffer(RASTER_BUFFER_LIGHTS)]],
                                              texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                              depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                              depth2d_array<float> cubes [[texture(RASTER_TEXTURE_CUBE_SHADOW)]],
                                              sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                              sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]]) {
    RasterShade s = rx_shade(in, prim, draw.instance, draw.geometry, scene, frame, lights, 0u, true, sh, spec, shadow, cubes,
                             ibl, shadowSmp);
    if (s.alpha < scene.materials[scene.geometries[draw.geometry].material].alphaCutoff) {
        discard_fragment();
    }
    // The pass's depth test runs after the discard and drops the imageblock
    // writes of fragments it fails, as it drops their colour writes.
    RasterGBufferOut o;
    o.g = rx_gbuffer(in, prim, draw);
    return o;
}

// raster_deferred_cull runs one thread per pixel of a 16×16 tile (eight
// SIMD-groups): the bounds of the covered pixels' positions, then each
// punctual light tested against them; list[0] is the count, list[1 …]
// the kept lights in index order.
kernel void raster_deferred_cull(imageblock<RasterGBuffer> ib,
                                 constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                 threadgroup uint* list [[threadgroup(0)]],
                                 ushort2 lid [[thread_position_in_threadgroup]],
                                 uint tid [[thread_index_in_threadgroup]],
                                 ushort2 size [[threads_per_threadgroup]],
                                 uint simd [[simdgroup_index_in_threadgroup]],
                                 uint lane [[thread_index_in_simdgroup]]) {
    uint threads = uint(size.x) * uint(size.y);
    if (scene.punctualCount == 0u) {
        // Nothing to cull: an empty list, without the bounds.
        if (tid == 0u) {
            list[0] = 0u;
        }
        return;
    }
    threadgroup float lo[3][8];
    threadgroup float hi[3][8];
    threadgroup_imageblock RasterGBuffer* g = ib.data(lid);
    bool covered = g->covered != 0u;
    float3 p = g->worldU.xyz;
    float big = 3.0e38f;
    float3 l = covered ? p : float3(big);
    float3 h = covered ? p : float3(-big);
    l = float3(simd_min(l.x), simd_min(l.y), simd_min(l.z));
    h = float3(simd_max(h.x), simd_max(h.y), simd_max(h.z));
    if (lane == 0u && simd < 8u) {
        for (uint c = 0u; c < 3u; c++) {
            lo[c][simd] = l[c];
            hi[c][simd] = h[c];
        }
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    uint groups = min((threads + 31u) / 32u, 8u);
    float3 bl = float3(big);
    float3 bh = float3(-big);
    for (uint s = 0u; s < groups; s++) {
        bl = min(bl, float3(lo[0][s], lo[1][s], lo[2][s]));
        bh = max(bh, float3(hi[0][s], hi[1][s], hi[2][s]));
    }
    bool any = bl.x <= bh.x;
    uint n = scene.punctualCount;
    for (uint i = tid; i < n; i += threads) {
        PunctualLight pl = scene.punctual[i];
        bool keep = any;
        if (keep && pl.type != LIGHT_DIRECTIONAL && pl.range > 0.0f) {
            // Squared distance from the light to the bounds: a light
            // farther than its range adds exactly 0 (rx_punctual's
            // window), with a margin for rounding.
            float3 q = clamp(float3(pl.position), bl, bh) - float3(pl.position);
            float r = pl.range * 1.001f;
            keep = dot(q, q) <= r * r;
        }
        list[1u + i] = keep ? 1u : 0u;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (tid == 0u) {
        uint k = 0u;
        for (uint i = 0u; i < n; i++) {
            if (list[1u + i] != 0u) {
                list[1u + k] = i;
                k++;
            }
        }
        list[0] = k;
    }
}

struct RasterDeferredVertex {
    float4 position [[position]];
};

// raster_deferred_vertex draws one triangle covering the viewport
// (vertex_id 0, 1, 2).
vertex RasterDeferredVertex raster_deferred_vertex(uint vid [[vertex_id]]) {
    float2 p = float2(vid == 1u ? 3.0f : -1.0f, vid == 2u ? 3.0f : -1.0f);
    RasterDeferredVertex o;
    o.position = float4(p, 1.0f, 1.0f);
    return o;
}

// rx_deferred_varyings are the varyings of a pixel's G-buffer record.
inline RasterVaryings rx_deferred_varyings(RasterDeferredVertex in, RasterGBuffer g) {
    RasterVaryings v;
    v.position = in.position;
    v.world = g.worldU.xyz;
    v.normal = g.normalV.xyz;
    v.tangent = g.tangent;
    v.uv0 = float2(g.worldU.w, g.normalV.w);
    v.uv1 = g.uv1.xy;
    v.color = g.color;
    return v;
}

// rx_no_shade is the shade of a pixel nothing was drawn at.
inline RasterShade rx_no_shade() {
    RasterShade s;
    s.radiance = float3(0.0f);
    s.alpha = 0.0f;
    s.transmit = 0.0f;
    s.albedo = float3(0.0f);
    s.normal = float3(0.0f);
    s.dist = 0.0f;
    return s;
}

// RX_DEFERRED_SHADE declares RasterShade s of the light pass's pixel (in,
// g: the fragment's arguments) shaded with its tile's lights, and bool
// covered, false (and no light) where nothing was drawn. Under
// rx_single_draw the instance and geometry are draw's (the G-buffer's
// values, shared by every lane). It is a macro rather than a function: a
// function would be inlined, and the copy left behind, which nothing
// calls, would pass rx_shade per-lane values in place of the draw's.
#define RX_DEFERRED_SHADE(s, covered)                                                                              \
    RasterShade s = rx_no_shade();                                                                                 \
    bool covered = g.covered != 0u;                                                                                \
    if (covered) {                                                                                                 \
        RasterVaryings v = rx_deferred_varyings(in, g);                                                            \
        if (rx_single_draw) {                                                                                      \
            s = rx_shade(v, g.primitive, draw.instance, draw.geometry, scene, frame, list + 1, list[0], false, sh,  \
                         spec, shadow, cubes, ibl, shadowSmp);                                                     \
        } else {                                                                                                   \
            s = rx_shade(v, g.primitive, g.instance, g.geometry, scene, frame, list + 1, list[0], false, sh, spec, \
                         shadow, cubes, ibl, shadowSmp);                                                           \
        }                                                                                                          \
    }

struct RasterDeferredColor {
    float4 color [[color(0)]];
};

struct RasterDeferredColorAOV {
    float4 color [[color(0)]];
    float4 normal [[color(1)]];
    float4 albedo [[color(2)]];
    float4 depth [[color(3)]];
};

fragment RasterDeferredColor raster_deferred_light(RasterDeferredVertex in [[stage_in]], RasterGBuffer g [[imageblock_data]],
                                                   constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                                   constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                                   constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                                   constant float4* sh [[buffer(RASTER_BUFFER_SH)]],
                                                   texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                                   depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                                   depth2d_array<float> cubes [[texture(RASTER_TEXTURE_CUBE_SHADOW)]],
                                                   sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                                   sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]],
                                                   threadgroup uint* list [[threadgroup(0)]]) {
    RX_DEFERRED_SHADE(s, covered)
    RasterDeferredColor o;
    o.color = float4(s.radiance, covered ? 1.0f : 0.0f);
    return o;
}

fragment RasterDeferredColorAOV raster_deferred_light_aov(RasterDeferredVertex in [[stage_in]], RasterGBuffer g [[imageblock_data]],
                                                          constant SceneResources& scene [[buffer(RASTER_BUFFER_SCENE)]],
                                                          constant RasterFrame& frame [[buffer(RASTER_BUFFER_FRAME)]],
                                                          constant RasterDraw& draw [[buffer(RASTER_BUFFER_DRAW)]],
                                                          constant float4* sh [[buffer(RASTER_BUFFER_SH)]],
                                                          texture2d<float> spec [[texture(RASTER_TEXTURE_SPECULAR)]],
                                                          depth2d<float> shadow [[texture(RASTER_TEXTURE_SHADOW)]],
                                                          depth2d_array<float> cubes [[texture(RASTER_TEXTURE_CUBE_SHADOW)]],
                                                          sampler ibl [[sampler(RASTER_SAMPLER_IBL)]],
                                                          sampler shadowSmp [[sampler(RASTER_SAMPLER_SHADOW)]],
                                                          threadgroup uint* list [[threadgroup(0)]]) {
    RX_DEFERRED_SHADE(s, covered)
    RasterDeferredColorAOV o;
    o.color = float4(s.radiance, covered ? 1.0f : 0.0f);
    // The forward passes' AOVs; uncovered pixels write none (cleared 0).
    o.normal = covered ? float4(s.normal, 1.0f) : float4(0.0f);
    o.albedo = covered ? float4(s.albedo, 1.0f) : float4(0.0f);
    o.depth = covered ? float4(s.dist, 1.0f, 0.0f, 1.0f) : float4(0.0f);
    return o;
}
