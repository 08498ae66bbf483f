// seed: 000 §5.2 (Fonksiyon Argümanları ve Değişkenler), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Grafik ve kernel fonksiyonlarına size_t, ptrdiff_t türünde veya bu yerleşik skaler türlerden biri olarak
// note: bildirilen üyeler içeren bir yapı ve/veya union türünde argümanlar bildiremezsiniz." Errors on each argument.
// note: The rule is about the arguments themselves (by value); a buffer whose contents are size_t/ptrdiff_t
// note: (`constant size_t &n [[buffer(0)]]`) is accepted, as Apple's compiler accepts it and kernel libraries
// note: (candle) use it (docs/msl-compat.md).
#include <metal_stdlib>
using namespace metal;

struct WithSize {
    size_t count;
    float scale;
};

union WithDiff {
    ptrdiff_t delta;
    int value;
};

struct DiffIn {
    float4 pos [[position]];
    ptrdiff_t d;
};

fragment float4 bad_diff(DiffIn in [[stage_in]]) // ERROR "ptrdiff_t"
{
    return in.pos;
}

fragment float4 bad_fragment(WithSize ws [[stage_in]]) // ERROR "size_t"
{
    return float4(ws.scale);
}

kernel void buffer_contents(constant size_t &n [[buffer(0)]],
                            constant WithSize &ws [[buffer(1)]],
                            constant WithDiff &wd [[buffer(2)]],
                            device float *out [[buffer(3)]])
{
    out[0] = float(n) + ws.scale + float(wd.value);
}
