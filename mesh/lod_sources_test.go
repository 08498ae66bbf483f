package mesh_test

import (
	"testing"

	"github.com/ingot-render/ingot/mesh"
)

// TestSimplifySources: each output triangle's source is an input
// triangle whose corners fall in the output triangle's cells (the
// clustering maps the source's corners onto the output's corners, in
// some rotation), sources rise with the output order, and the indices are
// Simplify's.
func TestSimplifySources(t *testing.T) {
	pos, idx := torusMesh(64, 32)
	for _, cell := range []float32{1e-4, 0.2, 1} {
		out, src, err := mesh.SimplifySources(pos, idx, cell)
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := mesh.Simplify(pos, idx, cell)
		if len(plain) != len(out) || len(src) != len(out)/3 {
			t.Fatalf("cell %v: %d indices (Simplify %d), %d sources", cell, len(out), len(plain), len(src))
		}
		cellOf := func(v uint32) [3]int {
			var k [3]int
			for c := range 3 {
				k[c] = int(floor(pos[v][c] / cell))
			}
			return k
		}
		for i, s := range src {
			if i > 0 && s <= src[i-1] {
				t.Fatalf("cell %v: source %d after %d", cell, s, src[i-1])
			}
			if plain[3*i] != out[3*i] {
				t.Fatalf("cell %v: indices differ from Simplify", cell)
			}
			want := map[[3]int]bool{cellOf(out[3*i]): true, cellOf(out[3*i+1]): true, cellOf(out[3*i+2]): true}
			for c := range 3 {
				if !want[cellOf(idx[3*int(s)+c])] {
					t.Fatalf("cell %v: triangle %d's source %d has a corner outside its cells", cell, i, s)
				}
			}
		}
		if cell == 1e-4 && len(src) != len(idx)/3 {
			t.Fatalf("tiny cells: %d sources, want %d", len(src), len(idx)/3)
		}
	}
}

func floor(x float32) float32 {
	f := float32(int(x))
	if f > x {
		f--
	}
	return f
}
