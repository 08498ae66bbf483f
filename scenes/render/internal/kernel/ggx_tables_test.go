package kernel

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
)

// update is testkit's -update flag: it also rewrites scenes/render/shaders/ggx_tables.h.
var update = testkit.Update

// TestGGXTablesHeader regenerates the GGX albedo tables and checks that
// the embedded header (which the MSL and the Go reference both use) is
// exactly that output.
func TestGGXTablesHeader(t *testing.T) {
	tab := ComputeGGXTables()
	want := tab.GGXTablesHeader()
	path := filepath.Join("..", "..", "shaders", "ggx_tables.h")
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go test ./scenes/render/internal/kernel -run TestGGXTablesHeader -update", path)
	}
	parsed, err := ParseGGXTablesHeader(got)
	if err != nil {
		t.Fatal(err)
	}
	if *parsed != *tab {
		t.Fatal("parsed header differs from the computed tables")
	}
}

// TestGGXTablesShape checks physical properties of the tables: albedos in
// [0, 1], E1 ≈ 1 for a smooth surface at normal incidence, E5 ≤ E1, and
// energy loss growing with roughness.
func TestGGXTablesShape(t *testing.T) {
	tab := ggxTables()
	const n = GGXTableSize
	for k := range tab.E1 {
		if tab.E1[k] < 0 || tab.E1[k] > 1.0001 || tab.E5[k] < 0 || tab.E5[k] > tab.E1[k]+1e-6 {
			t.Fatalf("cell %d: E1 %v E5 %v out of range", k, tab.E1[k], tab.E5[k])
		}
	}
	if e := tab.E1[n-1]; e < 0.999 {
		t.Errorf("E1(μ=1, r=0) = %v, want ≈ 1", e)
	}
	for j := 1; j < n; j++ {
		if tab.Avg1[j] > tab.Avg1[j-1]+1e-4 {
			t.Errorf("Avg1 increases with roughness at %d: %v > %v", j, tab.Avg1[j], tab.Avg1[j-1])
		}
	}
	if a := tab.Avg1[n-1]; a < 0.4 || a > 0.8 {
		t.Errorf("Avg1(r=1) = %v, expected ≈ 0.55-0.65 (single scattering loses energy)", a)
	}
}
