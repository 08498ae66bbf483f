// feature: program-scope constants in constant expressions: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

constant int fc [[function_constant(0)]];
constant int derived = is_function_constant_defined(fc) ? fc : 4;
constant float scale = 2.0f;

struct A {
    int m0[fc];      // ERROR "expression is not a constant expression"
    int m1[derived]; // ERROR "expression is not a constant expression"
    int m2[scale];   // ERROR "expression must have integral type, not 'float'"
};

kernel void k(device A& s [[buffer(0)]]) {
    s.m0[0] = 1;
}
