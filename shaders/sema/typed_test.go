package sema

import (
	"os"
	"testing"

	"github.com/ingot-render/ingot/shaders/diag"
	"github.com/ingot-render/ingot/shaders/syntax"
)

// TestLargeRendererFullyTyped checks that every expression of every
// checked body of the renderer shader (callee names aside) has a modelled
// type, so lowering never meets Unknown there.
func TestLargeRendererFullyTyped(t *testing.T) {
	src, err := os.ReadFile(largePath)
	if err != nil {
		t.Skip("no large test shader")
	}
	fset := diag.NewFileSet()
	diags := diag.NewList(fset)
	f := syntax.ParseFile(fset, largePath, src, syntax.Options{}, diags)
	p := Check(fset, f, &Config{FastMath: true}, diags)
	n, u := 0, 0
	callee := map[syntax.Expr]bool{}
	syntax.Inspect(f, func(nd syntax.Node) bool {
		if c, ok := nd.(*syntax.CallExpr); ok {
			callee[c.Fun] = true
		}
		return true
	})
	for _, fn := range p.Funcs {
		for e, x := range fn.Info.Exprs {
			n++
			if x.Type.Kind == KUnknown && !callee[e] {
				u++
				if u < 20 {
					t.Errorf("%s: expression %T has no modelled type", fset.Position(e.Pos()), e)
				}
			}
		}
	}
	if n < 2000 {
		t.Errorf("only %d expressions typed", n)
	}
	if u > 0 {
		t.Errorf("%d of %d expressions untyped", u, n)
	}
}
