// seed: 000 §5.4 ("Yapı türleri üzerinde enterpolasyon belirtme örneği"), example 2 of that section
// expect: valid
// note: Metal 2.4+: a sampling/interpolation attribute on a struct-typed stage_in member is inherited by all its
// note: members (pin's color0/color1 are center_perspective). The empty mesh_function declares the mesh type.
// note: completed: a fragment function taking FragmentInput as [[stage_in]] (the seed shows the struct only).
// note: ambiguity: §5.2.4 says stage_in struct members may not be structs; §5.4 (Metal 2.4+) allows them here.
// EXPECT-FUNC name=mesh_function kind=mesh
// EXPECT-FUNC name=struct_interp_fragment kind=fragment
#include <metal_stdlib>
using namespace metal;

struct VOut {
    float4 pos [[position]];
};

struct POut {
    float4 color0;
    float4 color1;
};

[[mesh]] void mesh_function(mesh<VOut, POut, 3, 1, topology::triangle> m)
{
}

struct FragmentInput {
    VOut vin;
    POut pin [[center_perspective]];
};

fragment float4 struct_interp_fragment(FragmentInput in [[stage_in]])
{
    return in.pin.color0 + in.pin.color1 + in.vin.pos * 0.0f;
}
