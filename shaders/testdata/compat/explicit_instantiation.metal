// feature: explicit instantiation, every form (issue 13, item 2)
// expect: valid
// note: several `template [[host_name]] [[kernel]] decltype(f<T>) f<T>;` of one template in a row, the same
// note: through a function typedef, and a macro that expands to several of them.
#include <metal_stdlib>
using namespace metal;

template <typename T>
kernel void scale(device T* out [[buffer(0)]], constant T& k [[buffer(1)]], uint i [[thread_position_in_grid]]) {
    out[i] = out[i] * k;
}

template <typename T>
kernel void shift(device T* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    out[i] = out[i] + T(1);
}

template [[host_name("scale_f32")]] [[kernel]] decltype(scale<float>) scale<float>;
template [[host_name("scale_f16")]] [[kernel]] decltype(scale<half>) scale<half>;
template [[host_name("scale_i32")]] [[kernel]] decltype(scale<int>) scale<int>;

typedef decltype(shift<float>) shift_f32_t;
template [[host_name("shift_f32")]] kernel shift_f32_t shift<float>;

#define INSTANTIATE(name, T) \
    template [[host_name("scale2_" #name)]] [[kernel]] decltype(scale<T>) scale<T>; \
    template [[host_name("shift_" #name)]] [[kernel]] decltype(shift<T>) shift<T>;

INSTANTIATE(u32, uint)
INSTANTIATE(u16, ushort);
// EXPECT-FUNC name=scale_f32 kind=kernel
// EXPECT-FUNC name=scale_f16 kind=kernel
// EXPECT-FUNC name=scale_i32 kind=kernel
// EXPECT-FUNC name=shift_f32 kind=kernel
// EXPECT-FUNC name=shift_u32 kind=kernel
// EXPECT-FUNC name=scale2_u16 kind=kernel
