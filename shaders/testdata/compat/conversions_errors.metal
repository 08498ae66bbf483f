// feature: conversions (issue 13, item 6): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

struct NoConv { float v; };

struct Arr { float4 a[1]; uint n; };

kernel void k(device half3* h [[buffer(0)]], constant float4x4& m [[buffer(1)]], device Arr& arr [[buffer(2)]],
              device float4* out [[buffer(3)]]) {
    h[0] = mix(h[0], float3(1), 0.5f); // ERROR "no matching function for call to 'mix'"
    out[0] = m.rows[0]; // ERROR "member reference base type 'float4x4' is not a structure"
    NoConv n = {1};
    float f = n; // ERROR "NoConv"
    Arr local = arr;
    out[1] = local.a[1]; // ERROR "index 1 is out of range"
}
