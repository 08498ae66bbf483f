// Apple's "Accelerating ray tracing using Metal" pattern, reduced: camera
// rays per pixel against an instance acceleration structure holding a
// triangle mesh (a Cornell-like room, opaque instance) and spheres
// (bounding boxes decided by sphereIntersection through the intersection
// function table), Lambert shading from a point light with a shadow ray.
#include <metal_stdlib>
using namespace metal;
using namespace raytracing;

struct Sphere {
    packed_float3 center;
    float radius;
    packed_float3 color;
    float pad;
};

struct Uniforms {
    uint width;
    uint height;
    float fov;
    float pad;
    packed_float3 eye;
    float pad1;
    packed_float3 light;
    float pad2;
};

struct BoundingBoxIntersection {
    bool accept [[accept_intersection]];
    float distance [[distance]];
};

// sphereIntersection reads its spheres from the table's buffer 0; the
// geometry's table offset selects nothing here (one sphere geometry).
[[intersection(bounding_box, triangle_data, instancing)]]
BoundingBoxIntersection sphereIntersection(float3 origin [[origin]], float3 direction [[direction]],
                                           float minDistance [[min_distance]], float maxDistance [[max_distance]],
                                           uint primitiveIndex [[primitive_id]],
                                           const device Sphere* spheres [[buffer(0)]]) {
    BoundingBoxIntersection ret;
    ret.accept = false;
    ret.distance = 0;
    Sphere s = spheres[primitiveIndex];
    float3 oc = origin - float3(s.center);
    float a = dot(direction, direction);
    float b = 2 * dot(oc, direction);
    float c = dot(oc, oc) - s.radius * s.radius;
    float disc = b * b - 4 * a * c;
    if (disc <= 0) return ret;
    float q = sqrt(disc);
    float t = (-b - q) / (2 * a);
    if (t < minDistance) t = (-b + q) / (2 * a);
    if (t >= minDistance && t <= maxDistance) {
        ret.accept = true;
        ret.distance = t;
    }
    return ret;
}

kernel void raytrace(instance_acceleration_structure scene [[buffer(0)]],
                     intersection_function_table<triangle_data, instancing> table [[buffer(1)]],
                     constant Uniforms& u [[buffer(2)]],
                     const device float4* triNormals [[buffer(3)]],
                     const device float4* triColors [[buffer(4)]],
                     const device Sphere* spheres [[buffer(5)]],
                     device uint* image [[buffer(6)]],
                     uint2 tid [[thread_position_in_grid]]) {
    if (tid.x >= u.width || tid.y >= u.height) return;
    float2 uv = (float2(tid) + 0.5f) / float2(u.width, u.height) * 2.0f - 1.0f;
    uv.y = -uv.y;
    float aspect = float(u.width) / float(u.height);
    float s = tan(u.fov * 0.5f);
    ray r;
    r.origin = float3(u.eye);
    r.direction = normalize(float3(uv.x * s * aspect, uv.y * s, -1.0f));
    r.min_distance = 0;
    r.max_distance = 100;

    intersector<triangle_data, instancing> i;
    i.accept_any_intersection(false);
    intersection_result<triangle_data, instancing> h = i.intersect(r, scene, 0xFF, table);

    float3 color = float3(0.02f, 0.02f, 0.05f);
    if (h.type != intersection_type::none) {
        float3 p = r.origin + r.direction * h.distance;
        float3 n;
        float3 albedo;
        if (h.type == intersection_type::triangle) {
            n = triNormals[h.primitive_id].xyz;
            albedo = triColors[h.primitive_id].xyz;
        } else {
            Sphere sp = spheres[h.primitive_id];
            n = normalize(p - float3(sp.center));
            albedo = float3(sp.color);
        }
        if (dot(n, r.direction) > 0) n = -n;
        float3 toLight = float3(u.light) - p;
        float dist = length(toLight);
        float3 l = toLight / dist;
        float lambert = max(dot(n, l), 0.0f);
        float lit = 0;
        if (lambert > 0) {
            ray shadow;
            shadow.origin = p + n * 1e-3f;
            shadow.direction = l;
            shadow.min_distance = 0;
            shadow.max_distance = dist - 1e-3f;
            i.accept_any_intersection(true);
            auto sh = i.intersect(shadow, scene, 0xFF, table);
            lit = sh.type == intersection_type::none ? 1.0f : 0.0f;
        }
        color = albedo * (0.12f + 0.88f * lambert * lit);
    }
    color = sqrt(saturate(color));
    uint3 c = uint3(color * 255.0f + 0.5f);
    image[tid.y * u.width + tid.x] = c.x | (c.y << 8) | (c.z << 16) | (255u << 24);
}
