package builtin

import (
	"fmt"
	"testing"
)

func ExampleNew() {
	for _, name := range Names() {
		s, err := New(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		sum := s.Summary()
		fmt.Printf("%s: %d triangles, %d materials, %d area lights, %d animations\n",
			name, sum.Triangles, sum.Materials, sum.AreaLights, sum.Animations)
	}
	// Output:
	// cornell: 36 triangles, 4 materials, 1 area lights, 0 animations
	// showcase: 55204 triangles, 27 materials, 1 area lights, 0 animations
	// motion: 540 triangles, 5 materials, 1 area lights, 1 animations
}

func TestDeterministic(t *testing.T) {
	for _, name := range Names() {
		a, _ := New(name)
		b, _ := New(name)
		for mi := range a.Meshes {
			for pi := range a.Meshes[mi].Primitives {
				pa, pb := a.Meshes[mi].Primitives[pi], b.Meshes[mi].Primitives[pi]
				for i := range pa.Positions {
					if pa.Positions[i] != pb.Positions[i] || pa.Tangents[i] != pb.Tangents[i] {
						t.Fatalf("%s: mesh %d differs between builds", name, mi)
					}
				}
			}
		}
	}
	if _, err := New("sponza"); err == nil {
		t.Error("unknown name accepted")
	}
}
