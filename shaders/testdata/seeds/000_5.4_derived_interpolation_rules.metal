// seed: 000 §5.4 (Sampling ve Interpolation Öznitelikleri), derived from prose (no code in the seed for these rules)
// expect: error
// note: "[[position]] özniteliğine sahip bir değişken için tek geçerli sampling ve interpolation özniteliği
// note: center_no_perspective'tir." and "Bir tamsayı değişkeni için tek geçerli sampling ve interpolation özniteliği
// note: flat'tir." Errors on the offending members.
#include <metal_stdlib>
using namespace metal;

struct BadInputs {
    float4 pos [[position, centroid_perspective]]; // ERROR "position|center_no_perspective"
    int id [[center_perspective]]; // ERROR "flat|integer|int"
    uint mask [[sample_no_perspective]]; // ERROR "flat|integer|uint"
    float4 color [[centroid_no_perspective]];
};

fragment float4 bad_interp(BadInputs in [[stage_in]])
{
    return in.color + float4(float(in.id), float(in.mask), 0.0f, 0.0f) + in.pos;
}
