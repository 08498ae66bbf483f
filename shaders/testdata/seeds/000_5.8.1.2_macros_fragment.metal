// seed: 000 §5.8.1.2 (Fonksiyon Argümanlarını Bildirirken Fonksiyon Sabitleri, preprocessor version), example 1 of that section
// expect: valid
// note: optional arguments selected with #ifdef; without -D the LookupTexture/RealtimeShadowMap arguments are absent.
// note: fixed: `MED.QUALITY` -> `MED_QUALITY` and `REALTIME.SHADOW` -> `REALTIME_SHADOW` (4 #ifdef lines) and
// note: `RenderUniformData.ModelWithLightmap` -> `RenderUniformData_ModelWithLightmap`: transcription errors ('.' for
// note: '_', as MAX.LIGHTS; a dotted name is neither a macro name nor a type name).
// note: completed: the uniform structs, VertexOutput, and the function body (the seed shows the declaration only).
// EXPECT-FUNC name=myFragment kind=fragment
// EXPECT-ARG function=myFragment arg=globalUniform kind=buffer index=0 access=read type=GlobalUniformData
// EXPECT-ARG function=myFragment arg=renderUniform kind=buffer index=1 access=read type=RenderUniformData_ModelWithLightmap
// EXPECT-ARG function=myFragment arg=materialUniform kind=buffer index=2 access=read type=MaterialUniformData
// EXPECT-ARG function=myFragment arg=DiffuseTexture kind=texture index=0
// EXPECT-ARG function=myFragment arg=LightmapTexture kind=texture index=1
// EXPECT-ARG function=myFragment arg=FogTexture kind=texture index=3
// EXPECT-ARG function=myFragment arg=DiffuseTextureSampler kind=sampler index=0
// EXPECT-ARG function=myFragment arg=LightmapTextureSampler kind=sampler index=1
// EXPECT-ARG function=myFragment arg=FogTextureSampler kind=sampler index=3
// EXPECT-NOARG function=myFragment arg=LookupTexture
// EXPECT-NOARG function=myFragment arg=fragIn
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

fragment half4
myFragment(
    constant GlobalUniformData *globalUniform [[buffer(0)]],
    constant RenderUniformData_ModelWithLightmap *renderUniform [[buffer(1)]],
    constant MaterialUniformData *materialUniform [[buffer(2)]],

    texture2d<float> DiffuseTexture [[texture(0)]],
    texture2d<float> LightmapTexture [[texture(1)]],
    texture2d<float> FogTexture [[texture(3)]],

#ifdef MED_QUALITY
    texture2d<float> LookupTexture [[texture(4)]],
#endif

#ifdef REALTIME_SHADOW
    texture2d<float> RealtimeShadowMapTexture [[texture(10)]],
#endif

    sampler DiffuseTextureSampler [[sampler(0)]],
    sampler LightmapTextureSampler [[sampler(1)]],
    sampler FogTextureSampler [[sampler(3)]],

#ifdef MED_QUALITY
    sampler LookupTextureSampler [[sampler(4)]],
#endif

#ifdef REALTIME_SHADOW
    sampler RealtimeShadowMapTextureSampler [[sampler(10)]],
#endif

    VertexOutput fragIn [[stage_in]]
)
{
    float4 albedo = DiffuseTexture.sample(DiffuseTextureSampler, fragIn.uv) * materialUniform->tint;
    float2 luv = fragIn.lightmap_uv * renderUniform->lightmap_scale_offset.xy + renderUniform->lightmap_scale_offset.zw;
    float4 light = LightmapTexture.sample(LightmapTextureSampler, luv);
    float4 fog = FogTexture.sample(FogTextureSampler, float2(fragIn.fog, 0.5f)) * globalUniform->fog_color;
    float4 color = albedo * light;
#ifdef MED_QUALITY
    color = LookupTexture.sample(LookupTextureSampler, color.rg);
#endif
#ifdef REALTIME_SHADOW
    color *= RealtimeShadowMapTexture.sample(RealtimeShadowMapTextureSampler, fragIn.uv).r;
#endif
    return half4(mix(color, fog, fog.a));
}
