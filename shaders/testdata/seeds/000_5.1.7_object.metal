// seed: 000 §5.1.7 (Object Fonksiyonları), example 1 of that section
// expect: valid
// note: object functions return void; [[payload]] at most once per function; max_total_threadgroups_per_mesh_grid
// note: given with a macro argument. Metal 3+.
// note: completed: body `{ … }` (fills the payload, sets the mesh grid size from one thread).
// EXPECT-FUNC name=objectShader kind=object max_total_threadgroups_per_mesh_grid=32
// EXPECT-NOARG function=objectShader arg=threadgroup_size
// EXPECT-NOARG function=objectShader arg=lane
#include <metal_stdlib>
using namespace metal;

#define kMeshThreadgroups 32

struct ObjectOutput {
    // Kullanıcı tanımlı payload; her mesh threadgroup için bir giriş.
    // Bu bir dizidir çünkü veri mesh grid tarafından paylaşılır.
    float value[kMeshThreadgroups];
};

[[object, max_total_threadgroups_per_mesh_grid(kMeshThreadgroups)]]
void objectShader(uint threadgroup_size [[threads_per_threadgroup]],
                  uint lane [[thread_index_in_threadgroup]],
                  object_data ObjectOutput& output [[payload]],
                  mesh_grid_properties mgp)
{
    for (uint i = lane; i < kMeshThreadgroups; i += threadgroup_size)
        output.value[i] = float(i) * 0.5f;
    if (lane == 0)
        mgp.set_threadgroups_per_grid(uint3(kMeshThreadgroups, 1, 1));
}
