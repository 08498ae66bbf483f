// seed: 000 §5.1 (Fonksiyonlar), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Kernel, vertex ve fragment fonksiyonları birbirlerini çağıramaz; aksi halde derleme hatası oluşur. Ancak
// note: [[visible]] özniteliğini kullanan diğer fonksiyonları çağırabilirler." Errors on the offending calls; the
// note: call of the [[visible]] helper and of the plain helper are fine.
#include <metal_stdlib>
using namespace metal;

float helper(float x) { return x * 0.5f; }

[[visible]] float shared_visible(float x) { return x + 1.0f; }

kernel void callee_kernel(device float *p [[buffer(0)]]) { p[0] = 1.0f; }

fragment float4 callee_fragment() { return float4(1.0f); }

kernel void caller_kernel(device float *p [[buffer(0)]])
{
    p[1] = helper(p[0]) + shared_visible(p[0]);
    callee_kernel(p); // ERROR "kernel|qualified|call"
}

vertex float4 caller_vertex(uint vid [[vertex_id]])
{
    return callee_fragment() * float(vid); // ERROR "fragment|qualified|call"
}
