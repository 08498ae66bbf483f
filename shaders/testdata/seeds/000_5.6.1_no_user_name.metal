// seed: 000 §5.6.1 ("[[user(name)]] özniteliği olmadan örnek"), example 2 of that section
// expect: valid
// note: without [[user(name)]], view members match master members by name and type (b, d, c).
// note: completed: the seed's master struct is truncated to `struct IM { int c; };` although IVIn's comments say
// note: b and d match IM::b and IM::d; restored IM's members a, b, d (same types as the previous example). Every
// note: master member gets [[raster_order_group(0)]] (the seed's has none; §5.6.2 requires them in fragment functions).
// note: completed: `…` parameter removed; `… = i.b;` / `… = i.d;` / `fragOut.i.c = …;` filled with locals.
// EXPECT-FUNC name=my_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct IM {
    rgba8unorm<half4> a [[raster_order_group(0)]];
    rgb9e5<float4> b [[raster_order_group(0)]];
    int c [[raster_order_group(0)]];
    float d [[raster_order_group(0)]];
};

struct IVIn {
    rgb9e5<float4> b; // IM::b ile eşleşir
    float d;          // IM::d ile eşleşir
};

struct IVOut {
    int c; // IM::c ile eşleşir
};

struct FragOut {
    IVOut i [[imageblock_data(IM)]];
};

fragment FragOut
my_fragment(IVIn i [[imageblock_data(IM)]])
{
    FragOut fragOut;
    float4 vb = i.b;
    float vd = i.d;
    fragOut.i.c = int(vb.x * vd);
    return fragOut;
}
