// seed: 000 §5.8.1.2 (kernelOptionalBuffer), example 3 of that section
// expect: valid
// note: an optional buffer argument controlled by a function constant.
// note: fixed: the body reads `inputA[0]` but the argument is named `input`; the seed's only buffer of that role is
// note: `input`, so `inputA` -> `input` (obvious slip; verbatim variant: 000_5.8.1.2_optional_buffer_verbatim.metal).
// EXPECT-CONST name=hasInputBuffer index=0 type=bool
// EXPECT-FUNC name=kernelOptionalBuffer kind=kernel
// EXPECT-ARG function=kernelOptionalBuffer arg=input kind=buffer index=0 access=read_write type=int size=4
// EXPECT-ARG function=kernelOptionalBuffer arg=output kind=buffer index=1 access=read_write type=int size=4
// EXPECT-NOARG function=kernelOptionalBuffer arg=tid
#include <metal_stdlib>
using namespace metal;

constant bool hasInputBuffer [[function_constant(0)]];

kernel void kernelOptionalBuffer(
    device int *input [[buffer(0), function_constant(hasInputBuffer)]],
    device int *output [[buffer(1)]],
    uint tid [[thread_position_in_grid]])
{
    if (hasInputBuffer)
        output[tid] = input[0] * tid;
    else
        output[tid] = tid;
}
