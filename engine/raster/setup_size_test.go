package raster

import (
	"testing"
	"unsafe"
)

// TestPrimRecordSize guards the size of the primitive record: setup and
// the tile walk are bound by the memory traffic through it.
func TestPrimRecordSize(t *testing.T) {
	if n := unsafe.Sizeof(prim{}); n > 184 {
		t.Errorf("prim is %d bytes, want at most 184", n)
	}
}

// TestTriangleWeightsFromEdges checks that a triangle's interpolation
// weights, taken from its edge functions, are the screen-linear weights of
// its vertices: 1 at each vertex, summing to 1.
func TestTriangleWeightsFromEdges(t *testing.T) {
	tests := []struct{ a, b, c sv }{
		{sv{x: 0, y: 0}, sv{x: 10 * subOne, y: 0}, sv{x: 0, y: 10 * subOne}},
		{sv{x: 3*subOne + 17, y: 5}, sv{x: 40 * subOne, y: 7*subOne + 99}, sv{x: 9, y: 33 * subOne}},
		{sv{x: -guard * subOne, y: -guard * subOne}, sv{x: guard * subOne, y: -guard * subOne}, sv{x: 0, y: guard * subOne}},
	}
	for i, tc := range tests {
		a, b, c := tc.a, tc.b, tc.c
		// Orient clockwise in window space (y down): positive area.
		area2 := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
		if area2 < 0 {
			b, c, area2 = c, b, -area2
		}
		var pr prim
		var exts []primExt
		r := rect{-guard, -guard, guard, guard}
		if !pr.setupTriangle(&a, &b, &c, area2, 1, r, &exts) {
			t.Fatalf("case %d: setup failed", i)
		}
		for k, v := range []*sv{&a, &b, &c} {
			l := [3]float64{}
			l[0], l[1], l[2] = pr.weights(v.x, v.y, nil)
			for j := range 3 {
				want := 0.0
				if j == k {
					want = 1
				}
				if l[j] != want {
					t.Errorf("case %d: weights at vertex %d = %v, want unit vector %d", i, k, l, k)
				}
			}
		}
		cx, cy := (a.x+b.x+c.x)/3, (a.y+b.y+c.y)/3
		l0, l1, l2 := pr.weights(cx, cy, nil)
		if s := l0 + l1 + l2; s < 1-1e-12 || s > 1+1e-12 {
			t.Errorf("case %d: weights at the centroid sum to %v", i, s)
		}
	}
}
