// seed: 000 §5.1.5 (Stitchable Fonksiyonlar), example 1 of that section
// expect: valid
// note: [[stitchable]] implies [[visible]]; Metal 2.4+.
// note: completed: body `{ … }`.
// EXPECT-FUNC name=my_func kind=stitchable
#include <metal_stdlib>
using namespace metal;

[[stitchable]] float my_func(device float *data, texture2d<float> tex) { return data[0] * tex.read(uint2(0, 0)).x; }
