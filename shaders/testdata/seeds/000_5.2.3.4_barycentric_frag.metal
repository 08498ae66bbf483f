// seed: 000 §5.2.3.4 (`frag(float3 coord [[barycentric_coord]])`), example 3 of that section
// expect: valid
// note: for points coord.yz is float2(0.0f), for lines coord.z is 0.0f; extra components are zero-filled.
// note: completed: body `{ ... }`.
// EXPECT-FUNC name=frag kind=fragment
// EXPECT-NOARG function=frag arg=coord
#include <metal_stdlib>
using namespace metal;

fragment float4 frag(float3 coord [[barycentric_coord]]) { return float4(coord, 1.0f); }
