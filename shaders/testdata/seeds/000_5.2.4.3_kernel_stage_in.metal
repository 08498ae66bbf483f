// seed: 000 §5.2.4.3 (Kernel Fonksiyonu Thread Başına Giriş Örneği), example 1 of that section, without the static lines
// expect: valid
// note: the valid part of the seed's example: a kernel with a [[stage_in]] per-thread input struct; the stage_in
// note: argument is not a bound resource and its members are reflected as attributes 0..3.
// note: completed: the two `static` lines the seed marks as errors are removed; the body uses the inputs.
// EXPECT-FUNC name=my_kernel kind=kernel
// EXPECT-NOARG function=my_kernel arg=thread_input
// EXPECT-ATTR function=my_kernel member=a index=0 type=float4
// EXPECT-ATTR function=my_kernel member=b index=1 type=float3
// EXPECT-ATTR function=my_kernel member=c index=2 type=half4
// EXPECT-ATTR function=my_kernel member=d index=3 type=half2
// EXPECT-ARG function=my_kernel arg=ptr kind=buffer index=0 access=read_write
#include <metal_stdlib>
using namespace metal;

struct PerThreadInput {
    float4 a [[attribute(0)]];
    float3 b [[attribute(1)]];
    half4  c [[attribute(2)]];
    half2  d [[attribute(3)]];
};

kernel void
my_kernel(PerThreadInput thread_input [[stage_in]],
          device float *ptr [[buffer(0)]],
          uint tid [[thread_position_in_grid]])
{
    extern constant float4 a;
    ptr[tid] = thread_input.a.x + thread_input.b.y + float(thread_input.c.z) + float(thread_input.d.x) + a.w;
}
