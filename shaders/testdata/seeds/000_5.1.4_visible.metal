// seed: 000 §5.1.4 (Visible Fonksiyonlar), example 1 of that section
// expect: valid
// note: a [[visible]] function is visible from the API (an MTLFunction exists for it); other functions, incl.
// note: qualified ones, may call it directly, and its address may be taken (visible function pointer).
// note: completed: body `{ … }`; added kernel call_visible (calls it directly and through a pointer) because the
// note: seed says qualified functions may call [[visible]] functions.
// EXPECT-FUNC name=my_visible kind=visible
// EXPECT-FUNC name=call_visible kind=kernel
#include <metal_stdlib>
using namespace metal;

[[visible]] float my_visible(device int *data, int data_offset) { return float(data[data_offset]); }

[[kernel]] void call_visible(device int *data [[buffer(0)]],
                             device float *out [[buffer(1)]],
                             uint tid [[thread_position_in_grid]])
{
    float (*fp)(device int *, int) = &my_visible;
    out[tid] = my_visible(data, int(tid)) + fp(data, 0);
}
