package stdlib_test

import (
	"testing"

	"github.com/ingot-render/ingot/shaders/ir"
	"github.com/ingot-render/ingot/shaders/stdlib"
)

// TestRayTracingCatalogue: unique names, every intrinsic ordered
// (SideEffects) and taking the traversal state or a table handle first.
func TestRayTracingCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range stdlib.RayTracingIntrinsics {
		if seen[d.Name] {
			t.Errorf("%s declared twice", d.Name)
		}
		seen[d.Name] = true
		if d.Flags&ir.SideEffects == 0 {
			t.Errorf("%s: not flagged SideEffects", d.Name)
		}
		if len(d.Params) == 0 || d.Params[0] != ir.U64 {
			t.Errorf("%s: first parameter %v, want a U64 handle", d.Name, d.Params)
		}
		if got, ok := stdlib.LookupRayTracingIntrinsic(d.Name); !ok || got.Name != d.Name {
			t.Errorf("LookupRayTracingIntrinsic(%s) failed", d.Name)
		}
	}
	if _, ok := stdlib.LookupRayTracingIntrinsic("rt.nope"); ok {
		t.Error("unknown name found")
	}
	b, _ := stdlib.LookupRayTracingIntrinsic(stdlib.RTBegin)
	if len(b.Params) != 13 || len(b.Results) != 1 {
		t.Errorf("rt.begin: %d params %d results", len(b.Params), len(b.Results))
	}
}
