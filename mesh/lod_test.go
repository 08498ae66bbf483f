package mesh_test

import (
	"context"
	"encoding/binary"
	"math"
	"testing"

	"github.com/ingot-render/ingot/mesh"
)

func TestSimplify(t *testing.T) {
	pos, idx := torusMesh(64, 32)
	tests := []struct {
		name      string
		cell      float32
		maxFrac   float64 // largest triangle fraction kept
		wantExact bool    // every triangle kept as it is
	}{
		{"tiny cells keep the mesh", 1e-4, 1, true},
		{"coarse cells", 0.2, 0.25, false},
		{"very coarse", 1, 0.1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := mesh.Simplify(pos, idx, tc.cell)
			if err != nil {
				t.Fatal(err)
			}
			if len(out)%3 != 0 || float64(len(out)) > tc.maxFrac*float64(len(idx)) {
				t.Fatalf("%d of %d indices kept", len(out), len(idx))
			}
			if tc.wantExact && len(out) != len(idx) {
				t.Fatalf("%d of %d indices kept, want all", len(out), len(idx))
			}
			seen := map[[3]uint32]bool{}
			for i := 0; i < len(out); i += 3 {
				a, b, c := out[i], out[i+1], out[i+2]
				if a == b || b == c || a == c || int(max(a, b, c)) >= len(pos) {
					t.Fatalf("bad triangle %d %d %d", a, b, c)
				}
				if seen[[3]uint32{a, b, c}] {
					t.Fatalf("triangle %d %d %d twice", a, b, c)
				}
				seen[[3]uint32{a, b, c}] = true
			}
			again, _ := mesh.Simplify(pos, idx, tc.cell)
			if len(again) != len(out) {
				t.Fatal("not deterministic")
			}
			for i := range out {
				if again[i] != out[i] {
					t.Fatal("not deterministic")
				}
			}
		})
	}
	for _, bad := range []float32{0, -1, float32(math.Inf(1)), float32(math.NaN())} {
		if _, err := mesh.Simplify(pos, idx, bad); err == nil {
			t.Errorf("cell %v: no error", bad)
		}
	}
	if _, err := mesh.Simplify(pos, []uint32{0, 1, uint32(len(pos))}, 0.1); err == nil {
		t.Error("index past the positions: no error")
	}
}

func TestBuildLevels(t *testing.T) {
	pos, idx := torusMesh(64, 32)
	coarse, err := mesh.Simplify(pos, idx, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := mesh.BuildLevels(context.Background(), pos, [][]uint32{idx, coarse}, []float32{50, 0}, mesh.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.First) != 2 || lv.First[0] != 0 || lv.First[1] != lv.Count[0] || lv.First[1]+lv.Count[1] != len(lv.Meshlets.Meshlets) {
		t.Fatalf("levels %v %v of %d meshlets", lv.First, lv.Count, len(lv.Meshlets.Meshlets))
	}
	for l, want := range []int{len(idx) / 3, len(coarse) / 3} {
		tris := map[[3]uint32]int{}
		for i := 0; i < len(lv.Indices[l]); i += 3 {
			tris[[3]uint32(lv.Indices[l][i:i+3])]++
		}
		got := 0
		for m := lv.First[l]; m < lv.First[l]+lv.Count[l]; m++ {
			for k := range int(lv.Meshlets.Meshlets[m].TriangleCount) {
				tri := lv.Triangle(m, k)
				// the builder keeps the winding, maybe not the first corner
				for range 3 {
					if tris[tri] > 0 {
						break
					}
					tri = [3]uint32{tri[1], tri[2], tri[0]}
				}
				if tris[tri] == 0 {
					t.Fatalf("level %d: meshlet %d has triangle %v not in the level", l, m, tri)
				}
				tris[tri]--
				got++
			}
		}
		if got != want {
			t.Errorf("level %d: %d triangles in meshlets, want %d", l, got, want)
		}
	}
	for _, tc := range []struct {
		size float32
		want int
	}{{1000, 0}, {50, 0}, {49.9, 1}, {0, 1}} {
		if got := lv.Select(tc.size); got != tc.want {
			t.Errorf("Select(%v) = %d, want %d", tc.size, got, tc.want)
		}
	}
	b := lv.PackLevels()
	if len(b) != 32 || binary.LittleEndian.Uint32(b[16:]) != uint32(lv.First[1]) || binary.LittleEndian.Uint32(b[20:]) != uint32(lv.Count[1]) ||
		math.Float32frombits(binary.LittleEndian.Uint32(b[8:])) != 50 {
		t.Errorf("PackLevels = %v", b)
	}
	// The sphere bounds every vertex.
	for _, v := range idx {
		d := [3]float32{pos[v][0] - lv.Center[0], pos[v][1] - lv.Center[1], pos[v][2] - lv.Center[2]}
		if float32(math.Sqrt(float64(d[0]*d[0]+d[1]*d[1]+d[2]*d[2]))) > lv.Radius {
			t.Fatalf("vertex %d outside the bounding sphere", v)
		}
	}
	if _, err := mesh.BuildLevels(context.Background(), pos, [][]uint32{idx}, []float32{1, 2}, mesh.DefaultOptions()); err == nil {
		t.Error("mismatched sizes: no error")
	}
	if _, err := mesh.BuildLevels(context.Background(), pos, [][]uint32{idx, coarse, coarse}, []float32{1, 2, 0}, mesh.DefaultOptions()); err == nil {
		t.Error("increasing sizes: no error")
	}
	if got := mesh.ProjectedSize(2, 4, 100); got != 50 {
		t.Errorf("ProjectedSize = %v, want 50", got)
	}
}
