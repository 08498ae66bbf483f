// seed: 000 §5.2.1, derived from prose (no code in the seed for this rule)
// expect: valid
// note: "Konum indeksleri belirtilmezse, Metal derleyicisi bunları ilk kullanılabilir konum indeksini kullanarak atar."
// note: implicit indices fill the gaps left by explicit ones, in declaration order: a=buffer(0) explicit,
// note: b -> 1, c=buffer(2) explicit, d -> 3; textures t0 -> 0, t1=texture(1) explicit, t2 -> 2.
// EXPECT-ARG function=gaps arg=a kind=buffer index=0
// EXPECT-ARG function=gaps arg=b kind=buffer index=1
// EXPECT-ARG function=gaps arg=c kind=buffer index=2
// EXPECT-ARG function=gaps arg=d kind=buffer index=3
// EXPECT-ARG function=gaps arg=t0 kind=texture index=0
// EXPECT-ARG function=gaps arg=t1 kind=texture index=1
// EXPECT-ARG function=gaps arg=t2 kind=texture index=2
#include <metal_stdlib>
using namespace metal;

kernel void gaps(device float *a [[buffer(0)]],
                 device float *b,
                 device float *c [[buffer(2)]],
                 device float *d,
                 texture2d<float> t0,
                 texture2d<float> t1 [[texture(1)]],
                 texture2d<float> t2,
                 uint tid [[thread_position_in_grid]])
{
    uint2 p = uint2(tid, 0);
    d[tid] = a[tid] + b[tid] + c[tid] + t0.read(p).x + t1.read(p).x + t2.read(p).x;
}
