// seed: 000 §5.2.4.3 (Kernel Fonksiyonu Thread Başına Giriş Örneği), example 1 of that section
// expect: error
// note: [[stage_in]] in a kernel (per-thread inputs with [[attribute]]s). Inside the kernel, `extern constant float4 a;`
// note: is allowed, but the seed marks both `static` declarations: "Burada static bir hatadır." (static may not be
// note: used for variables declared inside a graphics or kernel function, §5.3).
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
          device float *ptr [[buffer(0)]])
{
    extern constant float4 a;
    static constant float4 b; // Burada static bir hatadır. // ERROR "static"
    static float c;           // Burada static bir hatadır. // ERROR "static"
}
