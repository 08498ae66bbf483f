package raster

import (
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
)

// goldenTolerance: the rasterizer is deterministic, so on one build the
// images match bit for bit; the tolerance leaves room for float
// differences between builds (pure Go vs GOEXPERIMENT=simd kernels): a
// channel may differ by 2 codes, 1 % of the pixels more, and the RMSE
// stays below 2 codes.
var goldenTolerance = testkit.Tolerance{PerChannel: 2, BadFraction: 0.01, RMSE: 2}

// TestGolden rasterizes the Cornell box and DamagedHelmet at 64×64 and
// compares them with testdata/golden/*.png (-update rewrites them; a
// failure writes a diff image).
func TestGolden(t *testing.T) {
	for _, c := range []struct{ name, scene string }{
		{"cornell", "cornell"},
		{"damagedhelmet", filepath.Join(sharedScenes, "DamagedHelmet/glTF-Binary/DamagedHelmet.glb")},
		{"alphablend", filepath.Join(sharedScenes, "AlphaBlendModeTest/glTF/AlphaBlendModeTest.gltf")},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newTestRenderer(t, openScene(t, c.scene), 2, Options{})
			img := mustRender(t, r, smallFrame(64, 64))
			testkit.GoldenImage(t, filepath.Join("testdata", "golden", c.name+".png"), img.RGBA8, goldenTolerance)
		})
	}
}
