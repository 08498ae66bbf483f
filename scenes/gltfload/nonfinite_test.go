package gltfload

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
)

// TestNonFinitePositions: a primitive with a NaN or infinite position
// (or morph target position) is skipped with a warning naming the mesh,
// the primitive and the accessor; the mesh's other primitives stay.
func TestNonFinitePositions(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name   string
		bad    []float32
		target bool
		want   string
	}{
		{"NaN", []float32{0, 0, 0, nan, 0, 0, 0, 1, 0}, false, `mesh "parts" primitive 1: POSITION accessor 1 has 1 non-finite (NaN or infinite) positions, the first at vertex 1: [NaN 0 0]; primitive skipped`},
		{"Inf", []float32{inf, 0, 0, 1, inf, 0, 0, 1, 0}, false, `mesh "parts" primitive 1: POSITION accessor 1 has 2 non-finite (NaN or infinite) positions, the first at vertex 0`},
		{"morph target", []float32{0, 0, 0, 0, 0, 0, 0, 0, nan}, true, `mesh "parts" primitive 1: morph target 0 POSITION accessor 2 has 1 non-finite`},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := newDoc()
			good := b.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0)
			var second map[string]any
			if c.target {
				pos := b.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0)
				tgt := b.floats("VEC3", c.bad...)
				second = map[string]any{"attributes": map[string]any{"POSITION": pos}, "targets": []any{map[string]any{"POSITION": tgt}}}
			} else {
				second = map[string]any{"attributes": map[string]any{"POSITION": b.floats("VEC3", c.bad...)}}
			}
			mesh := map[string]any{"name": "parts", "primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": good}}, second}}
			if c.target {
				mesh["weights"] = []float64{0}
			}
			b.doc["meshes"] = []any{mesh}
			b.doc["nodes"] = []any{map[string]any{"mesh": 0}}
			b.doc["scenes"] = []any{map[string]any{"nodes": []int{0}}}
			s, err := Decode(context.Background(), b.json(), nil, model.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Meshes) != 1 || len(s.Meshes[0].Primitives) != 1 {
				t.Fatalf("meshes %d, primitives %d; want the good primitive only", len(s.Meshes), len(s.Meshes[0].Primitives))
			}
			if !strings.Contains(strings.Join(s.Warnings, "\n"), c.want) {
				t.Errorf("warnings %q, want %q", s.Warnings, c.want)
			}
			if bd := s.Meshes[0].Bounds; bd.Max != [3]float32{1, 1, 0} {
				t.Errorf("bounds %+v, want those of the good triangle", bd)
			}
		})
	}
}
