package raster

import (
	"context"
	"image"
	_ "image/jpeg" // the NegativeScaleTest screenshot
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestMatchesPathTracer renders the same views of the Cornell box and of
// every glTF model of ../shared/scenes with the rasterizer and the path
// tracer (96×96, 64 spp) and compares their mean linear luminance (within
// 10 %, the bound) and the structural similarity of the
// tone-mapped images (SSIM over 8×8 windows; it must stay above 0.5, a
// bound that catches a wrong camera, orientation or missing geometry,
// while shading differences such as the rasterizer's approximate shadows
// and indirect light keep it below 1).
//
// The size is the smallest at which the rasterizer's mean no longer
// depends on how its pixel grid falls on subpixel emitters: it shades
// once per pixel, and LightsPunctualLamp's bulb (linear radiance about
// 40) covers two or three pixels at 48×48, where the 4× MSAA image's
// mean is 0.78× that of the same view rendered at 384×384 and averaged
// down (0.97× at 96×96). The samples are those at which the path
// tracer's mean is within a few per cent of its converged value on every
// scene (the lamp's light reaches the room through its glass shade, a
// high-variance path: at 16 spp its mean is 8 % low).
func TestMatchesPathTracer(t *testing.T) {
	if testing.Short() {
		t.Skip("path-traced references take seconds")
	}
	scenes := append([][2]string{{"cornell", "cornell"}}, modelFolders(t)...)
	for _, c := range scenes {
		name, scene := c[0], c[1]
		t.Run(name, func(t *testing.T) {
			s := openScene(t, scene)
			f := smallFrame(96, 96)
			f.SPP = 64
			ras := mustRender(t, newTestRenderer(t, s, 2, Options{}), f)
			pr, err := render.NewRenderer(context.Background(), testDevice(t, 2), s, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer pr.Close()
			path, err := pr.Render(context.Background(), f, nil)
			if err != nil {
				t.Fatal(err)
			}
			lr, lp := meanLuminance(ras), meanLuminance(path)
			sim := ssim(ras, path)
			t.Logf("mean luminance raster %.4f, path %.4f (ratio %.3f); SSIM %.3f", lr, lp, lr/lp, sim)
			if math.Abs(lr/lp-1) > 0.10 {
				t.Errorf("mean luminance raster %.4f vs path %.4f: ratio %.3f, want within 10%%", lr, lp, lr/lp)
			}
			if !(sim > 0.5) {
				t.Errorf("SSIM %.3f, want > 0.5", sim)
			}
		})
	}
}

// colourGrid is the mean redness (R − max(G, B), clamped at 0) and
// greenness of each cell of an n×n grid over an image (the metric of the
// path tracer's screenshot test).
type colourGrid struct {
	red, green []float64
}

func newColourGrid(img image.Image, n int) colourGrid {
	g := colourGrid{red: make([]float64, n*n), green: make([]float64, n*n)}
	count := make([]float64, n*n)
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r16, g16, b16, _ := img.At(x, y).RGBA()
			r, gr, bl := float64(r16)/65535, float64(g16)/65535, float64(b16)/65535
			c := (y-b.Min.Y)*n/b.Dy()*n + (x-b.Min.X)*n/b.Dx()
			g.red[c] += max(0, r-max(gr, bl))
			g.green[c] += max(0, gr-max(r, bl))
			count[c]++
		}
	}
	for i := range count {
		g.red[i] /= count[i]
		g.green[i] /= count[i]
	}
	return g
}

func (g colourGrid) maxDiff(o colourGrid) (red, green float64) {
	for i := range g.red {
		red, green = max(red, math.Abs(g.red[i]-o.red[i])), max(green, math.Abs(g.green[i]-o.green[i]))
	}
	return red, green
}

// TestScreenshots compares head-on raster views of TextureSettingsTest and
// NegativeScaleTest, framed as their reference screenshots, with the
// screenshots on a 12×12 grid: every cell's mean redness (the red "X" of a
// failed feature test) within 0.05 and greenness (the green check of a
// passed one) within 0.12 of the screenshot's. The same scenes with every
// material made double-sided (no culling, so the single-sided tests show
// their X) must fail, so the test measures culling, mirrored winding,
// texture orientation and sampler settings rather than lighting.
func TestScreenshots(t *testing.T) {
	const redTol, greenTol = 0.05, 0.12
	for _, c := range []struct{ scene, shot string }{
		{"TextureSettingsTest/glTF/TextureSettingsTest.gltf", "TextureSettingsTest/screenshot/screenshot.png"},
		{"NegativeScaleTest/glTF/NegativeScaleTest.gltf", "NegativeScaleTest/screenshot/screenshot.jpg"},
	} {
		t.Run(filepath.Dir(filepath.Dir(c.scene)), func(t *testing.T) {
			sf, err := os.Open(filepath.Join(sharedScenes, c.shot))
			if err != nil {
				t.Skipf("shared scene absent: %v", err)
			}
			shot, _, err := image.Decode(sf)
			sf.Close()
			if err != nil {
				t.Fatal(err)
			}
			want := newColourGrid(shot, 12)
			for _, culled := range []bool{true, false} {
				s := openScene(t, filepath.Join(sharedScenes, c.scene))
				if !culled {
					for i := range s.Materials {
						s.Materials[i].DoubleSided = true
					}
				}
				img := renderFront(t, s, shot.Bounds())
				dr, dg := newColourGrid(img.RGBA8, 12).maxDiff(want)
				t.Logf("culling %v: largest cell difference: redness %.3f, greenness %.3f", culled, dr, dg)
				if pass := dr < redTol && dg < greenTol; pass != culled {
					t.Errorf("culling %v: the cells match the screenshot: %v, want %v", culled, pass, culled)
				}
			}
		})
	}
}

// renderFront rasterizes s from far along +Z with a narrow field of view,
// so that its x, y bounds fill an image of the screenshot's aspect, under
// a white environment.
func renderFront(t *testing.T, s *model.Scene, shot image.Rectangle) *render.Image {
	t.Helper()
	b := s.BoundsAt(0)
	c, size := b.Center(), b.Size()
	const dist = 200
	f := smallFrame(120, int(math.Round(120*float64(shot.Dy())/float64(shot.Dx()))))
	f.LookAt = &render.Camera{Eye: [3]float32{c[0], c[1], b.Max[2] + dist}, Target: [3]float32{c[0], c[1], b.Max[2]},
		Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(float64(size[1])/2/dist) * 180 / math.Pi)}
	r := newTestRenderer(t, s, 2, Options{Env: &render.Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}})
	return mustRender(t, r, f)
}
