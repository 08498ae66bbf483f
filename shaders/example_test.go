package shaders_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/ingot-render/ingot/shaders"
	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/reflect"
)

// Compile a kernel and look at its arguments as Metal reflection reports
// them.
func ExampleCompile() {
	src := `
#include <metal_stdlib>
using namespace metal;
kernel void scale(device float* data [[buffer(0)]],
                  constant float& factor [[buffer(1)]],
                  uint id [[thread_position_in_grid]]) {
    data[id] *= factor;
}`
	lib, err := shaders.Compile("scale.metal", []byte(src), shaders.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f, _ := lib.Function("scale")
	for _, a := range f.Reflection.Arguments {
		fmt.Println(a.Name, a.Type, a.Index, a.Access, a.DataType)
	}
	// Output:
	// data buffer 0 read_write float
	// factor buffer 1 read float
}

// Errors come back as a *diag.List that prints like a compiler.
func ExampleCompile_errors() {
	src := "kernel void k(device int* a [[buffer(0)]], device int* b [[buffer(0)]]) { static int n; }\n"
	_, err := shaders.Compile("bad.metal", []byte(src), shaders.Options{})
	var dl *diag.List
	if errors.As(err, &dl) {
		dl.Format(os.Stdout)
	}
	// Output:
	// bad.metal:1:67: error: buffer index 0 is already used by argument 'a'
	// kernel void k(device int* a [[buffer(0)]], device int* b [[buffer(0)]]) { static int n; }
	//                                                                   ^
	// bad.metal:1:75: error: 'static' variables are not allowed in kernel functions
	// kernel void k(device int* a [[buffer(0)]], device int* b [[buffer(0)]]) { static int n; }
	//                                                                           ^
	// 2 errors generated.
}

// Check that a fragment function's inputs match what a vertex function
// produces (MSL §5.7).
func ExampleLibrary_Function_signatures() {
	src := `
#include <metal_stdlib>
using namespace metal;
struct VOut { float4 position [[position]]; float3 normal [[user(normal)]]; };
struct FIn  { float4 position [[position]]; half3 normal [[user(normal)]]; };
vertex VOut v(uint id [[vertex_id]]) { VOut o; o.position = float4(0); o.normal = float3(0); return o; }
fragment float4 f(FIn in [[stage_in]]) { return float4(float3(in.normal), 1); }`
	lib, err := shaders.Compile("pair.metal", []byte(src), shaders.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	vf, _ := lib.Function("v")
	ff, _ := lib.Function("f")
	for _, m := range reflect.CheckSignatures(&vf.Reflection, &ff.Reflection) {
		fmt.Println(m.Msg)
	}
	// Output:
	// fragment input 'normal' [[user(normal)]] has type half3 but the v output 'normal' has type float3
}
