// seed: 000 §5.8.1.5 (color attachment and raster order group indices from function constants), example 1 of that section
// expect: valid
// note: [[color(n)]] and [[raster_order_group(index)]] take scalar integer function constants. Metal 2+.
// note: completed: the `...` parameter is removed; body `{ ... }`.
// EXPECT-CONST name=colorAttachment0 index=0 type=int
// EXPECT-CONST name=colorAttachment1 index=1 type=int
// EXPECT-CONST name=group0 index=2 type=int
// EXPECT-FUNC name=my_fragment kind=fragment
// EXPECT-ARG function=my_fragment arg=texA kind=texture index=0
#include <metal_stdlib>
using namespace metal;

constant int colorAttachment0 [[function_constant(0)]];
constant int colorAttachment1 [[function_constant(1)]];
constant int group0 [[function_constant(2)]];

struct FragmentOutput {
    float4 color0 [[color(colorAttachment0)]];
    float4 color1 [[color(colorAttachment1)]];
};

[[fragment]] FragmentOutput
my_fragment(texture2d<float> texA [[texture(0), raster_order_group(group0)]], float4 pos [[position]])
{ FragmentOutput out; out.color0 = texA.read(uint2(pos.xy)); out.color1 = out.color0 * 0.5f; return out; }
