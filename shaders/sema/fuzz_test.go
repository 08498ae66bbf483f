package sema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// FuzzCheck parses and checks arbitrary source: it must never panic or
// hang. The seed corpus is every seed case.
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob("../testdata/seeds/*.metal")
	compat, _ := filepath.Glob("../testdata/compat/*.metal")
	for _, p := range append(files, compat...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("kernel void k(device float *p [[buffer(0)]]) { p[0] = 1; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := diag.NewFileSet()
		diags := diag.NewList(fset)
		file := syntax.ParseFile(fset, "fuzz.metal", src, syntax.Options{}, diags)
		p := Check(fset, file, &Config{FastMath: true}, diags)
		for _, d := range diags.Diags {
			if d.Code == "internal" {
				t.Fatalf("internal error: %s", d.Msg)
			}
		}
		if p == nil {
			t.Fatal("nil program")
		}
	})
}
