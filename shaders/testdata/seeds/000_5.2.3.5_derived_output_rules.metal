// seed: 000 §5.1.2 and §5.2.3.5, derived from prose (no code in the seed for these rules)
// expect: error
// note: §5.1.2: "[[early_fragment_tests]] özniteliği ile bildirilen fragment fonksiyonunun dönüş türü bir depth veya
// note: stencil değeri içeriyorsa bu bir hatadır" and "fragment fonksiyonu olmayan herhangi bir fonksiyon ile
// note: [[early_fragment_tests]] özniteliğini kullanmak da hatadır"; §5.2.3.5: "[[stencil]] özniteliği
// note: [[early_fragment_tests]] fonksiyon özniteliği ile uyumlu değildir"; "Karıştırma için aynı renk eki indeksini
// note: kullanan ... birden fazla eleman aynı veri tipiyle bildirilmelidir"; "Bir renk eki indeksi hem ... girdisi hem de
// note: çıktısı olarak kullanılıyorsa ... veri tipleri eşleşmelidir".
// note: errors are expected on the offending function declarator line (or member line for the colour-type rules).
#include <metal_stdlib>
using namespace metal;

struct DepthOut {
    float4 color [[color(0)]];
    float depth [[depth(any)]];
};

struct StencilOut {
    float4 color [[color(0)]];
    uint ref [[stencil]];
};

struct DualSource {
    float4 src0 [[color(0), index(0)]];
    half4 src1 [[color(0), index(1)]]; // ERROR "type"
};

[[early_fragment_tests]]
fragment DepthOut early_with_depth(float4 pos [[position]]) // ERROR "early_fragment_tests|depth"
{
    DepthOut o;
    o.color = float4(1.0f);
    o.depth = pos.z;
    return o;
}

[[early_fragment_tests]]
fragment StencilOut early_with_stencil(float4 pos [[position]]) // ERROR "early_fragment_tests|stencil"
{
    StencilOut o;
    o.color = float4(pos.x);
    o.ref = 1;
    return o;
}

[[early_fragment_tests]]
kernel void early_on_kernel(device float *p [[buffer(0)]]) // ERROR "early_fragment_tests|fragment"
{
    p[0] = 0.0f;
}

fragment DualSource dual(float4 pos [[position]])
{
    DualSource o;
    o.src0 = float4(pos.x);
    o.src1 = half4(0.5h);
    return o;
}

fragment half4 fb_type_mismatch(float4 framebuffer [[color(0)]]) // ERROR "color|type"
{
    return half4(framebuffer);
}
