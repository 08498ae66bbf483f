package raster

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestMeshletsMatchVertexPipeline renders scenes through the vertex and
// the meshlet pipelines and compares the linear images: the same vertex
// code, the same triangles (culling drops only invisible ones) in the
// same winding, so the images (and AOVs) must be bit-identical, on 1 and 2
// workers.
func TestMeshletsMatchVertexPipeline(t *testing.T) {
	cases := []struct {
		name  string
		scene string
		turn  float64 // camera yaw in degrees (0: the default view)
		aovs  bool
	}{
		{"cornell", "cornell", 0, true},
		{"DamagedHelmet", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), 0, false},
		{"DamagedHelmet-turned", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), 50, false},
		{"NegativeScaleTest", filepath.Join(sharedScenes, "NegativeScaleTest/glTF/NegativeScaleTest.gltf"), 0, false},
		{"SimpleInstancing", filepath.Join(sharedScenes, "SimpleInstancing/glTF/SimpleInstancing.gltf"), 0, false},
		{"AlphaBlendModeTest", filepath.Join(sharedScenes, "AlphaBlendModeTest/glTF/AlphaBlendModeTest.gltf"), 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := openScene(t, tc.scene)
			f := smallFrame(64, 48)
			f.AOVs = tc.aovs
			if tc.turn != 0 {
				f.LookAt = sideView(s, tc.turn)
			}
			vert := mustRender(t, newTestRenderer(t, s, 1, Options{}), f)
			var ml [2]*render.Image
			for i, w := range []int{1, 2} {
				r := newTestRenderer(t, s, w, Options{Meshlets: true})
				if r.cur.meshlets == nil || r.cur.meshlets.meshlets == 0 {
					t.Fatal("no meshlets were built")
				}
				ml[i] = mustRender(t, r, f)
			}
			if string(bytesOf(ml[0].Linear)) != string(bytesOf(ml[1].Linear)) {
				t.Error("meshlet images differ between 1 and 2 workers")
			}
			if err := closeImages(vert.Linear, ml[0].Linear, 0); err != nil {
				t.Errorf("meshlet vs vertex pipeline: %v", err)
			}
			if tc.aovs {
				for _, c := range []struct {
					name string
					a, b []float32
				}{{"Albedo", vert.Albedo, ml[0].Albedo}, {"Normal", vert.Normal, ml[0].Normal}, {"Depth", vert.Depth, ml[0].Depth}} {
					if err := closeImages(c.a, c.b, 0); err != nil {
						t.Errorf("%s AOV: %v", c.name, err)
					}
				}
			}
			if meanLuminance(vert) <= 0 {
				t.Error("the image is black")
			}
		})
	}
}

// closeImages reports how many values of b are further than tol
// (relative; absolute below 1) from a's, and the worst.
func closeImages(a, b []float32, tol float64) error {
	if len(a) != len(b) {
		return fmt.Errorf("%d values, want %d", len(b), len(a))
	}
	bad, worst, at := 0, 0.0, -1
	for i := range a {
		d := math.Abs(float64(a[i]) - float64(b[i]))
		if d > tol*max(1, math.Abs(float64(a[i]))) {
			bad++
			if d > worst {
				worst, at = d, i
			}
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d values differ, the worst by %g at pixel %d (%g vs %g)", bad, len(a), worst, at/4, a[at], b[at])
	}
	return nil
}

// sideView looks at s from yaw deg about the vertical, aimed past its
// centre so that part of it is off screen.
func sideView(s *model.Scene, deg float64) *render.Camera {
	b := s.BoundsAt(0)
	c, r := b.Center(), b.Size().Len()/2
	y := deg * math.Pi / 180
	dir := mgl32.Vec3{float32(math.Sin(y)), 0.3, float32(math.Cos(y))}.Normalize()
	right := mgl32.Vec3{0, 1, 0}.Cross(dir).Normalize()
	eye := c.Add(dir.Mul(2.5 * r))
	target := c.Add(right.Mul(0.6 * r))
	return &render.Camera{Eye: eye, Target: target, Up: [3]float32{0, 1, 0}, FovY: 40}
}

// TestMeshletCulling: a view turned away from most of the helmet culls
// meshlets, and the culling test keeps every meshlet a random view sees
// (each drawn triangle's meshlet survives).
func TestMeshletCulling(t *testing.T) {
	s := openScene(t, filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"))
	r := newTestRenderer(t, s, 1, Options{Meshlets: true})
	ms := r.cur.meshlets
	if ms.tris == 0 {
		t.Fatal("no triangles")
	}
	avg := float64(ms.tris) / float64(ms.meshlets)
	if avg < 60 {
		t.Errorf("%.1f triangles per meshlet, want ≥ 60 (limit 124)", avg)
	}
	t.Logf("%d meshlets, %.1f triangles each", ms.meshlets, avg)
}
