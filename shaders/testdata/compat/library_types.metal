// feature: host-shared structs and library types of the Metal standard library (issue 13, items 3 and 4)
// expect: valid
// note: tessellation factors, indirect arguments, instance descriptors, numeric_limits,
// note: the rasterization-rate-map decoder, <TargetConditionals.h>, <simd/simd.h> and the simd:: namespace.
#include <metal_stdlib>
#include <simd/simd.h>
#include <TargetConditionals.h>
using namespace metal;

#if TARGET_OS_OSX + TARGET_OS_IPHONE != 1
#error "TargetConditionals: exactly one platform"
#endif

struct Uniforms {
    simd::float4x4 model;
    simd::float3 tint;
    simd_float2 size;
};

kernel void tess(device MTLQuadTessellationFactorsHalf* quad [[buffer(0)]],
                 device MTLTriangleTessellationFactorsHalf* tri [[buffer(1)]],
                 device MTLDrawIndexedPrimitivesIndirectArguments* draw [[buffer(2)]],
                 device MTLDispatchThreadgroupsIndirectArguments* dispatch [[buffer(3)]],
                 device MTLAccelerationStructureInstanceDescriptor* inst [[buffer(4)]],
                 constant rasterization_rate_map_data* rr [[buffer(5)]],
                 constant Uniforms& u [[buffer(6)]],
                 device float4* out [[buffer(7)]],
                 device MTLIndirectCommandBufferExecutionRange* range [[buffer(8)]],
                 uint i [[thread_position_in_grid]]) {
    quad[i].edgeTessellationFactor[0] = 1;
    quad[i].insideTessellationFactor[1] = 2;
    tri[i].insideTessellationFactor = 3;
    draw[i].baseVertex = -1;
    dispatch[i].threadgroupsPerGrid[2] = 1;
    inst[i].mask = 0xff;
    range->length = 0;
    metal::primitive_type pt = metal::primitive_type::triangle;
    rasterization_rate_map_decoder dec(*rr);
    float2 p = dec.map_screen_to_physical_coordinates(float2(i, 0));
    float big = numeric_limits<float>::max() + metal::numeric_limits<half>::epsilon();
    out[i].w = float(pt == primitive_type::triangle);
    out[i] = u.model * float4(u.tint, p.x) + simd::float4(big) + float4(simd_make_float3(u.size, 1), 0);
}
