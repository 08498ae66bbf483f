// feature: C++ templates as kernel libraries write them (issue 13, item 5)
// expect: valid
// note: class template partial specialization (non-type and type patterns), variable templates with explicit
// note: and partial specializations, the type traits of metal_type_traits with enable_if as a default
// note: template argument, anonymous unions in structs, constructor parameters shadowing members,
// note: conversion functions, initializer_list, function objects with operator() and operator() templates.
#include <metal_stdlib>
using namespace metal;

template <bool B, typename T> struct pick { typedef T type; };
template <typename T> struct pick<false, T> { typedef int type; };

template <typename T> struct box { T v; };
template <typename T> struct unbox { typedef T type; };
template <typename T> struct unbox<box<T>> { typedef T type; };

template <typename T> constexpr constant bool is_box = false;
template <typename T> constexpr constant bool is_box<box<T>> = true;
template <typename T> constexpr constant int rank = 0;
template <> constexpr constant int rank<float> = 2;

static_assert(is_same<pick<true, float>::type, float>::value, "pick true");
static_assert(is_same<pick<false, float>::type, int>::value, "pick false");
static_assert(is_same<unbox<box<half>>::type, half>::value, "unbox");
static_assert(is_box<box<int>> && !is_box<int>, "variable template");
static_assert(rank<float> == 2 && rank<int> == 0, "explicit specialization");
static_assert(is_floating_point<half3>::value && is_integral<uint2>::value && !is_signed<uint>::value, "traits");
static_assert(is_same<make_scalar<float4>::type, float>::value, "make_scalar");

template <typename T, typename _E = typename enable_if<is_floating_point<T>::value>::type>
inline T half_of(T x) { return x * T(0.5); }

struct Sphere {
    Sphere(float3 center, float radius) { data = float4(center, radius); }
    float radius() const { return data.w; }
    union {
        float4 data;
        float2 xy;
    };
};

template <typename T> struct Less { bool operator()(T a, T b) const { return a < b; } };
struct Twice { template <typename T> T operator()(T x) const { return x * 2; } };
template <typename T, typename Op = Less<T>> bool ordered(T a, T b) { Op op; return op(a, b); }

kernel void k(device float* out [[buffer(0)]]) {
    Twice tw;
    out[2] = ordered(1, 2) ? tw(1.5f) : tw(2);
    Sphere s(float3(1, 2, 3), 4);
    out[0] = half_of(s.radius()) + s.xy.y + s.data.x;
    out[1] = half_of(float2(2)).x;
}
