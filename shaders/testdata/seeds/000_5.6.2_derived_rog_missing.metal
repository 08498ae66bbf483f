// seed: 000 §5.6.2, derived from prose (no code in the seed for this rule)
// expect: error
// note: raster order groups are required on the data members of a master explicit imageblock struct used by a
// note: fragment function: on the member, or on the nested struct containing it as a whole.
#include <metal_stdlib>
using namespace metal;

struct Inner { float x; float y; };

struct GBuf {
    half4 albedo [[raster_order_group(0)]];
    float depth; // ERROR "raster_order_group"
    Inner inner [[raster_order_group(1)]];
    Inner loose; // ERROR "raster_order_group"
};

fragment half4 rog_missing(GBuf g [[imageblock_data]])
{
    return g.albedo * half(g.depth + g.inner.x + g.loose.y);
}
