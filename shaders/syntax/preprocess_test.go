package syntax

import (
	"strings"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// ppSpell preprocesses src and returns the output tokens joined by spaces
// (EOF excluded) and the diagnostics, one per line, as "line:col: sev: msg".
func ppSpell(t *testing.T, src string, opts Options) (string, string) {
	t.Helper()
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	r := Preprocess(fset, "t.metal", []byte(src), opts, dl)
	var parts []string
	for _, tk := range r.Tokens {
		if tk.Kind == EOF {
			break
		}
		if fn := fset.Position(tk.Pos).Filename; fn == libraryFile || fn == libraryPreludeFile {
			continue // the MSL-written library that <metal_stdlib> brings (tested in TestLibraryHeader)
		}
		parts = append(parts, tk.Text)
	}
	var ds []string
	for _, d := range dl.Diags {
		p := fset.Position(d.Pos)
		ds = append(ds, strings.TrimPrefix(p.String(), "t.metal:")+": "+d.Severity.String()+": "+d.Msg)
	}
	return strings.Join(parts, " "), strings.Join(ds, "\n")
}

func TestPreprocess(t *testing.T) {
	mapRes := MapResolver{
		"dir/a.h":         "#pragma once\nint a;\n",
		"dir/b.h":         "#include \"a.h\"\nint b;\n",
		"inc/c.h":         "int c;\n",
		"inc/sys.h":       "int sys;\n",
		"dir/imp.h":       "int imp;\n",
		"dir/self.h":      "#include \"self.h\"\n",
		"dir/shared.h":    "#ifndef SHARED_H\n#define SHARED_H\nint shared;\n#endif\n",
		"dir/defs.h":      "#define FROM_HEADER 7\n",
		"dir/sub/inner.h": "#include \"../a.h\"\nint inner;\n",
	}
	tests := []struct {
		name  string
		src   string
		opts  Options
		want  string
		diags string
	}{
		{name: "object", src: "#define N 4\nint x = N;", want: "int x = 4 ;"},
		{name: "function", src: "#define SQ(x) ((x)*(x))\nSQ(a+1)", want: "( ( a + 1 ) * ( a + 1 ) )"},
		{name: "function without parens is not expanded", src: "#define F(x) x\nint F;", want: "int F ;"},
		{name: "args over lines", src: "#define F(x, y) x + y\nF(1,\n 2)", want: "1 + 2"},
		{name: "nested parens in args", src: "#define F(x) [x]\nF((1, 2))", want: "[ ( 1 , 2 ) ]"},
		{name: "empty argument", src: "#define F(x) <x>\nF()", want: "< >"},
		{name: "zero parameters", src: "#define F() 1\nF()", want: "1"},
		{name: "recursion stops", src: "#define A B\n#define B A\nA B", want: "A B"},
		{name: "self reference", src: "#define foo foo + 1\nfoo", want: "foo + 1"},
		{name: "indirect self reference", src: "#define x (4 + y)\n#define y (2 * x)\nx y", want: "( 4 + ( 2 * x ) ) ( 2 * ( 4 + y ) )"},
		{name: "stringize", src: "#define S(x) #x\nS(a  +  \"q\\n\" 'c')", want: `"a + \"q\\n\" 'c'"`},
		{name: "paste", src: "#define C(a, b) a ## b\nC(x, y) C(1, 2) C(, z) C(w, )", want: "xy 12 z w"},
		{name: "paste then expand", src: "#define AB 42\n#define C(a, b) a ## b\nC(A, B)", want: "42"},
		{name: "paste invalid", src: "#define C(a, b) a ## b\nC(+, /)", want: "+ /", diags: "2:3: error: pasting formed '+/', an invalid preprocessing token"},
		{name: "args pre-expanded", src: "#define N 3\n#define F(x) x x\nF(N)", want: "3 3"},
		{name: "args not expanded next to #", src: "#define N 3\n#define S(x) #x\n#define XS(x) S(x)\nS(N) XS(N)", want: `"N" "3"`},
		{name: "variadic", src: "#define V(f, ...) f(__VA_ARGS__)\nV(g) V(g, 1) V(g, 1, 2)", want: "g ( ) g ( 1 ) g ( 1 , 2 )"},
		{name: "gnu comma", src: "#define L(f, ...) log(f, ##__VA_ARGS__)\nL(1) L(1, 2)", want: "log ( 1 ) log ( 1 , 2 )"},
		{name: "named variadic", src: "#define L(f, args...) g(f, args)\nL(1, 2, 3)", want: "g ( 1 , 2 , 3 )"},
		{name: "va_opt", src: "#define L(f, ...) g(f __VA_OPT__(,) __VA_ARGS__)\nL(1) L(1, 2)", want: "g ( 1 ) g ( 1 , 2 )"},
		{name: "macro name from keyword", src: "#define constexpr\nconstexpr int x;", want: "int x ;"},
		{name: "if arithmetic", src: "#if (1 + 2) * 3 == 9 && 7 / 2 == 3 && -1 < 0 && (1 << 4) == 16 && 5 % 3 == 2\nyes\n#else\nno\n#endif", want: "yes"},
		{name: "if unsigned", src: "#if -1 > 0u\nyes\n#endif", want: "yes"},
		{name: "if ternary and char", src: "#if (0 ? 1 : 2) == 2 && 'A' == 65\nyes\n#endif", want: "yes"},
		{name: "if undefined identifier is 0", src: "#if FOO\nno\n#else\nyes\n#endif", want: "yes"},
		{name: "defined forms", src: "#define A\n#if defined A && defined(A) && !defined B\nyes\n#endif", want: "yes"},
		{name: "elif chain", src: "#define V 2\n#if V == 1\none\n#elif V == 2\ntwo\n#elif V == 2\nagain\n#else\nother\n#endif", want: "two"},
		{name: "nested skipped", src: "#if 0\n#if 1\nno\n#else\nno\n#endif\n#error hidden\n#elif 1\nyes\n#endif", want: "yes"},
		{name: "ifdef ifndef", src: "#define A 1\n#ifdef A\na\n#endif\n#ifndef A\nna\n#endif\n#ifndef B\nnb\n#endif", want: "a nb"},
		{name: "elifdef", src: "#define B\n#ifdef A\na\n#elifdef B\nb\n#endif", want: "b"},
		{name: "undef", src: "#define A 1\n#undef A\nA", want: "A"},
		{name: "skipped garbage", src: "#if 0\n' unterminated \" stuff\n#endif\nok", want: "ok"},
		{name: "line and file", src: "\n\n__LINE__ __FILE__", want: `3 "t.metal"`},
		{name: "counter", src: "__COUNTER__ __COUNTER__", want: "0 1"},
		{name: "splice", src: "#define LONG 1 + \\\n 2\nLONG", want: "1 + 2"},
		{name: "comments in directive", src: "#define A /* c */ 1 // x\nA", want: "1"},
		{name: "cplusplus", src: "__cplusplus", want: "201703L"},

		// Versions and -D.
		{name: "default version", src: "__METAL_VERSION__ __METAL__ __METAL_MACOS__", want: "400 1 1"},
		{name: "metal3.2", src: "__METAL_VERSION__", opts: Options{Std: "metal3.2"}, want: "320"},
		{name: "metal3.1 ios", src: "__METAL_VERSION__ __METAL_IOS__ __METAL_MACOS__", opts: Options{Std: "metal3.1", Platform: IOS}, want: "310 1 __METAL_MACOS__"},
		{name: "macos-metal2.4", src: "__METAL_VERSION__ __METAL__ __METAL_MACOS__", opts: Options{Std: "macos-metal2.4"}, want: "240 __METAL__ 1"},
		{name: "ios-metal2.1", src: "__METAL_VERSION__ __METAL_IOS__", opts: Options{Std: "-std=ios-metal2.1"}, want: "210 1"},
		{name: "bad std", src: "__METAL_VERSION__", opts: Options{Std: "metal9.9"}, want: "400", diags: `-: error: invalid -std value "metal9.9": unknown Metal version 9.9`},
		{name: "defines", src: "A B C D", opts: Options{Defines: []string{"A", "B=2", "C=", "D=x+1"}}, want: "1 2 x + 1"},
		{name: "bad define", src: "x", opts: Options{Defines: []string{"=1"}}, want: "x", diags: "-: error: invalid macro definition -D=1: macro name must be an identifier"},

		// Includes.
		{name: "virtual headers", src: "#include <metal_stdlib>\n#include <metal_raytracing>\n#include <metal_mesh>\n#include <metal_imageblocks>\nok", want: "ok"},
		{name: "simd header", src: "#include <simd/simd.h>\n", want: "#"}, // checked separately below
		{name: "quoted relative", src: "#include \"b.h\"\n#include \"a.h\"\nend", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "int a ; int b ; end"},
		{name: "angle via -I", src: "#include <sys.h>\n#include \"c.h\"", opts: Options{Resolver: mapRes, IncludeDirs: []string{"inc"}}, want: "int sys ; int c ;"},
		{name: "import once", src: "#import \"imp.h\"\n#import \"imp.h\"", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "int imp ;"},
		{name: "include guard", src: "#include \"shared.h\"\n#include \"shared.h\"", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "int shared ;"},
		{name: "macro from header", src: "#include \"defs.h\"\nFROM_HEADER", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "7"},
		{name: "relative to includer", src: "#include \"sub/inner.h\"", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "int a ; int inner ;"},
		{name: "macro include", src: "#define H \"c.h\"\n#include H", opts: Options{Resolver: mapRes, IncludeDirs: []string{"inc"}}, want: "int c ;"},
		{name: "has_include", src: "#if __has_include(<metal_stdlib>) && !__has_include(\"nope.h\") && __has_include(\"c.h\")\nyes\n#endif", opts: Options{Resolver: mapRes, IncludeDirs: []string{"inc"}}, want: "yes"},
		{name: "missing include", src: "#include \"nope.h\"\nx", want: "x", diags: "1:10: error: 'nope.h' file not found"},
		{name: "include cycle", src: "#include \"self.h\"", opts: Options{Resolver: mapRes, IncludeDirs: []string{"dir"}}, want: "", diags: "dir/self.h:1:2: error: #include nested too deeply"},

		// Pragmas and diagnostics.
		{name: "pragmas", src: "#pragma once\n#pragma METAL fp math_mode(fast)\n#pragma unknown thing\n_Pragma(\"METAL fp contract(off)\") x", want: "x"},
		{name: "error", src: "#error stop here\nx", want: "x", diags: "1:2: error: stop here"},
		{name: "warning", src: "#warning careful\nx", want: "x", diags: "1:2: warning: careful"},
		{name: "line directive", src: "#line 10 \"foo\"\nx", want: "x"},
		{name: "unknown directive", src: "#frobnicate\nx", want: "x", diags: "1:2: error: invalid preprocessing directive"},
		{name: "unterminated if", src: "#if 1\nx", want: "x", diags: "1:1: error: unterminated conditional directive"},
		{name: "else without if", src: "#else\n#endif", diags: "1:2: error: #else without #if\n2:2: error: #endif without #if"},
		{name: "elif after else", src: "#if 0\n#else\n#elif 1\n#endif", diags: "3:2: error: #elif after #else"},
		{name: "division by zero", src: "#if 1 / 0\n#endif", diags: "1:7: error: division by zero in preprocessor expression"},
		{name: "missing expression", src: "#if\n#endif", diags: "1:4: error: #if with no expression"},
		{name: "bad hash", src: "#define S(x) #y\n", diags: "1:14: error: '#' is not followed by a macro parameter"},
		{name: "paste at end", src: "#define P(x) x ##\n", diags: "1:16: error: '##' cannot appear at either end of a macro expansion"},
		{name: "redefinition", src: "#define A 1\n#define A 2\n#define A 2\nA", want: "2", diags: "2:9: warning: 'A' macro redefined\n1:9: note: previous definition is here"},
		{name: "unterminated invocation", src: "#define F(x) x\nF(1, ", diags: "2:1: error: unterminated function-like macro invocation"},
		{name: "too few args", src: "#define F(x, y) x\nF(1)", diags: "2:4: error: too few arguments provided to function-like macro invocation\n1:9: note: macro 'F' defined here"},
		{name: "defined as macro name", src: "#define defined 1\n", diags: "1:9: error: 'defined' cannot be used as a macro name"},
		{name: "macro name missing", src: "#define\n", diags: "1:8: error: macro name missing"},
		{name: "exponential expansion is bounded", src: "#define A(x) x x x x x x x x\n#define B(x) A(A(A(A(A(A(A(A(x))))))))\nB(B(1))", diags: "3:3: error: macro expansion too large"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, diags := ppSpell(t, tc.src, tc.opts)
			if tc.name == "simd header" {
				return
			}
			if tc.name != "exponential expansion is bounded" && got != tc.want {
				t.Errorf("tokens:\n got: %s\nwant: %s", got, tc.want)
			}
			if diags != tc.diags {
				t.Errorf("diagnostics:\n got: %s\nwant: %s", diags, tc.diags)
			}
		})
	}
}

func TestSimdHeader(t *testing.T) {
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	f := ParseFile(fset, "t.metal", []byte("#include <simd/simd.h>\nsimd_float4 a; vector_float3 b; matrix_float4x4 c; simd_half2 d;\n"), Options{}, dl)
	if dl.HasErrors() {
		t.Fatal(dl.Error())
	}
	defs := map[string]string{}
	var vars []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *TypedefDecl:
			defs[d.Name.Name] = Dump(d.Type)
		case *VarDecl:
			vars = append(vars, Dump(d.Type))
		}
	}
	for name, want := range map[string]string{"simd_float4": "float4", "vector_float3": "float3", "matrix_float4x4": "float4x4", "simd_half2": "half2", "simd_quatf": "float4", "simd_uint3": "uint3"} {
		if defs[name] != want {
			t.Errorf("typedef %s = %q, want %q", name, defs[name], want)
		}
	}
	if got := strings.Join(vars, " "); got != "simd_float4 vector_float3 matrix_float4x4 simd_half2" {
		t.Errorf("vars: %s", got)
	}
	if p := fset.Position(f.Decls[0].Pos()); p.Filename != "<simd/simd.h>" {
		t.Errorf("typedef position in %q, want <simd/simd.h>", p.Filename)
	}
}

func TestMacroPositions(t *testing.T) {
	src := "#define ADD(a, b) (a + b)\nint x = ADD(y, 2);\n"
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	r := Preprocess(fset, "t.metal", []byte(src), Options{}, dl)
	var toks []Token
	for _, tk := range r.Tokens {
		if tk.Kind != EOF && fset.Position(tk.Pos).Filename == "t.metal" {
			toks = append(toks, tk)
		}
	}
	// int x = ( y + 2 ) ;
	want := []struct {
		text      string
		pos, orig string
	}{
		{"int", "t.metal:2:1", "-"}, {"x", "t.metal:2:5", "-"}, {"=", "t.metal:2:7", "-"},
		{"(", "t.metal:2:9", "t.metal:1:19"}, {"y", "t.metal:2:13", "-"}, {"+", "t.metal:2:9", "t.metal:1:22"},
		{"2", "t.metal:2:16", "-"}, {")", "t.metal:2:9", "t.metal:1:25"}, {";", "t.metal:2:18", "-"},
	}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens %v, want %d", len(toks), toks, len(want))
	}
	for i, w := range want {
		tk := toks[i]
		if tk.Text != w.text || fset.Position(tk.Pos).String() != w.pos || fset.Position(tk.Origin).String() != w.orig {
			t.Errorf("token %d = %q at %s (origin %s), want %q at %s (origin %s)", i, tk.Text,
				fset.Position(tk.Pos), fset.Position(tk.Origin), w.text, w.pos, w.orig)
		}
	}
}

func TestParseStd(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		version int
		err     bool
	}{
		{"", "metal4.0", 400, false},
		{"metal3.0", "metal3.0", 300, false},
		{"metal3.2", "metal3.2", 320, false},
		{"-std=metal3.1", "metal3.1", 310, false},
		{"macos-metal2.4", "macos-metal2.4", 240, false},
		{"ios-metal2.0", "ios-metal2.0", 200, false},
		{"metal2.4", "", 0, true},
		{"macos-metal3.0", "", 0, true},
		{"metal3", "", 0, true},
		{"opengl4.5", "", 0, true},
		{"metal3.x", "", 0, true},
	}
	for _, tc := range tests {
		v, err := ParseStd(tc.in)
		if (err != nil) != tc.err {
			t.Errorf("ParseStd(%q) error = %v, want error %v", tc.in, err, tc.err)
			continue
		}
		if err == nil && (v.String() != tc.want || v.MetalVersion() != tc.version) {
			t.Errorf("ParseStd(%q) = %s (%d), want %s (%d)", tc.in, v, v.MetalVersion(), tc.want, tc.version)
		}
	}
	v, _ := ParseStd("metal3.2")
	if !v.AtLeast(3, 1) || !v.AtLeast(3, 2) || v.AtLeast(4, 0) {
		t.Errorf("AtLeast wrong for %s", v)
	}
}

func TestPreprocessResult(t *testing.T) {
	fset := diag.NewFileSet()
	dl := diag.NewList(fset)
	r := Preprocess(fset, "t.metal", []byte("#include <metal_stdlib>\n#pragma METAL fp math_mode(fast)\n#pragma once\n"), Options{Std: "metal3.2"}, dl)
	if len(r.Pragmas) != 2 || r.Pragmas[0].Text != "METAL fp math_mode(fast)" || r.Pragmas[1].Text != "once" {
		t.Errorf("pragmas: %+v", r.Pragmas)
	}
	if len(r.Includes) != 1 || r.Includes[0].Path != "metal_stdlib" || !r.Includes[0].System || !r.Includes[0].Virtual {
		t.Errorf("includes: %+v", r.Includes)
	}
	if r.Version.MetalVersion() != 320 {
		t.Errorf("version %v", r.Version)
	}
	if p := fset.Position(r.Pragmas[0].HashPos); p.String() != "t.metal:2:1" {
		t.Errorf("pragma position %s", p)
	}
}

func TestIsVirtualHeader(t *testing.T) {
	for _, h := range []string{"metal_stdlib", "metal_raytracing", "metal_mesh", "metal_imageblocks", "simd/simd.h",
		"metal_math", "metal_texture", "metal_atomic", "metal_compute", "metal_geometric", "metal_common",
		"metal_integer", "metal_relational", "metal_matrix", "metal_pack", "metal_graphics", "metal_types"} {
		if _, ok := IsVirtualHeader(h); !ok {
			t.Errorf("%s is not a virtual header", h)
		}
	}
	if c, _ := IsVirtualHeader("simd/simd.h"); !strings.Contains(c, "typedef float4 simd_float4;") {
		t.Errorf("simd/simd.h lacks simd_float4")
	}
	if _, ok := IsVirtualHeader("stdio.h"); ok {
		t.Errorf("stdio.h is virtual")
	}
}
