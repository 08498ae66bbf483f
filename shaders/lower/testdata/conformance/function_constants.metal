// RUN kernel=fc grid=4 tg=4 fc=use_scale:true,scale:2.5,mode:2
// BUF 0 float[4] fill 1
// BUF 1 float[4] iota
// EXPECT 0 float[] = 102.5 103.5 104.5 105.5
// RUN kernel=fc grid=4 tg=4 fc=use_scale:false,mode:0
// BUF 0 float[4] fill 1
// EXPECT 0 float[] = 1 1 1 1
// RUN kernel=fc grid=4 tg=4 fc=use_scale:true,scale:2,mode:1
// BUF 0 float[4] fill 1
// BUF 1 float[4] iota
// EXPECT 0 float[] = 2 3 4 5
#include <metal_stdlib>
using namespace metal;

constant bool use_scale [[function_constant(0)]];
constant float scale [[function_constant(1)]];
constant int mode [[function_constant(2)]];
constant bool big = use_scale && mode > 1;

kernel void fc(device float* out [[buffer(0)]],
               device const float* extra [[buffer(1), function_constant(use_scale)]],
               uint id [[thread_position_in_grid]]) {
    float v = out[id];
    if (use_scale) {
        v = v * scale + extra[id];
    }
    if (big) v += 100;
    if (!is_function_constant_defined(scale)) v = 1;
    out[id] = v;
}
