package sema

import (
	"os"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

const largePath = "../testdata/large/renderer.metal"

// TestLargeRenderer checks the realistic renderer-style shader in
// shaders/testdata/large: the checker must report no error of its own
// (parser errors are logged: they belong to shaders/syntax).
func TestLargeRenderer(t *testing.T) {
	src, err := os.ReadFile(largePath)
	if err != nil {
		t.Skip("no large test shader")
	}
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	f := syntax.ParseFile(fset, largePath, src, syntax.Options{}, diags)
	nParse := len(diags.Diags)
	for _, d := range diags.Diags {
		t.Logf("parser: %s: %s", fset.Position(d.Pos), d.Msg)
	}
	p := Check(fset, f, &Config{FastMath: true}, diags)
	for _, d := range diags.Diags[nParse:] {
		if d.Severity == diag.Error {
			t.Errorf("%s: %s", fset.Position(d.Pos), d.Msg)
		}
	}
	if len(p.Functions) < 5 {
		t.Errorf("only %d qualified functions found", len(p.Functions))
	}
}
