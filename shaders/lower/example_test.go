package lower_test

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/lower"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// ExampleEntry lowers a kernel and prints its entry parameter ABI.
func ExampleEntry() {
	src := `#include <metal_stdlib>
using namespace metal;
kernel void scale(device float* data [[buffer(0)]], constant float& k [[buffer(1)]],
                  texture2d<float> t [[texture(0)]], uint i [[thread_position_in_grid]]) {
    data[i] *= k * float(t.get_width());
}`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "scale.metal", []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: true}, diags)
	res, err := lower.Entry(prog, prog.Lookup("scale"), lower.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range res.Bindings {
		fmt.Printf("param %d: %s index %d %s (%s)\n", b.Param, b.Kind, b.Index, b.ArgName, b.Space)
	}
	// Output:
	// param 0: buffer index 0 data (device)
	// param 1: buffer index 1 k (constant)
	// param 2: texture index 0 t (device)
}

// ExampleFunction lowers a plain helper into a wrapper kernel and prints
// the record layout its argument buffer uses.
func ExampleFunction() {
	src := `#include <metal_stdlib>
using namespace metal;
float3 tint(float3 c, float k, thread int& calls) { calls++; return c * k; }`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "tint.metal", []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: true}, diags)
	var tint *sema.Func
	for _, f := range prog.Funcs {
		if f.Name == "tint" {
			tint = f
		}
	}
	res, err := lower.Function(prog, tint, lower.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("record size", res.Wrapper.RecordSize)
	for _, fd := range res.Wrapper.Fields {
		fmt.Printf("%-6s %-6s offset %2d size %2d\n", fd.Name, fd.Type, fd.Offset, fd.Size)
	}
	// Output:
	// record size 48
	// c      float3 offset  0 size 16
	// k      float  offset 16 size  4
	// calls  int    offset 20 size  4
	// result float3 offset 32 size 16
}
