// seed: 000 §5.8.1 (Program Kapsamlı Fonksiyon Sabitlerini Belirtme, first "Örnekler"), example 1 of that section
// expect: valid
// note: program-scope function constants with indices 0..65535; values are supplied at pipeline creation.
// note: completed: a kernel that uses a and b, so they appear in a function's reflection.
// EXPECT-CONST name=a index=0 type=int
// EXPECT-CONST name=b index=2 type=bool
// EXPECT-FUNC name=use_constants kind=kernel
#include <metal_stdlib>
using namespace metal;

constant int a [[function_constant(0)]];
constant bool b [[function_constant(2)]];

kernel void use_constants(device int *out [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
    out[tid] = b ? a : -a;
}
