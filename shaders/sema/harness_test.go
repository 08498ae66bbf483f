package sema

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// checkSrc parses and checks src, returning the program and diagnostics.
func checkSrc(t testing.TB, src string) (*Program, *diag.List) {
	t.Helper()
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	f := syntax.ParseFile(fset, "test.metal", []byte(src), syntax.Options{}, diags)
	p := Check(fset, f, &Config{FastMath: true}, diags)
	diags.Sort()
	return p, diags
}
