// seed: 000 §5.8.1 (second "Örnekler": constants initialised from function constants), example 2 of that section
// expect: valid
// note: program-scope constant variables may be initialised from function constants; c and d are not function
// note: constants themselves (no index).
// note: completed: a kernel that uses c and d; is_function_constant_defined (the next line of the seed is its
// note: prototype `bool is_function_constant_defined(name)`) is exercised on a and b.
// EXPECT-CONST name=a index=0 type=int
// EXPECT-CONST name=b index=2 type=bool
#include <metal_stdlib>
using namespace metal;

constant int a [[function_constant(0)]];
constant bool b [[function_constant(2)]];

constant bool c = ((a == 1) && b);
constant int d = (a * 4);

constant bool a_defined = is_function_constant_defined(a);
constant bool b_defined = is_function_constant_defined(b);

kernel void use_derived(device int *out [[buffer(0)]], uint tid [[thread_position_in_grid]])
{
    if (a_defined && b_defined)
        out[tid] = c ? d : 0;
    else
        out[tid] = -1;
}
