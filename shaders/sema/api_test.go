package sema

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func mustCheck(t *testing.T, src string) *Program {
	t.Helper()
	p, d := checkSrc(t, src)
	if d.HasErrors() {
		t.Fatalf("unexpected errors:\n%s", d.Error())
	}
	return p
}

func TestProgramFunctions(t *testing.T) {
	p := mustCheck(t, `#include <metal_stdlib>
using namespace metal;
constant bool has_extra [[function_constant(0)]];
constant int idx [[function_constant(1)]];
constant bool derived = has_extra && idx > 2;
struct VIn { float4 pos [[attribute(0)]]; float2 uv [[attribute(3)]]; float4 extra [[attribute(4), function_constant(has_extra)]]; };
struct VOut { float4 pos [[position]]; float2 uv; };
namespace outer { namespace inner {
[[kernel, max_total_threads_per_threadgroup(128)]] void functionB(device float *a, texture2d<half, access::write> out,
    sampler s, device float *b [[buffer(0)]], constant float4 &c, threadgroup float *tg,
    device int *opt [[function_constant(has_extra)]], uint2 gid [[thread_position_in_grid]]) {}
} }
vertex VOut vs(VIn in [[stage_in]], constant float4x4 &mvp [[buffer(idx)]]) { VOut o; o.pos = mvp * in.pos; o.uv = in.uv; return o; }
template <typename T> [[user_annotation("Tcase"), kernel]] void fill(device T *x [[buffer(0)]]) { x[0] = T(1); }
template [[host_name("fill_i"), kernel]] void fill(device int *x);
template [[host_name("fill_f"), user_annotation("F"), kernel]] void fill(device float *x);
[[intersection(bounding_box, instancing, triangle_data)]] bool isect(float3 o [[origin]]) { return o.x > 0; }
`)
	var names []string
	for _, f := range p.Functions {
		names = append(names, f.Kind.String()+":"+f.HostName)
	}
	if got := strings.Join(names, " "); got != "kernel:outer::inner::functionB vertex:vs kernel:fill_i kernel:fill_f intersection:isect" {
		t.Errorf("functions = %s", got)
	}
	k := p.Lookup("outer::inner::functionB")
	if k == nil || k.MaxTotalThreadsPerThreadgroup != 128 || k.Name != "outer::inner::functionB" {
		t.Fatalf("functionB = %+v", k)
	}
	want := []struct {
		name  string
		bind  BindKind
		index int
		acc   Access
	}{
		{"a", BindBuffer, 1, AccessReadWrite}, // buffer 0 is taken explicitly by b
		{"out", BindTexture, 0, AccessWrite},
		{"s", BindSampler, 0, AccessSample},
		{"b", BindBuffer, 0, AccessReadWrite},
		{"c", BindBuffer, 2, AccessRead},
		{"tg", BindThreadgroup, 0, AccessReadWrite},
		{"opt", BindBuffer, 3, AccessReadWrite}, // function-constant argument: assigned, reserves nothing
		{"gid", BindBuiltin, -1, 0},
	}
	for i, w := range want {
		prm := k.Params[i]
		if prm.Name != w.name || prm.Bind != w.bind || prm.Index != w.index || (w.bind != BindBuiltin && prm.Access != w.acc) {
			t.Errorf("param %d = %s %v %d %v; want %+v", i, prm.Name, prm.Bind, prm.Index, prm.Access, w)
		}
	}
	if k.Params[6].FuncConst == nil || k.Params[6].FuncConst.Name != "has_extra" {
		t.Errorf("opt function constant = %v", k.Params[6].FuncConst)
	}
	if k.Params[7].Builtin != "thread_position_in_grid" || k.Params[7].Type != Vec(UInt, 2) {
		t.Errorf("gid = %+v", k.Params[7])
	}
	vs := p.Lookup("vs")
	if vs.StageIn == nil || len(vs.StageIn.StageIn) != 3 {
		t.Fatalf("stage_in = %+v", vs.StageIn)
	}
	si := vs.StageIn.StageIn
	if si[0].Index != 0 || si[1].Index != 3 || si[1].Offset != 16 || si[2].FuncConst == nil {
		t.Errorf("stage_in attrs = %+v", si)
	}
	if vs.Params[1].IndexConst == nil || vs.Params[1].IndexConst.Name != "idx" {
		t.Errorf("mvp index constant = %+v", vs.Params[1])
	}
	fi, ff := p.Lookup("fill_i"), p.Lookup("fill_f")
	if fi.UserAnnotation != "Tcase" || ff.UserAnnotation != "F" || fi.Name != "fill" {
		t.Errorf("annotations: %q %q name %q", fi.UserAnnotation, ff.UserAnnotation, fi.Name)
	}
	if len(fi.TemplArgs) != 1 || fi.TemplArgs[0].Type != Int || ff.TemplArgs[0].Type != Float {
		t.Errorf("template args %v %v", fi.TemplArgs, ff.TemplArgs)
	}
	if fi.Params[0].Type != PointerTo(Int, SpaceDevice, false, false) || fi.Func == ff.Func {
		t.Errorf("instances share a Func or have wrong types: %s", fi.Params[0].Type)
	}
	is := p.Lookup("isect")
	if is.Intersection == nil || is.Intersection.Primitive != "bounding_box" || strings.Join(is.Intersection.Tags, ",") != "instancing,triangle_data" {
		t.Errorf("intersection = %+v", is.Intersection)
	}
	if k.Params[0].Used || !p.Lookup("vs").Params[0].Used {
		t.Errorf("Used: a=%v in=%v", k.Params[0].Used, p.Lookup("vs").Params[0].Used)
	}
	var kfc, vfc []string
	for _, fc := range k.FuncConsts {
		kfc = append(kfc, fc.Name)
	}
	for _, fc := range p.Lookup("vs").FuncConsts {
		vfc = append(vfc, fc.Name)
	}
	if strings.Join(kfc, ",") != "has_extra" || strings.Join(vfc, ",") != "has_extra,idx" {
		t.Errorf("function constants per function: k=%v vs=%v", kfc, vfc)
	}
	var fcs []string
	for _, fc := range p.FuncConsts {
		fcs = append(fcs, fmt.Sprintf("%s:%d:%s", fc.Name, fc.Index, fc.Type))
	}
	if got := strings.Join(fcs, " "); got != "has_extra:0:bool idx:1:int derived:-1:bool" {
		t.Errorf("function constants = %s", got)
	}
	if p.FuncConsts[2].Init == nil || p.Info.TypeOf(p.FuncConsts[2].Init) != Bool {
		t.Errorf("derived constant expression not typed")
	}
}

func TestExprInfo(t *testing.T) {
	src := `#include <metal_stdlib>
using namespace metal;
float helper(float x) { return x; }
kernel void k(device float4 *out [[buffer(0)]], uint id [[thread_position_in_grid]]) {
	float3 v = float3(1, 2, 3);
	float s = 2;
	uint q = id;
	out[id] = float4(v * s + 7, helper(q)) + max(v.x, 0);
	constexpr int n = 3 * 4 + 1;
	out[n] = v.zyxx;
}`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	f := syntax.ParseFile(fset, "t.metal", []byte(src), syntax.Options{}, diags)
	p := Check(fset, f, nil, diags)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	k := p.Lookup("k").Func
	got := map[string]string{}
	for e, x := range k.Info.Exprs {
		text := src[fset.File(e.Pos()).Offset(e.Pos()):fset.File(e.Pos()).Offset(e.End())]
		desc := x.Type.String()
		if x.Value != nil {
			desc += "=" + x.Value.String()
		}
		if x.Conv != nil {
			desc += fmt.Sprintf(" conv(%v)", x.Conv.Kind)
		}
		if x.Func != nil {
			desc += " func=" + x.Func.QualName
		}
		if x.Builtin != nil {
			desc += " builtin=" + x.Builtin.NS + "::" + x.Builtin.Name
		}
		if x.Swizzle != nil {
			desc += fmt.Sprint(" swizzle", x.Swizzle)
		}
		got[text] = desc
	}
	want := map[string]string{
		"float3(1, 2, 3)":              "float3=float3(1, 2, 3)",
		"s":                            "float conv(7)", // splat to float3
		"v * s":                        "float3",
		"7":                            "int=7 conv(7)", // int → float3 splat
		"helper(q)":                    "float func=helper",
		"q":                            "uint conv(3)", // uint → float argument conversion
		"max(v.x, 0)":                  "float conv(7) builtin=metal::fast::max",
		"3 * 4 + 1":                    "int=13",
		"v.zyxx":                       "float4 swizzle[2 1 0 0]",
		"out[id]":                      "float4",
		"float4(v * s + 7, helper(q))": "float4",
	}
	for text, w := range want {
		if got[text] != w {
			t.Errorf("%q: got %q, want %q", text, got[text], w)
		}
	}
}

func TestBuiltinOverloads(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"clamp(v3, 0.0f, 1.0f)", "float3"},
		{"clamp(h, 0.0h, 1.0h)", "half"},
		{"clamp(i, 0, 10)", "int"},
		{"max(f, 1)", "float"},
		{"max(u, 1u)", "uint"},
		{"min(i, 2)", "int"},
		{"abs(i3)", "int3"},
		{"abs(v3)", "float3"},
		{"dot(v3, v3)", "float"},
		{"dot(h4, h4)", "half"},
		{"cross(v3, v3)", "float3"},
		{"length(v2)", "float"},
		{"normalize(h4)", "half4"},
		{"mix(v3, v3, 0.5f)", "float3"},
		{"select(v3, v3, b3)", "float3"},
		{"select(i, 2, true)", "int"},
		{"all(b3)", "bool"},
		{"isnan(v3)", "bool3"},
		{"popcount(u)", "uint"},
		{"extract_bits(u, 2, 3)", "uint"},
		{"mul24(i, i)", "int"},
		{"sqrt(f)", "float"},
		{"sqrt(2)", "float"},
		{"fast::sin(f)", "float"},
		{"precise::sqrt(v3)", "float3"},
		{"metal::pow(f, 2.0f)", "float"},
		{"frexp(f, ie)", "float"},
		{"sincos(f, fo)", "float"},
		{"simd_sum(f)", "float"},
		{"simd_shuffle_down(v3, 1)", "float3"},
		{"simd_ballot(true)", "simd_vote"},
		{"quad_broadcast(i, 0)", "int"},
		{"as_type<float>(u)", "float"},
		{"transpose(m34)", "float4x3"},
		{"determinant(m44)", "float"},
		{"pack_float_to_unorm4x8(v4)", "uint"},
		{"unpack_unorm4x8_to_float(u)", "float4"},
		{"step(0.5f, v3)", "float3"},
		{"smoothstep(0.0f, 1.0f, f)", "float"},
		{"saturate(h4)", "half4"},
		{"fma(f, f, f)", "float"},
	}
	var b strings.Builder
	b.WriteString("#include <metal_stdlib>\nusing namespace metal;\nvoid f(float f, half h, int i, uint u, float2 v2, float3 v3, float4 v4, half4 h4, int3 i3, bool3 b3, float3x4 m34, float4x4 m44) {\n int ie; float fo;\n")
	for i, tt := range tests {
		fmt.Fprintf(&b, " auto r%d = %s;\n", i, tt.expr)
	}
	b.WriteString("}\n")
	p, d := checkSrc(t, b.String())
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
	var fn *Func
	for _, g := range p.Funcs {
		if g.Name == "f" {
			fn = g
		}
	}
	if fn == nil {
		t.Fatal("f not checked")
	}
	vars := map[string]*Var{}
	for _, v := range fn.Info.Vars {
		vars[v.Name] = v
	}
	for i, tt := range tests {
		v := vars[fmt.Sprintf("r%d", i)]
		if v == nil || v.Type.String() != tt.want {
			got := "<nil>"
			if v != nil {
				got = v.Type.String()
			}
			t.Errorf("%s: type %s, want %s", tt.expr, got, tt.want)
		}
	}
}

func TestBuiltinOverloadErrors(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"dot scalar", "float f(float x) { return dot(x, x); }", []string{"1:27: no matching function for call to 'dot'"}},
		{"cross float2", "float2 f(float2 x) { return cross(x, x); }", []string{"1:29: no matching function"}},
		{"vector width mismatch", "float3 f(float3 a, float4 b) { return max(a, b); }", []string{"1:39: no matching function"}},
		{"all on float", "bool f(float3 a) { return all(a); }", []string{"1:27: no matching function"}},
		{"determinant non-square", "float f(float3x4 m) { return determinant(m); }", []string{"1:30: square matrix"}},
	})
}

// TestManyInstantiations checks that hundreds of explicit instantiations
// in one file each become a qualified function, quickly.
func TestManyInstantiations(t *testing.T) {
	var b strings.Builder
	b.WriteString("#include <metal_stdlib>\nusing namespace metal;\n")
	b.WriteString("template <typename T, int N> kernel void op(device T *a [[buffer(0)]], constant T &s [[buffer(1)]], uint i [[thread_position_in_grid]]) { for (int k = 0; k < N; ++k) a[i] = a[i] * s + T(k); }\n")
	types := []string{"float", "half", "int", "uint", "short", "ushort"}
	n := 0
	for _, ty := range types {
		for k := 1; k <= 60; k++ {
			fmt.Fprintf(&b, "template [[host_name(\"op_%s_%d\")]] kernel void op<%s, %d>(device %s *, constant %s &, uint);\n", ty, k, ty, k, ty, ty)
			n++
		}
	}
	t0 := time.Now()
	p, d := checkSrc(t, b.String())
	el := time.Since(t0)
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
	if len(p.Functions) != n {
		t.Fatalf("%d functions, want %d", len(p.Functions), n)
	}
	f := p.Lookup("op_half_7")
	if f == nil || f.Params[0].Type != PointerTo(Half, SpaceDevice, false, false) || f.TemplArgs[1].Value.I != 7 {
		t.Fatalf("op_half_7 = %+v", f)
	}
	t.Logf("%d instantiations parsed and checked in %v", n, el)
}

func TestRaytracingTypes(t *testing.T) {
	p := mustCheck(t, `#include <metal_stdlib>
#include <metal_raytracing>
using namespace metal;
using namespace raytracing;
typedef intersector<triangle_data, instancing> Isect;
kernel void trace(instance_acceleration_structure accel [[buffer(0)]],
                  intersection_function_table<triangle_data, instancing> table [[buffer(1)]],
                  visible_function_table<float3(float3)> shade [[buffer(2)]],
                  device float4 *out [[buffer(3)]], uint2 gid [[thread_position_in_grid]]) {
    ray r(float3(0), float3(0, 0, 1), 0.001f, INFINITY);
    Isect i;
    i.accept_any_intersection(false);
    i.set_triangle_cull_mode(triangle_cull_mode::back);
    Isect::result_type res = i.intersect(r, accel, 0xff, table);
    float3 c = float3(res.triangle_barycentric_coord, res.distance);
    if (res.type == intersection_type::triangle && res.triangle_front_facing)
        c = shade[res.instance_id](c);
    out[gid.x] = float4(c + r.origin, float(res.primitive_id));
}`)
	k := p.Lookup("trace").Func
	var resT *Type
	for _, v := range k.Info.Vars {
		if v.Name == "res" {
			resT = v.Type
		}
	}
	if resT == nil || resT.Kind != KStruct || resT.Struct.FieldByName("triangle_barycentric_coord") == nil ||
		resT.Struct.FieldByName("instance_id").Type != UInt || resT.Struct.FieldByName("world_to_object_transform") != nil {
		t.Fatalf("result type = %v", resT)
	}
	for e, x := range k.Info.Exprs {
		if x.Type.Kind == KUnknown {
			if _, ok := e.(*syntax.MemberExpr); !ok {
				if _, ok := e.(*syntax.NameExpr); !ok {
					t.Errorf("untyped %T at %v", e, e.Pos())
				}
			}
		}
	}
}

func TestFunctionConstantDependencies(t *testing.T) {
	p := mustCheck(t, `constant bool a [[function_constant(3)]];
constant int b [[function_constant(1)]];
constant bool c = a && b > 2;
constant int unused [[function_constant(0)]];
float helper(float x) { return c ? x : -x; }
kernel void k(device float *p [[buffer(0)]]) { p[0] = helper(p[1]); }
kernel void plain(device float *p [[buffer(0)]]) { p[0] = 1; }`)
	var names []string
	for _, fc := range p.Lookup("k").FuncConsts {
		names = append(names, fc.Name)
	}
	if got := strings.Join(names, ","); got != "b,a,c" {
		t.Errorf("k depends on %s, want b,a,c (by index, derived last)", got)
	}
	if n := len(p.Lookup("plain").FuncConsts); n != 0 {
		t.Errorf("plain depends on %d function constants", n)
	}
}

func TestCheckNilInputs(t *testing.T) {
	fset := diag.NewFileSet()
	if p := Check(fset, nil, nil, nil); p == nil || len(p.Functions) != 0 {
		t.Fatalf("Check(nil) = %+v", p)
	}
	// Errors without a diagnostics list are dropped, not a crash.
	f := syntax.ParseFile(fset, "x.metal", []byte("float a; float a;\nkernel void main() {}"), syntax.Options{}, diag.NewList(fset))
	if p := Check(fset, f, nil, nil); p == nil {
		t.Fatal("nil program")
	}
}

func TestArgumentIDs(t *testing.T) {
	p := mustCheck(t, `struct Mat { texture2d<float> albedo; sampler s; };
struct AB { device float *data; array<texture2d<float>, 3> textures; Mat m [[id(10)]]; Mat inner; float scale [[id(20)]]; constant float4 *extra; };
kernel void k(constant AB &ab [[buffer(0)]]) {}`)
	ab := p.Lookup("k").Params[0].Type.Elem
	if !IsArgumentBuffer(ab) {
		t.Fatal("AB is an argument buffer")
	}
	ids, bad := ArgumentIDs(ab)
	var got []string
	for _, id := range ids {
		got = append(got, fmt.Sprintf("%s=%d/%d", id.Path, id.ID, id.Count))
	}
	want := "data=0/1 textures=1/3 m=10/1 inner.albedo=11/1 inner.s=12/1 scale=20/1 extra=21/1"
	if strings.Join(got, " ") != want || len(bad) != 0 {
		t.Errorf("ids = %s (bad %d), want %s", strings.Join(got, " "), len(bad), want)
	}
}

func TestConstructorConversions(t *testing.T) {
	p := mustCheck(t, "float4 f(int3 a, half h, half3x3 hm) { float3x3 m = float3x3(hm); float2x2 d = float2x2(1); return float4(a, h) + float4(m[0], 1); }")
	fn := p.Funcs[0]
	count := map[ConvKind]int{}
	for _, x := range fn.Info.Exprs {
		if x.Conv != nil {
			count[x.Conv.Kind]++
		}
	}
	// a: int3 → float3 (vector), h: half → float, hm: half3x3 → float3x3,
	// 1: int → float (diagonal), 1 in float4(m[0], 1): int → float.
	if count[ConvVector] != 2 || count[ConvFloating] != 1 || count[ConvIntToFloat] != 2 {
		t.Errorf("conversions = %v", count)
	}
}
