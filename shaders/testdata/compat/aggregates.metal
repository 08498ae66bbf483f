// feature: aggregates and members as generated and shared code writes them (issue 13, items 5 and 6)
// expect: valid
// note: brace elision of nested arrays and structs, a conversion function template (naga's
// note: DefaultConstructible), reference members of an argument buffer, array-to-pointer before
// note: array-to-void* in overload resolution, a device buffer of T[1] indexed past its end (a warning).
#include <metal_stdlib>
using namespace metal;

struct DefaultConstructible {
    template <typename T>
    operator T() && { return T{}; }
};

struct Pair2 { float inner[2]; };
struct Nested { Pair2 p; float w; };

struct Params { float scale; };
struct ArgBuf {
    constant Params& params [[id(0)]];
    device float* data [[id(1)]];
};

struct View {
    View(const device float* p) : ptr(p) {}
    View(const device void* p) : ptr(static_cast<const device float*>(p)) {}
    const device float* ptr;
};
struct Holder { float items[4]; };

typedef float2 one_t[1];

kernel void k(device ArgBuf& ab [[buffer(0)]], device Holder& h [[buffer(1)]], device one_t& tail [[buffer(2)]],
              device float* out [[buffer(3)]], uint i [[thread_position_in_grid]]) {
    Pair2 a = Pair2{1.0, 2.0};
    Nested n = {5.0, 6.0, 7.0};
    constant Params& p = ab.params;
    View v(h.items);
    out[i] = i < 4 ? a.inner[1] + n.w * p.scale + v.ptr[0] : DefaultConstructible();
    out[0] = tail[1].y; // WARNING "past the end"
}
