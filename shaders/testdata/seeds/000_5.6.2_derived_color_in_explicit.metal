// seed: 000 §5.6.2, derived from prose (no code in the seed for this rule)
// expect: error
// note: "Açık imageblock türlerinde [[color(n)]] özniteliği ile bildirilen veri üyeleri bulunamaz." — an explicit
// note: imageblock (used with [[imageblock_data]]) may not contain a [[color(n)]] member.
#include <metal_stdlib>
using namespace metal;

struct Explicit {
    float4 albedo [[color(1)]]; // ERROR "color"
    float roughness [[raster_order_group(0)]];
};

struct Out {
    float4 final_color [[color(0)]];
    Explicit e [[imageblock_data]];
};

fragment Out explicit_with_color(Explicit e [[imageblock_data]])
{
    Out o;
    o.final_color = e.albedo * e.roughness;
    o.e = e;
    return o;
}
