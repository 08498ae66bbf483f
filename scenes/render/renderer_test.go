package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
	"github.com/ingot-render/ingot/scenes/render/shaders"
)

// testRenderer builds a renderer of s on a device with the given workers.
func testRenderer(t testing.TB, s *model.Scene, workers int, opts Options) *Renderer {
	t.Helper()
	dev, err := NewDevice(workers)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer(context.Background(), dev, s, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

func smallFrame(w, h, spp int) Frame {
	f := DefaultFrame()
	f.Width, f.Height, f.SPP = w, h, spp
	return f
}

func mustRender(t testing.TB, r *Renderer, f Frame) *Image {
	t.Helper()
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestRendererDeterministic: the same bits on 1 and 2 workers and with
// any tile size (linear radiance, 8-bit image and AOVs).
func TestRendererDeterministic(t *testing.T) {
	s := builtin.Cornell()
	f := smallFrame(24, 20, 3)
	f.AOVs = true
	a := mustRender(t, testRenderer(t, s, 1, Options{}), f)
	r2 := testRenderer(t, s, 2, Options{})
	b := mustRender(t, r2, f)
	f.TileSize = 7
	c := mustRender(t, r2, f)
	for name, im := range map[string]*Image{"2 workers": b, "2 workers, 7px tiles": c} {
		if !equalFloats(a.Linear, im.Linear) || !bytes.Equal(a.RGBA8.Pix, im.RGBA8.Pix) ||
			!equalFloats(a.Albedo, im.Albedo) || !equalFloats(a.Normal, im.Normal) || !equalFloats(a.Depth, im.Depth) {
			t.Errorf("%s: image differs from 1 worker, 64px tiles", name)
		}
	}
	if a.SPP != 3 || !a.Complete {
		t.Errorf("SPP %d complete %v, want 3 true", a.SPP, a.Complete)
	}
}

func equalFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// meanRGB is the mean linear radiance of an image.
func meanRGB(im *Image) (m [3]float64) {
	n := im.Width * im.Height
	for i := range n {
		for c := range 3 {
			m[c] += float64(im.Linear[4*i+c])
		}
	}
	for c := range 3 {
		m[c] /= float64(n)
	}
	return m
}

// TestRendererMatchesReference renders the same packed scenes with the
// MSL path tracer and the pure-Go Reference (same sample points; paths
// diverge only through float rounding and BVH-vs-brute-force hit
// ordering). Image means must agree within 2% per channel and the
// per-pixel RMSE must be below the Monte Carlo noise of either image.
func TestRendererMatchesReference(t *testing.T) {
	cases := []struct {
		name  string
		scene *model.Scene
		env   *Environment
		f     Frame
	}{
		{"cornell", builtin.Cornell(), nil, smallFrame(16, 16, 32)},
		{"furnace", sphereScene(func() model.Material {
			m := model.DefaultMaterial()
			m.Roughness = 0.5
			return m
		}()), &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}, func() Frame {
			f := smallFrame(12, 12, 16)
			f.LookAt = &Camera{Eye: [3]float32{0, 0, 3}, Up: [3]float32{0, 1, 0}, FovY: 40}
			return f
		}()},
	}
	// Single-sided quads, one mirrored, seen from behind (culled) and
	// from the front (glTF facing of a negative-determinant node).
	for _, z := range []float32{-4, 4} {
		f := smallFrame(16, 8, 16)
		f.LookAt = &Camera{Eye: [3]float32{0.5, 0.3, z}, Up: [3]float32{0, 1, 0}, FovY: 40}
		cases = append(cases, struct {
			name  string
			scene *model.Scene
			env   *Environment
			f     Frame
		}{fmt.Sprintf("one-sided z=%v", z), sidedQuads(false), &Environment{Color: [3]float32{0.5, 0.6, 0.7}, Intensity: 1}, f})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := testRenderer(t, c.scene, 2, Options{Env: c.env})
			img := mustRender(t, r, c.f)
			// The reference on the renderer's own packed scene and camera.
			ref, err := kernel.NewReference(r.cur.packed)
			if err != nil {
				t.Fatal(err)
			}
			cam, err := r.camera(&c.f)
			if err != nil {
				t.Fatal(err)
			}
			w, h := c.f.Width, c.f.Height
			fp := kernel.FrameParams{Camera: cam, Settings: kernel.RenderSettings{Width: uint32(w), Height: uint32(h), TileWidth: uint32(w),
				TileHeight: uint32(h), SamplesPerPass: uint32(c.f.SPP), MaxBounces: 12, RRStartBounce: 3, ToneMap: uint32(c.f.ToneMap)}}
			accum := make([]kernel.Float4, w*h)
			if err := ref.Render(context.Background(), &fp, accum, 2); err != nil {
				t.Fatal(err)
			}
			rm := meanImage(accum)
			gm := meanRGB(img)
			var se, n float64
			for i, a := range accum {
				for ch := range 3 {
					d := float64(a[ch]/a[3]) - float64(img.Linear[4*i+ch])
					se += d * d
					n++
				}
			}
			rmse := math.Sqrt(se / n)
			t.Logf("MSL mean %.4f, Go reference mean %.4f, per-pixel RMSE %.4f", gm, rm, rmse)
			for ch := range 3 {
				if math.Abs(gm[ch]-rm[ch]) > 0.02*max(rm[ch], 1e-3) {
					t.Errorf("channel %d: MSL mean %v, reference %v (want within 2%%)", ch, gm[ch], rm[ch])
				}
			}
			if rmse > 0.1*max(rm[0], rm[1], rm[2]) {
				t.Errorf("per-pixel RMSE %v exceeds 10%% of the mean", rmse)
			}
			// White furnace: a white rough sphere in a uniform white
			// environment is invisible (energy conservation within 1%).
			if c.name == "furnace" && math.Abs(gm[0]-1) > 0.01 {
				t.Errorf("white furnace: MSL image mean %v, want 1 ± 1%%", gm[0])
			}
		})
	}
}

// rmse is the root-mean-square difference of two linear images' RGB.
func rmse(a, b *Image) float64 {
	var se float64
	n := 0
	for i := range a.Width * a.Height {
		for c := range 3 {
			d := float64(a.Linear[4*i+c] - b.Linear[4*i+c])
			se += d * d
			n++
		}
	}
	return math.Sqrt(se / float64(n))
}

// TestRendererNoiseFalls measures the Cornell box's RMSE against a
// 256-spp image at 4 and 16 spp (different seeds, so the errors are
// independent): Monte Carlo noise falls as 1/sqrt(spp), so the error
// should halve; the low-discrepancy sampler may do better. Bound: the
// ratio is at least 1.6 (1/sqrt(spp) within 20%).
func TestRendererNoiseFalls(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 300 spp")
	}
	r := testRenderer(t, builtin.Cornell(), 2, Options{})
	hi := smallFrame(16, 16, 256)
	hi.Seed = 99
	ref := mustRender(t, r, hi)
	var errs []float64
	for _, spp := range []int{4, 16} {
		f := smallFrame(16, 16, spp)
		f.Seed = 7
		errs = append(errs, rmse(mustRender(t, r, f), ref))
	}
	ratio := errs[0] / errs[1]
	t.Logf("RMSE vs 256 spp: 4 spp %.4f, 16 spp %.4f, ratio %.2f (1/sqrt(spp) predicts 2)", errs[0], errs[1], ratio)
	if ratio < 1.6 {
		t.Errorf("noise ratio 4→16 spp is %.2f, want ≥ 1.6", ratio)
	}
}

// TestRenderCancel: a render cancelled after its first tile returns
// the accumulated image (the pixels of that tile, one sample each) with
// the context's error.
func TestRenderCancel(t *testing.T) {
	r := testRenderer(t, builtin.Cornell(), 2, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := smallFrame(16, 16, 64)
	f.TileSize = 8
	calls := 0
	img, err := r.Render(ctx, f, func(p Progress) {
		calls++
		if p.Samples != 64 || p.Total != 16*16*64 {
			t.Errorf("first progress %+v, want 64 of %d samples", p, 16*16*64)
		}
		cancel()
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if img == nil || img.Complete || img.SPP != 0 || calls != 1 {
		t.Fatalf("image %v complete %v spp %d after %d progress calls", img != nil, img != nil && img.Complete, img.SPP, calls)
	}
	if img.TilesDone != 1 || img.Tiles != 4 || img.TileSize != 8 {
		t.Errorf("tiles: %d of %d done (edge %d), want 1 of 4 (8)", img.TilesDone, img.Tiles, img.TileSize)
	}
	full := mustRender(t, r, smallFrame(16, 16, 2))
	if !full.Complete || full.TilesDone != full.Tiles || full.Tiles != 1 {
		t.Errorf("complete render: %d of %d tiles done, complete %v", full.TilesDone, full.Tiles, full.Complete)
	}
	withSamples := 0
	for i, s := range img.Samples {
		if s > 0 {
			withSamples++
			if x, y := i%16, i/16; x >= 8 || y >= 8 || img.Linear[4*i+3] != 1 {
				t.Errorf("pixel (%d,%d) has samples outside the first tile", x, y)
			}
		}
	}
	if withSamples != 64 {
		t.Errorf("%d pixels have samples, want the 64 of the first tile", withSamples)
	}
	var buf bytes.Buffer
	if err := img.WritePNG(&buf); err != nil || buf.Len() == 0 {
		t.Errorf("partial image does not encode: %v", err)
	}
}

// checkerPlane is a 2×2 quad at z = 0 with UVs 0..1 and a white material
// named "floor".
func checkerPlane() *model.Scene {
	s := &model.Scene{Name: "plane"}
	pr := model.Primitive{
		Positions: [][3]float32{{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}},
		Normals:   [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		UV0:       [][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
	m.Name = "floor"
	m.BaseColor = [4]float32{1, 1, 1, 1}
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

// TestUserMaterial renders a plane with the README's example material
// (examples/checker_material.metal, 8×8 checks per UV unit) replacing
// material "floor": in a white environment the odd checks keep the white
// base colour and the even ones are dark (0.05).
func TestUserMaterial(t *testing.T) {
	src, err := shaders.Source(shaders.ExampleMaterialFile)
	if err != nil {
		t.Fatal(err)
	}
	// The README shows this file's code (after its comments) verbatim.
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "```metal\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok || !strings.Contains(string(src), block) {
		t.Errorf("the README's material block is not the text of %s:\n%s", shaders.ExampleMaterialFile, block)
	}
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	f := smallFrame(16, 16, 16)
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 2.414}, Target: [3]float32{}, Up: [3]float32{0, 1, 0}, FovY: 45}
	f.ToneMap = ToneNone
	stock := mustRender(t, testRenderer(t, checkerPlane(), 2, Options{Env: env}), f)
	user := mustRender(t, testRenderer(t, checkerPlane(), 2, Options{Env: env,
		Materials: []UserMaterial{{Material: "floor", File: "checker_material.metal", Source: src}}}), f)
	// The view spans the plane: pixel (x, y) sees uv ≈ ((x+0.5)/16, (y+0.5)/16),
	// so check (cx, cy) covers pixels 2cx..2cx+1.
	var bright, dark, plain float64
	for y := range 16 {
		for x := range 16 {
			v := float64(user.Linear[4*(y*16+x)])
			if (x/2+y/2)%2 != 0 {
				bright += v
			} else {
				dark += v
			}
			plain += float64(stock.Linear[4*(y*16+x)])
		}
	}
	bright, dark, plain = bright/128, dark/128, plain/256
	t.Logf("stock material mean %.3f; checker: odd checks mean %.3f, even checks mean %.3f", plain, bright, dark)
	if math.Abs(plain-1) > 0.1 {
		t.Errorf("stock white plane in a white environment: mean %.3f, want 1 ± 10%%", plain)
	}
	// The tent filter (radius 1 px) mixes each 2-px check with its
	// neighbours by about a quarter, hence the loose bounds.
	if bright < 2.5*dark || bright < 0.7 || bright > 1.1 {
		t.Errorf("checker material not applied: odd checks %.3f (want 0.7..1.1), even %.3f (want < odd/2.5)", bright, dark)
	}
	// A second renderer with a broken material reports the file.
	dev, _ := NewDevice(1)
	_, err = NewRenderer(context.Background(), dev, checkerPlane(), Options{Materials: []UserMaterial{{Material: "*", File: "bad.metal", Source: []byte("[[visible]] int f(")}}})
	if err == nil {
		t.Error("a material that does not compile was accepted")
	}
}

// TestImageOutputs writes PNG, PFM and AOV files of a small render.
func TestImageOutputs(t *testing.T) {
	r := testRenderer(t, builtin.Cornell(), 2, Options{})
	f := smallFrame(8, 6, 1)
	f.AOVs = true
	img := mustRender(t, r, f)
	dir := t.TempDir()
	for _, name := range []string{"a.png", "a.pfm"} {
		if err := img.WriteFile(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := img.WriteFile(filepath.Join(dir, "a.jpg")); err == nil {
		t.Error("a .jpg output was accepted")
	}
	if err := img.WriteAOVs(filepath.Join(dir, "aov")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.png", "a.pfm", "aov/albedo.pfm", "aov/normal.pfm", "aov/depth.pfm"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Pixels that see the box have a positive depth and a unit normal;
	// most pixels see it.
	hits := 0
	for i, d := range img.Depth {
		if d <= 0 {
			continue
		}
		hits++
		n := img.Normal[3*i : 3*i+3]
		if l := n[0]*n[0] + n[1]*n[1] + n[2]*n[2]; math.Abs(float64(l)-1) > 1e-3 {
			t.Errorf("pixel %d: depth %v, |normal|² %v", i, d, l)
		}
	}
	if hits < len(img.Depth)/2 {
		t.Errorf("%d of %d pixels have a first hit", hits, len(img.Depth))
	}
}

// TestFrameValidation rejects bad frames with errors naming the field.
func TestFrameValidation(t *testing.T) {
	r := testRenderer(t, builtin.Cornell(), 1, Options{})
	for _, c := range []struct {
		name string
		mod  func(*Frame)
	}{
		{"size", func(f *Frame) { f.Width = 0 }},
		{"SPP", func(f *Frame) { f.SPP = 0 }},
		{"Shutter", func(f *Frame) { f.Shutter = [2]float32{1, 0} }},
		{"ToneMap", func(f *Frame) { f.ToneMap = 9 }},
		{"LookAt", func(f *Frame) { f.LookAt = &Camera{Up: [3]float32{0, 1, 0}} }},
		{"CameraName", func(f *Frame) { f.CameraName = "nope" }},
	} {
		f := smallFrame(4, 4, 1)
		c.mod(&f)
		if _, err := r.Render(context.Background(), f, nil); err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.name)) {
			t.Errorf("%s: err = %v, want an error naming %s", c.name, err, c.name)
		}
	}
}

// TestPassSchedule pins the progressive schedule the bits depend on.
func TestPassSchedule(t *testing.T) {
	for spp, want := range map[int][]int{1: {1}, 3: {1, 1, 1}, 16: {1, 1, 2, 4, 8}, 40: {1, 1, 2, 4, 8, 16, 8}} {
		got := passSchedule(spp)
		if len(got) != len(want) {
			t.Errorf("passSchedule(%d) = %v, want %v", spp, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("passSchedule(%d) = %v, want %v", spp, got, want)
				break
			}
		}
	}
}

// TestNewRendererErrors: bad inputs are errors, not panics.
func TestNewRendererErrors(t *testing.T) {
	dev, err := NewDevice(1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"nil device", func() error { _, err := NewRenderer(ctx, nil, builtin.Cornell(), Options{}); return err }, "device"},
		{"nil scene", func() error { _, err := NewRenderer(ctx, dev, nil, Options{}); return err }, "scene"},
		{"empty scene", func() error { _, err := NewRenderer(ctx, dev, &model.Scene{Name: "empty"}, Options{}); return err }, "no triangle"},
		{"shutter", func() error {
			_, err := NewRenderer(ctx, dev, builtin.Cornell(), Options{Shutter: [2]float32{1, 0}})
			return err
		}, "Shutter"},
		{"material name", func() error {
			_, err := NewRenderer(ctx, dev, builtin.Cornell(), Options{Materials: []UserMaterial{{File: "x.metal"}}})
			return err
		}, "material name"},
		{"unknown material", func() error {
			_, err := NewRenderer(ctx, dev, checkerPlane(), Options{Materials: []UserMaterial{{Material: "flor", File: "x.metal"}}})
			return err
		}, `Options.Materials[0] (x.metal): the scene has no material "flor" (materials: "floor")`},
		{"material signature", func() error {
			src := "#include \"scene_types.h\"\n[[visible]] float f(float x) { return x; }\n"
			_, err := NewRenderer(ctx, dev, builtin.Cornell(), Options{Materials: []UserMaterial{{Material: "*", File: "f.metal", Source: []byte(src)}}})
			return err
		}, "signature"},
		{"negative workers", func() error { _, err := NewDevice(-1); return err }, "workers"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

// TestAutoTile: tiles grow with the worker count, within 64…512.
func TestAutoTile(t *testing.T) {
	for _, tc := range []struct{ workers, want int }{{0, 256}, {1, 256}, {2, 256}, {4, 512}, {8, 512}, {128, 512}} {
		if got := autoTile(tc.workers); got != tc.want {
			t.Errorf("autoTile(%d) = %d, want %d", tc.workers, got, tc.want)
		}
	}
}
