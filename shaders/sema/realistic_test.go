package sema

import "testing"

// TestRealisticSnippets checks idioms common in real renderers for false
// errors.
func TestRealisticSnippets(t *testing.T) {
	src := `#include <metal_stdlib>
#include <simd/simd.h>
using namespace metal;

constexpr sampler linearRepeat(address::repeat, filter::linear, mip_filter::linear);
constant float kWeights[5] = { 0.227027f, 0.1945946f, 0.1216216f, 0.054054f, 0.016216f };
constant float3 kLuma = float3(0.2126, 0.7152, 0.0722);

enum class LightType : uint { Point = 0, Spot = 1, Directional = 2 };

struct Light {
    packed_float3 position;
    float radius;
    packed_float3 color;
    LightType type;
};

struct Camera {
    simd_float4x4 viewProj;
    vector_float3 eye;
    matrix_float3x3 normalMatrix;
};

namespace util {
    inline float luminance(float3 c) { return dot(c, kLuma); }
    template <typename T> inline T sq(T x) { return x * x; }
    inline half3 toHalf(float3 c) { return half3(c); }
}

static float attenuate(float d, float r) {
    float x = saturate(1.0 - util::sq(d / r));
    return x * x / (d * d + 1.0);
}

float3 shadeLight(const device Light &l, float3 p, float3 n) {
    float3 L = float3(l.position) - p;
    float d = length(L);
    float3 c = float3(l.color);
    switch (l.type) {
    case LightType::Directional:
        return c * max(dot(n, normalize(float3(l.position))), 0.0);
    case LightType::Point:
    case LightType::Spot:
        break;
    }
    return c * max(dot(n, L / d), 0.0f) * attenuate(d, l.radius);
}

kernel void blur(texture2d<half, access::sample> src [[texture(0)]],
                 texture2d<half, access::write> dst [[texture(1)]],
                 texture2d_array<float> arr [[texture(2)]],
                 texturecube<float> env [[texture(3)]],
                 depth2d<float> shadow [[texture(4)]],
                 const device Light *lights [[buffer(0)]],
                 constant Camera &cam [[buffer(1)]],
                 constant uint &lightCount [[buffer(2)]],
                 device atomic_uint *counter [[buffer(3)]],
                 threadgroup float4 *scratch [[threadgroup(0)]],
                 uint2 gid [[thread_position_in_grid]],
                 uint lid [[thread_index_in_threadgroup]],
                 ushort simdLane [[thread_index_in_simdgroup]])
{
    constexpr sampler nearest(coord::pixel, filter::nearest);
    if (gid.x >= dst.get_width() || gid.y >= dst.get_height()) return;
    float2 uv = (float2(gid) + 0.5) / float2(dst.get_width(), dst.get_height());
    half4 acc = src.sample(linearRepeat, uv) * half(kWeights[0]);
    for (int i = 1; i < 5; ++i) {
        float2 off = float2(float(i) / dst.get_width(), 0);
        acc += src.sample(linearRepeat, uv + off, level(0)) * half(kWeights[i]);
        acc += src.sample(linearRepeat, uv - off, bias(0.5f)) * half(kWeights[i]);
    }
    float4 a = arr.sample(linearRepeat, uv, 2u);
    float4 e = env.sample(linearRepeat, normalize(float3(uv, 1)), level(3.0f));
    float s = shadow.sample_compare(nearest, uv, 0.5f);
    float3 pos = (cam.viewProj * float4(uv, 0, 1)).xyz;
    float3 n = normalize(cam.normalMatrix * float3(0, 0, 1));
    float3 lit = 0;
    for (uint li = 0; li < lightCount; li++) {
        lit += shadeLight(lights[li], pos, n);
    }
    const device Light *lp = lights + 1;
    lit += float3(lp->color) * lp[0].radius;
    scratch[lid] = float4(lit, s);
    threadgroup_barrier(mem_flags::mem_threadgroup);
    float4 nb = scratch[(lid + 1) % 64];
    float v = simd_sum(nb.x);
    v += simd_shuffle_down(v, ushort(1));
    if (simd_is_first()) {
        atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    }
    half3 hc = util::toHalf(lit) * 0.5h + half3(acc.rgb);
    half lum = half(util::luminance(float3(hc)));
    hc = lum > 0.5h ? hc : half3(0);
    uint packed = pack_float_to_unorm4x8(float4(a.rgb, 1));
    float4 unpacked = unpack_unorm4x8_to_float(packed);
    float fz = as_type<float>(packed) + fma(e.x, unpacked.y, v) + metal::precise::sqrt(abs(e.w));
    bool3 mask = isnan(pos);
    pos = select(pos, float3(0), mask);
    float4x4 m = float4x4(float4(1, 0, 0, 0), float4(0, 1, 0, 0), float4(0, 0, 1, 0), float4(pos, 1));
    float4x4 mt = transpose(m) * 2.0f;
    dst.write(half4(hc, half(fz + mt[3][3])), gid);
}

struct VSOut {
    float4 position [[position]];
    float2 uv;
    half3 color [[flat]];
    float pointSize [[point_size]];
};

vertex VSOut quad_vs(uint vid [[vertex_id]], constant Camera &cam [[buffer(1)]]) {
    const float2 corners[4] = { float2(-1, -1), float2(1, -1), float2(-1, 1), float2(1, 1) };
    VSOut o;
    o.position = cam.viewProj * float4(corners[vid], 0, 1);
    o.uv = corners[vid] * 0.5 + 0.5;
    o.color = half3(1);
    o.pointSize = 1;
    return o;
}

struct FSOut { half4 color [[color(0)]]; float depth [[depth(less)]]; };

fragment FSOut quad_fs(VSOut in [[stage_in]], texture2d<half> tex [[texture(0)]],
                       bool front [[front_facing]]) {
    FSOut out;
    half4 c = tex.sample(linearRepeat, in.uv);
    out.color = front ? c : c.bgra;
    out.depth = in.position.z * 0.5;
    if (c.a < 0.01h) discard_fragment();
    return out;
}
`
	_, d := checkSrc(t, src)
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
}
