// seed: 000 §5.1.1 (Vertex Fonksiyonları), example 1 of that section
// expect: valid
// note: `vertex` keyword and Metal 2.3+ `[[vertex]]` attribute spellings. A vertex function that returns void
// note: produces no output and is only usable in a pipeline with rasterization disabled (still valid MSL).
// note: completed: parameters `(…)` and bodies `{ … }` elided by the seed; filled with a buffer write-out.
// EXPECT-FUNC name=my_vertex_func kind=vertex
// EXPECT-FUNC name=vertex_func2 kind=vertex
// EXPECT-ARG function=my_vertex_func arg=out kind=buffer index=0 access=read_write
// EXPECT-NOARG function=my_vertex_func arg=vid
#include <metal_stdlib>
using namespace metal;

vertex void my_vertex_func(device float4 *out [[buffer(0)]], uint vid [[vertex_id]]) { out[vid] = float4(float(vid)); }

[[vertex]] void vertex_func2(device float4 *out [[buffer(0)]], uint vid [[vertex_id]]) { out[vid] = float4(1.0f); }
