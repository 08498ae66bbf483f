// seed: 000 §5.8.1.2 (kernelOptionalBuffer), example 3 of that section, kept verbatim
// expect: error
// note: verbatim seed text: `inputA` is not declared (the argument is `input`). See 000_5.8.1.2_optional_buffer.metal.
#include <metal_stdlib>
using namespace metal;

constant bool hasInputBuffer [[function_constant(0)]];

kernel void kernelOptionalBuffer(
    device int *input [[buffer(0), function_constant(hasInputBuffer)]],
    device int *output [[buffer(1)]],
    uint tid [[thread_position_in_grid]])
{
    if (hasInputBuffer)
        output[tid] = inputA[0] * tid; // ERROR "inputA"
    else
        output[tid] = tid;
}
