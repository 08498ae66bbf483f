#include <metal_stdlib>
using namespace metal;

kernel void missing_semi(device float* a [[buffer(0)]]) {
    float x = 1
    a[0] = x;
    a[1] = x
}

struct Broken {
    float a
    int b;
};

kernel void bad_expr(device float* a) {
    a[0] = 1 + ;
    a[1] = (2;
    goto end;
    int ok = 3;
}

void after_errors_still_parsed() { return; }

#include "missing.h"
#if 1 +
#endif
#define F(x) x
int y = F(1, 2);
#error custom failure
#warning custom warning
#unknown_directive
int z = 1 / 0;
void unterminated() {
