// seed: 000 §5.6.2 ("Yanlış kullanım örneği"), example 2 of that section
// expect: error
// note: members of an array element cannot have their own raster order groups: an array member is associated with a
// note: single group (§5.6.3), so `S s[2];` whose S members carry raster_order_group is a compile error
// note: ("Derleme hatası"); the valid form is `S s [[raster_order_group(1)]][2];` (000_5.6.3_rog_array.metal).
// note: completed: a fragment function that uses IM as its explicit imageblock, so the layout is checked.
#include <metal_stdlib>
using namespace metal;

struct S {
    rgb9e5<half3> normal [[raster_order_group(0)]];
    float factor [[raster_order_group(1)]];
};

struct IM {
    half3 color [[raster_order_group(0)]];
    S s[2]; // Derleme hatası // ERROR "raster_order_group"
    rgb11b10f<half3> lighting [[raster_order_group(2)]];
};

fragment void im_fragment(IM im [[imageblock_data]])
{
}
