// feature: program-scope constants in constant expressions, as SPIRV-Cross sizes arrays with spec constants
// expect: valid
// note: `constant int a = 100;` is read-only and initialized by a constant expression: it is one itself.
#include <metal_stdlib>
using namespace metal;

#ifndef SIZE_ID_0
#define SIZE_ID_0 4
#endif
constant int a = SIZE_ID_0;
constant int b = a * 2;
constant uint c = uint(b) + 1u;

struct A {
    int m0[a];
    int m1[b];
};

struct SSBO {
    A inner;
    float v[c];
};

static_assert(sizeof(A) == (4 + 8) * sizeof(int), "sized by constants");

kernel void k(device SSBO& s [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    int local[a];
    local[0] = s.inner.m0[i % a];
    s.v[i % c] = float(local[0] + s.inner.m1[i % b]);
}
