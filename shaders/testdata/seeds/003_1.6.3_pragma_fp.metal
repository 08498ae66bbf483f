// seed: 003 §1.6.3 (Math Intrinsics Derleyici Seçenekleri, #pragma metal fp), example 1 of that section
// expect: valid
// note: `#pragma METAL fp math_mode([relaxed | safe | fast])` (the seed's only code line; the bracket is a choice) and the
// note: contraction pragma with off/on/fast described in the prose. Allowed at file or namespace scope and at the start
// note: of a compound statement (then it applies to that statement only).
// note: completed: one use of each value at each allowed place; `#pragma METAL fp contract(...)` spelled as in the
// note: English spec (the seed describes it without a code line).
#pragma METAL fp math_mode(safe)
#pragma METAL fp contract(off)

#include <metal_stdlib>
using namespace metal;

namespace precise_ops {
#pragma METAL fp math_mode(relaxed)
inline float fma_like(float a, float b, float c) { return a * b + c; }
}

kernel void pragma_probe(device float *p [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
#pragma METAL fp math_mode(fast)
#pragma METAL fp contract(fast)
    float x = p[tid];
    {
#pragma METAL fp contract(on)
        p[tid] = precise_ops::fma_like(x, x, 1.0f);
    }
}
