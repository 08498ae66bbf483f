// seed: 003 §1.5.3 / §1.5.4, derived from prose (no code in the seed for this rule)
// expect: valid
// flags: -std=metal3.2
// note: "Tüm işletim sistemleri: Metal 3.2 ve sonrasında lambda ifadeleri desteklenir."
#include <metal_stdlib>
using namespace metal;

kernel void with_lambda(device float *p [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
    float scale = 2.0f;
    auto twice = [scale](float x) { return x * scale; };
    auto add = [&](float a, float b) -> float { return a + b + scale; };
    p[tid] = add(twice(p[tid]), 1.0f);
}
