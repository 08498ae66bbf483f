package raster

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestDeferredMatchesForward renders the meshlet test's scenes (and
// scenes of several point lights, which the tile function culls)
// with Options.Deferred and with the forward passes at one sample per
// pixel: the G-buffer holds the forward fragment's inputs in float32 and
// the lighting runs the same shading code, and culling drops only lights
// beyond their range, so the images and AOVs must be bit-identical, on 1
// and 2 workers.
func TestDeferredMatchesForward(t *testing.T) {
	cases := []struct {
		name  string
		scene string
		turn  float64
		aovs  bool
		// lights adds a grid of short-range point lights (tile culling
		// keeps few of them per tile).
		lights bool
		// long marks the scenes -short leaves out (seconds of upload).
		long bool
	}{
		{"cornell", "cornell", 0, true, false, false},
		{"cornell-64-lights", "cornell", 0, false, true, false},
		{"DamagedHelmet", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb"), 0, true, false, true},
		{"NegativeScaleTest", filepath.Join(sharedScenes, "NegativeScaleTest/glTF/NegativeScaleTest.gltf"), 0, false, false, true},
		{"AlphaBlendModeTest", filepath.Join(sharedScenes, "AlphaBlendModeTest/glTF/AlphaBlendModeTest.gltf"), 0, true, false, false},
		{"LightsPunctualLamp", filepath.Join(sharedScenes, "LightsPunctualLamp/glTF/LightsPunctualLamp.gltf"), 0, false, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && testing.Short() {
				t.Skip("-short: the cornell and alpha-blend cases cover the mode")
			}
			s := openScene(t, tc.scene)
			if tc.lights {
				addLightGrid(s, 4)
			}
			f := smallFrame(64, 48)
			f.AOVs = tc.aovs
			if tc.turn != 0 {
				f.LookAt = sideView(s, tc.turn)
			}
			fwd := mustRender(t, newTestRenderer(t, s, 1, Options{SampleCount: 1}), f)
			var def [2]*render.Image
			for i, w := range []int{1, 2} {
				def[i] = mustRender(t, newTestRenderer(t, s, w, Options{Deferred: true}), f)
			}
			if string(bytesOf(def[0].Linear)) != string(bytesOf(def[1].Linear)) {
				t.Error("deferred images differ between 1 and 2 workers")
			}
			if err := closeImages(fwd.Linear, def[0].Linear, 0); err != nil {
				t.Errorf("deferred vs forward: %v", err)
			}
			if tc.aovs {
				for _, c := range []struct {
					name string
					a, b []float32
				}{{"Albedo", fwd.Albedo, def[0].Albedo}, {"Normal", fwd.Normal, def[0].Normal}, {"Depth", fwd.Depth, def[0].Depth}} {
					if err := closeImages(c.a, c.b, 0); err != nil {
						t.Errorf("%s AOV: %v", c.name, err)
					}
				}
			}
			if meanLuminance(def[0]) <= 0 {
				t.Error("the image is black")
			}
		})
	}
}

// TestDeferredOptions: the options deferred mode cannot honour fail with
// an error naming the field.
func TestDeferredOptions(t *testing.T) {
	s := openScene(t, "cornell")
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{Deferred: true, SampleCount: 4}, "Options.SampleCount is 4"},
		{Options{Deferred: true, Meshlets: true}, "Options.Deferred and Options.Meshlets"},
	} {
		_, err := NewRenderer(context.Background(), testDevice(t, 1), s, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.opts, err, c.want)
		}
	}
}

// addLightGrid adds n×n×n point lights on a grid inside s's bounds, each
// reaching a fifth of the bounds' size, in colours that tell them apart.
func addLightGrid(s *model.Scene, n int) {
	b := s.BoundsAt(0)
	size := b.Size()
	for i := range n * n * n {
		x, y, z := i%n, i/n%n, i/(n*n)
		p := mgl32.Vec3(b.Min).Add(mgl32.Vec3{size[0] * (float32(x) + 0.5) / float32(n), size[1] * (float32(y) + 0.5) / float32(n), size[2] * (float32(z) + 0.5) / float32(n)})
		s.Lights = append(s.Lights, model.Light{Type: model.Point, Color: [3]float32{float32(x+1) / float32(n), float32(y+1) / float32(n), float32(z+1) / float32(n)},
			Intensity: 2, Range: size.Len() / 5, Node: -1, World: mgl32.Translate3D(p[0], p[1], p[2])})
	}
}
