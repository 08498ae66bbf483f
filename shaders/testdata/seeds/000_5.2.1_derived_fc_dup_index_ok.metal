// seed: 000 §5.2.1, derived from prose (no code in the seed for this rule)
// expect: valid
// note: "...aynı indekse sahip birden fazla argüman derleme hatası üretir; ancak bunlar bir fonksiyon sabiti özniteliği
// note: ile bildirilmişse bu durum istisnadır (bkz. bölüm 5.8.1)." — two arguments on buffer(0) are allowed when they
// note: are made optional by [[function_constant(...)]] (here mutually exclusive).
// EXPECT-CONST name=use_half index=0 type=bool
#include <metal_stdlib>
using namespace metal;

constant bool use_half [[function_constant(0)]];
constant bool use_float = !use_half;

kernel void either(device half *h [[buffer(0), function_constant(use_half)]],
                   device float *f [[buffer(0), function_constant(use_float)]],
                   device float *out [[buffer(1)]],
                   uint tid [[thread_position_in_grid]])
{
    if (use_half)
        out[tid] = float(h[tid]);
    else
        out[tid] = f[tid];
}
