// seed: 003 §1.5.4, derived from prose (no code in the seed for this rule)
// expect: valid
// flags: -std=metal3.0
// note: "Metal, hesaplama (kernel) bağlamında özyinelemeli fonksiyon çağrılarını ... Metal 2.4'ten itibaren destekler."
#include <metal_stdlib>
using namespace metal;

uint fib(uint n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

kernel void recursive(device uint *out [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
    out[tid] = fib(tid % 16);
}
