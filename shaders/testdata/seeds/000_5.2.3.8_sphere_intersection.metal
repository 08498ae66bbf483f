// seed: 000 §5.2.3.8 (Kesişim Fonksiyonu Çıktı Nitelikleri, IntersectionResult / sphereIntersectionFunction), example 1 of that section
// expect: valid
// note: bounding-box intersection function returning [[continue_search]], [[accept_intersection]] and [[distance]];
// note: inputs [[origin]], [[direction]], [[primitive_id]], ray_data payload, [[min_distance]], [[max_distance]].
// note: (the seed's sentence "Aşağıda bir bounding box için kesişim fonksiyonuna ait bir örnek bulunmaktadır." sits
// note: misplaced in §5.2.3.9; it introduces this example.)
// note: completed: body `{ … }` (ray/sphere test, the payload holds centre.xy... here: radius and hit count).
// EXPECT-FUNC name=sphereIntersectionFunction kind=intersection primitive=bounding_box
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

struct IntersectionResult {
    bool continueSearch [[continue_search]];
    bool accept [[accept_intersection]];
    float distance [[distance]];
};

[[intersection(bounding_box)]]
IntersectionResult sphereIntersectionFunction(
    float3 origin [[origin]],
    float3 direction [[direction]],
    uint primitiveIndex [[primitive_id]],
    ray_data float2& resources [[payload]],
    float min_distance [[min_distance]],
    float max_distance [[max_distance]])
{
    IntersectionResult ret;
    float radius = resources.x;
    float3 center = float3(float(primitiveIndex), 0.0f, 0.0f);
    float3 oc = origin - center;
    float a = dot(direction, direction);
    float b = 2.0f * dot(oc, direction);
    float c = dot(oc, oc) - radius * radius;
    float disc = b * b - 4.0f * a * c;
    ret.accept = false;
    ret.continueSearch = true;
    ret.distance = 0.0f;
    if (disc >= 0.0f) {
        float t = (-b - sqrt(disc)) / (2.0f * a);
        if (t >= min_distance && t <= max_distance) {
            ret.accept = true;
            ret.distance = t;
            resources.y += 1.0f;
        }
    }
    return ret;
}
