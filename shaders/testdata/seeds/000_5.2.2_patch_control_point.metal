// seed: 000 §5.2.2 (post-tessellation patch_control_point<T> example), example 5 of that section
// expect: valid
// note: patch_control_point<ControlPoint> plus per-patch data inside the [[stage_in]] struct of a [[patch(quad)]]
// note: vertex function; every member of ControlPoint/PerPatchData carries [[attribute(index)]]. Metal 1.2+.
// note: fixed (extraction damage): the seed opens with ControlPoint's members and `};` but no header, and shows
// note: `struct PatchData { struct ControlPoint {` before PatchData's members; restored `struct ControlPoint {` at the
// note: top and `struct PatchData {` ... `};` around cp/patchData (the two headers were transposed in transcription).
// note: completed: struct VertexOutput, the `...` parameter ([[position_in_patch]]) and body `{ ... }`.
// note: ambiguity: §5.2.4 forbids struct members in a [[stage_in]] struct, but this spec example nests PerPatchData;
// note: expected valid as the seed shows it (the patch stage_in case).
// EXPECT-FUNC name=post_tess_vertex_func kind=vertex patch=quad
// EXPECT-NOARG function=post_tess_vertex_func arg=input
#include <metal_stdlib>
using namespace metal;

struct VertexOutput {
    float4 position [[position]];
    float4 color;
};

struct ControlPoint {
int3 patchParam [[attribute(0)]];
float3 P [[attribute(1)]];
float3 P1 [[attribute(2)]];
float3 P2 [[attribute(3)]];
float2 vSegments [[attribute(4)]];
};

struct PerPatchData {
    float4 patchConstant [[attribute(5)]];
    float4 someOtherPatchConstant [[attribute(6)]];
};

struct PatchData {

        patch_control_point<ControlPoint> cp; // Kontrol noktası verisi
        PerPatchData patchData;               // Patch başına veri
    };

    [[patch(quad)]]
    vertex VertexOutput
    post_tess_vertex_func(PatchData input [[stage_in]], float2 uv [[position_in_patch]])
    {
        VertexOutput out;
        float3 p = float3(0.0f);
        for (uint i = 0; i < input.cp.size(); ++i)
            p += mix(input.cp[i].P1, input.cp[i].P2, uv.x) + input.cp[i].P * uv.y;
        out.position = float4(p / float(input.cp.size()), 1.0f) + input.patchData.patchConstant;
        out.color = input.patchData.someOtherPatchConstant;
        return out;
    }
