package sema_test

import (
	"fmt"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/sema"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// The aliasing of an explicit imageblock output member (§5.6.5), as the
// engine reads it from a checked fragment function.
func ExampleImageblockAliasOf() {
	src := `#include <metal_stdlib>
using namespace metal;
struct I { rgba8unorm<half4> a [[raster_order_group(0)]]; float d [[raster_order_group(0)]]; };
struct FragOut {
    float4 finalColor [[color(0)]];
    I i [[imageblock_data, alias_implicit_imageblock_color(1)]];
};
fragment FragOut my_fragment(I i [[imageblock_data]]) { FragOut o; o.finalColor = 0; o.i = i; return o; }
`
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	file := syntax.ParseFile(fset, "alias.metal", []byte(src), syntax.Options{}, diags)
	prog := sema.Check(fset, file, &sema.Config{}, diags)
	for _, f := range prog.Lookup("my_fragment").Result.Struct.Fields {
		fmt.Printf("%s: %+v\n", f.Name, sema.ImageblockAliasOf(f.Attrs))
	}
	fmt.Println("errors:", diags.HasErrors())
	// Output:
	// finalColor: {Aliased:false Color:0}
	// i: {Aliased:true Color:1}
	// errors: false
}
