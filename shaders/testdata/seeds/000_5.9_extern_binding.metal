// seed: 000 §5.9 (global binding with external linkage: declaration and definition), example 3 of that section
// expect: valid
// note: an extern declaration of a global binding must carry the same resource binding and a complete type as the
// note: definition.
// note: completed: a kernel reading t.
// EXPECT-FUNC name=read_t kind=kernel
#include <metal_stdlib>
using namespace metal;

// Bildirim
extern constant texture2d<float> t [[texture(0)]];

// Tanım
constant texture2d<float> t [[texture(0)]];

kernel void read_t(device float4 *out [[buffer(0)]], uint2 gid [[thread_position_in_grid]])
{
    out[gid.y * 16 + gid.x] = t.read(gid);
}
