package raster

import (
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/shaders"
)

// uvPlane is a plane x, y ∈ [−1, 1] at z = 0 facing +z, UV (0, 0) at the
// top left, with a white material named "floor".
func uvPlane() *model.Scene {
	s := &model.Scene{Name: "plane"}
	pr := model.Primitive{
		Positions: [][3]float32{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
		Normals:   [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		UV0:       [][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
	m.Name = "floor"
	m.Roughness = 1
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "plane", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("plane")
	n.Mesh = 0
	s.AddNode(n, -1)
	return s
}

// planeFrame frames uvPlane exactly: the camera at z = 10 sees x, y ∈
// [−1, 1] (tan(fov/2) = 0.1 on a square image).
func planeFrame(n int) render.Frame {
	f := smallFrame(n, n)
	f.ToneMap = render.ToneNone
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(0.1) * 180 / math.Pi)}
	return f
}

func readMaterial(t *testing.T, name string) render.UserMaterial {
	t.Helper()
	src, err := os.ReadFile("testdata/materials/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return render.UserMaterial{Material: "floor", File: name, Source: src}
}

// TestUserMaterialUV: a user material emitting (u, v, 0.25), unlit,
// replaces "floor": each pixel's linear radiance is its centre's UV
// within 1e-4 (the expected image: u = (x + ½)/n, v = (y + ½)/n), on 1
// and 2 workers with the same bits, through the vertex and the meshlet
// pipelines and the deferred renderer; without the material the plane is not that image.
func TestUserMaterialUV(t *testing.T) {
	const n = 32
	mat := readMaterial(t, "uv_emission.metal")
	var first []float32
	for _, c := range []struct {
		workers  int
		meshlets bool
		deferred bool
	}{{1, false, false}, {2, false, false}, {2, true, false}, {2, false, true}} {
		r := newTestRenderer(t, uvPlane(), c.workers, Options{SampleCount: 1, Meshlets: c.meshlets, Deferred: c.deferred,
			Materials: []render.UserMaterial{mat}, Env: &render.Environment{}})
		img := mustRender(t, r, planeFrame(n))
		if first == nil {
			first = img.Linear
		} else if !slices.Equal(first, img.Linear) {
			t.Errorf("%+v: image differs from 1 worker's forward one", c)
		}
		for y := range n {
			for x := range n {
				want := [3]float64{(float64(x) + 0.5) / n, (float64(y) + 0.5) / n, 0.25}
				for k := range 3 {
					if got := float64(img.Linear[4*(y*n+x)+k]); math.Abs(got-want[k]) > 1e-4 {
						t.Fatalf("%+v: pixel (%d, %d) channel %d = %v, want %v", c, x, y, k, got, want[k])
					}
				}
			}
		}
	}
	plain := mustRender(t, newTestRenderer(t, uvPlane(), 1, Options{SampleCount: 1, Env: &render.Environment{}}), planeFrame(n))
	if slices.Equal(plain.Linear, first) {
		t.Error("the image without the material is the same")
	}
}

// TestUserMaterialPathExample: the path tracer's example material
// (checker_material.metal, 8×8 checks per UV unit, dark even checks)
// works unchanged in the rasterizer: under a white environment the odd
// checks are brighter than the even ones at every check centre.
func TestUserMaterialPathExample(t *testing.T) {
	src, err := shaders.Source(shaders.ExampleMaterialFile)
	if err != nil {
		t.Fatal(err)
	}
	const n = 64
	env := &render.Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	r := newTestRenderer(t, uvPlane(), 1, Options{SampleCount: 1, Env: env,
		Materials: []render.UserMaterial{{Material: "*", File: shaders.ExampleMaterialFile, Source: src}}})
	img := mustRender(t, r, planeFrame(n))
	lum := func(cx, cy int) float64 {
		p := 4 * ((cy*8+4)*n + cx*8 + 4)
		return 0.2126*float64(img.Linear[p]) + 0.7152*float64(img.Linear[p+1]) + 0.0722*float64(img.Linear[p+2])
	}
	for cy := range 8 {
		for cx := range 8 {
			odd, other := (cx+cy)%2 != 0, lum((cx+1)%8, cy)
			if l := lum(cx, cy); odd && !(l > 2*other) || !odd && !(other > 2*l) {
				t.Fatalf("check (%d, %d): luminance %v next to %v, odd %v", cx, cy, l, other, odd)
			}
		}
	}
}

// TestUserMaterialErrors: bad materials fail NewRenderer with an error
// that names the problem.
func TestUserMaterialErrors(t *testing.T) {
	good := readMaterial(t, "uv_emission.metal")
	for _, c := range []struct {
		name string
		opts Options
		want string
	}{
		{"unknown material", Options{Materials: []render.UserMaterial{{Material: "wall", File: "f.metal", Source: good.Source}}}, `no material "wall"`},
		{"empty name", Options{Materials: []render.UserMaterial{{File: "f.metal", Source: good.Source}}}, "empty material name"},
		{"does not compile", Options{Materials: []render.UserMaterial{{Material: "*", File: "bad.metal", Source: []byte("[[visible]] int f(")}}}, "does not compile"},
		{"no visible function", Options{Materials: []render.UserMaterial{{Material: "*", File: "none.metal", Source: []byte("float f(float x) { return x; }\n")}}}, "0 [[visible]] functions"},
		{"wrong signature", Options{Materials: []render.UserMaterial{{Material: "*", File: "sig.metal", Source: []byte("#include \"scene_types.h\"\n[[visible]] float f(float x) { return x; }\n")}}}, "MaterialOutput f(SurfaceHit hit"},
	} {
		_, err := NewRenderer(context.Background(), testDevice(t, 1), uvPlane(), c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}
