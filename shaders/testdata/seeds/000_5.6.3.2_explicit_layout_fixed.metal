// seed: 000 §5.6.3.2 (Fragment Fonksiyonları için Açık Imageblock Yerleşimi, "Örnek"), example 1 of that section, corrected
// expect: valid
// note: a fragment that reads the explicit imageblock (master layout, [[imageblock_data]] without a type) and writes
// note: both an implicit colour attachment (FragOut::c [[color(0)]]) and the explicit imageblock (FragOut::i).
// note: changed from the seed: I's member is `float c [[raster_order_group(0)]]` instead of `[[color(0)]]` (an explicit
// note: imageblock cannot contain colour members, §5.6.2); see 000_5.6.3.2_explicit_layout.metal for the verbatim form.
// EXPECT-FUNC name=my_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct I {
    float c [[raster_order_group(0)]];
};

struct FragOut {
    float c [[color(0)]];
    I i [[imageblock_data]];
};

[[fragment]] FragOut
my_fragment(I i [[imageblock_data]])
{
    FragOut fragOut;
    fragOut.c = i.c;
    fragOut.i.c = i.c * 0.5f;
    return fragOut;
}
