// seed: 000 §5.1.1.1, derived from prose (no code in the seed for this rule)
// expect: error
// note: "[[patch(patch-type, N)]] ... hem patch türünü (patch-type ya quad ya da triangle) hem de ... kontrol noktası
// note: sayısını belirtmelidir (N değeri 0 ile 32 arasında olmalıdır)." N = 33 is out of range; `triangle` with 3 and
// note: 32 are at/inside the bounds.
#include <metal_stdlib>
using namespace metal;

struct CP {
    float4 position [[attribute(0)]];
};

struct PatchIn {
    patch_control_point<CP> cp;
};

[[patch(triangle, 3)]]
vertex float4 tri_patch(PatchIn in [[stage_in]], float3 uvw [[position_in_patch]])
{
    return in.cp[0].position * uvw.x + in.cp[1].position * uvw.y + in.cp[2].position * uvw.z;
}

[[patch(quad, 32)]]
vertex float4 max_patch(PatchIn in [[stage_in]], float2 uv [[position_in_patch]])
{
    return in.cp[0].position + float4(uv, 0.0f, 0.0f);
}

[[patch(quad, 33)]] // ERROR "patch|32|control"
vertex float4 too_many(PatchIn in [[stage_in]], float2 uv [[position_in_patch]])
{
    return in.cp[0].position + float4(uv, 0.0f, 0.0f);
}
