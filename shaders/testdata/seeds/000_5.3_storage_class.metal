// seed: 000 §5.3 (Depolama Sınıfı Belirleyicileri), example 1 of that section
// expect: valid
// note: extern at program scope (variables and functions) and static for a program-scope constant variable
// note: ("Burada static kullanılabilir."); the kernel calls the extern functions.
// note: completed: the `{…}` initializer of color_table (two elements, rest zero) and the `…` statements in the
// note: kernel body. my_foo, my_bar and noise_table stay external (defined in another library/translation unit):
// note: the source compiles; a pipeline using my_kernel needs them linked.
// EXPECT-FUNC name=my_kernel kind=kernel
// EXPECT-ARG function=my_kernel arg=img kind=texture index=0
// EXPECT-ARG function=my_kernel arg=ptr kind=buffer index=0
#include <metal_stdlib>
using namespace metal;

extern constant float4 noise_table[256];
static constant float4 color_table[256] = { float4(0.0f), float4(1.0f) }; // Burada static kullanılabilir.

extern void my_foo(texture2d<float> img);
extern void my_bar(device float *a);

[[kernel]] void
my_kernel(texture2d<float> img [[texture(0)]],
          device float *ptr [[buffer(0)]])
{
    ptr[0] = color_table[1].x + noise_table[0].x;
    my_foo(img);
    ptr[1] = 2.0f;
    my_bar(ptr);
    ptr[2] = 3.0f;
}
