// seed: 000 §5.1.2 (Fragment Fonksiyonları), example 1 of that section
// expect: valid
// note: [[fragment]] / fragment spellings; a fragment function with no output returns void;
// note: [[early_fragment_tests]] requests fragment tests before the function runs (return type has no depth/stencil).
// note: completed: `(…)` parameters and `{ … }` bodies elided by the seed.
// EXPECT-FUNC name=my_fragment_func kind=fragment
// EXPECT-FUNC name=my_fragment_func2 kind=fragment
// EXPECT-FUNC name=my_fragment kind=fragment
// EXPECT-ARG function=my_fragment_func arg=counters kind=buffer index=0 access=read_write
// EXPECT-ARG function=my_fragment arg=tex kind=texture index=0 access=read
#include <metal_stdlib>
using namespace metal;

[[fragment]]
void my_fragment_func(device atomic_uint *counters [[buffer(0)]])
{ atomic_fetch_add_explicit(counters, 1u, memory_order_relaxed); }

fragment
void my_fragment_func2(float4 pos [[position]])
{ }

[[early_fragment_tests]]
fragment float4
my_fragment(float4 pos [[position]], texture2d<float> tex [[texture(0)]])
{ return tex.read(uint2(pos.xy)); }
