// feature: variadic templates: parameter packs, pack expansion in calls and template arguments, sizeof..., declval
// expect: valid
#include <metal_stdlib>
using namespace metal;

// A result type computed from the pack (an alias template over decltype and
// declval), and the pack forwarded to a texture method.
template <typename Tex, typename... Ts>
using gather_result = decltype(declval<Tex>().gather(declval<sampler>(), declval<Ts>()...));

template <typename Tex, typename... Ts>
inline gather_result<Tex, Ts...> gather_swizzled(const thread Tex& t, sampler s, uint sw, Ts... params) {
    if (sw == 1) {
        return gather_result<Tex, Ts...>(0, 0, 0, 0);
    }
    return t.gather(s, params..., component::y);
}

template <typename Tex, typename Toff, typename... Tp>
inline float4 gather_offsets(const thread Tex& t, sampler s, Toff offsets, Tp... params) {
    float4 r;
    for (uint i = 0; i < 4; i++) {
        r[i] = t.gather_compare(s, params..., offsets[i]).w;
    }
    return r;
}

template <typename T> T sum_all(T x) { return x; }
template <typename T, typename... Ts> T sum_all(T x, Ts... rest) { return x + sum_all(rest...); }
template <typename... Ts> constexpr int count(Ts... xs) { return int(sizeof...(Ts)) + int(sizeof...(xs)); }
static_assert(count(1, 2.0f) == 4, "sizeof... of both packs");
static_assert(count() == 0, "empty pack");

template <typename... Ts> struct type_list {
    static constexpr constant int size = sizeof...(Ts);
};
static_assert(type_list<int, float, half>::size == 3, "class template pack");
static_assert(is_same_v<decltype(declval<int>() + 1), int>, "declval in decltype");

fragment float4 frag(texture2d<float> t [[texture(0)]], depth2d<float> d [[texture(1)]], sampler s [[sampler(0)]],
                     float4 pos [[position]]) {
    float4 a = gather_swizzled(t, s, 0u, float2(0.5), int2(1, 0));
    float4 b = gather_swizzled(t, s, 1u, float2(0.25));
    int2 offs[4] = {int2(0), int2(1, 0), int2(0, 1), int2(1)};
    float4 c = gather_offsets(d, s, offs, float2(0.5), 0.5f);
    return a + b + c + sum_all(1.0f, 2.0f, pos.x);
}
