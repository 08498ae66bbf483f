// feature: attributes as real shaders use them (issue 13, item 7)
// expect: valid
// note: [[user(name)]] on resource arguments (as naga emits it), [[post_depth_coverage]], [[color(0), index(1)]],
// note: the coherent qualifier with and without a scope.
#include <metal_stdlib>
using namespace metal;

struct Block { float v; };

kernel void k(device Block& b [[user(fake0)]], texture2d<float> tex [[user(fake1)]],
              volatile coherent(device) device uint* flag [[buffer(2)]]) {
    coherent device Block* p = &b;
    p->v = tex.get_width() + flag[0];
}

struct FIn { float4 p [[position]]; };
struct FOut {
    float4 color [[color(0), index(0)]];
    float4 mask [[color(0), index(1)]];
};

[[early_fragment_tests]] [[post_depth_coverage]] fragment FOut f(FIn in [[stage_in]]) {
    FOut o;
    o.color = in.p;
    o.mask = 1;
    return o;
}
