// envmap.h — the inverse trigonometry of the path tracer's equirectangular
// environment lookup (pathtrace.metal env_uv): atan2 and acos as short
// float polynomials in straight-line arithmetic and selects, a few ulp from
// the correctly rounded functions (TestRefEnvTrigKernel: ≤ 2.8 and ≤ 1.2
// ulp), where the engine evaluates atan2 and acos one lane at a time in
// float64. An ulp of an angle is about a millionth of a texel of the 64×32
// studio map.
#pragma once
#include <metal_stdlib>
using namespace metal;

// env_atan2 is atan2(y, x) for a map lookup: the polynomial of
// internal/fmath FastAtan on |t| ≤ tan(π/8), reached from min/max of |x|
// and |y| and t ↦ (t − 1)/(t + 1). At y = x = 0 it returns ±0 (the pole,
// where every u is the same direction).
inline float env_atan2(float y, float x) {
    float ax = abs(x);
    float ay = abs(y);
    float mx = max(ax, ay);
    float mn = min(ax, ay);
    float q = mn / max(mx, 1.17549435e-38f); // in [0, 1]
    bool mid = q > 0.414213562f;             // tan(π/8)
    // Fresh names, not t = select(t, …): the lowering turns a select into
    // its own variable into a branch.
    float t = select(q, (q - 1.0f) / (q + 1.0f), mid);
    float z = t * t;
    float p = 8.05374449538e-2f * z - 1.38776856032e-1f;
    p = p * z + 1.99777106478e-1f;
    p = p * z - 3.33329491539e-1f;
    float a0 = (p * z * t + t) + select(0.0f, 0.785398163f, mid);
    float a1 = select(a0, 1.57079633f - a0, ay > ax);
    float a2 = select(a1, 3.14159265f - a1, x < 0.0f);
    return select(a2, -a2, y < 0.0f);
}

// env_acos is acos(c) for c in [−1, 1] for a map lookup: the asin
// polynomial and half-angle identity of internal/fmath FastAcos.
inline float env_acos(float c) {
    float ac = abs(c);
    bool big = ac > 0.5f;
    float z = select(ac * ac, 0.5f * (1.0f - ac), big);
    float s = select(ac, sqrt(z), big);
    // asin(s), s ∈ [0, ½]
    float p = 4.2163199048e-2f * z + 2.4181311049e-2f;
    p = p * z + 4.5470025998e-2f;
    p = p * z + 7.4953002686e-2f;
    p = p * z + 1.6666752422e-1f;
    float r = p * z * s + s;
    // big: acos(|c|) = 2·asin(√((1−|c|)/2)); small: acos(|c|) = π/2 − asin(|c|).
    float a = select(1.57079633f - r, 2.0f * r, big);
    return select(a, 3.14159265f - a, c < 0.0f);
}
