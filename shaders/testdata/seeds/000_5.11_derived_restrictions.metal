// seed: 000 §5.11 (Ek Kısıtlamalar), derived from prose (no code in the seed for these rules)
// expect: error
// note: "Bir vertex fonksiyonu bir veya daha fazla buffer veya texture'a yazma işlemi yapıyorsa, dönüş türü void
// note: olmalıdır." and "Bir vertex veya fragment fonksiyonunun dönüş türü; packed vector türü, matris türü, yapı türü,
// note: referans veya pointer olan bir eleman içeremez." (reported at the function returning the struct) and §5.1.3/§5.1.7/§5.1.8: kernel/object/mesh return void.
#include <metal_stdlib>
using namespace metal;

struct WithMatrix {
    float4 position [[position]];
    float4x4 basis;
};

struct WithPacked {
    float4 position [[position]];
    packed_float3 normal;
};

vertex float4 writes_and_returns(device float4 *out [[buffer(0)]], uint vid [[vertex_id]]) // ERROR "void|write"
{
    out[vid] = float4(1.0f);
    return float4(0.0f, 0.0f, 0.0f, 1.0f);
}

vertex WithMatrix matrix_out(uint vid [[vertex_id]]) // ERROR "matri"
{
    WithMatrix o;
    o.position = float4(float(vid));
    o.basis = float4x4(1.0f);
    return o;
}

vertex WithPacked packed_out(uint vid [[vertex_id]]) // ERROR "packed"
{
    WithPacked o;
    o.position = float4(float(vid));
    o.normal = packed_float3(0.0f, 0.0f, 1.0f);
    return o;
}

kernel int kernel_returns_int(device int *p [[buffer(0)]]) // ERROR "void"
{
    return p[0];
}
