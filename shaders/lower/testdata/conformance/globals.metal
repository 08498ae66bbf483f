// RUN kernel=global_binding grid=4 tg=4
// BUF 0 int[4] zero
// BUF 1 int[4] = 5 6 7 8
// EXPECT 0 int[] = 5 7 9 11
#include <metal_stdlib>
using namespace metal;

device int* gout [[buffer(0)]];
constant int* gin [[buffer(1)]];
uint gid [[thread_position_in_grid]];

int fetch(uint i) { return gin[i] + int(gid); }   // helpers see program-scope bindings and built-ins

kernel void global_binding() {
    gout[gid] = fetch(gid);
}
