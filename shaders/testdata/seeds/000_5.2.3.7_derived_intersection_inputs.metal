// seed: 000 §5.2.3.7 / §5.2.3.8 (tables 5.10 and 5.11), derived from prose (no code in the seed for these rules)
// expect: error
// note: input/output attributes of intersection functions are allowed only with the matching primitive type and
// note: tags: [[barycentric_coord]] needs triangle + triangle_data; [[instance_id]] needs instancing;
// note: [[world_space_origin]] needs world_space_data; [[opaque]] needs bounding_box; output [[distance]] needs
// note: bounding_box (reported at the function returning it); a [[payload]] must be `ray_data T &`; [[motion_start_time]] needs primitive_motion.
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

struct BoxHit {
    bool accept [[accept_intersection]];
    float distance [[distance]];
};

struct TriHit {
    bool accept [[accept_intersection]];
    float distance [[distance]];
};

[[intersection(bounding_box)]]
BoxHit box_with_bary(float2 bary [[barycentric_coord]]) // ERROR "barycentric_coord|triangle"
{
    BoxHit h;
    h.accept = bary.x > 0.5f;
    h.distance = 1.0f;
    return h;
}

[[intersection(triangle, triangle_data)]]
bool tri_without_instancing(uint inst [[instance_id]]) // ERROR "instance_id|instancing"
{
    return inst != 0;
}

[[intersection(triangle)]]
bool tri_world_space(float3 wo [[world_space_origin]]) // ERROR "world_space_origin|world_space_data"
{
    return wo.x > 0.0f;
}

[[intersection(triangle, triangle_data)]]
bool tri_opaque(bool opaque [[opaque]]) // ERROR "opaque|bounding_box"
{
    return opaque;
}

[[intersection(triangle, triangle_data)]]
TriHit tri_distance_out(float2 bary [[barycentric_coord]]) // ERROR "distance|bounding_box"
{
    TriHit h;
    h.accept = bary.y > 0.5f;
    h.distance = 1.0f;
    return h;
}

[[intersection(bounding_box)]]
BoxHit box_thread_payload(thread float2 &p [[payload]]) // ERROR "payload|ray_data"
{
    BoxHit h;
    h.accept = p.x > 0.0f;
    h.distance = p.y;
    return h;
}

[[intersection(bounding_box, instancing)]]
BoxHit box_motion(float t0 [[motion_start_time]]) // ERROR "motion_start_time|primitive_motion"
{
    BoxHit h;
    h.accept = true;
    h.distance = t0;
    return h;
}
