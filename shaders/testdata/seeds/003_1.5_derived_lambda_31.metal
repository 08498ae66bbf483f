// seed: 003 §1.5.3 / §1.5.4, derived from prose (no code in the seed for this rule)
// expect: error
// flags: -std=metal3.1
// note: "lambda ifadeleri (bölüm 5.1.2) — Metal 3.2'den önce" mevcut değildir: the same kernel as
// note: 003_1.5_derived_lambda_32.metal is an error under -std=metal3.1.
#include <metal_stdlib>
using namespace metal;

kernel void with_lambda(device float *p [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
    float scale = 2.0f;
    auto twice = [scale](float x) { return x * scale; }; // ERROR "lambda"
    p[tid] = twice(p[tid]);
}
