// seed: 000 §5.2.1, derived from prose (no code in the seed for this rule)
// expect: valid
// note: "Fonksiyon sabitleri (bölüm 5.8) kullanılarak indeksler atanırken, derleyici bu girdileri indeks atarken
// note: dikkate almaz. Diğer argümanlar ilk kullanılabilir indeksi alır." — an argument whose index is a function
// note: constant is ignored by automatic assignment: b -> buffer 0, c -> buffer 1, although `a` may be bound to 0.
// EXPECT-CONST name=idx index=0 type=int
// EXPECT-ARG function=fc_skip arg=b kind=buffer index=0
// EXPECT-ARG function=fc_skip arg=c kind=buffer index=1
#include <metal_stdlib>
using namespace metal;

constant int idx [[function_constant(0)]];

kernel void fc_skip(device float *a [[buffer(idx)]],
                    device float *b,
                    device float *c,
                    uint tid [[thread_position_in_grid]])
{
    c[tid] = a[tid] + b[tid];
}
