package render

import (
	"context"
	"image"
	_ "image/jpeg" // the NegativeScaleTest screenshot
	_ "image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/model"
)

// colourGrid is the mean redness (R − max(G, B), clamped at 0) and
// greenness of each cell of an n×n grid over an image.
type colourGrid struct {
	n          int
	red, green []float64
}

// newColourGrid measures img (its whole bounds: the model's front).
func newColourGrid(img image.Image, n int) colourGrid {
	g := colourGrid{n: n, red: make([]float64, n*n), green: make([]float64, n*n)}
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

// maxDiff returns the largest redness and greenness differences of two
// grids and the cell of the larger.
func (g colourGrid) maxDiff(o colourGrid) (red, green float64, cell int) {
	worst := -1.0
	for i := range g.red {
		dr, dg := math.Abs(g.red[i]-o.red[i]), math.Abs(g.green[i]-o.green[i])
		red, green = max(red, dr), max(green, dg)
		if max(dr, dg) > worst {
			worst, cell = max(dr, dg), i
		}
	}
	return red, green, cell
}

// TestScreenshotCells renders TextureSettingsTest and NegativeScaleTest
// head-on, framing their bounds as their reference screenshots do, and
// compares the two images cell by cell on a 12×12 grid: the mean redness
// (the red "X" of a failed test) of every cell must be within 0.05 of the
// screenshot's, and the greenness (the green check of a passed one)
// within 0.12 (a culled polygon still casts shadows, so the path tracer
// shades the check behind it darker than the screenshot's rasterizer). The
// same scenes with every material made double-sided (no culling: the
// single-sided tests show their X) must fail the comparison, so the test
// measures the culling and the negative-scale winding, not the lighting.
func TestScreenshotCells(t *testing.T) {
	const redTol, greenTol = 0.05, 0.12
	for _, c := range []struct {
		scene, shot string
	}{
		{"TextureSettingsTest/glTF/TextureSettingsTest.gltf", "TextureSettingsTest/screenshot/screenshot.png"},
		{"NegativeScaleTest/glTF/NegativeScaleTest.gltf", "NegativeScaleTest/screenshot/screenshot.jpg"},
	} {
		t.Run(filepath.Dir(filepath.Dir(c.scene)), func(t *testing.T) {
			path := filepath.Join(sharedScenes, c.scene)
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
				s, err := scenes.Open(context.Background(), path, scenes.Options{})
				if err != nil {
					t.Fatal(err)
				}
				if !culled {
					for i := range s.Materials {
						s.Materials[i].DoubleSided = true
					}
				}
				img := renderFront(t, s, shot.Bounds())
				got := newColourGrid(img.RGBA8, 12)
				dr, dg, cell := got.maxDiff(want)
				t.Logf("culling %v: largest cell difference: redness %.3f, greenness %.3f (cell row %d col %d)", culled, dr, dg, cell/12, cell%12)
				if pass := dr < redTol && dg < greenTol; pass != culled {
					t.Errorf("culling %v: the cells match the screenshot: %v, want %v", culled, pass, culled)
				}
			}
		})
	}
}

// renderFront renders s from far along +Z with a narrow field of view, so
// that its x, y bounds fill an image of the screenshot's aspect.
func renderFront(t *testing.T, s *model.Scene, shot image.Rectangle) *Image {
	t.Helper()
	b := s.BoundsAt(0)
	c, size := b.Center(), b.Size()
	const dist = 200
	f := smallFrame(120, int(math.Round(120*float64(shot.Dy())/float64(shot.Dx()))), 8)
	f.LookAt = &Camera{Eye: [3]float32{c[0], c[1], b.Max[2] + dist}, Target: [3]float32{c[0], c[1], b.Max[2]},
		Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(float64(size[1])/2/dist) * 180 / math.Pi)}
	r := testRenderer(t, s, 2, Options{Env: &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}})
	return mustRender(t, r, f)
}
