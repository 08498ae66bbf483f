// seed: 001 "Code Example: Drawing a Triangle", Listing 5-15 (Corresponding Shader Function Declaration)
// expect: valid
// note: RECONSTRUCTED: the seed has only the caption; Listing 5-14 (host code, skipped) binds posBuf (4 floats per
// note: vertex) at vertex buffer index 0 and colBuf (4 floats per vertex) at index 1, draws 3 vertices as triangles,
// note: and looks up "hello_vertex" and "hello_fragment" in the library; "the atIndex input value ... corresponds to
// note: the attribute buffer(atIndex) in the source code of the vertex function". Written from that in current MSL.
// EXPECT-FUNC name=hello_vertex kind=vertex
// EXPECT-FUNC name=hello_fragment kind=fragment
// EXPECT-ARG function=hello_vertex arg=pos_data kind=buffer index=0 access=read type=float4 size=16 alignment=16
// EXPECT-ARG function=hello_vertex arg=color_data kind=buffer index=1 access=read type=float4 size=16 alignment=16
// EXPECT-NOARG function=hello_vertex arg=vid
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
};

vertex VertexOutput hello_vertex(const device float4 *pos_data [[ buffer(0) ]],
                                 const device float4 *color_data [[ buffer(1) ]],
                                 uint vid [[ vertex_id ]])
{
    VertexOutput out;
    out.position = pos_data[vid];
    out.color = color_data[vid];
    return out;
}

fragment float4 hello_fragment(VertexOutput in [[ stage_in ]])
{
    return in.color;
}
