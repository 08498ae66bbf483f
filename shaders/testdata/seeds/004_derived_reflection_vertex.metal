// seed: 004 "Determining Function Details at Runtime", derived (no MSL in the seed)
// expect: valid
// note: "反射對象僅包含具有關聯資源的參數，但不包含使用[[stage_in]]限定符或內置[[vertex_id]]或[[attribute_id]]限定符聲明的參數"
// note: — reflection lists only arguments with associated resources: not the [[stage_in]] argument nor built-ins such
// note: as [[vertex_id]] / [[instance_id]] (the seed's "[[attribute_id]]" is not an MSL attribute; instance_id is used
// note: as the second built-in). The stage_in struct is reflected as vertex attributes instead (MTLFunction
// note: vertexAttributes). functionType distinguishes vertex / fragment / kernel.
// EXPECT-FUNC name=reflect_vertex kind=vertex
// EXPECT-FUNC name=reflect_fragment kind=fragment
// EXPECT-NOARG function=reflect_vertex arg=in
// EXPECT-NOARG function=reflect_vertex arg=vid
// EXPECT-NOARG function=reflect_vertex arg=iid
// EXPECT-ARG function=reflect_vertex arg=instance_xforms kind=buffer index=1 access=read type=float4x4 size=64 alignment=16
// EXPECT-ARG function=reflect_vertex arg=frame kind=buffer index=0 access=read type=FrameData size=80 alignment=16
// EXPECT-ATTR function=reflect_vertex member=position index=0 type=float3
// EXPECT-ATTR function=reflect_vertex member=uv index=1 type=half2
// EXPECT-NOARG function=reflect_fragment arg=in
// EXPECT-ARG function=reflect_fragment arg=albedo kind=texture index=0 access=read texture_type=texture2d data_type=half
#include <metal_stdlib>
using namespace metal;

struct VIn {
    float3 position [[attribute(0)]];
    half2 uv [[attribute(1)]];
};

struct VOut {
    float4 position [[position]];
    half2 uv;
};

struct FrameData {
    float4x4 view_proj;
    float time;
};

vertex VOut reflect_vertex(VIn in [[stage_in]],
                           constant FrameData &frame [[buffer(0)]],
                           constant float4x4 *instance_xforms [[buffer(1)]],
                           uint vid [[vertex_id]],
                           uint iid [[instance_id]])
{
    VOut out;
    float4 world = instance_xforms[iid] * float4(in.position, 1.0f);
    out.position = frame.view_proj * world + float4(0.0f, 0.0f, 0.0f, float(vid) * 0.0f);
    out.uv = in.uv + half2(half(frame.time));
    return out;
}

fragment half4 reflect_fragment(VOut in [[stage_in]],
                                texture2d<half> albedo [[texture(0)]])
{
    constexpr sampler linear_sampler(filter::linear, address::repeat);
    return albedo.sample(linear_sampler, float2(in.uv));
}
