// seed: 000 §5.2.1 ("Birden fazla kaynak türü içeren örnek"), example 2 of that section
// expect: valid
// note: a texture and a sampler with explicit indices (each resource group has its own index space).
// note: completed: body `{ … }`.
// EXPECT-ARG function=my_kernel arg=img kind=texture index=0 access=read texture_type=texture2d data_type=float
// EXPECT-ARG function=my_kernel arg=sam kind=sampler index=1
#include <metal_stdlib>
using namespace metal;

[[kernel]] void
my_kernel(texture2d<float> img [[texture(0)]],
          sampler sam [[sampler(1)]])
{ float4 c = img.sample(sam, float2(0.5f)); (void)c; }
