// seed: 000 §5.2 (Fonksiyon Argümanları ve Değişkenler: argument kinds and the list "[[buffer(index)]] … [[threadgroup(index)]]"), example 1 of that section
// expect: valid
// note: the seed lists, without code, the argument kinds of graphics and kernel functions (device and constant buffers,
// note: textures, texture buffers, samplers, threadgroup buffers, argument buffers, visible function tables,
// note: intersection function tables, acceleration structures, structs of resources) and which attribute locates
// note: each: acceleration_struct<…> and intersection_function_table<…> take [[buffer(index)]], texture buffers take
// note: [[texture(index)]]. Imageblocks and tensors are covered elsewhere / not tested (tensor API not in the seeds).
// note: completed: one kernel with one argument of each listed kind. Acceleration structures and function tables are
// note: bound in the buffer table ([[buffer(n)]]) but reflect with their own MTLArgumentType (kind=primitiveAccelerationStructure …).
// EXPECT-FUNC name=resource_kinds kind=kernel
// EXPECT-ARG function=resource_kinds arg=dev kind=buffer index=0 access=read_write type=float
// EXPECT-ARG function=resource_kinds arg=cst kind=buffer index=1 access=read type=Params size=16 alignment=16
// EXPECT-ARG function=resource_kinds arg=args kind=buffer index=2 access=read type=MaterialArgs
// EXPECT-ARG function=resource_kinds arg=accel kind=primitiveAccelerationStructure index=3
// EXPECT-ARG function=resource_kinds arg=ift kind=intersectionFunctionTable index=4
// EXPECT-ARG function=resource_kinds arg=vft kind=visibleFunctionTable index=5
// EXPECT-ARG function=resource_kinds arg=tex kind=texture index=0 access=read texture_type=texture2d data_type=float
// EXPECT-ARG function=resource_kinds arg=tb kind=texture index=1 access=read texture_type=texture_buffer data_type=float
// EXPECT-ARG function=resource_kinds arg=texs kind=texture index=2 texture_type=texture2d data_type=float
// EXPECT-ARG function=resource_kinds arg=smp kind=sampler index=0
// EXPECT-ARG function=resource_kinds arg=tg kind=threadgroup index=0 type=float size=4 alignment=4
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

struct Params {
    float4 scale;
};

struct MaterialArgs {
    texture2d<float> albedo;
    sampler albedo_sampler;
    device float *weights;
};

[[visible]] float shade(float x)
{
    return x * 0.5f;
}

kernel void resource_kinds(device float *dev [[buffer(0)]],
                           constant Params &cst [[buffer(1)]],
                           constant MaterialArgs &args [[buffer(2)]],
                           primitive_acceleration_structure accel [[buffer(3)]],
                           intersection_function_table<triangle_data> ift [[buffer(4)]],
                           visible_function_table<float(float)> vft [[buffer(5)]],
                           texture2d<float> tex [[texture(0)]],
                           texture_buffer<float> tb [[texture(1)]],
                           array<texture2d<float>, 2> texs [[texture(2)]],
                           sampler smp [[sampler(0)]],
                           threadgroup float *tg [[threadgroup(0)]],
                           uint tid [[thread_position_in_grid]],
                           uint lid [[thread_index_in_threadgroup]])
{
    float2 uv = float2(0.5f);
    tg[lid] = tex.sample(smp, uv).x + tb.read(tid).x + texs[1].sample(smp, uv).y;
    threadgroup_barrier(mem_flags::mem_threadgroup);

    ray r(float3(0.0f), float3(0.0f, 0.0f, 1.0f), 0.0f, 100.0f);
    intersector<triangle_data> isect;
    intersection_result<triangle_data> hit = isect.intersect(r, accel, ift);

    float w = args.albedo.sample(args.albedo_sampler, uv).x * args.weights[tid];
    dev[tid] = vft[0](tg[lid] * cst.scale.x + w) + (hit.type == intersection_type::triangle ? hit.distance : 0.0f);
}
