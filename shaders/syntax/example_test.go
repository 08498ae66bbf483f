package syntax_test

import (
	"fmt"
	"os"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func ExampleParseFile() {
	src := `#include <metal_stdlib>
using namespace metal;

kernel void add(device const float* a [[buffer(0)]],
                device float* out [[buffer(1)]],
                uint id [[thread_position_in_grid]]) {
    out[id] = a[id] * SCALE;
}
`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "add.metal", []byte(src), syntax.Options{
		Defines: []string{"SCALE=2.0f"},
		Std:     "metal3.2",
	}, diags)
	if diags.HasErrors() {
		diags.Format(os.Stdout)
		return
	}
	for _, d := range file.Decls {
		fn, ok := d.(*syntax.FuncDecl)
		if !ok {
			continue
		}
		fmt.Printf("%s %s at %s\n", fn.Stage, fn.Name.Plain(), fset.Position(fn.Pos()))
		for _, p := range fn.Params {
			if a := syntax.FindAttr(p.NameAttrs, "buffer"); a != nil {
				fmt.Printf("  %s: buffer(%s)\n", p.Name.Name, syntax.Dump(a.Args[0]))
			}
		}
	}
	// Output:
	// kernel add at add.metal:4:1
	//   a: buffer(0)
	//   out: buffer(1)
}

func ExamplePreprocess() {
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	res := syntax.Preprocess(fset, "v.metal", []byte("#if __METAL_VERSION__ >= 300\nint v = __METAL_VERSION__;\n#endif\n"),
		syntax.Options{Std: "metal3.1"}, diags)
	for _, t := range res.Tokens {
		fmt.Print(t, " ")
	}
	fmt.Println()
	// Output:
	// int v = 310 ; <EOF>
}

func ExampleParseFile_errors() {
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	syntax.ParseFile(fset, "bad.metal", []byte("kernel void k() {\n    int x = 1\n}\n"), syntax.Options{}, diags)
	diags.Format(os.Stdout)
	// Output:
	// bad.metal:2:14: error: expected ';' at end of declaration
	//     int x = 1
	//              ^
	// 1 error generated.
}

func ExampleInspect() {
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "t.metal", []byte("float f(float x) { return sin(x) + cos(x); }"), syntax.Options{}, diags)
	syntax.Inspect(file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok {
			fmt.Println("call", syntax.Dump(c.Fun), "at", fset.Position(c.Pos()))
		}
		return true
	})
	// Output:
	// call sin at t.metal:1:27
	// call cos at t.metal:1:36
}

func ExampleMapResolver() {
	headers := syntax.MapResolver{"include/common.h": "#pragma once\nstruct Light { float3 dir; };\n"}
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "main.metal", []byte("#include \"common.h\"\nconstant Light l = {};\n"),
		syntax.Options{Resolver: headers, IncludeDirs: []string{"include"}}, diags)
	fmt.Println(diags.HasErrors(), len(file.Decls), file.Includes[0].Path)
	// Output:
	// false 2 common.h
}
