// seed: 000 §5.2.1.2 ([[raster_order_group(index)]] on a device texture), example 1 of that section
// expect: valid
// note: raster order groups order overlapping fragment accesses to a read_write texture.
// note: completed: the `...` parameter is a [[position]] input; `clr = …;` needs a declaration of clr and a value, and
// note: `coord` is undeclared — both are declared from the fragment position before the seed's lines.
// EXPECT-FUNC name=my_fragment kind=fragment
// EXPECT-ARG function=my_fragment arg=texA kind=texture index=0 access=read_write texture_type=texture2d data_type=float
#include <metal_stdlib>
using namespace metal;

fragment void
my_fragment(texture2d<float, access::read_write> texA
            [[raster_order_group(0), texture(0)]],
            float4 pos [[position]])
{
    uint2 coord = uint2(pos.xy);
    float4 clr = texA.read(coord);
    // clr üzerinde işlemler yap
    clr = clr * 0.5f + float4(0.25f);
    texA.write(clr, coord);
}
