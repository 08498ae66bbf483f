// seed: 000 §5.1.3 (Compute Fonksiyonları (Kernel)), example 2 of that section
// expect: valid
// note: [[kernel]] / kernel spellings; kernel functions must return void.
// note: completed: `(…)` and `{ … }` elided by the seed.
// EXPECT-FUNC name=my_kernel kind=kernel
// EXPECT-FUNC name=my_kernel2 kind=kernel
// EXPECT-ARG function=my_kernel arg=data kind=buffer index=0 access=read_write type=float size=4 alignment=4
// EXPECT-NOARG function=my_kernel arg=tid
#include <metal_stdlib>
using namespace metal;

[[kernel]]
void my_kernel(device float *data [[buffer(0)]], uint tid [[thread_position_in_grid]]) { data[tid] += 1.0f; }

kernel
void my_kernel2(device float *data [[buffer(0)]], uint tid [[thread_position_in_grid]]) { data[tid] -= 1.0f; }
