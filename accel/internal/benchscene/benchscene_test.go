package benchscene

import (
	"strings"
	"testing"
)

func TestParseOBJ(t *testing.T) {
	m, err := ParseOBJ(strings.NewReader("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//1 3//1 4//1\nf -4 -3 -2\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{0, 1, 2, 0, 2, 3, 0, 1, 2}
	if m.Triangles() != 3 || len(m.Positions) != 12 {
		t.Fatalf("got %d triangles, %d floats", m.Triangles(), len(m.Positions))
	}
	for i, v := range want {
		if m.Indices[i] != v {
			t.Fatalf("indices %v, want %v", m.Indices, want)
		}
	}
	for _, bad := range []string{"v 0 0\n", "v 0 0 0\nf 1 2 3\n", "f x\n"} {
		if _, err := ParseOBJ(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestRaysDeterministic(t *testing.T) {
	m := &Mesh{Positions: []float32{0, 0, 0, 1, 0, 0, 0, 1, 0}, Indices: []uint32{0, 1, 2}}
	a, b := IncoherentRays(m, 100, 7), IncoherentRays(m, 100, 7)
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("ray sets differ for the same seed")
		}
		d := a[i].Direction
		if n := d[0]*d[0] + d[1]*d[1] + d[2]*d[2]; n < 0.999 || n > 1.001 {
			t.Fatalf("direction %v not unit", d)
		}
	}
	lo, hi := m.Bounds()
	if c := CameraRays(lo, hi, 4, 3); len(c) != 12 {
		t.Fatalf("%d camera rays", len(c))
	}
}
