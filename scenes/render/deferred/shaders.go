package deferred

// source is the MSL of both renderers. The lighting of one pixel (lightOne
// summed in light order) is the same function in both, fed the same
// G-buffer values, so the images agree; a light the tile culling drops
// contributes exactly 0 to every pixel of the tile.
const source = `
#include <metal_stdlib>
using namespace metal;

struct Vertex { float4 pos; float4 normal; float4 albedo; };
struct Light { float4 posRadius; float4 color; };
struct Uniforms { float4x4 viewProj; uint lightCount; uint width; uint height; uint pad; float4 background; };

struct VOut { float4 pos [[position]]; float3 world; float3 normal; float3 albedo; };
struct FSOut { float4 pos [[position]]; };

vertex VOut geo_vs(uint vid [[vertex_id]], const device Vertex* v [[buffer(0)]], constant Uniforms& u [[buffer(1)]]) {
    Vertex x = v[vid];
    VOut o;
    o.pos = u.viewProj * float4(x.pos.xyz, 1.0);
    o.world = x.pos.xyz;
    o.normal = x.normal.xyz;
    o.albedo = x.albedo.rgb;
    return o;
}

// The G-buffer: colour 1 albedo (RGBA8Unorm), 2 normal (RGBA16Float),
// 3 world position, w = 1 where covered (RGBA32Float).
struct GBuffer {
    float4 albedo [[color(1)]];
    float4 normal [[color(2)]];
    float4 position [[color(3)]];
};

fragment GBuffer gbuffer_fs(VOut in [[stage_in]]) {
    GBuffer g;
    g.albedo = float4(in.albedo, 1.0);
    g.normal = float4(normalize(in.normal), 0.0);
    g.position = float4(in.world, 1.0);
    return g;
}

vertex FSOut fullscreen_vs(uint vid [[vertex_id]]) {
    float2 p = float2(vid == 1 ? 3.0 : -1.0, vid == 2 ? -3.0 : 1.0);
    FSOut o;
    o.pos = float4(p, 0.0, 1.0);
    return o;
}

static float3 lightOne(Light l, float3 albedo, float3 n, float3 p) {
    float3 d = l.posRadius.xyz - p;
    float d2 = dot(d, d);
    float r2 = l.posRadius.w * l.posRadius.w;
    if (d2 >= r2) {
        return float3(0.0);
    }
    float att = 1.0 - d2 / r2;
    att *= att;
    float ndl = max(dot(n, d * rsqrt(max(d2, 1e-12))), 0.0);
    return albedo * l.color.rgb * (ndl * att);
}

static float4 resolve(float3 acc, float4 pos, constant Uniforms& u) {
    return pos.w > 0.5 ? float4(acc, 1.0) : u.background;
}

// --- single pass: tile culling into persistent threadgroup memory, then
// lighting from the memoryless G-buffer (programmable blending).

// Whether light l's bounding cube projects onto the tile's pixels
// (conservative: a cube corner behind the eye covers everything).
static bool overlaps(Light l, constant Uniforms& u, float2 lo, float2 hi) {
    float2 mn = float2(1e30), mx = float2(-1e30);
    for (uint c = 0; c < 8; c++) {
        float3 o = float3((c & 1) ? 1.0 : -1.0, (c & 2) ? 1.0 : -1.0, (c & 4) ? 1.0 : -1.0) * l.posRadius.w;
        float4 q = u.viewProj * float4(l.posRadius.xyz + o, 1.0);
        if (q.w < 1e-4) {
            return true;
        }
        float2 ndc = q.xy / q.w;
        float2 px = float2((ndc.x + 1.0) * 0.5 * float(u.width), (1.0 - ndc.y) * 0.5 * float(u.height));
        mn = min(mn, px);
        mx = max(mx, px);
    }
    return mx.x >= lo.x && mn.x <= hi.x && mx.y >= lo.y && mn.y <= hi.y;
}

// One threadgroup of 64 threads per tile: thread i tests light i, thread 0
// lists the visible ones in order: list[0] the count, list[1 …] indices.
kernel void cull_lights(const device Light* lights [[buffer(0)]], constant Uniforms& u [[buffer(1)]],
                        threadgroup uint* list [[threadgroup(0)]],
                        ushort2 tile [[threadgroup_position_in_grid]], ushort2 ppt [[pixels_per_tile]],
                        uint tid [[thread_index_in_threadgroup]]) {
    threadgroup uint flags[64];
    float2 lo = float2(tile) * float2(ppt);
    float2 hi = lo + float2(ppt);
    if (tid < 64) {
        flags[tid] = (tid < u.lightCount && overlaps(lights[tid], u, lo, hi)) ? 1u : 0u;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (tid == 0) {
        uint n = 0;
        for (uint i = 0; i < min(u.lightCount, 64u); i++) {
            if (flags[i] != 0) {
                list[1 + n] = i;
                n++;
            }
        }
        list[0] = n;
    }
}

struct LightOut { float4 lighting [[color(0)]]; };

fragment LightOut light_tile_fs(FSOut in [[stage_in]], float4 albedo [[color(1)]], float4 normal [[color(2)]],
                                float4 pos [[color(3)]], const device Light* lights [[buffer(0)]],
                                constant Uniforms& u [[buffer(1)]], threadgroup uint* list [[threadgroup(0)]]) {
    float3 acc = float3(0.0);
    uint n = list[0];
    for (uint k = 0; k < n; k++) {
        acc += lightOne(lights[list[1 + k]], albedo.rgb, normal.xyz, pos.xyz);
    }
    LightOut o;
    o.lighting = resolve(acc, pos, u);
    return o;
}

// --- multi pass: the G-buffer textures, every light per pixel.

fragment float4 light_tex_fs(FSOut in [[stage_in]], texture2d<float> albedo [[texture(0)]], texture2d<float> normal [[texture(1)]],
                             texture2d<float> position [[texture(2)]], const device Light* lights [[buffer(0)]],
                             constant Uniforms& u [[buffer(1)]]) {
    uint2 px = uint2(in.pos.xy);
    float4 a = albedo.read(px), nr = normal.read(px), p = position.read(px);
    float3 acc = float3(0.0);
    for (uint i = 0; i < u.lightCount; i++) {
        acc += lightOne(lights[i], a.rgb, nr.xyz, p.xyz);
    }
    return resolve(acc, p, u);
}
`
