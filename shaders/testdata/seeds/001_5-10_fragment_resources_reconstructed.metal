// seed: 001 "Specifying Resources for a Render Command Encoder", Listing 5-10 (Fragment Function Arguments Match the Framework Argument Table Indices)
// expect: valid
// note: RECONSTRUCTED: the seed has only the caption and prose ("a buffer, a texture, and a sampler (fragmentColorBuf,
// note: shadeTex, and sampler) all with index 0", "attribute qualifiers buffer(0), texture(0), and sampler(0)");
// note: the listing body is missing. Buffer, texture and sampler each have their own index space, so all three use 0.
// EXPECT-FUNC name=metal_frag kind=fragment
// EXPECT-ARG function=metal_frag arg=fragColorData kind=buffer index=0 access=read type=float4 size=16
// EXPECT-ARG function=metal_frag arg=shadeTexValues kind=texture index=0 access=read texture_type=texture2d data_type=float
// EXPECT-ARG function=metal_frag arg=samplerValues kind=sampler index=0
// EXPECT-NOARG function=metal_frag arg=in
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float2 texcoord;
};

fragment float4
metal_frag(VertexOutput in [[stage_in]],
           constant float4 *fragColorData [[ buffer(0) ]],
           texture2d<float> shadeTexValues [[ texture(0) ]],
           sampler samplerValues [[ sampler(0) ]])
{
    return shadeTexValues.sample(samplerValues, in.texcoord) * fragColorData[0];
}
