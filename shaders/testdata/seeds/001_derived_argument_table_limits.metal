// seed: 001 "Specifying Resources for a Render Command Encoder", derived from prose (no code in the seed)
// expect: error
// note: "There are a maximum of 31 entries in the buffer argument table, 31 entries in the texture argument table,
// note: and 16 entries in the sampler state argument table." buffer(30) and sampler(15) are the last valid slots;
// note: buffer(31) and sampler(16) are out of range. (Texture indices are not tested: Apple's compiler accepts
// note: texture indices beyond 30 for argument-buffer tiers, so the 31-entry limit is an encoder limit there.)
#include <metal_stdlib>
using namespace metal;

fragment float4 last_slots(constant float4 *b30 [[buffer(30)]],
                           texture2d<float> t30 [[texture(30)]],
                           sampler s15 [[sampler(15)]])
{
    return b30[0] + t30.sample(s15, float2(0.5f));
}

fragment float4 beyond_slots(constant float4 *b31 [[buffer(31)]], // ERROR "buffer|range|31"
                             texture2d<float> t0 [[texture(0)]],
                             sampler s16 [[sampler(16)]]) // ERROR "sampler|range|16"
{
    return b31[0] + t0.sample(s16, float2(0.5f));
}
