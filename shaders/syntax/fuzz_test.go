package syntax

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
)

// fuzzSeeds are small inputs covering the grammar; the corpus under
// testdata/fuzz adds more.
var fuzzSeeds = []string{
	"#define F(x, ...) f(x, ##__VA_ARGS__)\n#if defined(F) && __METAL_VERSION__ >= 300\nF(1) F(1,2)\n#elif 1\n#else\n#endif\n",
	"#define S(x) #x\n#define C(a,b) a##b\nC(x,y) S(\"q\" 'c')\n#undef S\n#pragma once\n#pragma METAL fp math_mode(fast)\n",
	"#include <metal_stdlib>\n#include <simd/simd.h>\nusing namespace metal;\nsimd_float4 v;\n",
	"struct S { float4 p [[position]]; S(int a) : p(a) {} float f() const { return p.x; } };\n",
	"template<typename T, int N> struct A { T v[N]; };\ntemplate [[host_name(\"k\")]] kernel void k<int>(device int*);\n",
	"kernel void k(device float* a [[buffer(0)]], uint i [[thread_position_in_grid]]) { a[i] = as_type<float>(i) + static_cast<float>(i); }\n",
	"[[mesh]] void m(mesh<V, P, 8, 12, topology::triangle> out) { auto l = [&](int x) -> int { return x; }; switch (1) { case 1: break; default: ; } do { } while (0); }\n",
	"namespace a::b { enum class E : uint { x = 1, y }; typedef E F; using G = F; }\nconstexpr sampler s(coord::normalized);\n",
	"fragment float4 f(V in [[stage_in]], float4 c [[color(0), raster_order_group(1)]]) [[early_fragment_tests]] { return (float4)in.c * 2 >> 1 < 3 ? c : -c; }\n",
	"int f(int (*g)(float), int (&arr)[3]); float a[2][3] = {{1,2,3},{4,5,6}};\n",
	"#define S(x) x+1\nint a = S(2) * S(3);\n", // argument and body tokens in one expression
}

// slowLimit flags inputs that take suspiciously long (a hang in the making).
const slowLimit = 2 * time.Second

// addSeeds adds the inline seeds and every MSL file of testdata/parse.
func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "parse", "*.metal"))
	for _, fn := range files {
		if b, err := os.ReadFile(fn); err == nil {
			f.Add(b)
		}
	}
}

func FuzzPreprocess(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		var r *PPResult
		watchdog(t, src, func() { r = Preprocess(fset, "fuzz.metal", src, Options{Defines: []string{"X=1"}}, dl) })
		if len(r.Tokens) == 0 || r.Tokens[len(r.Tokens)-1].Kind != EOF {
			t.Fatalf("token list does not end with EOF")
		}
		for _, tk := range r.Tokens[:len(r.Tokens)-1] {
			if tk.Kind == EOF {
				t.Fatalf("EOF inside the token list")
			}
			if fset.File(tk.Pos) == nil {
				t.Fatalf("token %q has no file position", tk.Text)
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		var file *File
		watchdog(t, src, func() { file = ParseFile(fset, "fuzz.metal", src, Options{}, dl) })
		if file == nil {
			t.Fatal("nil file")
		}
		checkPositions(t, fset, file, !bytes.Contains(src, []byte("#define")))
		_ = Dump(file)
	})
}

// checkPositions verifies that every valid position of a node lies in a
// file of fset, and, when ordered is set, that Pos <= End. Source that
// defines macros is not ordered: a macro argument's tokens keep their own
// positions while the body's take the macro name's (TestMacroPositions),
// so an expression built from both, as `x+1` in `#define S(x) x+1` used as
// S(2), may end before it starts.
func checkPositions(t *testing.T, fset *diag.FileSet, file *File, ordered bool) {
	t.Helper()
	Inspect(file, func(n Node) bool {
		if n == nil {
			return false
		}
		for _, p := range []diag.Pos{n.Pos(), n.End()} {
			if p.IsValid() && fset.File(p) == nil {
				t.Fatalf("%T: position %d is in no file", n, p)
			}
		}
		if ordered && n.Pos().IsValid() && n.End().IsValid() && n.End() < n.Pos() {
			t.Fatalf("%T: End %d before Pos %d", n, n.End(), n.Pos())
		}
		return true
	})
}

// watchdog runs f and fails the test (so that the fuzzer records the
// input) when it does not finish within slowLimit.
func watchdog(t *testing.T, src []byte, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(slowLimit):
		t.Fatalf("no result after %v on %d bytes: %q", slowLimit, len(src), src)
	}
}
