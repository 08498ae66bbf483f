// seed: 000 §5.6.5, derived from prose (no code in the seed for this rule)
// expect: valid
// note: "Eğer n, bildirilen eklenti sayısını aşarsa derleme başarılı olur ancak öznitelik yok sayılır." — colours 0 and
// note: 1 declared, n=5: compiles, attribute ignored. [[alias_implicit_imageblock]] (full alias) is also accepted.
// note: the master's members carry [[raster_order_group(0)]], which §5.6.2 requires in fragment functions.
// EXPECT-FUNC name=beyond_fragment kind=fragment
// EXPECT-FUNC name=full_alias_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct I {
    float4 gbuf0 [[raster_order_group(0)]];
    float gbuf1 [[raster_order_group(0)]];
};

struct FragOut {
    float4 c0 [[color(0)]];
    float4 c1 [[color(1)]];
    I i [[imageblock_data, alias_implicit_imageblock_color(5)]];
};

struct FullAlias {
    I i [[imageblock_data, alias_implicit_imageblock]];
};

fragment FragOut beyond_fragment(I i [[imageblock_data]])
{
    FragOut o;
    o.c0 = i.gbuf0;
    o.c1 = float4(i.gbuf1);
    o.i = i;
    return o;
}

fragment FullAlias full_alias_fragment(I i [[imageblock_data]])
{
    FullAlias o;
    o.i = i;
    o.i.gbuf1 += 1.0f;
    return o;
}
