// Benchmark kernels of engine.BenchCases: each is compared with a native Go
// version of the same work (bench_native.go).
#include <metal_stdlib>
using namespace metal;

kernel void saxpy(device const float* x [[buffer(0)]],
                  device float*       y [[buffer(1)]],
                  constant float&     a [[buffer(2)]],
                  uint i [[thread_position_in_grid]])
{
    y[i] = a * x[i] + y[i];
}

struct Light {
    float3 dir;
    float3 halfv;
    float3 diffuse;
    float3 specular;
    float  shininess;
};

kernel void blinn_phong(device const float3* normals [[buffer(0)]],
                        device float4*       out     [[buffer(1)]],
                        constant Light&      L       [[buffer(2)]],
                        uint i [[thread_position_in_grid]])
{
    float3 n = normalize(normals[i]);
    float ndl = max(dot(n, L.dir), 0.0f);
    float ndh = max(dot(n, L.halfv), 0.0f);
    float spec = pow(ndh, L.shininess);
    out[i] = float4(L.diffuse * ndl + L.specular * spec, 1.0f);
}

kernel void mandelbrot(device uint* out [[buffer(0)]],
                       constant uint& maxIter [[buffer(1)]],
                       uint2 gid [[thread_position_in_grid]],
                       uint2 size [[threads_per_grid]])
{
    float cx = -2.0f + 2.5f * (float(gid.x) + 0.5f) / float(size.x);
    float cy = -1.25f + 2.5f * (float(gid.y) + 0.5f) / float(size.y);
    float x = 0.0f, y = 0.0f;
    uint n = 0;
    while (n < maxIter && x * x + y * y <= 4.0f) {
        float xt = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = xt;
        n++;
    }
    out[gid.y * size.x + gid.x] = n;
}

// Each threadgroup of 256 threads sums 1024 consecutive floats: four per
// thread, then simd_sum within SIMD-groups, then the first SIMD-group sums
// the eight partial sums kept in threadgroup memory.
kernel void reduce_sum(device const float4* in [[buffer(0)]],
                       device float* partial [[buffer(1)]],
                       uint gid [[thread_position_in_grid]],
                       uint tid [[thread_index_in_threadgroup]],
                       uint group [[threadgroup_position_in_grid]],
                       uint simd [[simdgroup_index_in_threadgroup]],
                       uint lane [[thread_index_in_simdgroup]])
{
    threadgroup float sums[8];
    float4 v = in[gid];
    float s = simd_sum((v.x + v.y) + (v.z + v.w));
    if (lane == 0) {
        sums[simd] = s;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (simd == 0) {
        float t = lane < 8 ? sums[lane] : 0.0f;
        t = simd_sum(t);
        if (tid == 0) {
            partial[group] = t;
        }
    }
}

// A 3×3 Gaussian blur reading a texture through a sampler.
kernel void convolve3x3(texture2d<float> src [[texture(0)]],
                        sampler smp [[sampler(0)]],
                        device float4* out [[buffer(0)]],
                        uint2 gid [[thread_position_in_grid]],
                        uint2 size [[threads_per_grid]])
{
    float2 inv = 1.0f / float2(size);
    float2 uv = (float2(gid) + 0.5f) * inv;
    float4 acc = 0.0f;
    for (int j = -1; j <= 1; j++) {
        float wy = 0.5f - 0.25f * abs(float(j));
        for (int i = -1; i <= 1; i++) {
            float wx = 0.5f - 0.25f * abs(float(i));
            acc += (wx * wy) * src.sample(smp, uv + float2(i, j) * inv);
        }
    }
    out[gid.y * size.x + gid.x] = acc;
}

// The same 3×3 Gaussian as four bilinear taps at (±0.5, ±0.5) texels:
// each tap averages a 2×2 block, and the four averages weigh the nine
// texels 1-2-1 × 1-2-1 / 16, exactly as convolve3x3 (up to rounding). This
// is how GPU code uses a sampler's filtering for a blur.
kernel void convolve_bilinear(texture2d<float> src [[texture(0)]],
                              sampler smp [[sampler(0)]],
                              device float4* out [[buffer(0)]],
                              uint2 gid [[thread_position_in_grid]],
                              uint2 size [[threads_per_grid]])
{
    float2 inv = 1.0f / float2(size);
    float2 uv = (float2(gid) + 0.5f) * inv;
    float2 d = 0.5f * inv;
    float4 acc = src.sample(smp, uv + float2(-d.x, -d.y)) + src.sample(smp, uv + float2(d.x, -d.y))
               + src.sample(smp, uv + float2(-d.x, d.y)) + src.sample(smp, uv + float2(d.x, d.y));
    out[gid.y * size.x + gid.x] = 0.25f * acc;
}
