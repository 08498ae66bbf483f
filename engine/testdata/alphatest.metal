// An alpha-test triangle intersection function that rejects candidates by
// a texture: the mask texture and its sampler live in an argument buffer
// bound to the intersection function table's buffer 0 (as Apple's samples
// pass per-geometry resources). The kernel shoots one ray per cell
// straight down at a unit quad and records whether it hit and what
// primitive it hit.
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;

struct AlphaResources {
    texture2d<float> mask;
    sampler          smp;
    float            cutoff;
};

[[intersection(triangle, triangle_data)]]
bool alphaTest(float2 bary [[barycentric_coord]],
               uint prim [[primitive_id]],
               constant AlphaResources& res [[buffer(0)]])
{
    // The quad's texture coordinates: triangle 0 is (0,0),(1,0),(1,1),
    // triangle 1 is (0,0),(1,1),(0,1); barycentrics weight vertices 1 and 2.
    float2 uv;
    if (prim == 0) {
        uv = float2(0, 0) * (1 - bary.x - bary.y) + float2(1, 0) * bary.x + float2(1, 1) * bary.y;
    } else {
        uv = float2(0, 0) * (1 - bary.x - bary.y) + float2(1, 1) * bary.x + float2(0, 1) * bary.y;
    }
    float a = res.mask.sample(res.smp, uv, level(0)).r;
    return a >= res.cutoff;
}

kernel void shoot(primitive_acceleration_structure quad [[buffer(0)]],
                  intersection_function_table<triangle_data> table [[buffer(1)]],
                  device uint* hits [[buffer(2)]],
                  constant uint& cells [[buffer(3)]],
                  uint2 tid [[thread_position_in_grid]])
{
    if (tid.x >= cells || tid.y >= cells) return;
    ray r;
    r.origin = float3((float2(tid) + 0.5f) / float(cells), 1.0f);
    r.direction = float3(0, 0, -1);
    r.min_distance = 0;
    r.max_distance = 10;
    intersector<triangle_data> i;
    intersection_result<triangle_data> h = i.intersect(r, quad, table);
    hits[tid.y * cells + tid.x] = h.type == intersection_type::triangle ? h.primitive_id + 1 : 0;
}
