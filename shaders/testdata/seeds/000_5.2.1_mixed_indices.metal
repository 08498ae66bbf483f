// seed: 000 §5.2.1 ("Açık ve örtük indekslerin karışık kullanıldığı örnek"), example 4 of that section
// expect: valid
// note: mixed explicit and implicit indices: src texture 0 (explicit), s -> sampler 0, u -> buffer 0 (first
// note: available), f -> buffer 10 (explicit).
// note: completed: struct myUserInfo and body `{ … }`.
// EXPECT-ARG function=my_kernel arg=src kind=texture index=0
// EXPECT-ARG function=my_kernel arg=s kind=sampler index=0
// EXPECT-ARG function=my_kernel arg=u kind=buffer index=0
// EXPECT-ARG function=my_kernel arg=f kind=buffer index=10 access=read_write type=float size=4 alignment=4
#include <metal_stdlib>
using namespace metal;

struct myUserInfo {
    float2 scale;
    uint width;
    uint height;
};

kernel void
my_kernel(texture2d<half> src [[texture(0)]],
          sampler s,
          device myUserInfo *u,
          device float *f [[buffer(10)]])
{ f[0] = float(src.sample(s, u->scale).r); }
