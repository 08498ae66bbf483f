// feature: member functions qualified by address space (issue 13, item 1)
// expect: valid
// note: `T& operator[](size_t) thread`, overloads per address space of the implicit object,
// note: `X() thread = default;`, a constructor with `thread :` initializers, `float f() constant const`.
#include <metal_stdlib>
using namespace metal;

template <typename T, size_t Num>
struct fixed_array {
    T elements[Num ? Num : 1];

    thread T& operator[](size_t i) thread { return elements[i]; }
    constexpr const thread T& operator[](size_t i) const thread { return elements[i]; }
    device T& operator[](size_t i) device { return elements[i]; }
    constexpr const device T& operator[](size_t i) const device { return elements[i]; }
    constexpr const constant T& operator[](size_t i) const constant { return elements[i]; }
    threadgroup T& operator[](size_t i) threadgroup { return elements[i]; }
};

struct Pair {
    float a;
    float b;
    Pair() thread = default;
    Pair(float x) thread : a(x), b(2 * x) {}
    float sum() const thread { return a + b; }
};

struct Acc {
    float a;
    float get() const thread { return a; }
    float get() constant const { return a + 100; }
};

constant fixed_array<float, 2> table = {{1.0, 2.0}};
constant Acc ca = {1.0};

kernel void k(device fixed_array<float, 4>& out [[buffer(0)]], uint i [[thread_position_in_grid]]) {
    fixed_array<float, 4> local;
    local[0] = table[1];
    Pair p(3.0);
    out[i] = local[0] + p.sum() + ca.get();
}
