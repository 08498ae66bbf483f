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
		"ifdef nest":   strings.Repeat("#if 1\n", 5000) + "x\n" + strings.Repeat("#endif\n", 5000),
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
		})
	}
}
