// seed: 003 §1.5.4 (Kısıtlamalar), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Bir Metal fonksiyonunu main olarak adlandıramazsınız."
#include <metal_stdlib>
using namespace metal;

kernel void main(device float *p [[buffer(0)]]) // ERROR "main"
{
    p[0] = 0.0f;
}
