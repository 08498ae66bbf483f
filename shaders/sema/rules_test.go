package sema

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// ruleCase is one snippet and the diagnostics it must produce, each as
// "line:col: regexp" (an empty list means the snippet is valid).
type ruleCase struct {
	name string
	src  string
	want []string
}

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, d := checkSrc(t, tc.src)
			var got []string
			for _, x := range d.Diags {
				if x.Severity.String() != "error" {
					continue
				}
				p := d.Fset.Position(x.Pos)
				got = append(got, fmt.Sprintf("%d:%d: %s", p.Line, p.Column, x.Msg))
			}
			used := make([]bool, len(got))
			for _, w := range tc.want {
				pos, re, _ := strings.Cut(w, " ")
				rx := regexp.MustCompile(re)
				found := false
				for i, g := range got {
					if !used[i] && strings.HasPrefix(g, pos) && rx.MatchString(g[len(pos):]) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					t.Errorf("missing error %q; got:\n  %s", w, strings.Join(got, "\n  "))
				}
			}
			for i, g := range got {
				if !used[i] {
					t.Errorf("unexpected error %s", g)
				}
			}
		})
	}
}

func TestQualifiedFunctionRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"kernel returns void", `kernel float k() { return 1; }`, []string{"1:8: must return void"}},
		{"object returns void", `[[object]] int o() { return 1; }`, []string{"1:12: must return void"}},
		{"mesh returns void", `[[mesh]] int m() { return 1; }`, []string{"1:10: must return void"}},
		{"vertex float4 ok", `vertex float4 v() { return float4(0); }`, nil},
		{"vertex void ok", `vertex void v(device float *p [[buffer(0)]]) { p[0] = 1; }`, nil},
		{"vertex float", `vertex float v() { return 0; }`, []string{"1:8: vertex function must return void, float4 or a struct"}},
		{"vertex struct without position", "struct O { float4 p; };\nvertex O v() { O o; return o; }",
			[]string{"2:8: must have a member with \\[\\[position\\]\\]"}},
		{"vertex position type", "struct O { float3 p [[position]]; };\nvertex O v() { O o; return o; }",
			[]string{"1:19: \\[\\[position\\]\\] output must be float4"}},
		{"misspelt member attribute", "struct O { float4 p [[positon]]; };\nvertex O v() { O o; return o; }",
			[]string{"1:23: unknown attribute 'positon'", "2:8: must have a member with"}},
		{"vertex output builtin types", "struct O { float4 p [[position]]; half ps [[point_size]]; float cd [[clip_distance]][2]; uint v [[viewport_array_index]]; };\nvertex O v() { O o; return o; }",
			[]string{"1:45: invalid type 'half' for vertex output \\[\\[point_size\\]\\]"}},
		{"vertex writes non-void", `vertex float4 v(device float *p [[buffer(0)]]) { p[0] = 1; return float4(0); }`,
			[]string{"1:8: writes to device memory and must return void"}},
		{"early_fragment_tests on kernel", "[[early_fragment_tests]]\nkernel void k() {}", []string{"2:13: early_fragment_tests.*kernel"}},
		{"early_fragment_tests depth", "struct O { float4 c [[color(0)]]; float d [[depth(any)]]; };\n[[early_fragment_tests]] fragment O f() { O o; return o; }",
			[]string{"2:35: cannot output \\[\\[depth\\]\\]"}},
		{"early_fragment_tests ok", "[[early_fragment_tests]] fragment float4 f() { return 1; }", nil},
		{"main not allowed", `kernel void main() {}`, []string{"1:13: 'main' is not allowed"}},
		{"qualified call", "kernel void a() {}\nkernel void b() { a(); }", []string{"2:19: kernel function 'b' cannot call kernel function 'a'"}},
		{"qualified call through helper", "vertex float4 v() { return 0; }\nfloat4 h() { return v(); }\nkernel void k() { h(); }",
			[]string{"2:21: kernel function 'k' cannot call vertex function 'v'"}},
		{"visible call ok", "[[visible]] float vis(float x) { return x; }\nkernel void k(device float *p [[buffer(0)]]) { p[0] = vis(1); }", nil},
		{"host_name unique", "[[host_name(\"x\")]] kernel void a() {}\n[[host_name(\"x\")]] kernel void b() {}",
			[]string{"2:13: function name 'x' is already used"}},
		{"host_name vs plain name", "kernel void x() {}\n[[host_name(\"x\")]] kernel void b() {}", []string{"2:13: 'x' is already used"}},
		{"namespaced names distinct", "namespace a { kernel void f() {} }\nnamespace b { kernel void f() {} }", nil},
		{"max threads on vertex", "[[max_total_threads_per_threadgroup(64)]] vertex float4 v() { return 0; }", []string{"1:3: requires a kernel"}},
		{"max threads zero", "[[max_total_threads_per_threadgroup(0)]] kernel void k() {}", []string{"1:37: must be positive"}},
		{"mesh grid attr on kernel", "[[max_total_threadgroups_per_mesh_grid(4)]] kernel void k() {}", []string{"1:3: requires an object function"}},
		{"patch on fragment", "[[patch(quad, 4)]] fragment float4 f() { return 0; }", []string{"1:3: \\[\\[patch\\]\\] can only be used with vertex"}},
		{"patch count range", "[[patch(quad, 33)]] vertex float4 v() { return 0; }", []string{"1:15: between 0 and 32"}},
		{"static local in kernel", "kernel void k() { static float x = 1; }", []string{"1:19: 'static' variables are not allowed in kernel"}},
		{"static local in helper ok", "float h() { static constant float x = 1; return x; }", nil},
		{"threadgroup local in fragment", "fragment float4 f() { threadgroup float x[4]; return x[0]; }", []string{"1:23: threadgroup variables cannot be declared in fragment"}},
		{"write texture local", "kernel void k(texture2d<float, access::write> t [[texture(0)]]) { texture2d<float, access::write> u = t; }",
			[]string{"1:99: local texture variables must have access::read or access::sample"}},
	})
}

func TestBindingRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"duplicate buffer", "kernel void k(device float *a [[buffer(1)]], device float *b [[buffer(1)]]) {}",
			[]string{"1:71: buffer index 1 is already used by argument 'a'"}},
		{"duplicate sampler", "kernel void k(sampler a [[sampler(0)]], sampler b [[sampler(0)]]) {}", []string{"1:61: sampler index 0"}},
		{"same index other group ok", "kernel void k(device float *a [[buffer(1)]], texture2d<float> t [[texture(1)]], threadgroup float *g [[threadgroup(1)]], sampler s [[sampler(1)]]) {}", nil},
		{"buffer range", "kernel void k(device float *a [[buffer(31)]]) {}", []string{"1:40: out of range"}},
		{"sampler range", "kernel void k(sampler s [[sampler(16)]]) {}", []string{"1:35: out of range"}},
		{"texture attr on buffer", "kernel void k(device float *a [[texture(0)]]) {}", []string{"1:33: \\[\\[texture\\]\\] cannot be applied"}},
		{"threadgroup arg in vertex", "vertex float4 v(threadgroup float *p [[threadgroup(0)]]) { return 0; }", []string{"1:40: vertex functions cannot take threadgroup"}},
		{"two stage_in", "struct I { float4 a [[attribute(0)]]; };\nvertex float4 v(I a [[stage_in]], I b [[stage_in]]) { return 0; }",
			[]string{"2:41: only one \\[\\[stage_in\\]\\]"}},
		{"stage_in member attribute missing", "struct I { float4 a [[attribute(0)]]; float2 b; };\nvertex float4 v(I a [[stage_in]]) { return 0; }",
			[]string{"1:46: must have an \\[\\[attribute\\(n\\)\\]\\]"}},
		{"stage_in packed member", "struct I { packed_float3 a [[attribute(0)]]; };\nvertex float4 v(I a [[stage_in]]) { return 0; }",
			[]string{"1:26: cannot be a packed vector"}},
		{"stage_in duplicate attribute", "struct I { float4 a [[attribute(0)]]; float4 b [[attribute(0)]]; };\nvertex float4 v(I a [[stage_in]]) { return 0; }",
			[]string{"1:46: \\[\\[attribute\\(0\\)\\]\\] is used by both"}},
		{"payload twice", "struct P { float x; };\n[[object]] void o(object_data P &a [[payload]], object_data P &b [[payload]]) {}",
			[]string{"2:68: \\[\\[payload\\]\\] can be declared only once"}},
		{"mesh payload const", "struct P { float x; };\n[[mesh]] void m(object_data P &a [[payload]]) {}", []string{"2:36: must be const-qualified"}},
		{"payload in kernel", "struct P { float x; };\nkernel void k(object_data P &a [[payload]]) {}", []string{"2:34: only allowed in intersection, object and mesh"}},
		{"size_t argument", "kernel void k(size_t n [[thread_position_in_grid]]) {}", []string{"1:22: 'size_t' cannot be used", "1:26: invalid type 'size_t'"}},
		{"size_t in struct argument", "struct S { size_t n [[user(n)]]; float4 p [[position]]; };\nfragment void f(S s [[stage_in]]) {}", []string{"2:19: contains member 'n'"}},
		{"size_t buffer contents", "struct S { size_t n; };\nkernel void k(constant size_t &n [[buffer(0)]], device S *s [[buffer(1)]]) {}", nil},
		{"pointer without space", "kernel void k(float *p [[buffer(0)]]) {}", []string{"1:21: pointer type must have explicit address space"}},
		{"scalar without attribute", "kernel void k(uint x) {}", []string{"1:20: needs a binding or built-in attribute"}},
	})
}

func TestBuiltinAttributeRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"kernel builtins ok", "kernel void k(uint2 gid [[thread_position_in_grid]], uint2 n [[threads_per_grid]], ushort l [[thread_index_in_simdgroup]], ushort w [[threads_per_simdgroup]], uint i [[thread_index_in_threadgroup]], uint2 lp [[thread_position_in_threadgroup]]) {}", nil},
		{"grid types must match", "kernel void k(uint2 gid [[thread_position_in_grid]], ushort2 n [[threads_per_grid]]) {}",
			[]string{"1:66: must match type 'uint2'"}},
		{"vector widths must match", "kernel void k(uint2 gid [[thread_position_in_grid]], uint3 tg [[threadgroup_position_in_grid]]) {}",
			[]string{"1:65: vector width"}},
		{"simd types must match", "kernel void k(ushort l [[thread_index_in_simdgroup]], uint w [[threads_per_simdgroup]]) {}",
			[]string{"1:64: must match type 'ushort'"}},
		{"index must be uint", "kernel void k(uint2 lp [[thread_position_in_threadgroup]], ushort i [[thread_index_in_threadgroup]]) {}",
			[]string{"1:71: must be uint when"}},
		{"float position", "kernel void k(float gid [[thread_position_in_grid]]) {}", []string{"1:27: invalid type 'float'"}},
		{"uint4 position", "kernel void k(uint4 gid [[thread_position_in_grid]]) {}", []string{"1:27: invalid type 'uint4'"}},
		{"vertex_id type", "vertex float4 v(float id [[vertex_id]]) { return 0; }", []string{"1:28: invalid type 'float' for \\[\\[vertex_id\\]\\]"}},
		{"kernel attr in vertex", "vertex float4 v(uint id [[thread_position_in_grid]]) { return 0; }", []string{"1:27: not a valid input attribute for vertex"}},
		{"unknown attribute", "kernel void k(uint id [[bogus_attr]]) {}", []string{"1:25: unknown attribute 'bogus_attr'"}},
		{"fragment position", "fragment float4 f(float4 p [[position]], bool ff [[front_facing]], uint s [[sample_id]]) { return p; }", nil},
		{"sample_mask twice", "fragment float4 f(uint a [[sample_mask]], uint b [[sample_mask]]) { return 0; }", []string{"1:52: can be declared only once"}},
		{"tile pair mismatch", "fragment float4 f(ushort2 a [[pixel_position_in_tile]], uint2 b [[pixels_per_tile]]) { return 0; }", []string{"1:67: must match"}},
		{"color output type", "struct O { bool c [[color(0)]]; };\nfragment O f() { O o; return o; }", []string{"1:21: \\[\\[color\\]\\] output must be"}},
		{"depth output type", "struct O { half d [[depth(any)]]; };\nfragment O f() { O o; return o; }", []string{"1:21: \\[\\[depth\\]\\] output must be float"}},
		{"fragment outputs need color", "struct O { float4 a; float4 b; };\nfragment O f() { O o; return o; }", []string{"1:29: needs \\[\\[color\\(m\\)\\]\\]"}},
		{"argument buffer ids", "struct AB { texture2d<float> t [[id(2)]]; sampler s [[id(1)]]; };\nkernel void k(constant AB &ab [[buffer(0)]]) {}",
			[]string{"1:55: \\[\\[id\\(1\\)\\]\\] of member 's' must be greater"}},
		{"color in/out mismatch", "fragment half4 f(float4 fb [[color(0)]]) { return 0; }", []string{"1:30: color attachment 0 is read as 'float4' but written as 'half4'"}},
		{"interpolation on int", "struct I { float4 p [[position]]; int i [[center_perspective]]; };\nfragment float4 f(I in [[stage_in]]) { return 0; }",
			[]string{"1:43: can only use flat"}},
		{"interpolation on position", "struct I { float4 p [[position, centroid_perspective]]; };\nfragment float4 f(I in [[stage_in]]) { return 0; }",
			[]string{"1:33: center_no_perspective"}},
	})
}

func TestIntersectionRules(t *testing.T) {
	pre := "using namespace metal::raytracing;\n"
	runRuleCases(t, []ruleCase{
		{"triangle with data ok", pre + "[[intersection(triangle, triangle_data, instancing)]] bool f(float2 b [[barycentric_coord]], bool ff [[front_facing]], uint i [[instance_id]], float d [[distance]]) { return true; }", nil},
		{"bary needs triangle_data", pre + "[[intersection(triangle)]] bool f(float2 b [[barycentric_coord]]) { return true; }",
			[]string{"2:46: requires the 'triangle_data' intersection tag"}},
		{"bary needs triangle", pre + "[[intersection(bounding_box, triangle_data)]] bool f(float2 b [[barycentric_coord]]) { return true; }",
			[]string{"2:65: requires primitive type 'triangle'"}},
		{"opaque needs box", pre + "[[intersection(triangle)]] bool f(bool o [[opaque]]) { return true; }", []string{"2:44: requires primitive type 'bounding_box'"}},
		{"world space needs tag", pre + "[[intersection(triangle, instancing)]] bool f(float3 o [[world_space_origin]]) { return true; }",
			[]string{"2:58: world_space_data"}},
		{"transform needs instancing", pre + "[[intersection(bounding_box, world_space_data)]] bool f(float4x3 m [[object_to_world_transform]]) { return true; }",
			[]string{"2:70: 'instancing'"}},
		{"motion needs tag", pre + "[[intersection(bounding_box)]] bool f(float t [[motion_start_time]]) { return true; }", []string{"2:49: primitive_motion"}},
		{"origin type", pre + "[[intersection(bounding_box)]] bool f(float4 o [[origin]]) { return true; }", []string{"2:50: invalid type 'float4'"}},
		{"payload must be ray_data", pre + "[[intersection(bounding_box)]] bool f(thread float &p [[payload]]) { return true; }", []string{"2:57: must be a 'ray_data T&'"}},
		{"box result", pre + "struct R { bool a [[accept_intersection]]; float d [[distance]]; };\n[[intersection(bounding_box)]] R f(ray_data float &p [[payload]]) { R r; return r; }", nil},
		{"distance output on triangle", pre + "struct R { bool a [[accept_intersection]]; float d [[distance]]; };\n[[intersection(triangle)]] R f() { R r; return r; }",
			[]string{"3:28: only allowed for bounding_box"}},
		{"accept missing", pre + "struct R { bool c [[continue_search]]; };\n[[intersection(triangle)]] R f() { R r; return r; }",
			[]string{"3:28: must have a bool \\[\\[accept_intersection\\]\\]"}},
		{"bad primitive", pre + "[[intersection(sphere)]] bool f() { return true; }", []string{"2:16: invalid intersection primitive type 'sphere'"}},
		{"texture arg", pre + "[[intersection(triangle)]] bool f(texture2d<float> t [[texture(0)]]) { return true; }", []string{"2:56: cannot take texture"}},
		{"barrier in intersection", pre + "[[intersection(triangle)]] bool f() { threadgroup_barrier(mem_flags::mem_none); return true; }", []string{"2:39: not supported in intersection"}},
	})
}

func TestFunctionConstantRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"ok", "constant bool a [[function_constant(0)]];\nconstant int b [[function_constant(65535)]];\nconstant bool c = a && (b > 2);\nkernel void k(device int *p [[buffer(0), function_constant(a)]]) { if (c) p[0] = b; }", nil},
		{"index range", "constant int a [[function_constant(65536)]];", []string{"1:36: out of range \\[0, 65535\\]"}},
		{"negative index", "constant int a [[function_constant(-1)]];", []string{"1:36: out of range"}},
		{"struct type", "struct S { int x; };\nconstant S a [[function_constant(1)]];", []string{"2:12: scalar or vector"}},
		{"array type", "constant float a [[function_constant(2)]][4];", []string{"1:16: scalar or vector"}},
		{"duplicate index", "constant int a [[function_constant(3)]];\nconstant int b [[function_constant(3)]];", []string{"2:36: already used by 'a'"}},
		{"initializer", "constant int a [[function_constant(3)]] = 2;", []string{"1:43: cannot have an initializer"}},
		{"fc binding index type", "constant bool fb [[function_constant(0)]];\nkernel void k(device int *a [[buffer(fb)]]) {}", []string{"2:38: must have a scalar integer type"}},
		{"global resource without binding", "texture2d<float> constant t;\nsampler constant s [[sampler(0)]];", []string{"1:27: needs an explicit binding"}},
		{"fc indices skip", "constant bool has [[function_constant(0)]];\nkernel void k(device int *a [[buffer(0), function_constant(has)]], device int *b [[buffer(0)]]) {}", nil},
		{"is_function_constant_defined", "constant bool a [[function_constant(0)]];\nconstant bool d = is_function_constant_defined(a);", nil},
		{"is_function_constant_defined non-fc", "constant bool a = true;\nconstant bool d = is_function_constant_defined(a);", []string{"2:48: must be a function constant"}},
	})
}

func TestImageblockRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"color in explicit", "struct I { float4 a [[color(1)]]; };\nfragment void f(I i [[imageblock_data]]) {}", []string{"1:23: cannot have a \\[\\[color\\(n\\)\\]\\]"}},
		{"view aliasing", "struct M { struct A { int a [[user(x)]]; } b [[user(y), raster_order_group(0)]]; };\nstruct V { int a [[user(x)]]; M::A b [[user(y)]]; };\nfragment void f(V i [[imageblock_data(M)]]) {}",
			[]string{"2:36: aliases another view member"}},
		{"view match ok", "struct M { int c [[raster_order_group(0)]]; float d [[raster_order_group(0)]]; };\nstruct V { float d; };\nfragment void f(V i [[imageblock_data(M)]]) {}", nil},
		{"view type mismatch", "struct M { int c [[raster_order_group(0)]]; };\nstruct V { float c; };\nfragment void f(V i [[imageblock_data(M)]]) {}", []string{"2:18: differs from master member type 'int'"}},
		{"view unknown member", "struct M { int c [[raster_order_group(0)]]; };\nstruct V { int z [[user(q)]]; };\nfragment void f(V i [[imageblock_data(M)]]) {}", []string{"2:20: matches no member"}},
		{"rog array", "struct S { half3 n [[raster_order_group(0)]]; float f [[raster_order_group(1)]]; };\nstruct IM { half3 c [[raster_order_group(0)]]; S s[2]; };\nfragment void f(IM i [[imageblock_data]]) {}",
			[]string{"2:50: single \\[\\[raster_order_group\\]\\] on the array"}},
		{"rog on struct param", "struct S { float x; };\nfragment void f(constant S &s [[buffer(0), raster_order_group(0)]]) {}",
			[]string{"2:44: requires a device buffer or texture"}},
		{"rog missing", "struct N { float x; };\nstruct G { half4 a [[raster_order_group(0)]]; float d; N n [[raster_order_group(1)]]; N m; };\nfragment void f(G g [[imageblock_data]]) {}",
			[]string{"2:53: needs a \\[\\[raster_order_group\\]\\]", "2:89: needs a \\[\\[raster_order_group\\]\\]"}},
		{"alias color gap", "struct I { int c [[raster_order_group(0)]]; };\nstruct O { float4 a [[color(0)]]; float4 b [[color(2)]]; I i [[imageblock_data, alias_implicit_imageblock_color(1)]]; };\nfragment O f() { O o; return o; }",
			[]string{"2:81: undeclared color attachment"}},
		{"imageblock in fragment arg", "struct T { float4 c [[color(0)]]; };\nfragment float4 f(imageblock<T> b) { return 0; }", []string{"2:33: only allowed in kernel"}},
	})
}

func TestExpressionRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"swizzles", "float4 f(float4 p) { p.xy = p.zw; p.rgb = p.bgr; return p.wzyx + p.xxyy; }", nil},
		{"swizzle dup assign", "float4 f(float4 p) { p.xx = float2(1); return p; }", []string{"1:27: duplicate components"}},
		{"swizzle mix", "float f(float4 p) { return p.xg.x; }", []string{"1:30: cannot mix"}},
		{"swizzle range", "float f(float2 p) { return p.z; }", []string{"1:30: exceeds type 'float2'"}},
		{"swizzle address", "thread float2 *f(float4 p) { return &p.xy; }", []string{"1:37: address of a vector swizzle"}},
		{"vector narrowing", "float3 f(float4 p) { float3 q = p; return q; }", []string{"1:33: cannot initialize"}},
		{"vector int to float", "float3 f(int3 p) { float3 q = p; return q; }", []string{"1:31: cannot initialize"}},
		{"explicit vector conversion", "float3 f(int3 p) { return float3(p) + static_cast<float3>(p); }", nil},
		{"splat", "float4 f() { float4 v = 2.0f; return v * 2; }", nil},
		{"vector ctor counts", "float4 f(float2 a) { return float4(a, a); }", nil},
		{"vector ctor too few", "float4 f(float2 a) { return float4(a, 1); }", []string{"1:29: too few elements"}},
		{"vector ctor too many", "float3 f(float2 a) { return float3(a, a); }", []string{"1:29: too many elements"}},
		{"matrix ctor", "float2x2 f(float2 a) { return float2x2(a, a) + float2x2(1, 2, 3, 4) + float2x2(1.0); }", nil},
		{"matrix ctor mix", "float2x2 f(float2 a) { return float2x2(a, 1, 2); }", []string{"1:31: invalid arguments"}},
		{"matrix multiply", "float4 f(float4x4 m, float4 v, float3x4 n, float3 w) { return m * v + v * m + n * w; }", nil},
		{"matrix dims", "float4 f(float3x4 m, float4 v) { return m * v; }", []string{"1:43: invalid operands to matrix multiplication"}},
		{"different vector types", "float3 f(float3 a, int3 b) { return a + b; }", []string{"1:39: different types"}},
		{"ternary vector cond", "float3 f(bool3 c, float3 a) { return c ? a : a; }", []string{"1:40: must be a scalar"}},
		{"select", "float3 f(bool3 c, float3 a) { return select(a, a, c); }", nil},
		{"const assign", "kernel void k(constant float *p [[buffer(0)]]) { p[0] = 1; }", []string{"1:55: constant address space"}},
		{"const ref assign", "kernel void k(const device float &p [[buffer(0)]]) { p = 1; }", []string{"1:56: const-qualified"}},
		{"undeclared", "float f() { return y; }", []string{"1:20: undeclared identifier 'y'"}},
		{"no cascade", "float f() { float x = y + 1; return x * 2 + sin(x); }", []string{"1:23: undeclared identifier 'y'"}},
		{"float modulo", "float f(float a) { return a % 2.0f; }", []string{"1:29: invalid operands"}},
		{"index range", "float f() { float a[4]; return a[4]; }", []string{"1:34: index 4 is out of range"}},
		{"vector index range", "float f(float3 v) { return v[3]; }", []string{"1:30: out of range"}},
		{"return type", "float3 f() { return float4(0); }", []string{"1:21: cannot convert 'float4' to return type 'float3'"}},
		{"void return value", "void f() { return 1; }", []string{"1:19: should not return a value"}},
		{"break outside", "void f() { break; }", []string{"1:12: 'break' statement not in loop"}},
		{"duplicate case", "int f(int x) { switch (x) { case 1: return 0; case 1: return 2; } return 1; }", []string{"1:52: duplicate case value '1'"}},
		{"vector condition", "void f(bool2 b) { if (b) {} }", []string{"1:23: condition must be a scalar"}},
		{"address space cast", "void f(device float *p) { thread float *q = (thread float *)p; }", []string{"1:45: different address spaces"}},
		{"as_type ok", "uint f(float x, half2 h) { return as_type<uint>(x) + as_type<uint>(h); }", nil},
		{"as_type size", "uint f(half x) { return as_type<uint>(x); }", []string{"1:25: differ in size"}},
		{"as_type float3", "float4 f(float3 x) { return as_type<float4>(x); }", nil},
		{"texture access", "kernel void k(texture2d<float, access::read> t [[texture(0)]], sampler s [[sampler(0)]]) { float4 c = t.sample(s, float2(0)); }",
			[]string{"1:105: requires access::sample"}},
		{"texture write access", "kernel void k(texture2d<float> t [[texture(0)]]) { t.write(float4(0), uint2(0)); }", []string{"1:54: requires access::write"}},
		{"texture read float coords", "kernel void k(texture2d<float, access::read> t [[texture(0)]]) { float4 c = t.read(float2(0)); }", []string{"1:84: must be integers"}},
		{"texture types", "kernel void k(texture2d<float, access::read_write> t [[texture(0)]], depth2d<float> d [[texture(1)]], sampler s [[sampler(0)]]) { float4 c = t.read(uint2(0)); t.write(c, uint2(1)); float z = d.sample(s, float2(0)); uint w = t.get_width(); }", nil},
		{"sample coord width", "fragment float4 f(texture2d<float> t [[texture(0)]], sampler s [[sampler(0)]]) { float3 uv = 0; return t.sample(s, uv); }",
			[]string{"1:116: needs 'float2' coordinates"}},
		{"cube sample", "fragment float4 f(texturecube<float> t [[texture(0)]], sampler s [[sampler(0)]]) { return t.sample(s, float3(1)); }", nil},
		{"read coord width", "kernel void k(texture3d<float, access::read> t [[texture(0)]], uint2 g [[thread_position_in_grid]]) { float4 c = t.read(g); }",
			[]string{"1:121: needs uint3 coordinates"}},
		{"write int coords", "kernel void k(texture2d<float, access::write> t [[texture(0)]], int2 g [[thread_position_in_grid]]) { t.write(float4(1), g); }",
			[]string{"1:74: invalid type 'int2'"}},
		{"depth half", "kernel void k(depth2d<half> d [[texture(0)]]) {}", []string{"1:15: depth texture component type must be float"}},
		{"ms write", "kernel void k(texture2d_ms<float, access::write> d [[texture(0)]]) {}", []string{"1:15: multisample textures"}},
		{"atomics", "kernel void k(device atomic_uint *c [[buffer(0)]], threadgroup atomic_int *t [[threadgroup(0)]]) { uint o = atomic_fetch_add_explicit(c, 1u, memory_order_relaxed); int v = atomic_load_explicit(t, memory_order_relaxed); atomic_store_explicit(c, 2u, memory_order_relaxed); }", nil},
		{"atomic non-pointer", "kernel void k(device uint *c [[buffer(0)]]) { atomic_fetch_add_explicit(c, 1u, memory_order_relaxed); }", []string{"1:73: pointer to an atomic type"}},
		{"dfdx in kernel", "kernel void k(device float *p [[buffer(0)]]) { p[0] = dfdx(p[1]); }", []string{"1:55: can only be used in fragment"}},
		{"dfdx through helper", "float d(float x) { return dfdx(x); }\nfloat e(float x) { return d(x); }\nkernel void k(device float *p [[buffer(0)]]) { p[0] = e(p[1]); }\nfragment float4 f(float4 q [[position]]) { return e(q.x); }",
			[]string{"3:55: 'dfdx' \\(used by 'd'\\) can only be used in fragment functions"}},
		{"dfdx in fragment", "fragment float4 f(float4 p [[position]]) { return dfdx(p); }", nil},
		{"double", "float f() { double d = 1; return d; }", []string{"1:13: 'double' is not supported"}},
		{"constexpr not const", "float f(float x) { constexpr float y = x; return y; }", []string{"1:40: must be initialized by a constant expression"}},
		{"array size not const", "float f(int n) { float a[n]; return a[0]; }", []string{"1:26: not a constant expression"}},
		{"static_assert", "static_assert(sizeof(float3) == 16, \"f3\");\nstatic_assert(sizeof(packed_float3) == 16, \"p3\");", []string{"2:15: static assertion failed: p3"}},
		{"mem_flags or", "kernel void k() { threadgroup_barrier(mem_flags::mem_device | mem_flags::mem_threadgroup); }", nil},
		{"program scope variable space", "float g = 1;", []string{"1:7: must reside in constant address space"}},
		{"auto return", "auto sq(float x) { return x * x; }\nfloat3 f() { return float3(sq(2.0f)); }", nil},
		{"lambda", "kernel void k(device float *p [[buffer(0)]]) { float s = 2; auto twice = [s](float x) { return x * s; }; p[0] = twice(p[1]); }", nil},
		{"lambda body error", "float f() { auto g = [](float x) { return x + nope; }; return g(1); }", []string{"1:47: undeclared identifier 'nope'"}},
		{"constexpr function", "constexpr int twice(int x) { return x * 2; }\nconstexpr uint pick(uint a, bool b) { if (b) return a; const uint c = a + 1; return c; }\nfloat f() { float a[twice(3)]; float b[pick(4, false)]; static_assert(sizeof(b) == 20, \"\"); return a[5]; }", nil},
		{"constexpr function not constant", "constexpr int twice(int x) { return x * 2; }\nfloat f(int n) { float a[twice(n)]; return a[0]; }", []string{"2:26: not a constant expression"}},
		{"enum operator", "enum class Flags : uint { A = 1, B = 2 };\nFlags operator|(Flags a, Flags b) { return Flags(uint(a) | uint(b)); }\nFlags f() { return Flags::A | Flags::B; }", nil},
		{"redefinition", "float f() { float a = 1; float a = 2; return a; }", []string{"1:32: redefinition of 'a'"}},
	})
}

func TestNameResolutionRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"namespaces and using", `
namespace outer { namespace inner { constexpr constant int N = 3; float g(float x) { return x * N; } } }
using namespace outer;
float f() { return inner::g(1) + outer::inner::g(2) + ::outer::inner::N; }`, nil},
		{"nested namespace decl", "namespace a::b { int h() { return 1; } }\nint f() { return a::b::h(); }", nil},
		{"struct methods operators ctors", `
struct V { float3 v; V() : v(0) {} V(float3 x) : v(x) {} V operator+(V o) const { return V(v + o.v); } float len() const { return length(v); } };
float f() { V a(float3(1)); V b = a + a; return b.len() + a.v.x; }`, nil},
		{"member init type", "struct V { float3 v; int n; V(float4 x) : v(x), n(1) {} };", []string{"1:45: cannot initialize member 'v'"}},
		{"member init unknown", "struct V { float3 v; V() : w(0) {} };", []string{"1:28: 'w' is not a member of 'V'"}},
		{"free operator", "struct C { float r; };\nC operator*(C a, float s) { C c; c.r = a.r * s; return c; }\nfloat f(C c) { return (c * 2).r; }", nil},
		{"enums", `
enum Mode { ModeA, ModeB = 4 };
enum class Kind : uint { X = 1, Y };
static_assert(ModeB == 4, "");
static_assert(uint(Kind::Y) == 2, "");
int f(Kind k) { switch (k) { case Kind::X: return ModeA; case Kind::Y: return 2; } return 0; }`, nil},
		{"typedef using", "typedef float4 color;\nusing vec3 = float3;\ncolor f(vec3 v) { return color(v, 1); }", nil},
		{"function template", `
template <typename T> T sq(T x) { return x * x; }
template <typename T, int N> T sum(vec<T, N> v) { T s = 0; for (int i = 0; i < N; ++i) s += v[i]; return s; }
float f() { return sq(2.0f) + float(sq(3)) + sum(float3(1, 2, 3)); }`, nil},
		{"class template", `
template <typename T, uint N> struct Buf { T data[N]; T get(uint i) const { return data[i]; } };
float f(Buf<float, 4> b) { return b.get(0) + b.data[3]; }
static_assert(sizeof(Buf<half, 3>) == 6, "");`, nil},
		{"alias template", "template <typename T> using Pair = vec<T, 2>;\nfloat f(Pair<float> p) { return p.x; }", nil},
		{"overload by address space", `
float load(device float *p) { return p[0]; }
float load(thread float *p) { return p[1]; }
kernel void k(device float *d [[buffer(0)]]) { float l = 1; d[0] = load(d) + load(&l); }`, nil},
		{"no overload for space", "float load(thread float *p) { return p[0]; }\nkernel void k(device float *d [[buffer(0)]]) { d[0] = load(d); }",
			[]string{"2:55: no matching function for call to 'load'"}},
		{"array decay keeps space", "constant float kW[2] = {1, 2};\nfloat g(constant float *p) { return p[0]; }\nfloat h(thread float *p) { return p[0]; }\nfloat f() { float l[2] = {0, 1}; return g(kW) + h(l) + h(kW); }",
			[]string{"4:56: no matching function for call to 'h'"}},
		{"ambiguous", "float g(float a, int b) { return a; }\nfloat g(int a, float b) { return b; }\nfloat f() { return g(1, 1); }",
			[]string{"3:20: ambiguous"}},
		{"explicit instantiations", `
template <typename T> kernel void fill(device T *p [[buffer(0)]], uint i [[thread_position_in_grid]]) { p[i] = T(1); }
template [[host_name("fill_f")]] kernel void fill(device float *, uint);
template [[host_name("fill_i")]] kernel void fill<int>(device int *, uint);`, nil},
		{"template error reported once", "template <typename T> kernel void f(device T *p [[buffer(0)]]) { p[0] = undefined_name; }\ntemplate [[host_name(\"a\")]] kernel void f(device int *);\ntemplate [[host_name(\"b\")]] kernel void f(device float *);",
			[]string{"1:73: undeclared identifier 'undefined_name'"}},
		{"instantiation mismatch", "template <typename T> kernel void f(device T *p [[buffer(0)]]) {}\ntemplate kernel void f(device float *, int);",
			[]string{"2:22: does not match any template"}},
		{"unknown type", "Foo f();", []string{"1:1: unknown type name 'Foo'"}},
		{"not a namespace member", "namespace n { constant int a = 1; }\nint f() { return n::b; }", []string{"2:21: no member named 'b'"}},
		{"derived class", "struct A { float a; };\nstruct B : A { float b; };", []string{"2:12: derived classes are not supported"}},
		{"virtual", "struct A { virtual float f() { return 0; } };", []string{"1:12: virtual functions"}},
	})
}

// TestMemberInitializerRules: constant default member initializers of
// scalar and vector members are accepted (and converted); other forms are
// refused with the member named, never dropped.
func TestMemberInitializerRules(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{"constant scalar and vector", "struct S {\n  float a;\n  float b = 2.5f;\n  int c{3};\n  float3 d = float3(1.0f, 2.0f, 3.0f);\n  float e = 1;\n};", nil},
		{"not a constant", "float g();\nstruct S {\n  float b = g();\n};", []string{"3:13: not a constant expression"}},
		{"struct member", "struct T { float x; };\nstruct S {\n  T t = {1.0f};\n  T u{2.0f};\n  float a[3] = {1.0f};\n};", nil},
		{"simdgroup_matrix member", "struct S {\n  simdgroup_matrix<float, 8, 8> m = simdgroup_matrix<float, 8, 8>(0);\n};", nil},
		{"simdgroup_matrix member bad init", "struct S {\n  simdgroup_matrix<float, 8, 8> m = 1.0f;\n};", []string{"2:37: cannot initialize a variable of type 'simdgroup_matrix<float, 8, 8>' with an value of type 'float'"}},
		{"opaque member", "struct S {\n  sampler m = sampler();\n};", []string{"2:15: default member initializer for 'm': only a constant of a scalar, vector, array or struct member"}},
		{"excess array member", "struct S {\n  float a[2] = {1.0f, 2.0f, 3.0f};\n};", []string{"2:29: excess elements"}},
		{"static constexpr member", "struct S {\n  static constexpr float k = 2.5f;\n  float a;\n};", nil},
	})
}
