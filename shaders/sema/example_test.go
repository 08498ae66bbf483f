package sema_test

import (
	"fmt"
	"os"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

func ExampleCheck() {
	src := `#include <metal_stdlib>
using namespace metal;
namespace blur {
kernel void horizontal(texture2d<half, access::read> src, texture2d<half, access::write> dst,
                       constant float &radius, uint2 gid [[thread_position_in_grid]]) {
    dst.write(src.read(gid) * half(radius), gid);
}
}
kernel void bad(device float *a [[buffer(1)]], device float *b [[buffer(1)]]) {}
`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "example.metal", []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{FastMath: true}, diags)
	for _, f := range prog.Functions {
		fmt.Println(f.Kind, f.HostName)
		for _, p := range f.Params {
			fmt.Printf("  %s %s %s(%d)\n", p.Name, p.Type, p.Bind, p.Index)
		}
	}
	diags.Format(os.Stdout)
	// Output:
	// kernel blur::horizontal
	//   src texture2d<half, access::read> texture(0)
	//   dst texture2d<half, access::write> texture(1)
	//   radius constant float& buffer(0)
	//   gid uint2 builtin(-1)
	// kernel bad
	//   a device float* buffer(1)
	//   b device float* buffer(1)
	// example.metal:9:73: error: buffer index 1 is already used by argument 'a'
	// kernel void bad(device float *a [[buffer(1)]], device float *b [[buffer(1)]]) {}
	//                                                                         ^
	// 1 error generated.
}

func ExampleLayout() {
	f3 := sema.Vec(sema.Float, 3)
	for _, t := range []*sema.Type{f3, sema.Packed(sema.Float, 3), sema.Mat(sema.Float, 3, 3), sema.Vec(sema.Half, 3)} {
		size, align, _ := sema.Layout(t)
		fmt.Printf("%s: size %d, align %d\n", t, size, align)
	}
	// Output:
	// float3: size 16, align 16
	// packed_float3: size 12, align 4
	// float3x3: size 48, align 16
	// half3: size 8, align 8
}
