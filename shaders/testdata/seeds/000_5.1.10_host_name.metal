// seed: 000 §5.1.10 (Host Name Özniteliği), example 1 of that section
// expect: valid
// note: [[host_name("abc")]] overrides the API name of funcA; funcX is reached as "xyz". Metal 2.2+.
// EXPECT-FUNC name=abc kind=kernel host_name=abc
// EXPECT-FUNC name=xyz kind=kernel host_name=xyz
#include <metal_stdlib>
using namespace metal;

// Metal API adı abc
[[host_name("abc")]] [[kernel]] void funcA() {}

// Metal API adı xyz
[[host_name("xyz")]] [[kernel]] void funcX() {}
