// seed: 000 §5.6.3 (Fragment Fonksiyonları için Imageblock Yerleşimleri, raster order group on an array of structs), example 1 of that section
// expect: valid
// note: "Dizi olarak bildirilen veri üyeleri, dizinin tüm elemanları için tek bir raster order group ile ilişkilendirilir."
// note: the attribute sits between the declarator name and the array bound: `S s [[raster_order_group(1)]][2];`.
// note: completed: a fragment function using IM as its explicit imageblock.
// EXPECT-FUNC name=array_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct S {
    rgb9e5<half3> normal;
    float factor;
};

struct IM {
    half3 color [[raster_order_group(0)]];
    S s [[raster_order_group(1)]][2];
    rgb11b10f<half3> lighting [[raster_order_group(2)]];
};

struct Out {
    IM im [[imageblock_data]];
};

fragment Out array_fragment(IM in [[imageblock_data]])
{
    Out o;
    o.im = in;
    o.im.s[1].factor = in.s[0].factor + 1.0f;
    o.im.lighting = in.color;
    return o;
}
