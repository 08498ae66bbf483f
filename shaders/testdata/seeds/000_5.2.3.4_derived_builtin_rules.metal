// seed: 000 §5.2.3.4, derived from prose (no code in the seed for these rules)
// expect: error
// note: "[[sample_mask]] özniteliği bir fragment fonksiyonu girdisi için yalnızca bir kez bildirilebilir." (second
// note: declaration is an error); "[[barycentric_coord]] ... yalnızca center_perspective (varsayılan) veya
// note: center_no_perspective ... ile birlikte bildirilebilir" (centroid_perspective is an error);
// note: "[[position]] ... yalnızca center_no_perspective ... ile bildirilebilir" (sample_perspective is an error);
// note: table 5.6: "[[pixel_position_in_tile]] ve [[pixels_per_tile]] ... veri tipleri eşleşmelidir".
#include <metal_stdlib>
using namespace metal;

struct BadBary {
    float3 bary [[barycentric_coord, centroid_perspective]]; // ERROR "barycentric_coord|centroid"
};

fragment float4 two_masks(uint m0 [[sample_mask]],
                          uint m1 [[sample_mask]]) // ERROR "sample_mask"
{
    return float4(float(m0 & m1));
}

fragment float4 bad_bary(BadBary in [[stage_in]])
{
    return float4(in.bary, 1.0f);
}

struct BadPos {
    float4 pos [[position, sample_perspective]]; // ERROR "position|sample_perspective"
};

fragment float4 bad_pos(BadPos in [[stage_in]])
{
    return in.pos;
}

fragment half4 tile_mismatch(ushort2 pos [[pixel_position_in_tile]],
                             uint2 size [[pixels_per_tile]]) // ERROR "pixels_per_tile|pixel_position_in_tile|match"
{
    return half4(half(pos.x) / half(size.x));
}
