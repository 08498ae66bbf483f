// seed: 000 §5.2.3.5 (Fragment Fonksiyonu Çıktı Öznitelikleri, colour attachment indices), example 1 of that section
// expect: valid
// note: clr_f goes to colour attachment 0, clr_i to 1 and clr_ui to 2 (the prose names all three).
// note: completed: the seed shows only the members clr_f/clr_i; the enclosing `struct MyFragmentOutput {`, the third
// note: member `uint4 clr_ui [[color(2)]]` named by the prose, and the function whose body the seed prints later,
// note: misplaced in the kernel-execution-model text ("MyFragmentOutput f; ... f.clr_f = ...; ... return f;").
// EXPECT-FUNC name=my_frag_shader kind=fragment
#include <metal_stdlib>
using namespace metal;

struct MyFragmentOutput {
// Color attachment 0
float4 clr_f [[color(0)]];

// Color attachment 1
int4 clr_i [[color(1)]];

// Color attachment 2
uint4 clr_ui [[color(2)]];
};

fragment MyFragmentOutput
my_frag_shader(float4 pos [[position]])
{
    MyFragmentOutput f;
    f.clr_i = int4(int(pos.x));
    f.clr_f = float4(pos.xy, 0.0f, 1.0f);
    f.clr_ui = uint4(uint(pos.y));
    return f;
}
