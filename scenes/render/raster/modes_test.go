package raster

import (
	"os"
	"path/filepath"
	"testing"
)

// modelFolders lists the glTF file of every model folder of
// ../shared/scenes (the binary one where there are both), by folder name.
func modelFolders(t *testing.T) [][2]string {
	t.Helper()
	dirs, err := os.ReadDir(sharedScenes)
	if err != nil {
		t.Skipf("no shared scenes: %v", err)
	}
	var models [][2]string
	for _, d := range dirs {
		for _, pattern := range []string{"glTF-Binary/*.glb", "glTF/*.gltf"} {
			if m, _ := filepath.Glob(filepath.Join(sharedScenes, d.Name(), pattern)); len(m) > 0 {
				models = append(models, [2]string{d.Name(), m[0]})
				break
			}
		}
	}
	if len(models) < 10 {
		t.Fatalf("only %d models found in %s", len(models), sharedScenes)
	}
	return models
}

// TestModesMatchOnEveryModel renders every shared model in the three
// modes at one sample per pixel, from the default view and from the side:
// deferred and meshlet frames must equal the forward frame bit for bit
// (the G-buffer keeps the forward fragment's inputs in float32 and runs
// the same shading code; the meshlet pipeline runs the same vertex code
// on the same triangles), and deferred frames on 1 and 2 workers must
// too.
func TestModesMatchOnEveryModel(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every shared model")
	}
	for _, m := range modelFolders(t) {
		t.Run(m[0], func(t *testing.T) {
			s := openScene(t, m[1])
			for _, turn := range []float64{0, 50} {
				f := smallFrame(48, 40)
				if turn != 0 {
					f.LookAt = sideView(s, turn)
				}
				fwd := mustRender(t, newTestRenderer(t, s, 1, Options{SampleCount: 1}), f)
				if meanLuminance(fwd) <= 0 {
					t.Errorf("turn %v: the forward image is black", turn)
				}
				for _, c := range []struct {
					name    string
					workers int
					opts    Options
				}{
					{"deferred", 1, Options{Deferred: true}},
					{"deferred, 2 workers", 2, Options{Deferred: true}},
					{"meshlets", 2, Options{Meshlets: true, SampleCount: 1}},
				} {
					img := mustRender(t, newTestRenderer(t, s, c.workers, c.opts), f)
					if err := closeImages(fwd.Linear, img.Linear, 0); err != nil {
						t.Errorf("turn %v: %s vs forward: %v", turn, c.name, err)
					}
				}
			}
		})
	}
}
