// seed: 000 §5.2.1 ("Başka bir örnek", no location attributes), example 3 of that section
// expect: valid
// note: without location attributes the compiler assigns the first available index per resource group:
// note: src -> texture 0, dst -> texture 1, s -> sampler 0, u -> buffer 0 (listed by the seed).
// note: completed: struct myUserInfo (not declared by the seed) and body `{ … }`.
// EXPECT-ARG function=my_kernel arg=src kind=texture index=0 access=read texture_type=texture2d data_type=half
// EXPECT-ARG function=my_kernel arg=dst kind=texture index=1 access=write texture_type=texture2d data_type=half
// EXPECT-ARG function=my_kernel arg=s kind=sampler index=0
// EXPECT-ARG function=my_kernel arg=u kind=buffer index=0 access=read_write type=myUserInfo size=16 alignment=8
#include <metal_stdlib>
using namespace metal;

struct myUserInfo {
    float2 scale;
    uint width;
    uint height;
};

kernel void
my_kernel(texture2d<half> src,
          texture2d<half, access::write> dst,
          sampler s,
          device myUserInfo *u)
{
    uint2 gid = uint2(u->width / 2, u->height / 2);
    half4 c = src.sample(s, float2(gid) * u->scale);
    dst.write(c, gid);
}
