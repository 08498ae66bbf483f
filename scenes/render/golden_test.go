package render

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/testkit"
	"github.com/ingot-render/ingot/scenes"
)

// sharedScenes is ../shared/scenes relative to the repository root.
const sharedScenes = "../../../shared/scenes"

// goldenTolerance: the renderer is deterministic, so on one build the
// images match bit for bit; the tolerance leaves room for float
// differences between builds (pure Go vs GOEXPERIMENT=simd kernels
// rounding a fused multiply-add differently can move a path): a channel
// may differ by 3 codes, 2% of the pixels may differ more, and the RMSE
// over all channels stays below 3 codes.
var goldenTolerance = testkit.Tolerance{PerChannel: 3, BadFraction: 0.02, RMSE: 3}

// TestGolden renders the built-in scenes and shared models at 32×32, 4
// spp, seed 1, and compares them with testdata/golden/*.png (-update
// rewrites them).
func TestGolden(t *testing.T) {
	type gcase struct {
		name, scene string
		mod         func(*Frame)
		opts        Options
	}
	cases := []gcase{
		{name: "cornell", scene: "cornell"},
		{name: "showcase", scene: "showcase", opts: Options{Env: &Environment{Color: [3]float32{0.6, 0.7, 0.9}, Intensity: 1}}},
		{name: "motion", scene: "motion", mod: func(f *Frame) { f.Shutter = [2]float32{0, 0.5} }},
		{name: "cornellbox-original", scene: filepath.Join(sharedScenes, "CornellBox", "CornellBox-Original.obj")},
		{name: "duck", scene: filepath.Join(sharedScenes, "Duck", "glTF-Binary", "Duck.glb"),
			opts: Options{Env: &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}}},
		{name: "alphablend", scene: filepath.Join(sharedScenes, "AlphaBlendModeTest", "glTF", "AlphaBlendModeTest.gltf"),
			opts: Options{Env: &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}}},
	}
	dev, err := NewDevice(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if filepath.IsAbs(c.scene) || filepath.Ext(c.scene) != "" {
				if _, err := os.Stat(c.scene); err != nil {
					t.Skipf("shared scene %s not present", c.scene)
				}
			}
			s, err := scenes.Open(context.Background(), c.scene, scenes.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s = withFrontCamera(s) // the goldens predate the three-quarter AutoCamera
			f := smallFrame(32, 32, 4)
			f.Seed = 1
			if c.mod != nil {
				c.mod(&f)
			}
			c.opts.Shutter = f.shutter()
			r, err := NewRenderer(context.Background(), dev, s, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			img := mustRender(t, r, f)
			testkit.GoldenImage(t, filepath.Join("testdata", "golden", c.name+".png"), img.RGBA8, goldenTolerance)
		})
	}
}
