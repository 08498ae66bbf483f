// seed: 000 §5.6.5 (Açık ve Örtük Imageblock'ların Alias Kullanımı, "Örnek"), example 1 of that section
// expect: valid
// note: [[alias_implicit_imageblock_color(1)]] aliases the explicit imageblock starting at colour attachment 1. Only
// note: colour 0 is declared, so n=1 exceeds the declared attachments: "derleme başarılı olur ancak öznitelik yok
// note: sayılır" (compiles, attribute ignored). The master I's members get [[raster_order_group(0)]] (the seed has none; §5.6.2 requires them).
// note: completed: the `...` parameter is removed; `...` in the body fills the outputs.
// EXPECT-FUNC name=my_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct I {
    rgba8unorm<half4> a [[raster_order_group(0)]];
    rgb9e5<float4> b [[raster_order_group(0)]];
    int c [[raster_order_group(0)]];
    float d [[raster_order_group(0)]];
};

struct FragOut {
    float4 finalColor [[color(0)]];
    I i [[imageblock_data, alias_implicit_imageblock_color(1)]];
};

[[fragment]] FragOut
my_fragment(I i [[imageblock_data]])
{
    FragOut fragOut;
    fragOut.finalColor = float4(half4(i.a)) * i.d;
    fragOut.i = i;
    fragOut.i.c = i.c + 1;
    return fragOut;
}
