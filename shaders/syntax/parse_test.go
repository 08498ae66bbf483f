package syntax

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// parseBody parses stmts inside a function after prelude declarations and
// returns the dump of each statement.
func parseBody(t *testing.T, prelude, stmts string) ([]string, string) {
	t.Helper()
	src := "#include <metal_stdlib>\nusing namespace metal;\n" + prelude + "\nvoid test_fn() {\n" + stmts + "\n}\n"
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "t.metal", []byte(src), Options{}, dl)
	fd, ok := f.Decls[len(f.Decls)-1].(*FuncDecl)
	if !ok || fd.Body == nil {
		t.Fatalf("last declaration is %T", f.Decls[len(f.Decls)-1])
	}
	var out []string
	for _, s := range fd.Body.Stmts {
		out = append(out, Dump(s))
	}
	return out, dl.Error()
}

// TestAmbiguities checks how C++ ambiguities are resolved with the name
// table.
func TestAmbiguities(t *testing.T) {
	tests := []struct {
		name, prelude, stmt, want string
	}{
		{"pointer decl of known type", "struct T {};", "T * x;", "var ptr(T) x;"},
		{"multiplication of values", "int a, b;", "a * b;", "(a * b);"},
		{"reference decl", "struct T {};", "T & r = *p;", "var ref(T) r = (*p);"},
		{"unknown type followed by name", "", "Foo x;", "var Foo x;"},
		{"unknown pointer with init", "", "Foo* x = y;", "var ptr(Foo) x = y;"},
		{"template call", "template <typename T> T f(int);", "f<float>(1);", "call(f<T:float>; 1);"},
		{"less-greater on values", "int a, b, c;", "a < b > (c);", "((a < b) > c);"},
		{"comparison of unknown names", "", "x = a < b && c > d;", "(x = ((a < b) && (c > d)));"},
		{"unknown template with type arg", "", "g<float>(x);", "call(g<T:float>; x);"},
		{"functional cast of builtin", "", "x = float4(1);", "(x = construct(float4; 1));"},
		{"keyword functional cast statement", "", "int(x);", "construct(int; x);"},
		{"function pointer local", "", "float (*fp)(int) = nullptr;", "var ptr(fn(float;int)) fp = nullptr;"},
		{"c cast vs paren", "struct T {}; int v;", "x = (T)v + (v) * 2;", "(x = (ccast<T>(v) + (v * 2)));"},
		{"c cast of address space pointer", "", "p = (device float*)q;", "(p = ccast<ptr(q(device float))>(q));"},
		{"variable shadows type", "struct ray {};", "ray ray; ray.origin = 1;", "var ray ray;"},
		{"brace construction", "struct S { int a; };", "S{1}.a;", "(construct{S; 1}.a);"},
		{"template member type", "", "intersector<triangle_data>::result_type r;", "var intersector<T:triangle_data>::result_type r;"},
		{"qualified builtin type", "", "metal::float4 v;", "var metal::float4 v;"},
		{"enum value in template arg", "", "mesh<V, P, 8, 12, topology::triangle> m;", "var mesh<V,P,8,12,topology::triangle> m;"},
		{"shift closes nested template args", "", "array<vec<float, 2>, 3> a; int s = a >> 1;", "var array<T:vec<T:float,2>,3> a;"},
		{"direct init vs function", "", "float4 c(1.0f, 2.0f, 3.0f, 4.0f);", "var float4 c init(1.0f, 2.0f, 3.0f, 4.0f);"},
		{"direct init with functional cast", "", "float4 c(float2(1), 0, 1);", "var float4 c init(construct(float2; 1), 0, 1);"},
		{"local function declaration", "", "float g(float x);", "func float g(float x);"},
		{"address space local", "", "threadgroup float tg[16];", "var arr(q(threadgroup float),16) tg;"},
		{"constexpr sampler", "", "constexpr sampler s(address::repeat);", "var constexpr sampler s init(address::repeat);"},
		{"sizeof type vs expr", "int v;", "x = sizeof(float) + sizeof(v) + sizeof v;", "(x = ((sizeof(float) + sizeof(v)) + sizeof(v)));"},
		{"as_type", "", "u = as_type<uint2>(h);", "(u = call(as_type<T:uint2>; h));"},
		{"lambda with trailing return", "", "auto l = [x, &y](int a) -> float { return a; };", "var auto l = lambda[x,&y](int a)->float {\n  return a;\n};"},
		{"ternary assignment", "", "a = b ? c : d = e;", "(a = (b ? c : (d = e)));"},
		{"comma and compound", "", "a += 1, b <<= 2;", "((a += 1) , (b <<= 2));"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, errs := parseBody(t, tc.prelude, tc.stmt)
			if errs != "" {
				t.Fatalf("errors: %s", errs)
			}
			if len(got) == 0 || got[0] != tc.want {
				t.Errorf("got  %q\nwant %q", strings.Join(got, " | "), tc.want)
			}
		})
	}
}

// TestRecovery checks that parsing continues after errors and that
// messages read like clang's.
func TestRecovery(t *testing.T) {
	tests := []struct {
		src   string
		errs  string
		decls int
	}{
		{"int a = 1\nint b;", "t.metal:1:10: error: expected ';' after top level declarator", 2},
		{"void f() { x = ; y = 2; }\nint z;", "t.metal:1:16: error: expected expression", 2},
		{"struct S { int a; \nint b;", "t.metal:2:7: error: expected '}'", 2},
		{"void f() { if (x { } }\nint z;", "t.metal:1:17: error: expected ')'", 2},
		{"}\nint z;", "t.metal:1:1: error: extraneous closing brace ('}')", 1},
		{"void f() { return 1 }", "t.metal:1:20: error: expected ';' after return statement", 1},
		{"int f(int a, ) {}", "t.metal:1:14: error: expected parameter declarator", 1},
		{"template <typename T struct S {};", "t.metal:1:22: error: expected '>'", 1},
		{"kernel void k() { a[0 = 1; }", "t.metal:1:26: error: expected ']'", 1},
		{"float4 v = float4(1, 2;", "t.metal:1:23: error: expected ')'", 1},
		{"void f() { do x++; while (x) }", "t.metal:1:29: error: expected ';' after do/while statement", 1},
		{"enum E { A, B C };", "t.metal:1:15: error: expected '}'", 1},
	}
	for _, tc := range tests {
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		f := ParseFile(fset, "t.metal", []byte(tc.src), Options{}, dl)
		if got := dl.Error(); got != tc.errs {
			t.Errorf("%q:\n got errors %q\nwant        %q", tc.src, got, tc.errs)
		}
		if len(f.Decls) != tc.decls {
			t.Errorf("%q: %d declarations, want %d", tc.src, len(f.Decls), tc.decls)
		}
	}
}

// TestManyInstantiations checks that hundreds of explicit instantiations
// parse quickly and all keep their host names.
func TestManyInstantiations(t *testing.T) {
	var b strings.Builder
	b.WriteString("template <typename T> kernel void k(device T* p [[buffer(0)]]) {}\n")
	for i := 0; i < 800; i++ {
		b.WriteString("template [[host_name(\"k_")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\")]] kernel void k(device float*);\n")
	}
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "t.metal", []byte(b.String()), Options{}, dl)
	if dl.HasErrors() {
		t.Fatal(dl.Error())
	}
	n := 0
	for _, d := range f.Decls {
		if ei, ok := d.(*ExplicitInstantiation); ok {
			fd := ei.Decl.(*FuncDecl)
			if FindAttr(fd.Attrs, "host_name") == nil || fd.Stage != "kernel" {
				t.Fatalf("instantiation %d lost its attributes: %s", n, Dump(fd))
			}
			n++
		}
	}
	if n != 800 {
		t.Errorf("%d instantiations, want 800", n)
	}
}
