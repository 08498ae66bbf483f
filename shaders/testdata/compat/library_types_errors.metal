// feature: host-shared structs and library types (issue 13, items 3 and 4): misuse
// expect: error
#include <metal_stdlib>
#include <simd/simd.h>
using namespace metal;

kernel void k(device MTLQuadTessellationFactorsHalf* quad [[buffer(0)]], device float* out [[buffer(1)]]) {
    quad[0].edgeFactor[0] = 1; // ERROR "no member named 'edgeFactor'"
    out[0] = numeric_limits<float>::biggest(); // ERROR "biggest"
    simd::float5 v; // ERROR "float5"
}
