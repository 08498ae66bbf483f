// seed: 000 §5.1.6 (Intersection Fonksiyonları, "Intersection Fonksiyonu Primitive Türleri / Örnek"), example 1 of that section
// expect: valid
// note: the seed's example is `bool triangleIntersectionFunction(...) { … }` under the heading about
// note: [[intersection(primitive_type, intersection_tags…)]]; the attribute line itself was lost in transcription.
// note: completed: restored `[[intersection(triangle, triangle_data)]]` (a bool return is taken as
// note: [[accept_intersection]]); parameters `...` filled with attributes table 5.10 allows for triangle + triangle_data.
// EXPECT-FUNC name=triangleIntersectionFunction kind=intersection primitive=triangle tags=triangle_data
#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;

[[intersection(triangle, triangle_data)]]
bool triangleIntersectionFunction(float2 bary [[barycentric_coord]], bool front [[front_facing]], uint prim [[primitive_id]]) { return front && (bary.x + bary.y) < 0.9f && prim != 7; }
