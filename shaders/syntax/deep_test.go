package syntax

import (
	"strings"
	"testing"
	"time"

	"github.com/ingot-render/ingot/shaders/diag"
)

// TestDeepNesting feeds hostile, deeply nested input: parsing must end
// quickly with an error, never overflow the stack.
func TestDeepNesting(t *testing.T) {
	const n = 100000
	tests := map[string]string{
		"parens":       "int x = " + strings.Repeat("(", n) + "1;",
		"braces":       "void f() " + strings.Repeat("{", n),
		"init lists":   "int x = " + strings.Repeat("{", n),
		"unary":        "int x = " + strings.Repeat("-", n) + "1;",
		"templates":    "vec" + strings.Repeat("<vec", n) + " x;",
		"func templ":   "int x = " + strings.Repeat("as_type<", n) + "1;",
		"ifs":          "void f() { " + strings.Repeat("if (1) ", n) + "; }",
		"casts":        "int x = " + strings.Repeat("(int)", n) + "1;",
		"pointers":     "int " + strings.Repeat("*", n) + "p;",
		"declarators":  "int " + strings.Repeat("(*", n) + "p;",
		"namespaces":   strings.Repeat("namespace a { ", n),
		"structs":      strings.Repeat("struct a { ", n),
		"lambdas":      "auto l = " + strings.Repeat("[](){ return ", n) + "1;",
		"attributes":   strings.Repeat("[[a(", n),
		"macro args":   "#define F(x) x\n" + strings.Repeat("F(", 5000) + "1" + strings.Repeat(")", 5000),
		"ifdef nest":   strings.Repeat("#if 1\n", 5000) + "int x;\n" + strings.Repeat("#endif\n", 5000),
		"ternaries":    "int x = " + strings.Repeat("1 ? ", n) + "1" + strings.Repeat(" : 1", n) + ";",
		"index chains": "int x = a" + strings.Repeat("[a", n) + ";",
	}
	for name, src := range tests {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			fset := diag.NewFileSet()
			dl := diag.NewList(fset)
			ParseFile(fset, "deep.metal", []byte(src), Options{}, dl)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			// Everything here is invalid or too deep, except the
			// (legal) deeply nested #if and pointer declarator (a loop,
			// not recursion).
			if want := name != "ifdef nest" && name != "pointers"; dl.HasErrors() != want {
				t.Errorf("errors = %v, want %v: %s", dl.HasErrors(), want, dl.Error())
			}
		})
	}
}

// TestNoExponentialBacktracking feeds nestings of the constructs that the
// parser decides speculatively (casts, template arguments, attributes,
// direct initializers, sizeof, lambdas): each must stay fast.
func TestNoExponentialBacktracking(t *testing.T) {
	const n = 40
	for _, src := range []string{
		strings.Repeat("int x(struct a { ", n),
		"void f() { " + strings.Repeat("x = (float)(sizeof(", n),
		strings.Repeat("[[a]] ", 1) + "void f() { " + strings.Repeat("[[a([]{ [[b]] ", n),
		"void f() { " + strings.Repeat("(T)(", n),
		"int x = " + strings.Repeat("f<float>(", n),
		strings.Repeat("template <typename T = vec<", n),
		"void f(int a = " + strings.Repeat("[](int b = ", n),
		"int x = " + strings.Repeat("sizeof(sizeof(", n),
		"int x = " + strings.Repeat("as_type<(int)(", n),
		"float4 " + strings.Repeat("x(float4 y(", n),
		"void f() { " + strings.Repeat("float4 x(float4(", n),
		"void f() { " + strings.Repeat("if (int x = (int)(", n),
		"void f() { " + strings.Repeat("vec<vec<float, (int)(", n),
		"void f() { " + strings.Repeat("S<S<S<T>(", n),
		strings.Repeat("struct S : vec<vec<", n),
		"void f() { " + strings.Repeat("a.get<float>(b.get<float4>(", n),
		"void f() { " + strings.Repeat("T * x = (T*)(T * y = ", n),
		"int x[" + strings.Repeat("sizeof(T[", n),
		"void f() { " + strings.Repeat("auto l = [](int x = (T)[]{", n),
	} {
		start := time.Now()
		fset := diag.NewFileSet()
		ParseFile(fset, "d", []byte(src), Options{}, diag.NewList(fset))
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%.30q...: %v", src, d)
		}
	}
}
