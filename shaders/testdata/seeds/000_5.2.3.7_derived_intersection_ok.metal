// seed: 000 §5.2.3.7 (table 5.10), derived from prose (no code in the seed for these rules)
// expect: valid
// note: the same inputs as the error file, each with the primitive type / tags that allow it:
// note: triangle + triangle_data + instancing + world_space_data gives barycentric_coord, front_facing, distance,
// note: instance_id, world_space_origin/direction, object_to_world_transform; bounding_box gives opaque.
// EXPECT-FUNC name=tri_full kind=intersection primitive=triangle tags=triangle_data,instancing,world_space_data
// EXPECT-FUNC name=box_full kind=intersection primitive=bounding_box tags=instancing,primitive_motion
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

struct BoxHit {
    bool accept [[accept_intersection]];
    bool more [[continue_search]];
    float distance [[distance]];
};

[[intersection(triangle, triangle_data, instancing, world_space_data)]]
bool tri_full(float2 bary [[barycentric_coord]],
              bool front [[front_facing]],
              float dist [[distance]],
              uint inst [[instance_id]],
              uint geom [[geometry_id]],
              uint prim [[primitive_id]],
              float3 wo [[world_space_origin]],
              float3 wd [[world_space_direction]],
              float4x3 o2w [[object_to_world_transform]],
              float4x3 w2o [[world_to_object_transform]],
              ray_data uint &hits [[payload]])
{
    hits += 1;
    float3 p = o2w * float4(wo + wd * dist, 1.0f);
    float3 q = w2o * float4(p, 1.0f);
    return front && bary.x + bary.y <= 1.0f && (inst + geom + prim) != 0xffffffffu && q.x == q.x;
}

[[intersection(bounding_box, instancing, primitive_motion)]]
BoxHit box_full(float3 origin [[origin]],
                float3 direction [[direction]],
                float min_distance [[min_distance]],
                float max_distance [[max_distance]],
                bool opaque [[opaque]],
                float t0 [[motion_start_time]],
                float t1 [[motion_end_time]],
                uint keys [[key_frame_count]],
                uint inst [[instance_id]],
                const device float4 *spheres [[buffer(0)]])
{
    BoxHit h;
    float4 s = spheres[inst];
    float3 oc = origin - s.xyz;
    float b = dot(oc, direction);
    float c = dot(oc, oc) - s.w * s.w;
    float d = b * b - c;
    float t = -b - sqrt(max(d, 0.0f));
    h.accept = d >= 0.0f && t >= min_distance && t <= max_distance && (opaque || keys > 0 || t1 >= t0);
    h.more = !opaque;
    h.distance = t;
    return h;
}
