// feature: Metal 3.2 logging: misuse
// expect: error
#include <metal_stdlib>
using namespace metal;

kernel void k(device float* out [[buffer(0)]]) {
    os_log_default.log_warning("no such level"); // ERROR "no member named 'log_warning'|no matching member"
    os_log_default = os_log_default; // ERROR "cannot assign|read-only|const"
    out[0] = os_log_default.log("x"); // ERROR "assigning to 'float' from incompatible type 'void'|incompatible"
}
