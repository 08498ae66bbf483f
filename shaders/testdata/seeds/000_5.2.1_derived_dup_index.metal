// seed: 000 §5.2.1, derived from prose (no code in the seed for this rule)
// expect: error
// note: "İndeks değerleri her kaynak grubu içinde benzersiz olmalıdır. Aynı indekse sahip birden fazla argüman derleme
// note: hatası üretir" — duplicate buffer index and duplicate sampler index are errors (reported on the second
// note: argument); the same number in different groups (buffer 1 / texture 1 / threadgroup 1) is fine.
#include <metal_stdlib>
using namespace metal;

kernel void dup_index(device float *a [[buffer(1)]],
                      device float *b [[buffer(1)]], // ERROR "duplicate|already|index 1"
                      texture2d<float> t [[texture(1)]],
                      threadgroup float *tg [[threadgroup(1)]],
                      sampler s0 [[sampler(0)]],
                      sampler s1 [[sampler(0)]], // ERROR "duplicate|already|index 0"
                      uint tid [[thread_position_in_grid]])
{
    tg[0] = a[tid];
    b[tid] = tg[0] + t.sample(s0, float2(0)).x + t.sample(s1, float2(1)).x;
}
