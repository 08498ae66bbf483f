// seed: 000 §5.2.1 (argument resource locations, "Örnek:" add_vectors), example 1 of that section
// expect: valid
// note: explicit [[buffer(n)]] indices; the [[thread_position_in_grid]] built-in is not a bound argument.
// EXPECT-FUNC name=add_vectors kind=kernel
// EXPECT-ARG function=add_vectors arg=inA kind=buffer index=0 access=read type=float4 size=16 alignment=16
// EXPECT-ARG function=add_vectors arg=inB kind=buffer index=1 access=read type=float4 size=16 alignment=16
// EXPECT-ARG function=add_vectors arg=out kind=buffer index=2 access=read_write type=float4 size=16 alignment=16
// EXPECT-NOARG function=add_vectors arg=id
#include <metal_stdlib>
using namespace metal;

[[kernel]] void
add_vectors(const device float4 *inA [[buffer(0)]],
            const device float4 *inB [[buffer(1)]],
            device float4 *out [[buffer(2)]],
            uint id [[thread_position_in_grid]])
{
    out[id] = inA[id] + inB[id];
}
