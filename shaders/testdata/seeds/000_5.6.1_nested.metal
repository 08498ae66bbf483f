// seed: 000 §5.6.1 ("İç içe geçmiş yapılar da kullanılabilir"), example 3 of that section
// expect: valid
// note: a view field may name a top-level master field (x -> IM::a, y -> IM::b) or a field of a nested struct
// note: (z -> IM::a::b via user(A_b)). ROG on the nested struct A itself, or on every member of B.
// note: completed: FragOut and a fragment function using IVIn/IVOut (the seed shows the structs only).
// EXPECT-FUNC name=nested_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct A {
    rgba8unorm<half4> a [[user(A_a)]];
    rgb9e5<float4> b [[user(A_b)]];
};

struct B {
    int a [[user(B_a), raster_order_group(1)]];
    float b [[user(B_b), raster_order_group(2)]];
};

struct IM {
    A a [[user(A), raster_order_group(0)]];
    B b [[user(B)]];
};

struct IVIn {
    A x [[user(A)]]; // IM::a ile eşleşir
};

struct IVOut {
    B y [[user(B)]]; // IM::b ile eşleşir
    rgb9e5<float4> z [[user(A_b)]]; // IM::A::b ile eşleşir
};

struct FragOut {
    IVOut o [[imageblock_data(IM)]];
};

fragment FragOut nested_fragment(IVIn i [[imageblock_data(IM)]])
{
    FragOut out;
    half4 a = i.x.a;
    out.o.y.a = int(a.x * 255.0h);
    out.o.y.b = float(a.y);
    out.o.z = float4(a);
    return out;
}
