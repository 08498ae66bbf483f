// seed: 000 §5.6.5, derived from prose (no code in the seed for this rule)
// expect: error
// note: "Eğer n, bildirilen en küçük ve en büyük eklentiler arasında olup tanımlanmamış bir eklentiye işaret ederse
// note: derleme zamanında hata oluşur." — colours 0 and 2 are declared, n=1 lies between them but is undefined.
// note: the master's members carry [[raster_order_group(0)]], which §5.6.2 requires in fragment functions.
#include <metal_stdlib>
using namespace metal;

struct I {
    float4 gbuf0 [[raster_order_group(0)]];
    float gbuf1 [[raster_order_group(0)]];
};

struct FragOut {
    float4 c0 [[color(0)]];
    float4 c2 [[color(2)]];
    I i [[imageblock_data, alias_implicit_imageblock_color(1)]]; // ERROR "alias_implicit_imageblock_color|attachment"
};

fragment FragOut gap_fragment(I i [[imageblock_data]])
{
    FragOut o;
    o.c0 = i.gbuf0;
    o.c2 = float4(i.gbuf1);
    o.i = i;
    return o;
}
