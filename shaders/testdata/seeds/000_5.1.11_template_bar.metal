// seed: 000 §5.1.11 (Template Nitelikli Fonksiyonlar), example 1 of that section
// expect: valid
// note: a template kernel must be explicitly instantiated to produce code; without [[host_name]] the compiler
// note: gives every specialization the same name ("bar"). Metal 2.2+.
// note: the seed's following snippets (host_name "bar_int"/"bar_float") re-instantiate bar<int>; they are in
// note: 000_5.1.11_template_host_name.metal because two explicit instantiations of bar<int> in one file would be a
// note: duplicate explicit instantiation.
// note: completed: body `{ … }`.
// EXPECT-FUNC name=bar kind=kernel
// EXPECT-ARG function=bar arg=x kind=buffer index=0 access=read_write type=int size=4 alignment=4
#include <metal_stdlib>
using namespace metal;

template<typename T>
kernel void bar(device T *x) { x[0] = x[0] + T(1); }

// [T = int] ile bar<T>'nin açık özelleştirmesi
template kernel void bar(device int *);
