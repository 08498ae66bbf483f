// seed: 000 §5.9 (one resource bound to several globals), example 4 of that section
// expect: error
// note: several globals may share a binding index if they share the type: t_w_1 / t_w_2 ("geçerli"); t_w_3 has a
// note: different access (read_write) on texture(1): "geçersiz!".
#include <metal_stdlib>
using namespace metal;

constant texture2d<float, access::write> t_w_1 [[texture(1)]];
// geçerli
constant texture2d<float, access::write> t_w_2 [[texture(1)]];

// geçersiz!
constant texture2d<float, access::read_write> t_w_3 [[texture(1)]]; // ERROR "texture|binding|type"
