#include <metal_stdlib>
using namespace metal;

struct VertexIn {
    float3 position [[attribute(0)]];
    float2 uv       [[attribute(1)]];
};

struct VertexOut {
    float4 position [[position]] [[invariant]];
    float3 normal [[user(normal)]];
    float  size [[point_size]];
};

struct FragOut {
    float4 c0 [[color(0), raster_order_group(1)]];
    float  depth [[depth(any)]];
};

constant bool has_fog [[function_constant(0)]];
constant bool has_both [[function_constant(has_fog && !has_fog)]];
constant int  level [[function_constant(3)]];

[[host_name("abc")]] [[kernel]] void funcA() {}

[[user_annotation("basecase"), kernel]] void funcB() {}

[[patch(quad, 16)]]
[[vertex]] VertexOut post_tess(VertexIn in [[stage_in]],
                               float2 uv [[position_in_patch]],
                               uint pid [[patch_id]]) { VertexOut o; return o; }

fragment FragOut shade(VertexOut in [[stage_in]],
                       texture2d<float, access::sample> tex [[texture(0)]],
                       sampler smp [[sampler(0)]],
                       float4 fb [[color(0), raster_order_group(0)]],
                       bool front [[front_facing]]) [[early_fragment_tests]] {
    FragOut o;
    o.c0 = tex.sample(smp, in.position.xy) + fb;
    return o;
}

[[intersection(triangle, triangle_data, instancing)]]
bool hit(float2 bary [[barycentric_coord]], ray_data float& payload [[payload]]) { return true; }

[[kernel, max_total_threads_per_threadgroup(256)]]
void k(device float* out [[buffer(0)]],
       constant float& scale [[buffer(1), function_constant(has_fog)]],
       threadgroup float* scratch [[threadgroup(0)]],
       uint3 tid [[thread_position_in_grid]]) {}

struct [[imageblock_layout_explicit]] I { half4 a [[color(0)]]; };
