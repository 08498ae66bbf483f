// feature: Metal 3.2 logging: os_log_default and os_log's log methods (messages are discarded by ingot)
// expect: valid
#include <metal_stdlib>
using namespace metal;

struct v2f {
    float4 pos [[position]];
};

vertex v2f logged(uint vid [[vertex_id]]) {
    os_log_default.log("vertex %u at %f %f", vid, 1.0, 2.0);
    os_log_default.log_debug("debug");
    os_log_default.log_info("info %d", int(vid));
    os_log_default.log_error("error");
    os_log_default.log_fault("fault %f", 0.5f);
    v2f out;
    out.pos = float4(0, 0, 0, 1);
    return out;
}
