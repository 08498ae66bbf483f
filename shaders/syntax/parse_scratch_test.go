package syntax

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

func TestScratchParse(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
struct VertexIn { float3 pos [[attribute(0)]]; float2 uv [[attribute(1)]]; };
struct VOut { float4 position [[position]]; float2 uv; };
constant bool a [[function_constant(0)]];
constexpr sampler s(coord::normalized, filter::linear);
vertex VOut vmain(VertexIn in [[stage_in]], constant float4x4& mvp [[buffer(1)]], uint vid [[vertex_id]]) {
	VOut o;
	o.position = mvp * float4(in.pos, 1.0);
	o.uv = in.uv;
	return o;
}
template<typename T>
kernel void bar(device T *x [[buffer(0)]], uint id [[thread_position_in_grid]]) { x[id] = T(id) * 2 + as_type<T>(id); }
template [[host_name("bar_int")]] kernel void bar(device int *, uint);
[[kernel]] void k(texture2d<float, access::write> t [[texture(0)]], uint2 gid [[thread_position_in_grid]]) {
	float4 c = float4(0);
	for (int i = 0; i < 4; ++i) { c += float(i) > 2 ? 1 : 0; }
	t.write(c, gid);
	int x = (int)c.x;
	switch (x) { case 0: break; default: x <<= 2; }
	auto f = [&](float v) { return v * c.x; };
}
`
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "t.metal", []byte(src), Options{}, dl)
	t.Log("\n" + Dump(f))
	var b = new(stringsBuilder)
	dl.Format(b)
	t.Log(b.String())
}

type stringsBuilder struct{ s []byte }

func (b *stringsBuilder) Write(p []byte) (int, error) { b.s = append(b.s, p...); return len(p), nil }
func (b *stringsBuilder) String() string             { return string(b.s) }
