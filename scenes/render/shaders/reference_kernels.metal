// reference_kernels.metal — kernels that expose the path tracer's building
// blocks one call per thread, for differential tests against the Go
// references (Sample4, BSDFParams.Eval/Sample, Tone + EncodeSRGB,
// CameraData.Ray). Not used for rendering.
#include <metal_stdlib>
#include "scene_types.h"
#include "sampler.h"
#include "bsdf.h"
#include "tonemap.h"
#include "envmap.h"
using namespace metal;

// One sample4 query: out[i] = sample4(q.pixelSeed, q.index, q.group).
struct SampleQuery {
    uint pixelSeed;
    uint index;
    uint group;
    uint pad;
};

kernel void ref_sample4(const device SampleQuery* q [[buffer(0)]], device float4* out [[buffer(1)]],
                        constant uint& count [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    out[i] = sample4(q[i].pixelSeed, q[i].index, q[i].group);
}

// ref_sample4_table: the same queries through sample4_table (buffer 3:
// kernel.SobolByteTable).
kernel void ref_sample4_table(const device SampleQuery* q [[buffer(0)]], device float4* out [[buffer(1)]],
                              constant uint& count [[buffer(2)]], const device uint4* sobol [[buffer(3)]],
                              uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    out[i] = sample4_table(sobol, q[i].pixelSeed, q[i].index, q[i].group);
}

// ref_sample_keyed: the same queries through sample4_keyed (out[i]) and
// sample1_keyed (out[count + i].x, the rest zero).
kernel void ref_sample_keyed(const device SampleQuery* q [[buffer(0)]], device float4* out [[buffer(1)]],
                             constant uint& count [[buffer(2)]], const device uint4* sobol [[buffer(3)]],
                             uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    uint seed = q[i].pixelSeed;
    uint mix = hash_mix(seed);
    uint rev = reverse_bits(q[i].index);
    uint g = q[i].group;
    out[i] = sample4_keyed(sobol, seed, mix, rev, g);
    out[count + i] = float4(sample1_keyed(seed, mix, rev, g), 0.0f, 0.0f, 0.0f);
}

// ref_env_trig: out[i] = (env_atan2(in.x, in.y), env_acos(in.z)).
kernel void ref_env_trig(const device float4* in [[buffer(0)]], device float2* out [[buffer(1)]],
                         constant uint& count [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    float4 a = in[i];
    out[i] = float2(env_atan2(a.x, a.y), env_acos(a.z));
}

// BSDF query: parameters, wo, wi (for eval) and u (for sample), 120 bytes.
struct BSDFQuery {
    packed_float3 baseColor;
    float metallic;
    float roughness;
    float ior;
    float transmission;
    float clearcoat;
    float clearcoatRoughness;
    packed_float3 wo;
    packed_float3 wi;
    packed_float3 u;
    float specular;
    packed_float3 specularColor;
    packed_float3 sheenColor;
    float sheenRoughness;
    uint volume;                // kVolume*
    float iridescence;
    float iridescenceIor;
    float iridescenceThickness; // nm
};

// BSDF answer: eval f and pdf at (wo, wi); sampled wi, f, pdf, weight, lobe.
struct BSDFAnswer {
    packed_float3 f;
    float pdf;
    packed_float3 sampleWi;
    float samplePdf;
    packed_float3 sampleF;
    uint sampleLobe;
    packed_float3 sampleWeight;
    uint sampleOK;
};

inline BSDFParams query_params(BSDFQuery q, const device float* ggx) {
    BSDFParams p;
    p.ggx = ggx;
    p.baseColor = float3(q.baseColor);
    p.metallic = q.metallic;
    p.roughness = q.roughness;
    p.ior = q.ior;
    p.transmission = q.transmission;
    p.clearcoat = q.clearcoat;
    p.clearcoatRoughness = q.clearcoatRoughness;
    p.specular = q.specular;
    p.specularColor = float3(q.specularColor);
    p.sheenColor = float3(q.sheenColor);
    p.sheenRoughness = q.sheenRoughness;
    p.volume = q.volume;
    p.iridescence = q.iridescence;
    p.iridescenceIor = q.iridescenceIor;
    p.iridescenceThickness = q.iridescenceThickness;
    return p;
}

kernel void ref_bsdf(const device BSDFQuery* q [[buffer(0)]], device BSDFAnswer* out [[buffer(1)]],
                     constant uint& count [[buffer(2)]], const device float* ggx [[buffer(3)]],
                     uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    BSDFQuery bq = q[i];
    BSDFParams p = query_params(bq, ggx);
    BSDFAnswer a;
    float pdf;
    a.f = bsdf_eval(p, float3(bq.wo), float3(bq.wi), pdf);
    a.pdf = pdf;
    BSDFSample s = bsdf_sample(p, float3(bq.wo), float3(bq.u));
    a.sampleWi = s.ok ? s.wi : float3(0.0f);
    a.samplePdf = s.ok ? s.pdf : 0.0f;
    a.sampleF = s.ok ? s.f : float3(0.0f);
    a.sampleLobe = s.lobe;
    a.sampleWeight = s.ok ? s.weight : float3(0.0f);
    a.sampleOK = s.ok ? 1u : 0u;
    out[i] = a;
}

// ref_tonemap: out[i] = pack_rgba8(tone_map(op, exposure, in[i].rgb), 1).
kernel void ref_tonemap(const device float4* in [[buffer(0)]], device uint* out [[buffer(1)]],
                        constant uint& count [[buffer(2)]], constant uint& op [[buffer(3)]],
                        constant float& exposure [[buffer(4)]], uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    out[i] = pack_rgba8(tone_map(op, exposure, in[i].rgb), 1.0f);
}

// A thin-film query: the viewer's cosine to the microfacet normal, the
// film's thickness (nm) and IOR, and the base's F0. 32 bytes.
struct ThinFilmQuery {
    float cos1;
    float thickness;
    float filmIor;
    float pad0;
    packed_float3 baseF0;
    float pad1;
};

// ref_thin_film: out[i].rgb = thin_film_fresnel(...) of query i
// (KHR_materials_iridescence).
kernel void ref_thin_film(const device ThinFilmQuery* q [[buffer(0)]], device float4* out [[buffer(1)]],
                          constant uint& count [[buffer(2)]], uint i [[thread_position_in_grid]]) {
    if (i >= count) {
        return;
    }
    ThinFilmQuery t = q[i];
    out[i] = float4(thin_film_fresnel(t.filmIor, float3(t.baseF0), t.thickness, t.cos1), 1.0f);
}
