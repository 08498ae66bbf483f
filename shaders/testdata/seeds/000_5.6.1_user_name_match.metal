// seed: 000 §5.6.1 (Ana ve Görünüm Imageblock'larının Veri Üyelerini Eşleştirme, with [[user(name)]]), example 1 of that section
// expect: valid
// note: view structs IVIn/IVOut match master IM members through [[user(name)]] with identical types
// note: (x->my_b, y->my_d, z->my_c); master members carry raster_order_group.
// note: completed: the `…` parameter is removed and the empty body fills the returned view.
// note: an [[imageblock_data]] input is reflected (MTLArgumentTypeImageblockData), unlike [[stage_in]].
// EXPECT-FUNC name=my_fragment kind=fragment
// EXPECT-ARG function=my_fragment arg=i kind=imageblock_data
#include <metal_stdlib>
using namespace metal;

// Açık yerleşimli imageblock veri ana yapısı.
struct IM {
    rgba8unorm<half4> a [[user(my_a), raster_order_group(0)]];
    rgb9e5<float4> b [[user(my_b), raster_order_group(0)]];
    int c [[user(my_c), raster_order_group(0)]];
    float d [[user(my_d), raster_order_group(0)]];
};

// Giriş için görünüm yapısı.
struct IVIn {
    rgb9e5<float4> x [[user(my_b)]]; // IM::b ile eşleşir
    float y [[user(my_d)]];          // IM::d ile eşleşir
};

// Çıkış için görünüm yapısı.
struct IVOut {
    int z [[user(my_c)]]; // IM::c ile eşleşir
};

// Fragment dönüş yapısı.
struct FragOut {
    IVOut i [[imageblock_data(IM)]];
};

[[fragment]] FragOut
my_fragment(IVIn i [[imageblock_data(IM)]])
{
    FragOut out;
    float4 b = i.x;
    out.i.z = int(b.x + i.y);
    return out;
}
