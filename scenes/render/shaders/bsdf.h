// bsdf.h — the glTF metallic-roughness BSDF (Go reference: bsdf.go, ggx.go;
// keep both identical).
//
// Local shading frame: z = shading normal, wo and wi point away from the
// surface, wo.z > 0 after flipping (two-sided shading).
//  * Specular: GGX / Trowbridge–Reitz D, height-correlated Smith G2, Schlick
//    Fresnel; multiple scattering restored with Kulla–Conty's lobe using the
//    albedo tables of ggx_tables.h.
//  * Dielectric: specular(F0 from IOR) + Lambert diffuse scaled by
//    (1−Es(μo))(1−Es(μi))/(1−Es_avg) so a white material conserves energy
//    and stays reciprocal. KHR_materials_specular: the specular layer is
//    weighted by `specular` and its F0 tinted by `specularColor`
//    (F0 = min(F0(ior)·colour, 1)); the energy terms use the largest F0
//    channel, and Es includes the weight, so specular 0 leaves a pure,
//    energy-conserving Lambert lobe (what an OBJ material with Ks 0 asks
//    for; such materials take a diffuse-only path through every function); KHR_materials_transmission replaces a fraction of
//    that diffuse energy with thin-walled rough transmission (the
//    reflection lobe mirrored through the surface).
//  * Metal: specular with F0 = base colour. Mix by metallic.
//  * KHR_materials_sheen: a Charlie sheen layer (Estevez–Kulla D and
//    visibility, as the extension specifies) over the whole base, below the
//    clearcoat: f = base·min(1 − max(c)·Ê(μo), 1 − max(c)·Ê(μi)) +
//    c·D·V / max(1, E(μo), E(μi)), with E the sheen albedo table
//    (ggx_tables.h kSheenE) and Ê = min(E, 1): the smooth Charlie lobe
//    reflects more than it receives at grazing angles, so it is normalised
//    there (symmetrically: reciprocal). Sampled with the diffuse lobe
//    (cosine), whose selection weight includes the sheen's albedo.
//  * KHR_materials_clearcoat: a GGX layer (F0 = 0.04) on top; the base is
//    scaled by 1 − clearcoat·Ecc(μo).
//  * KHR_materials_volume (BSDFParams.volume): at a volume boundary the
//    transmission lobe refracts (rough dielectric, Walter et al. 2007);
//    seen from inside the boundary is a bare dielectric with total
//    internal reflection. Without it transmission is thin-walled.
//  * KHR_materials_iridescence: a thin film's Fresnel (Belcour–Barla, the
//    extension's appendix) replaces Schlick's in the specular lobes.
// Sampling picks a lobe by estimated albedo, then VNDF (Heitz 2018) or a
// cosine hemisphere; the pdf is the mixture pdf of all lobes.
#pragma once
#include <metal_stdlib>
#include "ggx_tables.h"
using namespace metal;

#define kAlphaMin 1e-3f
#define kPi 3.14159265358979f
#define kLobeClearcoat 0u
#define kLobeSpecular 1u
#define kLobeDiffuse 2u
#define kLobeTransmission 3u
#define kSheenRoughnessMin 0.07f
// BSDFParams.volume: thin-walled transmission, or a KHR_materials_volume
// boundary seen from outside (the ray enters) or from inside (it leaves).
#define kVolumeThin 0u
#define kVolumeEnter 1u
#define kVolumeExit 2u
// kVolumeIorMin keeps a volume's IOR off 1, where refraction has no half
// vector (every microfacet passes the ray straight on).
#define kVolumeIorMin 1.001f

struct BSDFParams {
    float3 baseColor;
    float metallic;
    float roughness;
    float ior;
    float transmission;
    float clearcoat;
    float clearcoatRoughness;
    float specular;         // KHR_materials_specular weight (1: glTF default)
    float3 specularColor;   // KHR_materials_specular F0 tint (1: default)
    float3 sheenColor;      // KHR_materials_sheen colour (0: no sheen layer)
    float sheenRoughness;   // KHR_materials_sheen perceptual roughness
    uint volume = kVolumeThin;        // kVolume*: thin-walled, or entering / leaving a solid volume
    float iridescence = 0.0f;         // KHR_materials_iridescence strength (0: no film)
    float iridescenceIor = 1.3f;      // the film's IOR
    float iridescenceThickness = 0.0f; // the film's thickness (nm)
    // ggx points at the GGX albedo tables (the values of ggx_tables.h laid
    // out E1, E5, Avg1, Avg5; SceneResources.ggxTables). They live in a
    // buffer rather than in program-scope constant arrays: the CPU lowering
    // copies such arrays into thread memory in every function using them.
    const device float* ggx;
};

// Offsets of the tables in the GGX table buffer (floats).
#define GGX_OFFSET_E1 0
#define GGX_OFFSET_E5 (GGX_TABLE_SIZE * GGX_TABLE_SIZE)
#define GGX_OFFSET_AVG1 (2 * GGX_TABLE_SIZE * GGX_TABLE_SIZE)
#define GGX_OFFSET_AVG5 (2 * GGX_TABLE_SIZE * GGX_TABLE_SIZE + GGX_TABLE_SIZE)
#define GGX_OFFSET_SHEEN (2 * GGX_TABLE_SIZE * GGX_TABLE_SIZE + 2 * GGX_TABLE_SIZE)
#define GGX_TABLE_FLOATS (3 * GGX_TABLE_SIZE * GGX_TABLE_SIZE + 2 * GGX_TABLE_SIZE)

struct BSDFSample {
    float3 wi;
    float3 f;
    float pdf;
    float3 weight;
    uint lobe;
    bool ok;
};

struct BSDFState {
    float a;
    float acc;
    float f0d;      // dielectric F0 for the energy terms: max of f0c
    float3 f0c;     // dielectric F0 per channel (specularColor tint)
    float w;        // specular layer weight
    bool diffuse;   // only the Lambert lobe: specular 0, no metal, transmission or clearcoat
    float e1o;
    float e5o;      // the E5 table at (μo, roughness), read with e1o (0 where no table is read)
    float eso;
    float esAvg;
    float fmsD;
    float3 fmsM;
    float avg1;
    float ccScale;
    float4 lobeP;  // per-lobe selection probabilities (kLobe* order)
    // Sheen: largest colour channel (0: no sheen layer), Charlie α, the
    // sheen albedo E(μo) and 1 − sheenMax·min(E(μo), 1).
    float sheenMax;
    float sheenA;
    float sheenEo;
    float sheenScale;
    // Volume boundaries: the IOR of the far side over the viewer's (ior
    // entering, 1/ior leaving; 0 when thin-walled).
    float eta;
};

inline float luminance(float3 c) { return dot(c, float3(0.2126f, 0.7152f, 0.0722f)); }

inline float ggx_alpha(float r) {
    r = clamp(r, 0.0f, 1.0f);
    return max(r * r, kAlphaMin);
}

inline float ggx_d(float3 h, float a) {
    float a2 = a * a;
    float t = h.z * h.z * (a2 - 1.0f) + 1.0f;
    return a2 / (kPi * t * t);
}

inline float ggx_lambda(float mu, float a) {
    float mu2 = mu * mu;
    if (mu2 <= 0.0f) {
        return 1e30f;
    }
    float t2 = (1.0f - mu2) / mu2;
    return 0.5f * (-1.0f + sqrt(1.0f + a * a * t2));
}

inline float ggx_g1(float mu, float a) { return 1.0f / (1.0f + ggx_lambda(mu, a)); }

inline float ggx_g2(float muo, float mui, float a) {
    return 1.0f / (1.0f + ggx_lambda(muo, a) + ggx_lambda(mui, a));
}

inline float ggx_single(float3 wo, float3 wi, float a) {
    if (wo.z <= 0.0f || wi.z <= 0.0f) {
        return 0.0f;
    }
    float3 h = normalize(wo + wi);
    return ggx_d(h, a) * ggx_g2(wo.z, wi.z, a) / (4.0f * wo.z * wi.z);
}

inline float3 ggx_sample_vndf(float3 wo, float a, float u1, float u2) {
    float3 vh = normalize(float3(a * wo.x, a * wo.y, wo.z));
    float lensq = vh.x * vh.x + vh.y * vh.y;
    float3 t1v = lensq > 0.0f ? float3(-vh.y, vh.x, 0.0f) * (1.0f / sqrt(lensq)) : float3(1.0f, 0.0f, 0.0f);
    float3 t2v = cross(vh, t1v);
    float r = sqrt(u1);
    float phi = 2.0f * kPi * u2;
    float t1 = r * cos(phi);
    float t2 = r * sin(phi);
    float s = 0.5f * (1.0f + vh.z);
    t2 = (1.0f - s) * sqrt(max(1.0f - t1 * t1, 0.0f)) + s * t2;
    float3 nh = t1 * t1v + t2 * t2v + sqrt(max(1.0f - t1 * t1 - t2 * t2, 0.0f)) * vh;
    return normalize(float3(a * nh.x, a * nh.y, max(nh.z, 1e-6f)));
}

inline float ggx_pdf_vndf(float3 wo, float3 wi, float a) {
    if (wo.z <= 0.0f || wi.z <= 0.0f) {
        return 0.0f;
    }
    float3 h = normalize(wo + wi);
    return ggx_g1(wo.z, a) * ggx_d(h, a) / (4.0f * wo.z);
}

inline float3 reflect_h(float3 wo, float3 h) { return 2.0f * dot(wo, h) * h - wo; }

// ---- KHR_materials_sheen (Go reference: sheen.go) ----

inline float sheen_alpha(float r) {
    r = clamp(r, kSheenRoughnessMin, 1.0f);
    return r * r;
}

// charlie_d: (2 + 1/α)·sin(θh)^(1/α) / (2π).
inline float charlie_d(float nh, float a) {
    float inv = 1.0f / a;
    float s2 = max(1.0f - nh * nh, 0.0f);
    return (2.0f + inv) * pow(s2, 0.5f * inv) / (2.0f * kPi);
}

inline float charlie_mix(float u, float v, float t) { return u + (v - u) * t; }

// charlie_l: Estevez–Kulla's fit L(x), coefficients interpolated in (1 − α)².
inline float charlie_l(float x, float a) {
    float t = (1.0f - a) * (1.0f - a);
    float ca = charlie_mix(21.5473f, 25.3245f, t);
    float cb = charlie_mix(3.82987f, 3.32435f, t);
    float cc = charlie_mix(0.19823f, 0.16801f, t);
    float cd = charlie_mix(-1.97760f, -1.27393f, t);
    float ce = charlie_mix(-4.32054f, -4.85967f, t);
    return ca / (1.0f + cb * pow(x, cc)) + cd * x + ce;
}

inline float charlie_lambda(float mu, float a) {
    if (mu < 0.5f) {
        return exp(charlie_l(mu, a));
    }
    return exp(2.0f * charlie_l(0.5f, a) - charlie_l(1.0f - mu, a));
}

// charlie_v: 1 / ((1 + Λ(μo) + Λ(μi))·4μoμi), clamped to [0, 1].
inline float charlie_v(float muo, float mui, float a) {
    float v = 1.0f / ((1.0f + charlie_lambda(muo, a) + charlie_lambda(mui, a)) * (4.0f * muo * mui));
    return min(max(v, 0.0f), 1.0f);
}

// sheen_lobe: the white sheen BRDF D·V for wo, wi above the surface.
inline float sheen_lobe(float3 wo, float3 wi, float a) {
    if (wo.z <= 0.0f || wi.z <= 0.0f) {
        return 0.0f;
    }
    float3 h = normalize(wo + wi);
    return charlie_d(h.z, a) * charlie_v(wo.z, wi.z, a);
}

inline float schlick_weight(float c) {
    float m = clamp(1.0f - c, 0.0f, 1.0f);
    float m2 = m * m;
    return m2 * m2 * m;
}

// ---- KHR_materials_volume: rough dielectric boundaries (Go: volume.go) ----
//
// A volume boundary refracts (Walter et al. 2007, with the GGX D and
// height-correlated G2 of the reflection lobe). eta is the IOR of the far
// side over the viewer's; radiance is not rescaled by eta² across the
// boundary (a path leaves a closed volume as often as it enters, so the
// factors cancel; with VNDF sampling a refracted sample's weight is
// (1 − F)·G2/G1).

// volume_fresnel is the reflectance of a dielectric boundary at a microfacet
// whose cosine with the viewer's direction is c: Schlick's approximation
// taken with the cosine on the optically thinner side (the reflectance is
// the same from both sides), 1 under total internal reflection. The
// specular weight w (KHR_materials_specular) scales it except under total
// internal reflection.
inline float volume_fresnel(float f0, float w, float c, float eta) {
    if (eta >= 1.0f) {
        return w * (f0 + (1.0f - f0) * schlick_weight(c));
    }
    float s2 = (1.0f - c * c) / (eta * eta);
    if (s2 >= 1.0f) {
        return 1.0f;
    }
    return w * (f0 + (1.0f - f0) * schlick_weight(sqrt(1.0f - s2)));
}

// refract_h refracts wo (dot(wo, h) > 0) through the microfacet normal h
// into the far side: xyz the unit direction, w = 0 under total internal
// reflection.
inline float4 refract_h(float3 wo, float3 h, float eta) {
    float c = dot(wo, h);
    float inv = 1.0f / eta;
    float s2 = inv * inv * max(1.0f - c * c, 0.0f);
    if (s2 >= 1.0f) {
        return float4(0.0f);
    }
    float3 wi = normalize(h * (inv * c - sqrt(1.0f - s2)) - wo * inv);
    return float4(wi, 1.0f);
}

// volume_half is the microfacet normal that refracts wo into wi (wi.z < 0),
// on the normal's side; the zero vector when none does.
inline float3 volume_half(float3 wo, float3 wi, float eta) {
    float3 h = normalize(wo + eta * wi);
    if (h.z < 0.0f) {
        h = -h;
    }
    if (!(dot(wo, h) > 0.0f && dot(wi, h) < 0.0f)) {
        return float3(0.0f);
    }
    return h;
}

// volume_btdf is the refraction lobe without its Fresnel factor:
// D·G2·|wi·h|·(wo·h) / (|wi.z|·wo.z·(wi·h + (wo·h)/eta)²).
inline float volume_btdf(float3 wo, float3 wi, float3 h, float a, float eta) {
    float oh = dot(wo, h);
    float ih = dot(wi, h);
    float den = ih + oh / eta;
    return ggx_d(h, a) * ggx_g2(wo.z, -wi.z, a) * (-ih) * oh / (-wi.z * wo.z * den * den);
}

// volume_pdf is the density of wi when h is drawn from the visible normals
// of wo and wo refracted through it.
inline float volume_pdf(float3 wo, float3 wi, float3 h, float a, float eta) {
    float oh = dot(wo, h);
    float ih = dot(wi, h);
    float den = ih + oh / eta;
    return ggx_g1(wo.z, a) * ggx_d(h, a) * oh / wo.z * (-ih) / (den * den);
}

// ---- KHR_materials_iridescence: thin-film Fresnel (Go: iridescence.go) ----
//
// The Fresnel factor of the specular lobes seen through a thin dielectric
// film over the base, after Belcour and Barla (2017) as the extension's
// appendix evaluates it: the Airy summation of the film's
// inter-reflections as a Fourier series in the phase, its first two
// orders integrated against the CIE XYZ sensitivities in closed form
// (Gaussian fits of their Fourier transforms), converted to linear
// Rec. 709. The outside medium is air (IOR 1).

// film_sensitivity is the XYZ sensitivities' response to an optical path
// difference opd (nm) with per-channel phase shifts, in linear Rec. 709.
inline float3 film_sensitivity(float opd, float3 shift) {
    float phase = 2.0f * kPi * opd * 1e-9f;
    const float3 val = float3(5.4856e-13f, 4.4201e-13f, 5.2481e-13f);
    const float3 pos = float3(1.6810e+06f, 1.7953e+06f, 2.2084e+06f);
    const float3 var = float3(4.3278e+09f, 9.3046e+09f, 6.6121e+09f);
    float3 xyz = val * sqrt(2.0f * kPi * var) * cos(pos * phase + shift) * exp(-phase * phase * var);
    xyz.x += 9.7470e-14f * sqrt(2.0f * kPi * 4.5282e+09f) * cos(2.2399e+06f * phase + shift.x) * exp(-4.5282e+09f * phase * phase);
    xyz *= 1.0f / 1.0685e-7f;
    return float3(3.2404542f * xyz.x - 1.5371385f * xyz.y - 0.4985314f * xyz.z,
                  -0.9692660f * xyz.x + 1.8760108f * xyz.y + 0.0415560f * xyz.z,
                  0.0556434f * xyz.x - 0.2040259f * xyz.y + 1.0572252f * xyz.z);
}

// thin_film_fresnel is the reflectance of a film of IOR filmIor and
// thickness (nm) in air over a base of normal reflectance baseF0, at cos1,
// the cosine between the viewer and the microfacet normal.
inline float3 thin_film_fresnel(float filmIor, float3 baseF0, float thickness, float cos1) {
    float s2 = (1.0f - cos1 * cos1) / (filmIor * filmIor);
    if (1.0f - s2 < 0.0f) {
        return float3(1.0f); // total internal reflection (a film of IOR < 1)
    }
    float cos2 = sqrt(1.0f - s2);
    // The air/film interface: reflectance, transmission there and back,
    // and the phase of the reflection inside the film.
    float q = (filmIor - 1.0f) / (filmIor + 1.0f);
    float f0 = q * q;
    float r12 = f0 + (1.0f - f0) * schlick_weight(cos1);
    float t121 = 1.0f - r12;
    float phi21 = filmIor < 1.0f ? 0.0f : kPi;
    // The film/base interface per channel (the base IOR from its F0), the
    // phase shifts and the compound terms of the Airy summation.
    float3 sf = sqrt(clamp(baseF0, 0.0f, 0.9999f));
    float3 baseIor = (1.0f + sf) / (1.0f - sf);
    float3 qb = (baseIor - filmIor) / (baseIor + filmIor);
    float3 r1 = qb * qb;
    float3 r23 = r1 + (1.0f - r1) * schlick_weight(cos2);
    float3 phi = float3(phi21) + select(float3(0.0f), float3(kPi), baseIor < float3(filmIor));
    float3 rr = clamp(r12 * r23, 1e-5f, 0.9999f);
    float3 r123 = sqrt(rr);
    float3 rs = t121 * t121 * r23 / (1.0f - rr);
    float3 i = r12 + rs; // the m = 0 (DC) term
    float3 cm = rs - t121;
    float opd = 2.0f * filmIor * thickness * cos2; // optical path difference (nm)
    cm *= r123;
    i += cm * 2.0f * film_sensitivity(opd, phi);
    cm *= r123;
    i += cm * 2.0f * film_sensitivity(2.0f * opd, 2.0f * phi);
    return max(i, float3(0.0f));
}

// table2 bilinearly interpolates a GGX_TABLE_SIZE² table at (mu, r).
inline float table2(const device float* t, float mu, float r) {
    const int n = GGX_TABLE_SIZE;
    float x = clamp(mu, 0.0f, 1.0f) * float(n - 1);
    float y = clamp(r, 0.0f, 1.0f) * float(n - 1);
    int x0 = min(int(x), n - 2);
    int y0 = min(int(y), n - 2);
    float fx = x - float(x0);
    float fy = y - float(y0);
    float a = t[y0 * n + x0] * (1.0f - fx) + t[y0 * n + x0 + 1] * fx;
    float b = t[(y0 + 1) * n + x0] * (1.0f - fx) + t[(y0 + 1) * n + x0 + 1] * fx;
    return a * (1.0f - fy) + b * fy;
}

inline float table1(const device float* t, float r) {
    const int n = GGX_TABLE_SIZE;
    float y = clamp(r, 0.0f, 1.0f) * float(n - 1);
    int y0 = min(int(y), n - 2);
    float fy = y - float(y0);
    return t[y0] * (1.0f - fy) + t[y0 + 1] * fy;
}

inline float kc_fms(float f0, float eavg) {
    float favg = f0 + (1.0f - f0) / 21.0f;
    return favg * favg * eavg / (1.0f - favg * (1.0f - eavg));
}

inline float spec_albedo(float f0, float e1, float e5, float fm) {
    return f0 * e1 + (1.0f - f0) * e5 + fm * (1.0f - e1);
}

// bsdf_state builds the BSDF state for wo. By default (Lobes) it builds
// all of it, what bsdf_state_eval, bsdf_state_pdf and bsdf_state_sample
// read; bsdf_state<false> builds the part that image-based lighting reads
// (the raster preview's split sum for fragments no light reaches): f0c,
// f0d, w, diffuse, e1o, e5o, eso, fmsD, fmsM, avg1, ccScale, the sheen's
// sheenMax, sheenEo and sheenScale, and eta, by the same expressions (the
// same bits as the whole state's), and leaves 0 what only the lobes read
// (the α's, esAvg, sheenA and the lobe probabilities), skipping their
// table lookups. Lobes is a template argument rather than a second
// function for the rest so that the whole state keeps one branch per case
// and shares its table coordinates, and each instance folds to straight
// code; called directly rather than through a wrapper, the smaller
// instance is small enough to be inlined. It has a single return:
// inlined, its state is built in place (an early return would copy the
// whole struct under the lanes' mask).
template <bool Lobes = true>
inline BSDFState bsdf_state(BSDFParams p, float3 wo) {
    BSDFState s;
    float r = clamp(p.roughness, 0.0f, 1.0f);
    s.a = 0.0f;
    s.acc = 0.0f;
    if (Lobes) {
        s.a = ggx_alpha(r);
        s.acc = ggx_alpha(p.clearcoatRoughness);
    }
    float ior = max(p.ior, 1.0f);
    float q = (ior - 1.0f) / (ior + 1.0f);
    s.f0c = min(q * q * p.specularColor, float3(1.0f));
    s.f0d = max(s.f0c.x, max(s.f0c.y, s.f0c.z));
    s.w = clamp(p.specular, 0.0f, 1.0f);
    s.sheenMax = max(max(p.sheenColor.x, max(p.sheenColor.y, p.sheenColor.z)), 0.0f);
    s.sheenA = 0.0f;
    s.sheenEo = 0.0f;
    s.sheenScale = 1.0f;
    s.eta = 0.0f;
    s.esAvg = 0.0f;
    s.lobeP = float4(0.0f);
    if (p.volume == kVolumeExit) {
        // Inside a volume: a bare dielectric boundary (reflection and
        // refraction split by the Fresnel factor of each microfacet).
        s.eta = 1.0f / max(ior, kVolumeIorMin);
        s.diffuse = false;
        s.e1o = 0.0f;
        s.e5o = 0.0f;
        s.eso = 0.0f;
        s.fmsD = 0.0f;
        s.fmsM = float3(0.0f);
        s.avg1 = 0.0f;
        s.ccScale = 1.0f;
        if (Lobes) {
            s.lobeP = float4(0.0f, 0.5f, 0.0f, 0.5f);
        }
    } else {
        if (p.volume == kVolumeEnter) {
            s.eta = max(ior, kVolumeIorMin);
        }
        // & rather than &&: the compares are cheap and no branch is taken.
        s.diffuse = (s.w == 0.0f) & (p.metallic == 0.0f) & (p.transmission == 0.0f) & (p.clearcoat == 0.0f) &
                    (s.sheenMax == 0.0f) & (p.iridescence == 0.0f);
        if (s.diffuse) {
            // What the general terms give with no specular energy: no table
            // lookups, the whole albedo in the Lambert lobe.
            s.e1o = 0.0f;
            s.e5o = 0.0f;
            s.eso = 0.0f;
            s.fmsD = 0.0f;
            s.fmsM = float3(0.0f);
            s.avg1 = 0.0f;
            s.ccScale = 1.0f;
            if (Lobes) {
                s.lobeP = float4(0.0f, 0.0f, 1.0f, 0.0f);
            }
        } else {
            float mu = wo.z;
            s.avg1 = table1(p.ggx + GGX_OFFSET_AVG1, r);
            float avg5 = 0.0f;
            if (Lobes) {
                avg5 = table1(p.ggx + GGX_OFFSET_AVG5, r);
            }
            s.e1o = table2(p.ggx + GGX_OFFSET_E1, mu, r);
            float e5o = table2(p.ggx + GGX_OFFSET_E5, mu, r);
            s.e5o = e5o;
            s.fmsD = kc_fms(s.f0d, s.avg1);
            s.fmsM = float3(kc_fms(p.baseColor.x, s.avg1), kc_fms(p.baseColor.y, s.avg1), kc_fms(p.baseColor.z, s.avg1));
            s.eso = s.w * spec_albedo(s.f0d, s.e1o, e5o, s.fmsD);
            if (Lobes) {
                s.esAvg = s.w * spec_albedo(s.f0d, s.avg1, avg5, s.fmsD);
            }
            float rc = clamp(p.clearcoatRoughness, 0.0f, 1.0f);
            // Without clearcoat ccScale is 1 whatever ecc is: skip its two
            // table lookups (the same bits as the Go reference, which always
            // computes it).
            float ecc = 0.0f;
            if (p.clearcoat != 0.0f) {
                ecc = 0.04f * table2(p.ggx + GGX_OFFSET_E1, mu, rc) + 0.96f * table2(p.ggx + GGX_OFFSET_E5, mu, rc);
            }
            s.ccScale = 1.0f - p.clearcoat * ecc;
            // The lobes' selection weights (the sheen layer scales them).
            float wSpec = 0.0f;
            float wDiff = 0.0f;
            float wTrans = 0.0f;
            float sum = 0.0f;
            if (Lobes) {
                float m = p.metallic;
                float tr = p.transmission;
                float lc = luminance(p.baseColor);
                float metalSpec = luminance(p.baseColor * s.e1o + (1.0f - p.baseColor) * e5o);
                wSpec = (1.0f - m) * s.w * (s.f0d * s.e1o + (1.0f - s.f0d) * e5o) + m * metalSpec;
                wDiff = (1.0f - m) * (1.0f - tr) * lc * (1.0f - s.eso) + ((1.0f - m) * s.w * s.fmsD + m * luminance(s.fmsM)) * (1.0f - s.e1o);
                wTrans = (1.0f - m) * tr * lc * (1.0f - s.eso);
                sum = wSpec + wDiff + wTrans;
            }
            if (s.sheenMax > 0.0f) {
                // The sheen layer: the base keeps 1 − max(colour)·Ê(μo);
                // the sheen's own albedo is sampled with the diffuse lobe
                // (cosine).
                s.sheenEo = table2(p.ggx + GGX_OFFSET_SHEEN, mu, clamp(p.sheenRoughness, 0.0f, 1.0f));
                float eo = min(s.sheenEo, 1.0f);
                s.sheenScale = 1.0f - s.sheenMax * eo;
                if (Lobes) {
                    s.sheenA = sheen_alpha(p.sheenRoughness);
                    wSpec *= s.sheenScale;
                    wTrans *= s.sheenScale;
                    wDiff = wDiff * s.sheenScale + luminance(p.sheenColor) * eo;
                    sum = wSpec + wDiff + wTrans;
                }
            }
            if (Lobes) {
                if (!(sum > 0.0f)) {
                    wSpec = 0.0f;
                    wDiff = 1.0f;
                    wTrans = 0.0f;
                    sum = 1.0f;
                }
                float pcc = 1.0f - s.ccScale;
                s.lobeP[kLobeClearcoat] = pcc;
                s.lobeP[kLobeSpecular] = (1.0f - pcc) * wSpec / sum;
                s.lobeP[kLobeDiffuse] = (1.0f - pcc) * wDiff / sum;
                s.lobeP[kLobeTransmission] = (1.0f - pcc) * wTrans / sum;
            }
        }
    }
    return s;
}

// volume_exit_eval is the boundary seen from inside a volume (s.eta < 1):
// reflection F·D·G2/(4·wo.z·wi.z), refraction out (1 − F)·btdf tinted by
// the base colour.
inline float3 volume_exit_eval(BSDFParams p, BSDFState s, float3 wo, float3 wi) {
    if (wi.z > 0.0f) {
        float3 h = normalize(wo + wi);
        float f = volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta);
        return float3(f * ggx_single(wo, wi, s.a));
    }
    float3 h = volume_half(wo, wi, s.eta);
    if (!(wi.z < 0.0f) || !(h.z > 0.0f)) {
        return float3(0.0f);
    }
    float f = volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta);
    return p.baseColor * ((1.0f - f) * volume_btdf(wo, wi, h, s.a, s.eta));
}

// volume_exit_pdf: the microfacet's Fresnel factor picks reflection or
// refraction (volume_exit_sample).
inline float volume_exit_pdf(BSDFState s, float3 wo, float3 wi) {
    if (wi.z > 0.0f) {
        float3 h = normalize(wo + wi);
        return volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta) * ggx_pdf_vndf(wo, wi, s.a);
    }
    float3 h = volume_half(wo, wi, s.eta);
    if (!(wi.z < 0.0f) || !(h.z > 0.0f)) {
        return 0.0f;
    }
    return (1.0f - volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta)) * volume_pdf(wo, wi, h, s.a, s.eta);
}

inline float3 bsdf_state_eval(BSDFParams p, BSDFState s, float3 wo, float3 wi) {
    if (s.diffuse) {
        // The general expression with eso = esi = esAvg = 0 and no
        // specular, metal or clearcoat term: base colour / π.
        return select(float3(0.0f), p.baseColor * (1.0f / kPi), wi.z > 0.0f);
    }
    if (p.volume == kVolumeExit) {
        return volume_exit_eval(p, s, wo, wi);
    }
    float r = clamp(p.roughness, 0.0f, 1.0f);
    float m = p.metallic;
    if (wi.z <= 0.0f) {
        if (p.transmission <= 0.0f || m >= 1.0f || wi.z == 0.0f || s.e1o <= 0.0f) {
            return float3(0.0f);
        }
        float k;
        if (p.volume == kVolumeEnter) {
            // Refraction into the volume, with the energy the boundary's
            // microfacet does not reflect.
            float3 h = volume_half(wo, wi, s.eta);
            if (!(h.z > 0.0f)) {
                return float3(0.0f);
            }
            float t = 1.0f - volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta);
            k = (1.0f - m) * p.transmission * t * volume_btdf(wo, wi, h, s.a, s.eta) * s.ccScale;
        } else {
            float3 wf = float3(wi.x, wi.y, -wi.z);
            k = (1.0f - m) * p.transmission * (1.0f - s.eso) * ggx_single(wo, wf, s.a) / s.e1o * s.ccScale;
        }
        if (s.sheenMax > 0.0f) {
            float ei = table2(p.ggx + GGX_OFFSET_SHEEN, abs(wi.z), clamp(p.sheenRoughness, 0.0f, 1.0f));
            k *= min(s.sheenScale, 1.0f - s.sheenMax * min(ei, 1.0f));
        }
        return p.baseColor * k;
    }
    float3 h = normalize(wo + wi);
    float voh = max(dot(wo, h), 0.0f);
    float fw = schlick_weight(voh);
    float ss = ggx_single(wo, wi, s.a);
    float e1i = table2(p.ggx + GGX_OFFSET_E1, wi.z, r);
    float msShape = 0.0f;
    if (1.0f - s.avg1 > 1e-4f) {
        msShape = (1.0f - s.e1o) * (1.0f - e1i) / (kPi * (1.0f - s.avg1));
    }
    float3 diel = s.w * (ss * (s.f0c + (1.0f - s.f0c) * fw) + s.fmsD * msShape);
    float e5i = table2(p.ggx + GGX_OFFSET_E5, wi.z, r);
    float esi = s.w * spec_albedo(s.f0d, e1i, e5i, s.fmsD);
    float diffK = 0.0f;
    if (1.0f - s.esAvg > 1e-6f) {
        diffK = (1.0f - p.transmission) * (1.0f - s.eso) * (1.0f - esi) / (kPi * (1.0f - s.esAvg));
    }
    float3 c = p.baseColor;
    float3 metal = ss * (c + (1.0f - c) * fw) + s.fmsM * msShape;
    if (p.iridescence > 0.0f) {
        // KHR_materials_iridescence: the thin film's Fresnel replaces
        // Schlick's in the single-scattering specular lobes, mixed by the
        // strength (the dielectric's film sits over its weighted F0).
        if (m < 1.0f) {
            float3 fi = thin_film_fresnel(p.iridescenceIor, s.w * s.f0c, p.iridescenceThickness, voh);
            diel = ss * mix(s.w * (s.f0c + (1.0f - s.f0c) * fw), fi, p.iridescence) + s.w * s.fmsD * msShape;
        }
        if (m > 0.0f) {
            float3 fm = thin_film_fresnel(p.iridescenceIor, c, p.iridescenceThickness, voh);
            metal = ss * mix(c + (1.0f - c) * fw, fm, p.iridescence) + s.fmsM * msShape;
        }
    }
    float3 f = (1.0f - m) * (diel + c * diffK) + m * metal;
    if (s.sheenMax > 0.0f) {
        float ei = table2(p.ggx + GGX_OFFSET_SHEEN, wi.z, clamp(p.sheenRoughness, 0.0f, 1.0f));
        float sc = min(s.sheenScale, 1.0f - s.sheenMax * min(ei, 1.0f));
        f = f * sc + p.sheenColor * (sheen_lobe(wo, wi, s.sheenA) / max(max(s.sheenEo, ei), 1.0f));
    }
    f *= s.ccScale;
    if (p.clearcoat > 0.0f) {
        f += float3(p.clearcoat * ggx_single(wo, wi, s.acc) * (0.04f + 0.96f * fw));
    }
    return f;
}

inline float bsdf_state_pdf(BSDFState s, float3 wo, float3 wi) {
    if (s.diffuse) {
        return select(0.0f, s.lobeP[kLobeDiffuse] * wi.z / kPi, wi.z > 0.0f);
    }
    if (s.eta > 0.0f && s.eta < 1.0f) {
        return volume_exit_pdf(s, wo, wi);
    }
    if (wi.z < 0.0f) {
        if (s.eta > 0.0f) {
            float3 h = volume_half(wo, wi, s.eta);
            return h.z > 0.0f ? s.lobeP[kLobeTransmission] * volume_pdf(wo, wi, h, s.a, s.eta) : 0.0f;
        }
        return s.lobeP[kLobeTransmission] * ggx_pdf_vndf(wo, float3(wi.x, wi.y, -wi.z), s.a);
    }
    if (wi.z == 0.0f) {
        return 0.0f;
    }
    // A zero clearcoat probability contributes +0 (its pdf is finite for
    // wo.z, wi.z > 0): skip evaluating it.
    float ccp = 0.0f;
    if (s.lobeP[kLobeClearcoat] != 0.0f) {
        ccp = s.lobeP[kLobeClearcoat] * ggx_pdf_vndf(wo, wi, s.acc);
    }
    return ccp +
           s.lobeP[kLobeSpecular] * ggx_pdf_vndf(wo, wi, s.a) +
           s.lobeP[kLobeDiffuse] * wi.z / kPi;
}

// bsdf_eval returns f(wo, wi) (no cosine) and, in pdf, the density with
// which bsdf_sample picks wi.
inline float3 bsdf_eval(BSDFParams p, float3 wo, float3 wi, thread float& pdf) {
    if (wo.z < 0.0f) {
        wo.z = -wo.z;
        wi.z = -wi.z;
    }
    if (wo.z <= 0.0f) {
        pdf = 0.0f;
        return float3(0.0f);
    }
    BSDFState s = bsdf_state(p, wo);
    pdf = bsdf_state_pdf(s, wo, wi);
    return bsdf_state_eval(p, s, wo, wi);
}

inline float3 cosine_hemisphere(float u1, float u2) {
    float x = 2.0f * u1 - 1.0f;
    float y = 2.0f * u2 - 1.0f;
    if (x == 0.0f && y == 0.0f) {
        return float3(0.0f, 0.0f, 1.0f);
    }
    float r;
    float phi;
    if (abs(x) > abs(y)) {
        r = x;
        phi = kPi / 4.0f * (y / x);
    } else {
        r = y;
        phi = kPi / 2.0f - kPi / 4.0f * (x / y);
    }
    float2 d = float2(r * cos(phi), r * sin(phi));
    return float3(d, sqrt(max(1.0f - d.x * d.x - d.y * d.y, 0.0f)));
}

// volume_exit_sample draws a visible microfacet normal with u.y, u.z, then
// reflects (u.x < F, always under total internal reflection) or refracts
// out of the volume through it.
inline BSDFSample volume_exit_sample(BSDFParams p, BSDFState s, float3 wo, float3 u) {
    BSDFSample out;
    out.ok = false;
    out.lobe = kLobeSpecular;
    float3 h = ggx_sample_vndf(wo, s.a, u.y, u.z);
    float f = volume_fresnel(s.f0d, s.w, dot(wo, h), s.eta);
    float3 wi;
    uint lobe = kLobeSpecular;
    if (u.x < f) {
        wi = reflect_h(wo, h);
        if (wi.z <= 0.0f) {
            return out;
        }
    } else {
        float4 t = refract_h(wo, h, s.eta);
        if (!(t.w > 0.0f) || t.z >= 0.0f) {
            return out;
        }
        wi = t.xyz;
        lobe = kLobeTransmission;
    }
    float pdf = volume_exit_pdf(s, wo, wi);
    if (!(pdf > 0.0f)) {
        return out;
    }
    float3 fv = volume_exit_eval(p, s, wo, wi);
    out.wi = wi;
    out.f = fv;
    out.pdf = pdf;
    out.weight = fv * (abs(wi.z) / pdf);
    out.lobe = lobe;
    out.ok = true;
    return out;
}

// bsdf_state_sample samples with a state built for wo (wo.z > 0): u.x
// picks the lobe, u.y and u.z the direction.
inline BSDFSample bsdf_state_sample(BSDFParams p, BSDFState s, float3 wo, float3 u) {
    if (p.volume == kVolumeExit) {
        return volume_exit_sample(p, s, wo, u);
    }
    BSDFSample out;
    out.ok = false;
    out.lobe = kLobeDiffuse;
    // The first lobe l with u.x below the running sum of the
    // probabilities (and a non-zero probability of its own), branch-free.
    float c0 = s.lobeP.x;
    float c1 = c0 + s.lobeP.y;
    float c2 = c1 + s.lobeP.z;
    float c3 = c2 + s.lobeP.w;
    uint lobe = (u.x < c0 && s.lobeP.x > 0.0f) ? 0u
              : (u.x < c1 && s.lobeP.y > 0.0f) ? 1u
              : (u.x < c2 && s.lobeP.z > 0.0f) ? 2u
              : (u.x < c3 && s.lobeP.w > 0.0f) ? 3u
              : kLobeDiffuse;
    float3 wi;
    if (lobe == kLobeDiffuse) {
        wi = cosine_hemisphere(u.y, u.z);
    } else {
        // Clearcoat, specular and transmission share one VNDF sample
        // (lanes that picked different lobes do not run it twice).
        float3 h = ggx_sample_vndf(wo, lobe == kLobeClearcoat ? s.acc : s.a, u.y, u.z);
        wi = reflect_h(wo, h);
        if (lobe == kLobeTransmission) {
            if (s.eta > 0.0f) {
                // Into the volume (no total internal reflection from outside).
                float4 t = refract_h(wo, h, s.eta);
                wi = t.w > 0.0f ? t.xyz : float3(0.0f, 0.0f, 1.0f);
            } else {
                wi.z = -wi.z;
            }
        }
    }
    if ((lobe != kLobeTransmission && wi.z <= 0.0f) || (lobe == kLobeTransmission && wi.z >= 0.0f)) {
        return out;
    }
    float3 f = bsdf_state_eval(p, s, wo, wi);
    float pdf = bsdf_state_pdf(s, wo, wi);
    if (!(pdf > 0.0f)) {
        return out;
    }
    out.wi = wi;
    out.f = f;
    out.pdf = pdf;
    out.weight = f * (abs(wi.z) / pdf);
    out.lobe = lobe;
    out.ok = true;
    return out;
}

// bsdf_sample: u.x picks the lobe, u.y and u.z the direction (two-sided:
// wo below the surface is mirrored, and so is the result).
inline BSDFSample bsdf_sample(BSDFParams p, float3 wo, float3 u) {
    bool flip = wo.z < 0.0f;
    if (flip) {
        wo.z = -wo.z;
    }
    if (wo.z <= 0.0f) {
        BSDFSample out;
        out.ok = false;
        out.lobe = kLobeDiffuse;
        return out;
    }
    BSDFState s = bsdf_state(p, wo);
    BSDFSample out = bsdf_state_sample(p, s, wo, u);
    if (out.ok && flip) {
        out.wi.z = -out.wi.z;
    }
    return out;
}

// mis_power is the power heuristic (β = 2) weight of strategy a.
inline float mis_power(float pa, float pb) {
    // Selects rather than branches: the same values, no divergent masks.
    float a2 = pa * pa;
    float b2 = pb * pb;
    float w = select(0.0f, a2 / (a2 + b2), a2 + b2 > 0.0f);
    return select(w, 1.0f, isinf(pa));
}
