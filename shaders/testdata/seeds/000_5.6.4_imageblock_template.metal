// seed: 000 §5.6.4 (kernel imageblock<T, L> declaration, printed in the seed right after §5.6.3.2), example 1 of that section
// expect: valid
// note: the seed prints the <metal_imageblocks> declarations `class imageblock_layout_explicit; class
// note: imageblock_layout_implicit; template<typename T, typename L> struct imageblock;` — library declarations.
// note: They are kept verbatim at global scope (no `using namespace metal;`, so they do not clash with metal::),
// note: where they are ordinary forward declarations.
// note: completed: a kernel (tile-style) with one metal::imageblock<T, metal::imageblock_layout_explicit> argument,
// note: as the prose describes (imageblock<T> only as a kernel argument; T a struct of scalars/vectors/pixel types).
// EXPECT-FUNC name=blend_tile kind=kernel
// EXPECT-ARG function=blend_tile arg=img kind=imageblock
#include <metal_stdlib>
#include <metal_imageblocks>

class imageblock_layout_explicit;
class imageblock_layout_implicit;

template<typename T, typename L>
struct imageblock;

struct TileData {
    metal::float4 accum;
    metal::rgba8unorm<metal::half4> albedo;
    float weight;
};

kernel void blend_tile(metal::imageblock<TileData, metal::imageblock_layout_explicit> img,
                       metal::ushort2 lid [[thread_position_in_threadgroup]])
{
    threadgroup_imageblock TileData *d = img.data(lid);
    d->accum += metal::float4(metal::half4(d->albedo)) * d->weight;
    d->weight = 0.0f;
}
