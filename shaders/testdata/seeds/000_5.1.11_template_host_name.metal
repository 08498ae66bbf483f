// seed: 000 §5.1.11 (Template Nitelikli Fonksiyonlar), example 2 of that section
// expect: valid
// note: [[host_name]] on explicit instantiations gives each specialization its own API name.
// note: completed: the template definition (from example 1 of the section) precedes the instantiations.
// EXPECT-FUNC name=bar_int kind=kernel host_name=bar_int
// EXPECT-FUNC name=bar_float kind=kernel host_name=bar_float
// EXPECT-ARG function=bar_int arg=x kind=buffer index=0 type=int size=4
// EXPECT-ARG function=bar_float arg=x kind=buffer index=0 type=float size=4
#include <metal_stdlib>
using namespace metal;

template<typename T>
kernel void bar(device T *x) { x[0] = x[0] + T(1); }

template [[host_name("bar_int")]] kernel void bar(device int *);

// [T = float] ile bar<T>'nin açık özelleştirmesi
// host_name "bar_float"
template [[host_name("bar_float")]] kernel void bar(device float *);
