#include <metal_stdlib>
#include <simd/simd.h>
using namespace metal;

namespace outer {
    [[kernel]] void functionA() {}
    namespace inner {
        [[kernel]] void functionB() {}
    }
}
namespace a::b { inline int f() { return 1; } }
namespace { int hidden; }
namespace ab = a::b;
using a::b::f;

typedef float4 color_t, *color_ptr;
typedef struct { float x, y; } Pair;
using vec3 = float3;
using Fn = float (*)(float);

enum Mode { ModeA, ModeB = 4, ModeC };
enum class Flags : uint { none = 0, one = 1 << 0, two = 1 << 1 };
enum struct E2 { x };

struct Light {
    float3 position;
    float  intensity = 1.0f;
    uint   flags : 4;
    Light() = default;
    Light(float3 p, float i) : position(p), intensity{i} {}
    ~Light() {}
    float3 dir(float3 p) const { return normalize(position - p); }
    Light operator+(const thread Light& o) const { return Light(position + o.position, intensity + o.intensity); }
    bool operator==(const thread Light& o) const = default;
    explicit operator float() const { return intensity; }
    static float scale(float v) { return v * 2; }
private:
    int secret;
public:
    struct Inner { int q; } inner;
};

class Camera : public Light {
    float4x4 view;
};

float3 Light2(float3 p);
float Light::scaleOut(float v);

constexpr constant uint MAX_LIGHTS = 4;
constant float4 colors[3] = { float4(1), float4(0), {0, 0, 1, 1} };
static_assert(MAX_LIGHTS == 4, "four lights");
static constant half kHalf = 0.5h;
extern constant float ext;
constexpr sampler s(coord::normalized, address::repeat, filter::linear);
constexpr sampler s2 = sampler(coord::pixel);
device float* constant gptr [[buffer(3)]];

simd_float4x4 m44;
vector_float3 v3;
matrix_float4x4 mm;
packed_float3 pf3;
int a, *b, c[4], &d = a;
unsigned int ui; unsigned u2; long long ll; unsigned char uc; signed char sc; short int si; long double ld;
float (*fp)(float, int);
int (&ra)[3] = *reinterpret_cast<thread int(*)[3]>(0);
threadgroup_imageblock float4* ib;
object_data float* od;
METAL_FUNC float helper_inline(float x) { return x; }
static inline __attribute__((always_inline)) float gnu_attr(float x) { return x; }
struct alignas(16) Aligned { float a; };
struct Ops {
    float v[4];
    float operator[](int i) const { return v[i]; }
    float operator()(float x) const noexcept { return x * v[0]; }
    bool operator<(const thread Ops& o) const { return v[0] < o.v[0]; }
    thread Ops& operator+=(const thread Ops& o) { v[0] += o.v[0]; return *this; }
    operator float4() const { return float4(v[0], v[1], v[2], v[3]); }
    auto sum() const -> float { return v[0] + v[1]; }
};
decltype(1.0f) dt = 2.0f;
