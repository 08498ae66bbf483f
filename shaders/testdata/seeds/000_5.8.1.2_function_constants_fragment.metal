// seed: 000 §5.8.1.2 (the same fragment rewritten with function constants), example 2 of that section
// expect: valid
// note: arguments made optional with [[function_constant(name)]]; name may be a plain constant bool initialised with
// note: is_function_constant_defined(...). If the referenced value is false/undefined the argument is not part of the
// note: signature.
// note: fixed: `RenderUniformData.ModelWithLightmap` -> `RenderUniformData_ModelWithLightmap` (transcription error,
// note: as in example 1).
// note: completed: uniform structs, VertexOutput, and the function body.
// EXPECT-CONST name=realtime_shadow index=0 type=bool
// EXPECT-CONST name=med_quality index=1 type=bool
// EXPECT-FUNC name=myFragment kind=fragment
// EXPECT-ARG function=myFragment arg=LookupTexture kind=texture index=4
// EXPECT-ARG function=myFragment arg=RealtimeShadowMapTexture kind=texture index=10
// EXPECT-ARG function=myFragment arg=LookupTextureSampler kind=sampler index=4
// EXPECT-ARG function=myFragment arg=RealtimeShadowMapTextureSampler kind=sampler index=10
// EXPECT-ARG function=myFragment arg=FogTextureSampler kind=sampler index=3
#include <metal_stdlib>
using namespace metal;

struct GlobalUniformData {
    float4x4 view_proj;
    float4 fog_color;
};

struct RenderUniformData_ModelWithLightmap {
    float4x4 model;
    float4 lightmap_scale_offset;
};

struct MaterialUniformData {
    float4 tint;
    float shininess;
};

struct VertexOutput {
    float4 position [[position]];
    float2 uv;
    float2 lightmap_uv;
    float fog;
};

constant bool realtime_shadow [[function_constant(0)]];
constant bool med_quality [[function_constant(1)]];

constant bool med_quality_defined =
    is_function_constant_defined(med_quality);

constant bool realtime_shadow_defined =
    is_function_constant_defined(realtime_shadow);

fragment half4
myFragment(
    constant GlobalUniformData *globalUniform [[buffer(0)]],
    constant RenderUniformData_ModelWithLightmap *renderUniform [[buffer(1)]],
    constant MaterialUniformData *materialUniform [[buffer(2)]],

    texture2d<float> DiffuseTexture [[texture(0)]],
    texture2d<float> LightmapTexture [[texture(1)]],
    texture2d<float> FogTexture [[texture(3)]],

    texture2d<float> LookupTexture [[texture(4),
        function_constant(med_quality_defined)]],

    texture2d<float> RealtimeShadowMapTexture [[texture(10),
        function_constant(realtime_shadow_defined)]],

    sampler DiffuseTextureSampler [[sampler(0)]],
    sampler LightmapTextureSampler [[sampler(1)]],
    sampler FogTextureSampler [[sampler(3)]],

    sampler LookupTextureSampler [[sampler(4),
        function_constant(med_quality_defined)]],

    sampler RealtimeShadowMapTextureSampler [[sampler(10),
        function_constant(realtime_shadow_defined)]],

    VertexOutput fragIn [[stage_in]]
)
{
    float4 albedo = DiffuseTexture.sample(DiffuseTextureSampler, fragIn.uv) * materialUniform->tint;
    float2 luv = fragIn.lightmap_uv * renderUniform->lightmap_scale_offset.xy + renderUniform->lightmap_scale_offset.zw;
    float4 light = LightmapTexture.sample(LightmapTextureSampler, luv);
    float4 fog = FogTexture.sample(FogTextureSampler, float2(fragIn.fog, 0.5f)) * globalUniform->fog_color;
    float4 color = albedo * light;
    if (med_quality_defined)
        color = LookupTexture.sample(LookupTextureSampler, color.rg);
    if (realtime_shadow_defined)
        color *= RealtimeShadowMapTexture.sample(RealtimeShadowMapTextureSampler, fragIn.uv).r;
    return half4(mix(color, fog, fog.a));
}
