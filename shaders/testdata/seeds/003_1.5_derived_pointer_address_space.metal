// seed: 003 §1.5.4 (Kısıtlamalar, pointers), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Pointer olan Metal grafik ve kernel fonksiyon argümanlarını Metal device, constant, threadgroup,
// note: threadgroup_imageblock, object_data veya ray_data adres alanı özniteliği ile bildirmeniz gerekir."
// note: (A pointer without an address space is a thread pointer, not allowed as a qualified-function argument.)
#include <metal_stdlib>
using namespace metal;

kernel void no_space(float *p [[buffer(0)]]) // ERROR "address space"
{
    p[0] = 1.0f;
}

kernel void with_spaces(device float *d [[buffer(0)]],
                        constant float *c [[buffer(1)]],
                        threadgroup float *t [[threadgroup(0)]])
{
    t[0] = c[0];
    d[0] = t[0];
}
