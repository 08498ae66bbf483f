package sema

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// checkSrc parses and checks src, returning the program and diagnostics.
func checkSrc(t testing.TB, src string) (*Program, *diag.List) {
	t.Helper()
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	f := syntax.ParseFile(fset, "test.metal", []byte(src), syntax.Options{}, diags)
	p := Check(fset, f, &Config{FastMath: true}, diags)
	diags.Sort()
	return p, diags
}

func TestScratch(t *testing.T) {
	_, d := checkSrc(t, `#include <metal_stdlib>
using namespace metal;
struct VOut { float4 pos [[position]]; float2 uv; };
constant float k = 2.0;
float helper(float x) { return x * k; }
kernel void add(device float *a [[buffer(0)]], const device float *b [[buffer(1)]], uint id [[thread_position_in_grid]]) {
	a[id] = helper(b[id]) + sin(b[id]) + clamp(a[id], 0.0, 1.0);
	float3 v = float3(1, 2, 3);
	v.xy = v.zx * 2;
	float4 q = float4(v, 1.0);
	q.x += dot(v, v);
}
vertex VOut vs(uint vid [[vertex_id]], constant float4x4 &m [[buffer(0)]]) {
	VOut o;
	o.pos = m * float4(0, 0, 0, 1);
	o.uv = float2(0);
	return o;
}
fragment float4 fs(VOut in [[stage_in]], texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]]) {
	return t.sample(s, in.uv);
}
`)
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
}
