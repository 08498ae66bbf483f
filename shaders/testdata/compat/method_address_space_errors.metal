// feature: member functions qualified by address space (issue 13, item 1): misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

struct OnlyDevice {
    float v;
    float get() device { return v; }
};

float free_function() thread { return 1; } // ERROR "non-member function cannot have 'thread' address space qualifier"

struct S {
    static float g() thread { return 1; } // ERROR "static member function cannot have 'thread'"
};

kernel void k(device float* out [[buffer(0)]]) {
    OnlyDevice d;
    out[0] = d.get(); // ERROR "object is in the thread address space"
}
