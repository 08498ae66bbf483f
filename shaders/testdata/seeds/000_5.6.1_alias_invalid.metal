// seed: 000 §5.6.1 (two view fields aliasing one master field), example 4 of that section
// expect: error
// note: "İki veya daha fazla görünüm yapısı alanının aynı ana yapı alanına takma ad (alias) vermesi geçersizdir."
// note: V::b (user(y) -> M::b) contains M::b::a, which V::a (user(x)) already names: "Geçersiz: b, a ile alias oluşturur".
// note: completed: the body `…` is empty.
#include <metal_stdlib>
using namespace metal;

struct M {
    struct A {
        int a [[user(x)]];
    } b [[user(y), raster_order_group(0)]];
};

struct V {
    int a [[user(x)]];
    M::A b [[user(y)]]; // Geçersiz: b, a ile alias oluşturur // ERROR "alias"
};

fragment void
f(V i [[imageblock_data(M)]])
{
}
