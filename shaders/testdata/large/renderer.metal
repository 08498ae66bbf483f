// renderer.metal — benchmark and test input for the ingot MSL front end.
//
// This file is NOT taken from the seeds and is not run by any scene: it is a realistic, self-contained
// ~1,000-line Metal Shading Language source written from scratch in the style of a production forward+
// renderer (shared host/shader types from <simd/simd.h>, namespaces, structs with constructors and
// methods, class and function templates, explicit kernel instantiations with [[host_name]], constexpr
// samplers, function constants, a PBR vertex/fragment pair, post-processing and utility kernels).
// It must check cleanly (valid MSL as Apple's compiler accepts it, Metal 3.0 or later) and is used to
// measure front-end throughput (check + reflect) and as a parser/checker fuzz seed.
//
// Binding overview (buffer / texture / sampler indices are unique per function and resource group):
//   vertex   pbr_vertex        buffers 0 (stage_in vertices via descriptor), 1 frame, 4 instances
//   fragment pbr_fragment      buffers 1 frame, 2 materials, 3 lights, 5 light grid, 6 light indices;
//                              textures 0..5 (normal 1 and emissive 3 optional via function constants)
//   kernels  see each kernel's argument list.

#include <metal_stdlib>
#include <simd/simd.h>

using namespace metal;

// ---------------------------------------------------------------------------------------------------
// Types shared with host code. On the host these come from the same header; the simd_/vector_/matrix_
// spellings keep the layout identical on both sides.
// ---------------------------------------------------------------------------------------------------

#ifdef __METAL_VERSION__
#define SHARED_CONSTANT constant
#else
#define SHARED_CONSTANT const
#endif

#define INGOT_MAX_LIGHTS_PER_TILE 64
#define INGOT_TILE_SIZE 16
#define INGOT_HISTOGRAM_BINS 256

typedef enum BufferIndex : int32_t {
    BufferIndexVertices    = 0,
    BufferIndexFrame       = 1,
    BufferIndexMaterials   = 2,
    BufferIndexLights      = 3,
    BufferIndexInstances   = 4,
    BufferIndexLightGrid   = 5,
    BufferIndexLightList   = 6,
} BufferIndex;

typedef enum TextureIndex : int32_t {
    TextureIndexBaseColor  = 0,
    TextureIndexNormal     = 1,
    TextureIndexMetalRough = 2,
    TextureIndexEmissive   = 3,
    TextureIndexShadow     = 4,
    TextureIndexIrradiance = 5,
} TextureIndex;

typedef enum VertexAttribute : int32_t {
    VertexAttributePosition = 0,
    VertexAttributeNormal   = 1,
    VertexAttributeTangent  = 2,
    VertexAttributeUV0      = 3,
} VertexAttribute;

enum class LightType : uint32_t {
    Directional = 0,
    Point       = 1,
    Spot        = 2,
};

enum class ToneMapOperator : uint32_t {
    Linear     = 0,
    Reinhard   = 1,
    ACES       = 2,
    Uncharted2 = 3,
};

enum MaterialFlags : uint32_t {
    MaterialFlagNone        = 0,
    MaterialFlagDoubleSided = 1u << 0,
    MaterialFlagAlphaMask   = 1u << 1,
    MaterialFlagUnlit       = 1u << 2,
};

typedef struct {
    simd_float4x4 viewProjection;
    simd_float4x4 view;
    simd_float4x4 projection;
    simd_float4x4 inverseViewProjection;
    simd_float3   cameraPosition;
    float         time;
    simd_uint2    viewportSize;
    uint32_t      lightCount;
    uint32_t      frameIndex;
    float         exposure;
} FrameUniforms;

struct InstanceData {
    matrix_float4x4 model;
    matrix_float3x3 normalMatrix;
    vector_float4   tint;
    uint32_t        materialIndex;
    uint32_t        flags;
};

struct MaterialParams {
    vector_float4 baseColorFactor;
    vector_float3 emissiveFactor;
    float         metallicFactor;
    float         roughnessFactor;
    float         occlusionStrength;
    float         alphaCutoff;
    uint32_t      flags;
};

struct Light {
    vector_float3 position;
    vector_float3 direction;
    vector_float3 color;
    float         range;
    float         intensity;
    float         spotInner;
    float         spotOuter;
    LightType     type;
    uint32_t      castsShadow;
};

struct LightGridCell {
    uint32_t offset;
    uint32_t count;
};

static_assert(sizeof(Light) == 80, "Light must match the host layout");
static_assert(alignof(Light) == 16, "Light is 16-byte aligned (vector_float3 members)");
static_assert(sizeof(FrameUniforms) == 304, "FrameUniforms must match the host layout");
static_assert(sizeof(LightGridCell) == 8, "LightGridCell is two uints");

// ---------------------------------------------------------------------------------------------------
// Function constants (specialised at pipeline creation).
// ---------------------------------------------------------------------------------------------------

constant bool kHasNormalMap      [[function_constant(0)]];
constant bool kHasEmissiveMap    [[function_constant(1)]];
constant bool kAlphaTest         [[function_constant(2)]];
constant uint kToneMapOperator   [[function_constant(3)]];
constant int  kShadowTaps        [[function_constant(4)]];
constant bool kUseIBL            [[function_constant(5)]];
constant float kBloomThreshold   [[function_constant(6)]];

constant bool kToneMapDefined    = is_function_constant_defined(kToneMapOperator);
constant int  kShadowTapCount    = is_function_constant_defined(kShadowTaps) ? kShadowTaps : 4;
constant bool kIBLEnabled        = is_function_constant_defined(kUseIBL) && kUseIBL;
constant float kBloomCut         = is_function_constant_defined(kBloomThreshold) ? kBloomThreshold : 1.0f;

// ---------------------------------------------------------------------------------------------------
// Samplers.
// ---------------------------------------------------------------------------------------------------

constexpr sampler kLinearRepeat(coord::normalized,
                                filter::linear,
                                mip_filter::linear,
                                address::repeat,
                                max_anisotropy(8));

constexpr sampler kLinearClamp(coord::normalized,
                               filter::linear,
                               mip_filter::linear,
                               address::clamp_to_edge);

constexpr sampler kPointClamp(coord::normalized,
                              filter::nearest,
                              address::clamp_to_edge);

constexpr sampler kShadowCompare(coord::normalized,
                                 filter::linear,
                                 address::clamp_to_border,
                                 border_color::opaque_white,
                                 compare_func::less_equal);

constexpr constant float kPi        = 3.14159265358979323846f;
constexpr constant float kInvPi     = 0.31830988618379067154f;
constexpr constant float kEpsilon   = 1.0e-4f;
constexpr constant uint  kBlurGroup = 128;

using color3 = float3;
typedef half4 pixel_t;
typedef float4x4 mat4;
typedef float3x3 mat3;

namespace ingot {

// ---------------------------------------------------------------------------------------------------
// Generic math helpers.
// ---------------------------------------------------------------------------------------------------

template <typename T>
inline T square(T x)
{
    return x * x;
}

template <typename T>
inline T pow5(T x)
{
    T x2 = x * x;
    return x2 * x2 * x;
}

template <typename T, int N>
inline vec<T, N> safe_normalize(vec<T, N> v, vec<T, N> fallback)
{
    T len2 = dot(v, v);
    return len2 > T(1.0e-8) ? v * rsqrt(len2) : fallback;
}

template <typename T>
inline T remap(T value, T inMin, T inMax, T outMin, T outMax)
{
    T t = (value - inMin) / (inMax - inMin);
    return outMin + t * (outMax - outMin);
}

inline float max3(float3 v)
{
    return max(v.x, max(v.y, v.z));
}

inline float min3(float3 v)
{
    return min(v.x, min(v.y, v.z));
}

template <typename T>
struct Range {
    T lo;
    T hi;

    Range(T l, T h) : lo(l), hi(h) {}

    T clampValue(T v) const { return clamp(v, lo, hi); }
    bool contains(T v) const { return v >= lo && v <= hi; }
    T extent() const { return hi - lo; }
    T lerp(float t) const { return lo + T(t) * (hi - lo); }
};

template <typename T, uint N>
struct FixedArray {
    T items[N];
    uint count;

    FixedArray() : count(0) {}

    bool push(T v)
    {
        if (count >= N)
            return false;
        items[count++] = v;
        return true;
    }

    T operator[](uint i) const { return items[i]; }
    uint capacity() const { return N; }
};

// Column-major 3x3 basis built from a normal and a tangent (tangent.w = bitangent sign).
struct TangentFrame {
    float3 t;
    float3 b;
    float3 n;

    TangentFrame(float3 normal, float4 tangent)
    {
        n = normalize(normal);
        t = normalize(tangent.xyz - n * dot(n, tangent.xyz));
        b = cross(n, t) * (tangent.w < 0.0f ? -1.0f : 1.0f);
    }

    float3 toWorld(float3 v) const { return t * v.x + b * v.y + n * v.z; }
    float3 toLocal(float3 v) const { return float3(dot(v, t), dot(v, b), dot(v, n)); }
    mat3 matrix() const { return mat3(t, b, n); }
};

// A small spectrum type with operator overloading.
struct Spectrum {
    float3 v;

    Spectrum() : v(0.0f) {}
    explicit Spectrum(float s) : v(s) {}
    Spectrum(float3 c) : v(c) {}

    Spectrum operator+(Spectrum o) const { return Spectrum(v + o.v); }
    Spectrum operator*(Spectrum o) const { return Spectrum(v * o.v); }
    Spectrum operator*(float s) const { return Spectrum(v * s); }
    Spectrum &operator+=(Spectrum o)
    {
        v += o.v;
        return *this;
    }
    bool isBlack() const { return all(v == float3(0.0f)); }
    float luminance() const { return dot(v, float3(0.2126f, 0.7152f, 0.0722f)); }
};

// ---------------------------------------------------------------------------------------------------
// Random numbers (PCG hash) and sampling.
// ---------------------------------------------------------------------------------------------------

namespace rng {

inline uint pcg_hash(uint v)
{
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

inline float to_unit_float(uint bits)
{
    return as_type<float>((bits >> 9) | 0x3f800000u) - 1.0f;
}

struct Generator {
    uint state;

    Generator(uint2 pixel, uint frame) : state(pcg_hash(pixel.x + pcg_hash(pixel.y + pcg_hash(frame)))) {}

    uint next_uint()
    {
        state = pcg_hash(state);
        return state;
    }

    float next_float() { return to_unit_float(next_uint()); }
    float2 next_float2() { return float2(next_float(), next_float()); }
};

} // namespace rng

namespace sampling {

inline float2 vogel_disk(uint index, uint count, float phi)
{
    const float goldenAngle = 2.39996322972865332f;
    float r = sqrt((float(index) + 0.5f) / float(count));
    float theta = float(index) * goldenAngle + phi;
    return r * float2(cos(theta), sin(theta));
}

inline float3 cosine_hemisphere(float2 u)
{
    float r = sqrt(u.x);
    float phi = 2.0f * kPi * u.y;
    return float3(r * cos(phi), r * sin(phi), sqrt(max(0.0f, 1.0f - u.x)));
}

inline float2 oct_wrap(float2 v)
{
    return (1.0f - abs(v.yx)) * select(float2(-1.0f), float2(1.0f), v >= 0.0f);
}

inline float2 oct_encode(float3 n)
{
    n /= (abs(n.x) + abs(n.y) + abs(n.z));
    float2 e = n.z >= 0.0f ? n.xy : oct_wrap(n.xy);
    return e * 0.5f + 0.5f;
}

inline float3 oct_decode(float2 e)
{
    e = e * 2.0f - 1.0f;
    float3 n = float3(e.x, e.y, 1.0f - abs(e.x) - abs(e.y));
    float t = saturate(-n.z);
    n.x += n.x >= 0.0f ? -t : t;
    n.y += n.y >= 0.0f ? -t : t;
    return normalize(n);
}

} // namespace sampling

// ---------------------------------------------------------------------------------------------------
// Colour space and tone mapping.
// ---------------------------------------------------------------------------------------------------

namespace color {

inline float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powr((c + 0.055f) / 1.055f, 2.4f);
}

inline float linear_to_srgb(float c)
{
    return c <= 0.0031308f ? c * 12.92f : 1.055f * powr(c, 1.0f / 2.4f) - 0.055f;
}

inline float3 srgb_to_linear(float3 c)
{
    return float3(srgb_to_linear(c.r), srgb_to_linear(c.g), srgb_to_linear(c.b));
}

inline float3 linear_to_srgb(float3 c)
{
    return float3(linear_to_srgb(c.r), linear_to_srgb(c.g), linear_to_srgb(c.b));
}

inline float luminance(float3 c)
{
    return dot(c, float3(0.2126f, 0.7152f, 0.0722f));
}

inline float3 reinhard(float3 c)
{
    return c / (1.0f + luminance(c));
}

inline float3 aces_fitted(float3 c)
{
    const float3x3 inputMatrix = float3x3(float3(0.59719f, 0.07600f, 0.02840f),
                                          float3(0.35458f, 0.90834f, 0.13383f),
                                          float3(0.04823f, 0.01566f, 0.83777f));
    const float3x3 outputMatrix = float3x3(float3(1.60475f, -0.10208f, -0.00327f),
                                           float3(-0.53108f, 1.10813f, -0.07276f),
                                           float3(-0.07367f, -0.00605f, 1.07602f));
    float3 v = inputMatrix * c;
    float3 a = v * (v + 0.0245786f) - 0.000090537f;
    float3 b = v * (0.983729f * v + 0.4329510f) + 0.238081f;
    return saturate(outputMatrix * (a / b));
}

inline float3 uncharted2_partial(float3 x)
{
    const float A = 0.15f, B = 0.50f, C = 0.10f, D = 0.20f, E = 0.02f, F = 0.30f;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

inline float3 uncharted2(float3 c)
{
    const float exposureBias = 2.0f;
    float3 curr = uncharted2_partial(c * exposureBias);
    float3 whiteScale = 1.0f / uncharted2_partial(float3(11.2f));
    return curr * whiteScale;
}

inline float3 tonemap(float3 c, ToneMapOperator op)
{
    switch (op) {
    case ToneMapOperator::Reinhard:
        return reinhard(c);
    case ToneMapOperator::ACES:
        return aces_fitted(c);
    case ToneMapOperator::Uncharted2:
        return uncharted2(c);
    case ToneMapOperator::Linear:
    default:
        return saturate(c);
    }
}

} // namespace color

// ---------------------------------------------------------------------------------------------------
// Physically based shading (GGX / Smith / Schlick).
// ---------------------------------------------------------------------------------------------------

namespace brdf {

inline float3 fresnel_schlick(float cosTheta, float3 f0)
{
    return f0 + (1.0f - f0) * pow5(1.0f - saturate(cosTheta));
}

inline float3 fresnel_schlick_roughness(float cosTheta, float3 f0, float roughness)
{
    return f0 + (max(float3(1.0f - roughness), f0) - f0) * pow5(1.0f - saturate(cosTheta));
}

inline float d_ggx(float NdotH, float alpha)
{
    float a2 = square(alpha);
    float d = square(NdotH) * (a2 - 1.0f) + 1.0f;
    return a2 * kInvPi / max(square(d), kEpsilon);
}

inline float v_smith_ggx_correlated(float NdotV, float NdotL, float alpha)
{
    float a2 = square(alpha);
    float ggxV = NdotL * sqrt(NdotV * NdotV * (1.0f - a2) + a2);
    float ggxL = NdotV * sqrt(NdotL * NdotL * (1.0f - a2) + a2);
    return 0.5f / max(ggxV + ggxL, kEpsilon);
}

inline float3 lambert(float3 diffuseColor)
{
    return diffuseColor * kInvPi;
}

struct SurfaceData {
    float3 albedo;
    float3 normal;
    float3 emissive;
    float metallic;
    float roughness;
    float occlusion;
    float alpha;

    SurfaceData()
        : albedo(1.0f), normal(0.0f, 0.0f, 1.0f), emissive(0.0f), metallic(0.0f), roughness(1.0f),
          occlusion(1.0f), alpha(1.0f)
    {
    }

    float3 f0() const { return mix(float3(0.04f), albedo, metallic); }
    float3 diffuseColor() const { return albedo * (1.0f - metallic); }
    float alphaRoughness() const { return max(square(roughness), 0.002f); }
};

inline float3 evaluate(thread const SurfaceData &s, float3 V, float3 L, float3 radiance)
{
    float3 N = s.normal;
    float3 H = normalize(V + L);
    float NdotL = saturate(dot(N, L));
    float NdotV = max(dot(N, V), kEpsilon);
    float NdotH = saturate(dot(N, H));
    float VdotH = saturate(dot(V, H));
    if (NdotL <= 0.0f)
        return float3(0.0f);

    float alpha = s.alphaRoughness();
    float3 F = fresnel_schlick(VdotH, s.f0());
    float D = d_ggx(NdotH, alpha);
    float Vis = v_smith_ggx_correlated(NdotV, NdotL, alpha);
    float3 specular = F * (D * Vis);
    float3 diffuse = (1.0f - F) * lambert(s.diffuseColor());
    return (diffuse + specular) * radiance * NdotL;
}

} // namespace brdf

// ---------------------------------------------------------------------------------------------------
// Lights.
// ---------------------------------------------------------------------------------------------------

namespace lighting {

struct LightSample {
    float3 L;
    float3 radiance;
    float distance;
};

inline float distance_attenuation(float dist, float range)
{
    float d2 = dist * dist;
    float r = saturate(1.0f - square(square(dist / max(range, kEpsilon))));
    return square(r) / max(d2, 0.01f);
}

inline float spot_attenuation(float3 L, float3 spotDir, float inner, float outer)
{
    float cd = dot(-L, normalize(spotDir));
    return smoothstep(outer, inner, cd);
}

inline LightSample sample_light(Light light, float3 worldPos)
{
    LightSample s;
    switch (light.type) {
    default:
    case LightType::Directional:
        s.L = -normalize(light.direction);
        s.distance = INFINITY;
        s.radiance = light.color * light.intensity;
        break;
    case LightType::Point: {
        float3 toLight = light.position - worldPos;
        s.distance = length(toLight);
        s.L = toLight / max(s.distance, kEpsilon);
        s.radiance = light.color * light.intensity * distance_attenuation(s.distance, light.range);
        break;
    }
    case LightType::Spot: {
        float3 toLight = light.position - worldPos;
        s.distance = length(toLight);
        s.L = toLight / max(s.distance, kEpsilon);
        float atten = distance_attenuation(s.distance, light.range);
        atten *= spot_attenuation(s.L, light.direction, light.spotInner, light.spotOuter);
        s.radiance = light.color * light.intensity * atten;
        break;
    }
    }
    return s;
}

inline bool sphere_intersects_tile(float3 center, float radius, thread const float4 *planes)
{
    for (int i = 0; i < 4; ++i) {
        if (dot(planes[i].xyz, center) + planes[i].w < -radius)
            return false;
    }
    return true;
}

} // namespace lighting

namespace shadow {

inline float pcf(depth2d<float> shadowMap, float3 coord, float2 texelSize, float rotation)
{
    float sum = 0.0f;
    int taps = clamp(kShadowTapCount, 1, 16);
    for (int i = 0; i < taps; ++i) {
        float2 offset = sampling::vogel_disk(uint(i), uint(taps), rotation) * texelSize * 1.5f;
        sum += shadowMap.sample_compare(kShadowCompare, coord.xy + offset, coord.z);
    }
    return sum / float(taps);
}

} // namespace shadow

} // namespace ingot

using ingot::brdf::SurfaceData;
using namespace ingot::color;

// ---------------------------------------------------------------------------------------------------
// Geometry pass: PBR vertex and fragment functions.
// ---------------------------------------------------------------------------------------------------

struct VertexIn {
    float3 position [[attribute(VertexAttributePosition)]];
    float3 normal   [[attribute(VertexAttributeNormal)]];
    float4 tangent  [[attribute(VertexAttributeTangent)]];
    float2 uv0      [[attribute(VertexAttributeUV0)]];
};

struct VertexOut {
    float4 position [[position]];
    float3 worldPos [[user(world_pos)]];
    float3 normal   [[user(normal)]];
    float4 tangent  [[user(tangent)]];
    float2 uv       [[user(uv0)]];
    float4 tint     [[user(tint)]];
    uint   material [[user(material), flat]];
    float  viewDepth [[user(view_depth)]];
};

vertex VertexOut pbr_vertex(VertexIn in [[stage_in]],
                            constant FrameUniforms &frame [[buffer(BufferIndexFrame)]],
                            const device InstanceData *instances [[buffer(BufferIndexInstances)]],
                            uint iid [[instance_id]])
{
    InstanceData inst = instances[iid];
    float4 world = inst.model * float4(in.position, 1.0f);

    VertexOut out;
    out.position = frame.viewProjection * world;
    out.worldPos = world.xyz;
    out.normal = normalize(inst.normalMatrix * in.normal);
    out.tangent = float4(normalize(inst.normalMatrix * in.tangent.xyz), in.tangent.w);
    out.uv = in.uv0;
    out.tint = inst.tint;
    out.material = inst.materialIndex;
    out.viewDepth = -(frame.view * world).z;
    return out;
}

struct FragmentIn {
    float4 position [[position]];
    float3 worldPos [[user(world_pos)]];
    float3 normal   [[user(normal)]];
    float4 tangent  [[user(tangent)]];
    float2 uv       [[user(uv0)]];
    float4 tint     [[user(tint)]];
    uint   material [[user(material), flat]];
    float  viewDepth [[user(view_depth)]];
};

// Optional textures (normal, emissive) are sampled by the caller under their function constants, so an
// absent argument is never passed on; this helper receives the sampled values.
inline SurfaceData load_surface(FragmentIn in,
                                bool frontFacing,
                                constant MaterialParams &mat,
                                texture2d<float> baseColorTex,
                                texture2d<float> metalRoughTex,
                                float3 tangentNormal,
                                float3 emissiveSample)
{
    SurfaceData s;
    float4 base = baseColorTex.sample(kLinearRepeat, in.uv) * mat.baseColorFactor * in.tint;
    s.albedo = base.rgb;
    s.alpha = base.a;

    float3 n = normalize(in.normal);
    if (!frontFacing && (mat.flags & MaterialFlagDoubleSided) != 0)
        n = -n;

    if (kHasNormalMap) {
        ingot::TangentFrame frame(n, in.tangent);
        n = ingot::safe_normalize(frame.toWorld(tangentNormal), n);
    }
    s.normal = n;

    float4 mr = metalRoughTex.sample(kLinearRepeat, in.uv);
    s.occlusion = mix(1.0f, mr.r, mat.occlusionStrength);
    s.roughness = clamp(mr.g * mat.roughnessFactor, 0.045f, 1.0f);
    s.metallic = saturate(mr.b * mat.metallicFactor);

    s.emissive = mat.emissiveFactor;
    if (kHasEmissiveMap)
        s.emissive *= emissiveSample;
    return s;
}

fragment float4 pbr_fragment(FragmentIn in [[stage_in]],
                             bool frontFacing [[front_facing]],
                             constant FrameUniforms &frame [[buffer(BufferIndexFrame)]],
                             constant MaterialParams *materials [[buffer(BufferIndexMaterials)]],
                             constant Light *lights [[buffer(BufferIndexLights)]],
                             const device LightGridCell *lightGrid [[buffer(BufferIndexLightGrid)]],
                             const device ushort *lightList [[buffer(BufferIndexLightList)]],
                             texture2d<float> baseColorTex [[texture(TextureIndexBaseColor)]],
                             texture2d<float> normalTex [[texture(TextureIndexNormal), function_constant(kHasNormalMap)]],
                             texture2d<float> metalRoughTex [[texture(TextureIndexMetalRough)]],
                             texture2d<float> emissiveTex [[texture(TextureIndexEmissive), function_constant(kHasEmissiveMap)]],
                             depth2d<float> shadowMap [[texture(TextureIndexShadow)]],
                             texturecube<float> irradianceMap [[texture(TextureIndexIrradiance)]])
{
    constant MaterialParams &mat = materials[in.material];
    float3 tangentNormal = float3(0.0f, 0.0f, 1.0f);
    if (kHasNormalMap)
        tangentNormal = normalTex.sample(kLinearRepeat, in.uv).xyz * 2.0f - 1.0f;
    float3 emissiveSample = float3(1.0f);
    if (kHasEmissiveMap)
        emissiveSample = emissiveTex.sample(kLinearRepeat, in.uv).rgb;
    SurfaceData surface = load_surface(in, frontFacing, mat, baseColorTex, metalRoughTex, tangentNormal, emissiveSample);

    if (kAlphaTest && (mat.flags & MaterialFlagAlphaMask) != 0 && surface.alpha < mat.alphaCutoff)
        discard_fragment();

    if ((mat.flags & MaterialFlagUnlit) != 0)
        return float4(surface.albedo, surface.alpha);

    float3 V = normalize(frame.cameraPosition - in.worldPos);

    uint2 tile = uint2(in.position.xy) / INGOT_TILE_SIZE;
    uint tilesX = (frame.viewportSize.x + INGOT_TILE_SIZE - 1) / INGOT_TILE_SIZE;
    LightGridCell cell = lightGrid[tile.y * tilesX + tile.x];

    ingot::Spectrum radiance;
    for (uint i = 0; i < cell.count; ++i) {
        Light light = lights[lightList[cell.offset + i]];
        ingot::lighting::LightSample ls = ingot::lighting::sample_light(light, in.worldPos);
        if (ingot::max3(ls.radiance) <= 0.0f)
            continue;

        float visibility = 1.0f;
        if (light.castsShadow != 0 && light.type == LightType::Directional) {
            float4 lightClip = frame.viewProjection * float4(in.worldPos, 1.0f);
            float3 coord = lightClip.xyz / lightClip.w;
            coord.xy = coord.xy * float2(0.5f, -0.5f) + 0.5f;
            float2 texel = 1.0f / float2(float(shadowMap.get_width()), float(shadowMap.get_height()));
            float rotation = fract(sin(dot(in.position.xy, float2(12.9898f, 78.233f))) * 43758.5453f) * 2.0f * kPi;
            visibility = ingot::shadow::pcf(shadowMap, coord, texel, rotation);
        }
        radiance += ingot::Spectrum(ingot::brdf::evaluate(surface, V, ls.L, ls.radiance)) * visibility;
    }

    float3 ambient = float3(0.03f) * surface.albedo;
    if (kIBLEnabled) {
        float NdotV = max(dot(surface.normal, V), kEpsilon);
        float3 F = ingot::brdf::fresnel_schlick_roughness(NdotV, surface.f0(), surface.roughness);
        float3 irradiance = irradianceMap.sample(kLinearClamp, surface.normal).rgb;
        ambient = (1.0f - F) * surface.diffuseColor() * irradiance;
    }

    color3 color = radiance.v + ambient * surface.occlusion + surface.emissive;
    return float4(color * frame.exposure, surface.alpha);
}

// ---------------------------------------------------------------------------------------------------
// Depth-only shadow pass, full-screen passes.
// ---------------------------------------------------------------------------------------------------

vertex float4 shadow_vertex(const device packed_float3 *positions [[buffer(BufferIndexVertices)]],
                            constant float4x4 &lightViewProj [[buffer(BufferIndexFrame)]],
                            const device InstanceData *instances [[buffer(BufferIndexInstances)]],
                            uint vid [[vertex_id]],
                            uint iid [[instance_id]])
{
    float3 p = float3(positions[vid]);
    mat4 model = instances[iid].model;
    return lightViewProj * (model * float4(p, 1.0f));
}

struct FullscreenOut {
    float4 position [[position]];
    float2 uv [[user(uv)]];
};

vertex FullscreenOut fullscreen_vertex(uint vid [[vertex_id]])
{
    FullscreenOut out;
    float2 uv = float2(float((vid << 1) & 2u), float(vid & 2u));
    out.position = float4(uv * float2(2.0f, -2.0f) + float2(-1.0f, 1.0f), 0.0f, 1.0f);
    out.uv = uv;
    return out;
}

fragment half4 skybox_fragment(FullscreenOut in [[stage_in]],
                               constant FrameUniforms &frame [[buffer(BufferIndexFrame)]],
                               texturecube<half> environment [[texture(0)]])
{
    float2 ndc = in.uv * float2(2.0f, -2.0f) + float2(-1.0f, 1.0f);
    float4 farPoint = frame.inverseViewProjection * float4(ndc, 1.0f, 1.0f);
    float3 dir = normalize(farPoint.xyz / farPoint.w - frame.cameraPosition);
    half3 sky = environment.sample(kLinearClamp, dir).rgb;
    return half4(sky * half(frame.exposure), 1.0h);
}

fragment pixel_t composite_fragment(FullscreenOut in [[stage_in]],
                                  texture2d<half> scene [[texture(0)]],
                                  texture2d<half> bloom [[texture(1)]],
                                  constant float &bloomStrength [[buffer(0)]])
{
    half3 c = scene.sample(kPointClamp, in.uv).rgb;
    half3 b = bloom.sample(kLinearClamp, in.uv).rgb;
    float3 hdr = float3(c) + float3(b) * bloomStrength;
    ToneMapOperator op = kToneMapDefined ? static_cast<ToneMapOperator>(kToneMapOperator) : ToneMapOperator::ACES;
    return half4(half3(linear_to_srgb(tonemap(hdr, op))), 1.0h);
}

// ---------------------------------------------------------------------------------------------------
// Compute: tone mapping.
// ---------------------------------------------------------------------------------------------------

[[max_total_threads_per_threadgroup(256)]]
kernel void tonemap_kernel(texture2d<float, access::read> hdr [[texture(0)]],
                           texture2d<half, access::write> ldr [[texture(1)]],
                           constant FrameUniforms &frame [[buffer(BufferIndexFrame)]],
                           const device float *adaptedExposure [[buffer(0)]],
                           uint2 gid [[thread_position_in_grid]])
{
    if (gid.x >= ldr.get_width() || gid.y >= ldr.get_height())
        return;

    float3 c = hdr.read(gid).rgb * frame.exposure * adaptedExposure[0];
    ToneMapOperator op = kToneMapDefined ? static_cast<ToneMapOperator>(kToneMapOperator) : ToneMapOperator::ACES;
    float3 mapped = tonemap(c, op);
    ldr.write(half4(half3(linear_to_srgb(mapped)), 1.0h), gid);
}

// ---------------------------------------------------------------------------------------------------
// Compute: bloom downsample with optional bright pass.
// ---------------------------------------------------------------------------------------------------

kernel void bloom_downsample(texture2d<half, access::sample> src [[texture(0)]],
                             texture2d<half, access::write> dst [[texture(1)]],
                             constant uint &applyThreshold [[buffer(0)]],
                             uint2 gid [[thread_position_in_grid]])
{
    if (gid.x >= dst.get_width() || gid.y >= dst.get_height())
        return;

    float2 texel = 1.0f / float2(float(src.get_width()), float(src.get_height()));
    float2 uv = (float2(gid) * 2.0f + 1.0f) * texel;
    half4 a = src.sample(kLinearClamp, uv + texel * float2(-1.0f, -1.0f), level(0.0f));
    half4 b = src.sample(kLinearClamp, uv + texel * float2(1.0f, -1.0f), level(0.0f));
    half4 c = src.sample(kLinearClamp, uv + texel * float2(-1.0f, 1.0f), level(0.0f));
    half4 d = src.sample(kLinearClamp, uv + texel * float2(1.0f, 1.0f), level(0.0f));
    half4 result = (a + b + c + d) * 0.25h;

    if (applyThreshold != 0) {
        float3 rgb = float3(result.rgb);
        float l = luminance(rgb);
        float knee = max(l - kBloomCut, 0.0f) / max(l, kEpsilon);
        result.rgb = half3(rgb * knee * step(kEpsilon, ingot::min3(rgb) + l));
    }
    dst.write(result, gid);
}

// ---------------------------------------------------------------------------------------------------
// Compute: separable Gaussian blur through threadgroup memory (template + explicit instantiations).
// ---------------------------------------------------------------------------------------------------

template <uint RADIUS>
struct GaussianWeights {
    float w[RADIUS + 1];

    GaussianWeights(float sigma)
    {
        float sum = 0.0f;
        for (uint i = 0; i <= RADIUS; ++i) {
            w[i] = exp(-0.5f * float(i * i) / (sigma * sigma));
            sum += (i == 0 ? 1.0f : 2.0f) * w[i];
        }
        for (uint i = 0; i <= RADIUS; ++i)
            w[i] /= sum;
    }
};

template <uint RADIUS, bool HORIZONTAL>
kernel void gaussian_blur(texture2d<half, access::read> src [[texture(0)]],
                          texture2d<half, access::write> dst [[texture(1)]],
                          constant float &sigma [[buffer(0)]],
                          uint2 gid [[thread_position_in_grid]],
                          uint2 tgid [[threadgroup_position_in_grid]],
                          uint lid [[thread_index_in_threadgroup]])
{
    threadgroup half4 cache[kBlurGroup + 2 * RADIUS];

    const int2 dir = HORIZONTAL ? int2(1, 0) : int2(0, 1);
    const int2 size = int2(int(src.get_width()), int(src.get_height()));
    const int2 lineStart = HORIZONTAL ? int2(int(tgid.x * kBlurGroup), int(gid.y))
                                      : int2(int(gid.x), int(tgid.y * kBlurGroup));

    for (uint i = lid; i < kBlurGroup + 2 * RADIUS; i += kBlurGroup) {
        int2 p = lineStart + dir * (int(i) - int(RADIUS));
        p = clamp(p, int2(0), size - 1);
        cache[i] = src.read(uint2(p));
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (any(gid >= uint2(size)))
        return;

    GaussianWeights<RADIUS> weights(sigma);
    float4 acc = float4(cache[lid + RADIUS]) * weights.w[0];
    for (uint r = 1; r <= RADIUS; ++r) {
        acc += float4(cache[lid + RADIUS + r]) * weights.w[r];
        acc += float4(cache[lid + RADIUS - r]) * weights.w[r];
    }
    dst.write(half4(acc), gid);
}

template [[host_name("blur_h_r4")]] kernel void gaussian_blur<4, true>(texture2d<half, access::read>,
                                                                       texture2d<half, access::write>,
                                                                       constant float &, uint2, uint2, uint);
template [[host_name("blur_v_r4")]] kernel void gaussian_blur<4, false>(texture2d<half, access::read>,
                                                                        texture2d<half, access::write>,
                                                                        constant float &, uint2, uint2, uint);
template [[host_name("blur_h_r8")]] kernel void gaussian_blur<8, true>(texture2d<half, access::read>,
                                                                       texture2d<half, access::write>,
                                                                       constant float &, uint2, uint2, uint);
template [[host_name("blur_v_r8")]] kernel void gaussian_blur<8, false>(texture2d<half, access::read>,
                                                                        texture2d<half, access::write>,
                                                                        constant float &, uint2, uint2, uint);

// ---------------------------------------------------------------------------------------------------
// Compute: log-average luminance reduction with SIMD-group sums.
// ---------------------------------------------------------------------------------------------------

kernel void luminance_reduce(texture2d<float, access::read> hdr [[texture(0)]],
                             device float *partialSums [[buffer(0)]],
                             uint2 gid [[thread_position_in_grid]],
                             uint2 tgpos [[threadgroup_position_in_grid]],
                             uint2 tgcount [[threadgroups_per_grid]],
                             uint lane [[thread_index_in_simdgroup]],
                             uint simdIndex [[simdgroup_index_in_threadgroup]],
                             uint simdCount [[simdgroups_per_threadgroup]])
{
    threadgroup float simdPartials[32];

    float v = 0.0f;
    if (gid.x < hdr.get_width() && gid.y < hdr.get_height())
        v = log(max(luminance(hdr.read(gid).rgb), 1.0e-4f));

    float s = simd_sum(v);
    if (lane == 0)
        simdPartials[simdIndex] = s;
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (simdIndex == 0) {
        float t = lane < simdCount ? simdPartials[lane] : 0.0f;
        t = simd_sum(t);
        if (lane == 0)
            partialSums[tgpos.y * tgcount.x + tgpos.x] = t;
    }
}

// ---------------------------------------------------------------------------------------------------
// Compute: luminance histogram with threadgroup and device atomics.
// ---------------------------------------------------------------------------------------------------

kernel void luminance_histogram(texture2d<half, access::read> hdr [[texture(0)]],
                                device atomic_uint *histogram [[buffer(0)]],
                                constant float2 &logLumRange [[buffer(1)]],
                                uint2 gid [[thread_position_in_grid]],
                                uint2 tgsize [[threads_per_threadgroup]],
                                uint lid [[thread_index_in_threadgroup]])
{
    threadgroup atomic_uint localBins[INGOT_HISTOGRAM_BINS];

    const uint groupThreads = tgsize.x * tgsize.y;
    for (uint i = lid; i < INGOT_HISTOGRAM_BINS; i += groupThreads)
        atomic_store_explicit(&localBins[i], 0u, memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (gid.x < hdr.get_width() && gid.y < hdr.get_height()) {
        float lum = luminance(float3(hdr.read(gid).rgb));
        uint bin = 0;
        if (lum > 1.0e-5f) {
            float t = saturate((log2(lum) - logLumRange.x) * logLumRange.y);
            bin = uint(t * float(INGOT_HISTOGRAM_BINS - 2)) + 1;
        }
        atomic_fetch_add_explicit(&localBins[bin], 1u, memory_order_relaxed);
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    for (uint i = lid; i < INGOT_HISTOGRAM_BINS; i += groupThreads) {
        uint c = atomic_load_explicit(&localBins[i], memory_order_relaxed);
        if (c != 0)
            atomic_fetch_add_explicit(&histogram[i], c, memory_order_relaxed);
    }
}

struct ExposureParams {
    float minLogLum;
    float logLumRange;
    float adaptRate;
    uint  pixelCount;
};

[[max_total_threads_per_threadgroup(INGOT_HISTOGRAM_BINS)]]
kernel void adapt_exposure(device atomic_uint *histogram [[buffer(0)]],
                           device float *adaptedLuminance [[buffer(1)]],
                           constant ExposureParams &params [[buffer(2)]],
                           uint lid [[thread_index_in_threadgroup]],
                           uint lane [[thread_index_in_simdgroup]],
                           uint simdIndex [[simdgroup_index_in_threadgroup]],
                           uint simdCount [[simdgroups_per_threadgroup]])
{
    threadgroup float weighted[32];
    threadgroup uint counted[32];

    uint count = atomic_load_explicit(&histogram[lid], memory_order_relaxed);
    atomic_store_explicit(&histogram[lid], 0u, memory_order_relaxed);

    float w = float(count) * float(lid);
    float ws = simd_sum(w);
    uint cs = simd_sum(lid == 0 ? 0u : count);
    if (lane == 0) {
        weighted[simdIndex] = ws;
        counted[simdIndex] = cs;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (lid == 0) {
        float total = 0.0f;
        uint nonBlack = 0;
        for (uint i = 0; i < simdCount; ++i) {
            total += weighted[i];
            nonBlack += counted[i];
        }
        float avgBin = total / max(float(nonBlack), 1.0f) - 1.0f;
        float logAvg = ingot::remap(avgBin, 0.0f, float(INGOT_HISTOGRAM_BINS - 2),
                                    params.minLogLum, params.minLogLum + params.logLumRange);
        float target = exp2(logAvg);
        float previous = adaptedLuminance[0];
        adaptedLuminance[0] = previous + (target - previous) * saturate(params.adaptRate);
    }
}

// ---------------------------------------------------------------------------------------------------
// Compute: exclusive prefix scan (per threadgroup) + block offsets.
// ---------------------------------------------------------------------------------------------------

kernel void prefix_scan_exclusive(const device uint *input [[buffer(0)]],
                                  device uint *output [[buffer(1)]],
                                  device uint *blockSums [[buffer(2)]],
                                  constant uint &count [[buffer(3)]],
                                  uint gid [[thread_position_in_grid]],
                                  uint tgid [[threadgroup_position_in_grid]],
                                  uint lane [[thread_index_in_simdgroup]],
                                  uint simdIndex [[simdgroup_index_in_threadgroup]],
                                  uint simdCount [[simdgroups_per_threadgroup]])
{
    threadgroup uint simdTotals[32];

    uint value = gid < count ? input[gid] : 0u;
    uint prefix = simd_prefix_exclusive_sum(value);
    uint simdTotal = simd_sum(value);
    if (lane == 0)
        simdTotals[simdIndex] = simdTotal;
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (simdIndex == 0) {
        uint total = lane < simdCount ? simdTotals[lane] : 0u;
        uint scanned = simd_prefix_exclusive_sum(total);
        if (lane < simdCount)
            simdTotals[lane] = scanned;
        if (lane == simdCount - 1)
            blockSums[tgid] = scanned + total;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    if (gid < count)
        output[gid] = prefix + simdTotals[simdIndex];
}

kernel void scan_add_block_offsets(device uint *data [[buffer(0)]],
                                   const device uint *scannedBlockSums [[buffer(1)]],
                                   constant uint &count [[buffer(2)]],
                                   uint gid [[thread_position_in_grid]],
                                   uint tgid [[threadgroup_position_in_grid]])
{
    if (gid < count && tgid > 0)
        data[gid] += scannedBlockSums[tgid];
}

// ---------------------------------------------------------------------------------------------------
// Compute: tiled light culling (forward+).
// ---------------------------------------------------------------------------------------------------

inline float linear_view_depth(float deviceDepth, float4x4 projection)
{
    // Reverse of z_ndc = (P[2][2] * z + P[3][2]) / -z for a right-handed projection.
    return projection[3][2] / (deviceDepth + projection[2][2]);
}

[[max_total_threads_per_threadgroup(INGOT_TILE_SIZE * INGOT_TILE_SIZE)]]
kernel void cull_lights(constant FrameUniforms &frame [[buffer(BufferIndexFrame)]],
                        constant Light *lights [[buffer(BufferIndexLights)]],
                        device LightGridCell *lightGrid [[buffer(BufferIndexLightGrid)]],
                        device ushort *lightList [[buffer(BufferIndexLightList)]],
                        device atomic_uint *listCounter [[buffer(7)]],
                        depth2d<float, access::read> depth [[texture(0)]],
                        uint2 gid [[thread_position_in_grid]],
                        uint2 tgpos [[threadgroup_position_in_grid]],
                        uint2 tgcount [[threadgroups_per_grid]],
                        uint lid [[thread_index_in_threadgroup]])
{
    threadgroup atomic_uint minDepthBits;
    threadgroup atomic_uint maxDepthBits;
    threadgroup atomic_uint tileLightCount;
    threadgroup ushort tileLights[INGOT_MAX_LIGHTS_PER_TILE];
    threadgroup uint tileOffset;

    const uint groupSize = INGOT_TILE_SIZE * INGOT_TILE_SIZE;

    if (lid == 0) {
        atomic_store_explicit(&minDepthBits, as_type<uint>(1.0f), memory_order_relaxed);
        atomic_store_explicit(&maxDepthBits, 0u, memory_order_relaxed);
        atomic_store_explicit(&tileLightCount, 0u, memory_order_relaxed);
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    float d = 1.0f;
    if (gid.x < depth.get_width() && gid.y < depth.get_height())
        d = depth.read(gid);
    atomic_fetch_min_explicit(&minDepthBits, as_type<uint>(d), memory_order_relaxed);
    atomic_fetch_max_explicit(&maxDepthBits, as_type<uint>(d), memory_order_relaxed);
    threadgroup_barrier(mem_flags::mem_threadgroup);

    float nearZ = linear_view_depth(as_type<float>(atomic_load_explicit(&minDepthBits, memory_order_relaxed)),
                                    frame.projection);
    float farZ = linear_view_depth(as_type<float>(atomic_load_explicit(&maxDepthBits, memory_order_relaxed)),
                                   frame.projection);
    ingot::Range<float> depthRange(min(nearZ, farZ), max(nearZ, farZ));

    float2 tileScale = float2(frame.viewportSize) / float(2 * INGOT_TILE_SIZE);
    float2 tileBias = tileScale - float2(tgpos);
    float4x4 P = frame.projection;
    float4 col0 = float4(P[0][0] * tileScale.x, 0.0f, tileBias.x, 0.0f);
    float4 col1 = float4(0.0f, -P[1][1] * tileScale.y, tileBias.y, 0.0f);
    float4 col3 = float4(0.0f, 0.0f, 1.0f, 0.0f);

    float4 planes[4];
    planes[0] = col3 + col0;
    planes[1] = col3 - col0;
    planes[2] = col3 - col1;
    planes[3] = col3 + col1;
    for (int i = 0; i < 4; ++i)
        planes[i] /= length(planes[i].xyz);

    for (uint i = lid; i < frame.lightCount; i += groupSize) {
        Light light = lights[i];
        bool visible = true;
        if (light.type != LightType::Directional) {
            float3 viewPos = (frame.view * float4(light.position, 1.0f)).xyz;
            float viewZ = -viewPos.z;
            ingot::Range<float> lightRange(viewZ - light.range, viewZ + light.range);
            visible = lightRange.hi >= depthRange.lo && lightRange.lo <= depthRange.hi &&
                      ingot::lighting::sphere_intersects_tile(viewPos, light.range, planes);
        }
        if (visible) {
            uint slot = atomic_fetch_add_explicit(&tileLightCount, 1u, memory_order_relaxed);
            if (slot < INGOT_MAX_LIGHTS_PER_TILE)
                tileLights[slot] = ushort(i);
        }
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    uint visibleCount = min(atomic_load_explicit(&tileLightCount, memory_order_relaxed),
                            uint(INGOT_MAX_LIGHTS_PER_TILE));
    if (lid == 0) {
        tileOffset = atomic_fetch_add_explicit(listCounter, visibleCount, memory_order_relaxed);
        LightGridCell cell;
        cell.offset = tileOffset;
        cell.count = visibleCount;
        lightGrid[tgpos.y * tgcount.x + tgpos.x] = cell;
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);

    for (uint i = lid; i < visibleCount; i += groupSize)
        lightList[tileOffset + i] = tileLights[i];
}

// ---------------------------------------------------------------------------------------------------
// Compute: utilities (templated clears, SSAO noise, instance culling).
// ---------------------------------------------------------------------------------------------------

template <typename T>
kernel void clear_buffer(device T *data [[buffer(0)]],
                         constant T &value [[buffer(1)]],
                         constant uint &count [[buffer(2)]],
                         uint tid [[thread_position_in_grid]])
{
    if (tid < count)
        data[tid] = value;
}

template [[host_name("clear_buffer_float")]] kernel void clear_buffer(device float *, constant float &, constant uint &, uint);
template [[host_name("clear_buffer_uint")]] kernel void clear_buffer(device uint *, constant uint &, constant uint &, uint);
template [[host_name("clear_buffer_float4")]] kernel void clear_buffer(device float4 *, constant float4 &, constant uint &, uint);
template [[host_name("clear_buffer_half4")]] kernel void clear_buffer(device half4 *, constant half4 &, constant uint &, uint);

template <typename T>
inline T lerp_value(T a, T b, float t)
{
    return a + (b - a) * t;
}

template <typename T>
kernel void blend_buffers(const device T *a [[buffer(0)]],
                          const device T *b [[buffer(1)]],
                          device T *out [[buffer(2)]],
                          constant float &t [[buffer(3)]],
                          uint tid [[thread_position_in_grid]])
{
    out[tid] = lerp_value(a[tid], b[tid], t);
}

template [[host_name("blend_float")]] kernel void blend_buffers(const device float *, const device float *, device float *, constant float &, uint);
template [[host_name("blend_float4")]] kernel void blend_buffers(const device float4 *, const device float4 *, device float4 *, constant float &, uint);

kernel void generate_ssao_noise(texture2d<float, access::write> noise [[texture(0)]],
                                constant uint &frameIndex [[buffer(0)]],
                                uint2 gid [[thread_position_in_grid]])
{
    if (gid.x >= noise.get_width() || gid.y >= noise.get_height())
        return;

    ingot::rng::Generator gen(gid, frameIndex);
    float3 dir = ingot::sampling::cosine_hemisphere(gen.next_float2());
    float2 enc = ingot::sampling::oct_encode(dir);
    float3 back = ingot::sampling::oct_decode(enc);
    float err = length(back - dir);
    noise.write(float4(enc, gen.next_float(), err), gid);
}

struct CullParams {
    float4 frustumPlanes[6];
    uint instanceCount;
    float maxDistance;
};

struct BoundingSphere {
    float3 center;
    float radius;
};

kernel void cull_instances(constant CullParams &params [[buffer(0)]],
                           const device BoundingSphere *bounds [[buffer(1)]],
                           device uint *visibleIndices [[buffer(2)]],
                           device atomic_uint *visibleCount [[buffer(3)]],
                           constant FrameUniforms &frame [[buffer(4)]],
                           uint tid [[thread_position_in_grid]],
                           uint lane [[thread_index_in_simdgroup]])
{
    bool visible = false;
    if (tid < params.instanceCount) {
        BoundingSphere s = bounds[tid];
        visible = true;
        int plane = 0;
        do {
            visible = dot(params.frustumPlanes[plane].xyz, s.center) + params.frustumPlanes[plane].w >= -s.radius;
            ++plane;
        } while (visible && plane < 6);

        ingot::Range<float> distanceRange(0.0f, params.maxDistance);
        visible = visible && distanceRange.contains(distance(frame.cameraPosition, s.center) - s.radius);
    }

    // One atomic per SIMD-group: ballot the lanes, let the first active lane reserve the slots.
    uint laneMask = visible ? 1u : 0u;
    uint simdOffsetInGroup = simd_prefix_exclusive_sum(laneMask);
    uint simdVisible = simd_sum(laneMask);
    uint base = 0;
    if (lane == 0 && simdVisible > 0)
        base = atomic_fetch_add_explicit(visibleCount, simdVisible, memory_order_relaxed);
    base = simd_broadcast(base, 0);
    if (visible)
        visibleIndices[base + simdOffsetInGroup] = tid;
}

kernel void gather_light_stats(constant Light *lights [[buffer(0)]],
                               constant uint &lightCount [[buffer(1)]],
                               device float4 *stats [[buffer(2)]],
                               uint tid [[thread_position_in_grid]])
{
    if (tid != 0)
        return;

    ingot::FixedArray<float, 16> intensities;
    ingot::Spectrum total;
    uint kinds[3] = { 0, 0, 0 };
    for (uint i = 0; i < lightCount; ++i) {
        Light l = lights[i];
        intensities.push(l.intensity);
        total += ingot::Spectrum(l.color) * l.intensity;
        switch (l.type) {
        case LightType::Directional: kinds[0]++; break;
        case LightType::Point:       kinds[1]++; break;
        case LightType::Spot:        kinds[2]++; break;
        }
    }

    float peak = 0.0f;
    for (uint i = 0; i < intensities.count; ++i)
        peak = max(peak, intensities[i]);

    stats[0] = float4(total.v, total.luminance());
    stats[1] = float4(float(kinds[0]), float(kinds[1]), float(kinds[2]), peak);
    stats[2] = float4(float(intensities.capacity()), total.isBlack() ? 1.0f : 0.0f, 0.0f, 0.0f);
}
