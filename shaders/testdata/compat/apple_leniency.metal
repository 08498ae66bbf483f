// feature: rules where ingot accepts what Apple's compiler accepts (noexcept, read_write texture locals),
// array-to-pointer decay in pointer arithmetic and ?:, `auto*` deduction, out-of-class static members
// expect: valid
#include <metal_stdlib>
using namespace metal;

// noexcept (with or without an argument) is accepted and ignored.
struct wrapped {
    int v;
    constexpr operator int() const thread noexcept { return v; }
    int get() const thread noexcept(true) { return v; }
};
float twice(float x) noexcept { return 2.0f * x; }

// A read_write texture local, initialized by ?: from two arguments.
kernel void pick_texture(texture2d<float, access::read_write> a [[texture(0)]],
                         texture2d<float, access::read_write> b [[texture(1)]],
                         constant uint& which [[buffer(0)]],
                         uint2 gid [[thread_position_in_grid]]) {
    texture2d<float, access::read_write> t = which == 0 ? a : b;
    t.write(t.read(gid) * twice(0.5f), gid);
}

// Arrays decay to pointers beside an integer or a pointer.
kernel void decay(device float* out [[buffer(0)]],
                  uint lid [[thread_index_in_threadgroup]]) {
    threadgroup float vals[64];
    thread float local[4] = {1, 2, 3, 4};
    vals[lid] = float(lid);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    threadgroup float* second = vals + 32;
    const threadgroup float* last = 63 + vals;
    thread float* p = local + 2;
    bool same = (vals + 32) == second;
    ptrdiff_t n = last - vals;
    threadgroup float* none = lid > 100 ? nullptr : vals;
    out[lid] = second[lid % 32] + *p + float(n) + float(same) + none[0];
}

// auto* takes its pointee type (and address space) from the initializer.
kernel void auto_pointer(const device float* in [[buffer(0)]], device float* out [[buffer(1)]],
                         uint i [[thread_position_in_grid]]) {
    const device auto* a = in + i;
    device auto* b = out;
    thread float tmp[2] = {0, 1};
    auto* c = tmp;
    b[i] = a[0] + c[1];
}

// The out-of-class definition of a static constexpr member of a class
// template specialization repeats its declaration.
template <int N> struct table {};
template <> struct table<2> {
    static constexpr constant float w[2][2] = {{1, 2}, {3, 4}};
    static constexpr constant int n = 2;
};
constant constexpr const float table<2>::w[2][2];
constexpr constant int table<2>::n;

kernel void use_table(device float* out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    out[i] = table<2>::w[i % 2][1] * float(table<2>::n) + float(wrapped{3}.get());
}
