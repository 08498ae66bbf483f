// seed: 000 §5.6.2 (Imageblock'lar ve Raster Order Groups), example 1 of that section
// expect: valid
// note: a struct-typed master member may carry raster_order_group itself (s) instead of on each of its members.
// note: completed: a fragment function using gBufferData as its explicit imageblock.
// EXPECT-FUNC name=gbuffer_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct S {
    rgb9e5<half3> normal;
    float factor;
};

struct gBufferData {
    S s [[raster_order_group(1)]];
    rgb11b10f<half3> lighting [[raster_order_group(2)]];
};

struct GOut {
    gBufferData g [[imageblock_data]];
};

fragment GOut gbuffer_fragment(float4 pos [[position]])
{
    GOut out;
    out.g.s.normal = half3(0.0h, 0.0h, 1.0h);
    out.g.s.factor = pos.z;
    out.g.lighting = half3(0.25h);
    return out;
}
