package model

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestGenerateNormalsCube(t *testing.T) {
	// A unit cube with 8 shared corners: each corner normal is the
	// angle-weighted mean of three faces = (±1, ±1, ±1)/√3.
	pos := [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}
	quads := [][4]uint32{{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 4, 7, 3}, {1, 2, 6, 5}}
	var idx []uint32
	for _, q := range quads {
		idx = append(idx, q[0], q[1], q[2], q[0], q[2], q[3])
	}
	n := GenerateNormals(pos, idx)
	s := float32(1 / math.Sqrt(3))
	for i, p := range pos {
		want := [3]float32{(2*p[0] - 1) * s, (2*p[1] - 1) * s, (2*p[2] - 1) * s}
		for k := 0; k < 3; k++ {
			if !near(n[i][k], want[k], 1e-6) {
				t.Errorf("corner %d normal %v, want %v", i, n[i], want)
				break
			}
		}
	}
}

func TestGenerateNormalsAngleWeighted(t *testing.T) {
	// Vertex 0 is shared by a triangle in z=0 with a 90° corner and one in
	// x=0 with a 45° corner: angle weights give (1·45° , 0, 1·90°) direction.
	pos := [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 1}}
	idx := []uint32{0, 1, 2, 0, 4, 3} // z=0 face (normal +Z), x=0 face (normal +X... or -X)
	n := GenerateNormals(pos, idx)
	fx := FaceNormal(pos[0], pos[4], pos[3])
	// Expected: normalize(90°·(0,0,1) + 45°·fx).
	w := [3]float32{float32(math.Pi/4) * fx[0], float32(math.Pi/4) * fx[1], float32(math.Pi/2) + float32(math.Pi/4)*fx[2]}
	want := normalize3(w)
	for k := 0; k < 3; k++ {
		if !near(n[0][k], want[k], 1e-6) {
			t.Fatalf("normal %v, want %v", n[0], want)
		}
	}
}

func TestGenerateTangentsKnown(t *testing.T) {
	// Quad in the XY plane facing +Z; glTF UVs have V down, so U runs
	// along +X and V along -Y: tangent +X, bitangent +Y = cross(N, T), w=+1.
	pos := [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	nrm := [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}}
	uv := [][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}}
	idx := []uint32{0, 1, 2, 0, 2, 3}
	for i, tg := range GenerateTangents(pos, nrm, uv, idx) {
		if tg != [4]float32{1, 0, 0, 1} {
			t.Errorf("vertex %d tangent %v, want [1 0 0 1]", i, tg)
		}
	}
	// Mirrored UVs (U runs along -X) flip the tangent and the handedness.
	uvm := [][2]float32{{1, 1}, {0, 1}, {0, 0}, {1, 0}}
	for i, tg := range GenerateTangents(pos, nrm, uvm, idx) {
		if tg != [4]float32{-1, 0, 0, -1} {
			t.Errorf("mirrored vertex %d tangent %v, want [-1 0 0 -1]", i, tg)
		}
	}
	// Rotated mapping: U along +Y gives tangent +Y.
	uvr := [][2]float32{{0, 0}, {0, 1}, {1, 1}, {1, 0}}
	for i, tg := range GenerateTangents(pos, nrm, uvr, idx) {
		if !near(tg[1], 1, 1e-6) || !near(tg[0], 0, 1e-6) {
			t.Errorf("rotated vertex %d tangent %v, want +Y", i, tg)
		}
	}
}

func TestTexTransform(t *testing.T) {
	tests := []struct {
		tr   TexTransform
		in   [2]float32
		want [2]float32
	}{
		{TexTransform{Scale: [2]float32{1, 1}}, [2]float32{0.3, 0.7}, [2]float32{0.3, 0.7}},
		{TexTransform{Offset: [2]float32{0.5, 0.25}, Scale: [2]float32{1, 1}}, [2]float32{0, 0}, [2]float32{0.5, 0.25}},
		{TexTransform{Scale: [2]float32{2, 3}}, [2]float32{1, 1}, [2]float32{2, 3}},
		// Rotation per the extension: mat3(cos, sin, 0, -sin, cos, 0, 0, 0, 1)
		// (column-major), so (1, 0) rotated by π/2 goes to (0, 1).
		{TexTransform{Rotation: math.Pi / 2, Scale: [2]float32{1, 1}}, [2]float32{1, 0}, [2]float32{0, 1}},
		// T * R * S: scale first, then rotate, then offset.
		{TexTransform{Offset: [2]float32{0.5, 0}, Rotation: math.Pi / 2, Scale: [2]float32{2, 2}}, [2]float32{1, 0}, [2]float32{0.5, 2}},
	}
	for i, tc := range tests {
		got := tc.tr.Apply(tc.in)
		if !near(got[0], tc.want[0], 1e-6) || !near(got[1], tc.want[1], 1e-6) {
			t.Errorf("case %d: %v -> %v, want %v", i, tc.in, got, tc.want)
		}
	}
}

func TestAutoCameraFramesBounds(t *testing.T) {
	b := Bounds{Min: [3]float32{-1, -2, -3}, Max: [3]float32{3, 2, 1}}
	c := AutoCamera(b)
	eye := c.World.Col(3).Vec3()
	if d := eye.Sub(b.Center()).Len(); d < b.Size().Len()/2 {
		t.Errorf("camera inside the bounding sphere: distance %g", d)
	}
	fwd := c.World.Mul4x1([4]float32{0, 0, -1, 0}).Vec3()
	to := b.Center().Sub(eye).Normalize()
	if fwd.Dot(to) < 0.999 {
		t.Errorf("camera looks along %v, centre is towards %v", fwd, to)
	}
}

func TestViewCamera(t *testing.T) {
	s := &Scene{}
	s.Meshes = []*Mesh{{Primitives: []Primitive{{Positions: [][3]float32{{-1, -1, -1}, {1, 1, 1}}, Indices: []uint32{0, 1}, Mode: Lines}}}}
	s.Meshes[0].ComputeBounds()
	n := NewNode("m")
	n.Mesh = 0
	s.AddNode(n, -1)
	c, w, err := s.ViewCamera("", 0)
	if err != nil || c.Name != "auto" || w.Col(3)[2] <= 1 {
		t.Errorf("auto camera %+v at %v, %v", c, w.Col(3), err)
	}
	cn := NewNode("cam")
	cn.Camera = 1
	cn.Translation[2] = 7
	ci := s.AddNode(cn, -1)
	s.Cameras = []Camera{{Name: "unplaced", Node: -1}, {Name: "main", Node: ci}}
	if i, _ := s.FindCamera(""); i != 1 {
		t.Errorf("default camera %d, want the placed one (1)", i)
	}
	if i, _ := s.FindCamera("unplaced"); i != 0 {
		t.Errorf("by name: %d", i)
	}
	if i, _ := s.FindCamera("1"); i != 1 {
		t.Errorf("by index: %d", i)
	}
	if _, err := s.FindCamera("zoom"); err == nil {
		t.Error("unknown camera accepted")
	}
	if _, w, _ := s.ViewCamera("main", 0); w.Col(3)[2] != 7 {
		t.Errorf("camera world %v", w)
	}
}

func TestEmptySceneSummaryJSON(t *testing.T) {
	sum := (&Scene{Name: "empty"}).Summary()
	if sum.Bounds != nil {
		t.Errorf("empty scene bounds %v", sum.Bounds)
	}
	if _, err := json.Marshal(sum); err != nil {
		t.Errorf("summary JSON: %v", err)
	}
	var buf strings.Builder
	if err := sum.WriteText(&buf); err != nil || !strings.Contains(buf.String(), "bounds:              empty") {
		t.Errorf("text: %q %v", buf.String(), err)
	}
}
