package syntax

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
)

// TestLibraryHeader checks that the headers that declare the host-shared
// library structs bring a library chunk exactly once when the source names
// it, not at all otherwise, and that the chunks parse without diagnostics.
func TestLibraryHeader(t *testing.T) {
	use := "device MTLQuadTessellationFactorsHalf* f;\n"
	tests := []struct {
		src  string
		want int // how many times MTLQuadTessellationFactorsHalf is declared
	}{
		{"#include <metal_stdlib>\n" + use, 1},
		{"#include <metal_tessellation>\n" + use, 1},
		{"#include <metal_stdlib>\n#include <metal_raytracing>\n#include <metal_tessellation>\n" + use, 1},
		{"#include <metal_stdlib>\nint x;\n", 0},
		{"#include <metal_math>\n" + use, 0},
		{use, 0},
	}
	for _, tc := range tests {
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		f := ParseFile(fset, "t.metal", []byte(tc.src), Options{}, dl)
		if dl.HasErrors() {
			t.Fatalf("%q: %v", tc.src, dl.Error())
		}
		n := 0
		for _, d := range f.Decls {
			if sd, ok := d.(*StructDecl); ok && sd.Name != nil && sd.Name.Last().Name == "MTLQuadTessellationFactorsHalf" {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%q: MTLQuadTessellationFactorsHalf declared %d times, want %d", tc.src, n, tc.want)
		}
	}
}

// TestLibraryChunks checks that every chunk of the library parses on its
// own without diagnostics.
func TestLibraryChunks(t *testing.T) {
	for _, c := range libraryChunks {
		src := "#include <metal_stdlib>\n" + c.text
		fset := diag.NewFileSet()
		dl := diag.NewList(fset)
		ParseFile(fset, "t.metal", []byte(src), Options{}, dl)
		if dl.HasErrors() {
			t.Errorf("chunk %s: %v", c.names[0], dl.Error())
		}
	}
}
