// seed: 003 §1.5 (overloading), derived from prose (no code in the seed for this rule)
// expect: error
// note: "Metal, fonksiyon aşırı yükleme kurallarını bir argümanın adres alanı özniteliğini de kapsayacak şekilde
// note: genişletir. Metal grafik ve kernel fonksiyonlarını aşırı yükleyemezsiniz." — overloads that differ only in the
// note: address space of a pointer argument are fine; a second kernel with the same name is an error.
#include <metal_stdlib>
using namespace metal;

float load(device float *p) { return p[0]; }
float load(constant float *p) { return p[0] * 2.0f; }
float load(thread float *p) { return p[0] * 3.0f; }

kernel void k(device float *d [[buffer(0)]], constant float *c [[buffer(1)]])
{
    float local = 1.0f;
    d[0] = load(d) + load(c) + load(&local);
}

kernel void k(device int *d [[buffer(0)]]) // ERROR "overload|redefin|k"
{
    d[0] = 0;
}
