// RUN kernel=fptr grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = -1 2 1 6
#include <metal_stdlib>
using namespace metal;

int twice(int x) { return 2 * x; }
int minus(int x) { return x - 1; }

kernel void fptr(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int (*f)(int) = (id % 2 == 1) ? &twice : &minus;
    if (id == 3) f = twice;
    out[id] = f(int(id));
}
