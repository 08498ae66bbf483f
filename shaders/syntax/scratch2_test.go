package syntax

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

func TestScratch2(t *testing.T) {
	src := `#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace metal::raytracing;
struct Tri { float3 v[3]; };
kernel void rt(instance_acceleration_structure as [[buffer(0)]],
               intersection_function_table<triangle_data, instancing> ft [[buffer(1)]],
               array<texture2d<float>, 4> texs [[texture(0)]],
               device atomic_uint* counter [[buffer(2)]],
               uint2 tid [[thread_position_in_grid]]) {
    ray r(float3(0), float3(0, 0, 1), 0.0f, INFINITY);
    intersector<triangle_data, instancing> isect;
    isect.accept_any_intersection(false);
    intersector<triangle_data, instancing>::result_type res = isect.intersect(r, as, 0xFF, ft);
    typename intersector<triangle_data>::result_type res2;
    raytracing::ray r2;
    vec<vec<float, 2>, 2> vv;
    array<vec<float,3>,2> av;
    int s = 8 >> 1;
    s >>= 1;
    bool lt = s < 3, gt = s > 2;
    float (*fp)(float) = nullptr;
    atomic_fetch_add_explicit(counter, 1u, memory_order_relaxed);
    uint x = min<uint>(tid.x, tid.y);
    #pragma unroll
    for (uint i = 0; i < 4; i++) { s += texs[i].get_width(); }
    constexpr sampler smp(address::clamp_to_edge, filter::linear);
    float4 c = texs[0].sample(smp, float2(tid) / 4.0f, level(0));
    thread float4& ref = c;
    ref.xyz = c.zyx;
    S: ;
}
float3 operator*(float3 a, Tri b) { return a * b.v[0]; }
template <typename T, typename = enable_if_t<is_floating_point_v<T>>> T id(T x) { return x; }
`
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "t.metal", []byte(src), Options{}, dl)
	for _, d := range f.Decls[len(f.Decls)-4:] {
		t.Log("\n" + Dump(d))
	}
	t.Log(dl.Error())
}
