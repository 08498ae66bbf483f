// seed: 000 §5.2 (Fonksiyon Argümanları ve Değişkenler), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Grafik ve kernel fonksiyonlarına size_t, ptrdiff_t türünde veya bu yerleşik skaler türlerden biri olarak
// note: bildirilen üyeler içeren bir yapı ve/veya union türünde argümanlar bildiremezsiniz." Errors on each argument.
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

kernel void bad_args(constant size_t &n [[buffer(0)]], // ERROR "size_t"
                     constant WithSize &ws [[buffer(1)]], // ERROR "size_t"
                     constant WithDiff &wd [[buffer(2)]], // ERROR "ptrdiff_t"
                     device float *out [[buffer(3)]])
{
    out[0] = float(n) + ws.scale + float(wd.value);
}
