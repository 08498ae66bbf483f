package renderbench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/gltfload"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
)

// rasterScene is one scene of the raster preview's benchmarks.
type rasterScene struct {
	name string
	load func(scenesDir string) (*model.Scene, error)
}

// rasterScenes are the preview benchmark's scenes: the Cornell box (the
// built-in one when the OBJ is absent), three textured glTF models and
// the spheres of the acceleration-structure benchmarks (about one
// million instanced triangles).
var rasterScenes = []rasterScene{
	{"cornell", func(dir string) (*model.Scene, error) {
		p := filepath.Join(dir, "CornellBox", "CornellBox-Original.obj")
		if _, err := os.Stat(p); err != nil {
			return builtin.Cornell(), nil
		}
		return objload.Load(context.Background(), p, model.Options{})
	}},
	{"damagedhelmet", gltfScene("DamagedHelmet", "glTF-Binary", "DamagedHelmet.glb")},
	{"flighthelmet", gltfScene("FlightHelmet", "glTF", "FlightHelmet.gltf")},
	{"cesiummilktruck", gltfScene("CesiumMilkTruck", "glTF", "CesiumMilkTruck.gltf")},
	{"spheres", gltfScene("MetalRoughSpheresNoTextures", "glTF", "MetalRoughSpheresNoTextures.gltf")},
}

func gltfScene(parts ...string) func(string) (*model.Scene, error) {
	return func(dir string) (*model.Scene, error) {
		return gltfload.Load(context.Background(), filepath.Join(append([]string{dir}, parts...)...), model.Options{})
	}
}

// rasterModes are the preview's modes as `ingot render --mode` names them.
var rasterModes = []struct {
	name string
	opts raster.Options
}{
	{"raster", raster.Options{}},                 // forward, 4× MSAA
	{"deferred", raster.Options{Deferred: true}}, // one sample per pixel
	{"mesh", raster.Options{Meshlets: true}},     // meshlets, 4× MSAA
}

// RasterBenchCases returns the raster preview's benchmark cases for
// `ingot bench render/raster/` and `go test -bench`: the time of a
// steady-state frame (ns/op is one frame: upload, pipeline compilation
// and IBL pre-filtering happen before the timer starts; the metric
// cpu-s/op is the process CPU time per frame) at 512×512 and 1920×1080
// for each scene of rasterScenes in each mode, named
// render/raster/<scene>-<W>x<H>/<mode>. They have no native baseline:
// BENCHMARKS.md sets them beside Mesa llvmpipe's Phong frames of the same
// meshes (../shared/peers gl_bench).
func RasterBenchCases(scenesDir string) []benchkit.Case {
	var out []benchkit.Case
	for _, sc := range rasterScenes {
		for _, size := range [][2]int{{512, 512}, {1920, 1080}} {
			for _, m := range rasterModes {
				out = append(out, benchkit.Case{
					Name: fmt.Sprintf("render/raster/%s-%dx%d/%s", sc.name, size[0], size[1], m.name), Unit: "ns/op", PerOp: 1,
					Ingot: func(b *testing.B, workers int) { benchRaster(b, sc, scenesDir, size[0], size[1], m.opts, workers) },
				})
			}
		}
	}
	return out
}

// benchRaster renders one preview frame b.N times after a first frame.
func benchRaster(b *testing.B, sc rasterScene, scenesDir string, w, h int, opts raster.Options, workers int) {
	s, err := sc.load(scenesDir)
	if err != nil {
		benchkit.Skip(b, err)
	}
	s = withFrontCamera(s)
	dev, err := render.NewDevice(workers)
	if err != nil {
		b.Fatal(err)
	}
	r, err := raster.NewRenderer(context.Background(), dev, s, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height = w, h
	if _, err := r.Render(context.Background(), f); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	c0 := processCPU()
	for range b.N {
		if _, err := r.Render(context.Background(), f); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, c0)
}
