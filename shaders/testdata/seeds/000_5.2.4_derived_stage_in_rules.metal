// seed: 000 §5.2.4 (Stage Input), derived from prose (no code in the seed for these rules)
// expect: error
// note: "Bir vertex, fragment veya kernel fonksiyonunda [[stage_in]] özniteliği ile yalnızca bir argüman
// note: bildirebilirsiniz." and "stage_in özniteliğini kullanarak, packed vektörler, matrisler, yapılar, bit alanları,
// note: bir türe referanslar veya işaretçiler ya da skaler, vektör veya matris dizileri olan yapı üyelerini
// note: bildiremezsiniz." Errors on the second stage_in argument and on each forbidden member.
#include <metal_stdlib>
using namespace metal;

struct InA {
    float4 position [[attribute(0)]];
};

struct InB {
    float4 color [[attribute(1)]];
};

struct BadMembers {
    float4 position [[attribute(0)]];
    float4x4 xform [[attribute(1)]]; // ERROR "stage_in|matri"
    packed_float3 packed [[attribute(2)]]; // ERROR "stage_in|packed"
    float weights[4] [[attribute(3)]]; // ERROR "stage_in|array"
};

vertex float4 two_stage_in(InA a [[stage_in]],
                           InB b [[stage_in]]) // ERROR "stage_in"
{
    return a.position + b.color;
}

vertex float4 bad_members(BadMembers in [[stage_in]])
{
    return in.position;
}
