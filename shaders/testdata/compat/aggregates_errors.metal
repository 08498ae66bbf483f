// feature: aggregates and members (issue 13, items 5 and 6): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

struct Pair2 { float inner[2]; };
struct NoConv { float v; };
struct Params { float scale; };
struct ArgBuf { constant Params& params [[id(0)]]; };

kernel void k(device float* out [[buffer(0)]], device ArgBuf& ab [[buffer(1)]]) {
    ab.params.scale = 2; // ERROR "constant address space"
    Pair2 a = Pair2{1.0, 2.0, 3.0}; // ERROR "excess elements in struct initializer"
    out[0] = out[1] > 0 ? out[1] : NoConv{1}; // ERROR "incompatible operand types"
}
