package sema

import "testing"

// TestIdioms checks testdata/idioms.metal, a collection of everyday
// shader idioms, without errors.
func TestIdioms(t *testing.T) {
	d, _ := checkFile(t, "testdata/idioms.metal")
	if d.HasErrors() {
		t.Fatal(d.Error())
	}
}
