// seed: 000 §5.6.3.2 (Fragment Fonksiyonları için Açık Imageblock Yerleşimi, "Örnek"), example 1 of that section
// expect: error
// note: kept verbatim. The seed's struct I is used as an explicit imageblock ([[imageblock_data]] without a type, i.e.
// note: the master explicit layout) but declares `float c [[color(0)]]`; §5.6.2 says explicit imageblock types cannot
// note: contain [[color(n)]] members, so this example contradicts the seed's own rule. The rule wins: error on the
// note: member. (Probably a transcription slip copying FragOut's colour member; a corrected variant with a
// note: raster-ordered member is 000_5.6.3.2_explicit_layout_fixed.metal.)
// note: completed: `...` in the body is nothing.
#include <metal_stdlib>
using namespace metal;

struct I {
    float c [[color(0)]]; // ERROR "color"
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
    fragOut.i = i;
    return fragOut;
}
