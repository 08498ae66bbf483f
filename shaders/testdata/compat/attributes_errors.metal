// feature: attributes (issue 13, item 7): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

kernel void k(device float* p [[user(fake0)]], uint i [[thread_position_in_grid]], device float* q [[not_an_attribute]]) { // ERROR "unknown attribute 'not_an_attribute'"
    p[i] = q[i];
}
