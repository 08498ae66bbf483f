// RUN kernel=nested_loops grid=8 tg=8
// BUF 0 int[8] zero
// EXPECT 0 int[] = 0 3 5 8 10 13 15 18
// RUN kernel=switch_in_loop grid=8 tg=4
// BUF 0 int[8] zero
// EXPECT 0 int[] = 0 33 6 37 4 41 18 45
// RUN kernel=early_return grid=8 tg=8
// BUF 0 int[8] fill 7
// EXPECT 0 int[] = 7 7 7 7 4 5 6 7
// RUN kernel=divergent_while grid=8 tg=8
// BUF 0 uint[8] zero
// EXPECT 0 uint[] = 0 0 1 7 2 5 8 16
// RUN kernel=do_while_continue grid=4 tg=4
// BUF 0 int[4] zero
// EXPECT 0 int[] = 1 2 2 3
// RUN kernel=recursion grid=8 tg=8
// BUF 0 uint[8] zero
// EXPECT 0 uint[] = 0 1 1 2 3 5 8 13
// RUN kernel=short_circuit grid=4 tg=4
// BUF 0 int[4] = 0 1 2 3
// BUF 1 int[4] zero
// EXPECT 1 int[] = 10 1 2 13
// EXPECT 0 int[] = 0 1 2 3
#include <metal_stdlib>
using namespace metal;

kernel void nested_loops(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int s = 0;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 10; ++j) {
            if (j >= (int)id) break;
            if (j % 2 == 1 && i == 0) continue;
            s += 1;
            if (s > 100) return;
        }
        if (i == 2) break;
    }
    out[id] = s;
}

kernel void switch_in_loop(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int r = 0;
    for (uint k = 0; k < 3; k++) {
        switch (id % 4) {
        case 0:
            r += (int)id;
            break;
        case 1:
        case 3:
            r += 10;
            if (k == 2) { r += 1; continue; }
            // fall through
        case 2:
            r += (int)id;
            break;
        default:
            r = -1;
        }
        if (id % 4 == 0) break;
    }
    out[id] = r;
}

kernel void early_return(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    if (id < 4) return;
    out[id] = (int)id;
}

uint collatz(uint n) {
    uint steps = 0;
    while (n != 1 && n != 0) {
        n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
        steps++;
    }
    return steps;
}

kernel void divergent_while(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[id] = collatz(id);
}

kernel void do_while_continue(device int* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    int i = 0, n = 0;
    do {
        i++;
        if (i == 3) continue;
        n++;
    } while (i < (int)id + 1);
    out[id] = n;
}

uint fib(uint n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

kernel void recursion(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
    out[id] = fib(id);
}

bool touch(device int* p, int i) { p[i] += 0; return i % 2 == 1; }

kernel void short_circuit(device int* a [[buffer(0)]], device int* out [[buffer(1)]], uint id [[thread_position_in_grid]]) {
    int i = (int)id;
    bool b1 = (i < 4) || touch(a, 100 + i);   // touching would fault
    bool b2 = (i != 3) && (i == 1 || i == 2);
    out[id] = (b1 && !b2) ? 10 + i : i;
}
