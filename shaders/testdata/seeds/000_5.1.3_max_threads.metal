// seed: 000 §5.1.3 (Compute Fonksiyonları (Kernel)), example 1 of that section
// expect: valid
// note: [[max_total_threads_per_threadgroup(x)]]: the value must fit in 32 bits; pipeline creation fails if it
// note: exceeds the device maximum (not a compile error).
// note: completed: the placeholder `x` is replaced by 256; `(…)` and `{ … }` elided by the seed.
// EXPECT-FUNC name=my_kernel kind=kernel max_total_threads_per_threadgroup=256
#include <metal_stdlib>
using namespace metal;

[[max_total_threads_per_threadgroup(256)]]
kernel void my_kernel(device float *data [[buffer(0)]], uint tid [[thread_position_in_grid]])
{ data[tid] *= 2.0f; }
