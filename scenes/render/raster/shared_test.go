package raster

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedModels lists every .gltf, .glb and .obj file under the shared
// scenes (nil when they are absent).
func sharedModels(t testing.TB) []string {
	var out []string
	err := filepath.WalkDir(sharedScenes, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".gltf", ".glb", ".obj":
			out = append(out, p)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// TestSharedModels rasterizes every model of the shared scenes at 32×32
// (each in its own scene's default view) and checks that the image is
// neither empty nor broken (finite radiance, something drawn).
func TestSharedModels(t *testing.T) {
	models := sharedModels(t)
	if len(models) == 0 {
		t.Skip("shared scenes not present")
	}
	for _, m := range models {
		rel, _ := filepath.Rel(sharedScenes, m)
		t.Run(rel, func(t *testing.T) {
			s := openScene(t, m)
			r := newTestRenderer(t, s, 2, Options{})
			f := smallFrame(32, 32)
			f.AOVs = true
			img := mustRender(t, r, f)
			hits := 0
			for i, v := range img.Linear {
				if v != v || v < 0 {
					t.Fatalf("pixel %d channel %d: %v", i/4, i%4, v)
				}
			}
			for _, d := range img.Depth {
				if d > 0 {
					hits++
				}
			}
			if hits == 0 {
				t.Error("no pixel shows the model (depth AOV empty)")
			}
		})
	}
}
