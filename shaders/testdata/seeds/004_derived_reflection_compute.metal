// seed: 004 "Determining Function Details at Runtime" (MTLArgument / MTLStructType prose), derived (no MSL in the seed)
// expect: valid
// note: the seed describes reflection only in prose and Objective-C listings (4-2, 4-3, skipped): each MTLArgument
// note: has name, active ("whether the argument can be ignored"), index ("[[buffer(2)]] -> 2"), access (read/write
// note: qualifiers) and type ([[buffer(n)]] / [[texture(n)]] / [[sampler(n)]] / [[threadgroup(n)]]); textures report
// note: textureType (texture1d_array, texture2d_ms, texturecube...) and data type (half/float/int/uint); threadgroup
// note: memory reports size and alignment; buffers report alignment, data size, data type and struct type. "If the
// note: buffer argument is a struct, bufferDataSize is the size of the struct; if it is an array (or a pointer to one),
// note: bufferDataType is the element type and bufferDataSize is the size of one element." Struct members recurse
// note: into nested structs and arrays (elementType / elementStructType).
// note: `unused` is never referenced by the function body, so it is reported inactive.
// EXPECT-FUNC name=reflect_compute kind=kernel
// EXPECT-ARG function=reflect_compute arg=material kind=buffer index=2 access=read type=Material size=112 alignment=16
// EXPECT-MEMBER function=reflect_compute arg=material member=base_color offset=0 type=float4
// EXPECT-MEMBER function=reflect_compute arg=material member=roughness offset=16 type=float
// EXPECT-MEMBER function=reflect_compute arg=material member=metallic offset=20 type=float
// EXPECT-MEMBER function=reflect_compute arg=material member=lights offset=32 type=Light[2]
// EXPECT-MEMBER function=reflect_compute arg=material member=lights[].position offset=0 type=float3
// EXPECT-MEMBER function=reflect_compute arg=material member=lights[].intensity offset=16 type=float
// EXPECT-MEMBER function=reflect_compute arg=material member=flags offset=96 type=int[3]
// EXPECT-ARG function=reflect_compute arg=normals kind=buffer index=1 access=read_write type=float3 size=16 alignment=16
// EXPECT-ARG function=reflect_compute arg=packed kind=buffer index=3 access=read type=packed_float3 size=12 alignment=4
// EXPECT-ARG function=reflect_compute arg=unused kind=buffer index=4 active=false
// EXPECT-ARG function=reflect_compute arg=msTex kind=texture index=0 access=read texture_type=texture2d_ms data_type=float active=true
// EXPECT-ARG function=reflect_compute arg=env kind=texture index=1 access=read texture_type=texturecube data_type=half
// EXPECT-ARG function=reflect_compute arg=lut kind=texture index=2 access=write texture_type=texture1d_array data_type=uint
// EXPECT-ARG function=reflect_compute arg=samp kind=sampler index=0
// EXPECT-ARG function=reflect_compute arg=scratch kind=threadgroup index=0 type=float4 size=16 alignment=16
// EXPECT-NOARG function=reflect_compute arg=tid
// EXPECT-NOARG function=reflect_compute arg=lid
#include <metal_stdlib>
using namespace metal;

struct Light {
    float3 position;
    float intensity;
};

struct Material {
    float4 base_color;
    float roughness;
    float metallic;
    Light lights[2];
    int flags[3];
};

kernel void reflect_compute(constant Material &material [[buffer(2)]],
                            device float3 *normals [[buffer(1)]],
                            const device packed_float3 *packed [[buffer(3)]],
                            device float4 *unused [[buffer(4)]],
                            texture2d_ms<float> msTex [[texture(0)]],
                            texturecube<half> env [[texture(1)]],
                            texture1d_array<uint, access::write> lut [[texture(2)]],
                            sampler samp [[sampler(0)]],
                            threadgroup float4 *scratch [[threadgroup(0)]],
                            uint tid [[thread_position_in_grid]],
                            uint lid [[thread_index_in_threadgroup]])
{
    float3 n = normalize(normals[tid] + float3(packed[tid]));
    float4 ms = msTex.read(uint2(tid % 8, tid / 8), 0);
    half4 e = env.sample(samp, n);
    scratch[lid] = material.base_color * material.roughness + ms * float4(e);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    float lit = 0.0f;
    for (int i = 0; i < 2; ++i)
        lit += material.lights[i].intensity * max(dot(n, normalize(material.lights[i].position)), 0.0f);
    normals[tid] = n * (lit + material.metallic + float(material.flags[tid % 3])) + scratch[0].xyz;
    lut.write(uint4(uint(lit * 255.0f)), tid % 256, 0);
}
