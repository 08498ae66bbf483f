// seed: 000 §5.1.1.1 (Tessellation Sonrası Vertex Fonksiyonları), example 1 of that section
// expect: valid
// note: [[patch(quad)]] (iOS: control-point count optional) and [[patch(quad, 16)]] (macOS: count required, 0..32).
// note: completed: struct vertex_output, ControlPoint and the `(…)` parameters / `{ … }` bodies are elided by the seed;
// note: filled with a patch_control_point stage_in and [[position_in_patch]] as post-tessellation functions take.
// EXPECT-FUNC name=my_post_tessellation_vertex kind=vertex patch=quad
// EXPECT-FUNC name=my_bezier_vertex kind=vertex patch=quad control_points=16
#include <metal_stdlib>
using namespace metal;

struct vertex_output {
    float4 position [[position]];
};

struct ControlPoint {
    float4 position [[attribute(0)]];
};

struct PatchIn {
    patch_control_point<ControlPoint> control_points;
};

[[patch(quad)]]
[[vertex]] vertex_output
my_post_tessellation_vertex(PatchIn patch_in [[stage_in]],
                            float2 uv [[position_in_patch]])
{
    vertex_output out;
    float4 a = mix(patch_in.control_points[0].position, patch_in.control_points[1].position, uv.x);
    float4 b = mix(patch_in.control_points[3].position, patch_in.control_points[2].position, uv.x);
    out.position = mix(a, b, uv.y);
    return out;
}

[[patch(quad, 16)]]
[[vertex]] vertex_output
my_bezier_vertex(PatchIn patch_in [[stage_in]],
                 float2 uv [[position_in_patch]])
{
    vertex_output out;
    float4 p = float4(0.0f);
    for (uint i = 0; i < patch_in.control_points.size(); ++i)
        p += patch_in.control_points[i].position;
    out.position = p / float(patch_in.control_points.size()) + float4(uv, 0.0f, 0.0f);
    return out;
}
