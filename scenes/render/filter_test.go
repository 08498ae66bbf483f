package render

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestFilterDefaultIsTent: the zero Frame filter is the tent of width 2,
// whose offsets are SampleTent's bits (the images of earlier releases),
// and FilterCenter puts every ray through the pixel centre.
func TestFilterDefaultIsTent(t *testing.T) {
	if f := DefaultFrame(); f.Filter != FilterTent || f.FilterWidth != 0 || FilterTent.DefaultWidth() != 2 {
		t.Fatalf("default filter %v width %v", f.Filter, f.FilterWidth)
	}
	for k := range 1000 {
		u := [2]float32{float32(k) / 1000, float32(999-k) / 1000}
		o := kernel.FilterOffset(kernel.FilterTent, 0, u)
		if math.Float32bits(o[0]) != math.Float32bits(kernel.SampleTent(u[0])) || math.Float32bits(o[1]) != math.Float32bits(kernel.SampleTent(u[1])) {
			t.Fatalf("u %v: %v, SampleTent %v %v", u, o, kernel.SampleTent(u[0]), kernel.SampleTent(u[1]))
		}
		if c := kernel.FilterOffset(kernel.FilterCenter, 5, u); c != [2]float32{} {
			t.Fatalf("centre offset %v", c)
		}
	}
}

// TestParsePixelFilter: names and aliases round-trip; unknown names fail.
func TestParsePixelFilter(t *testing.T) {
	for _, c := range []struct {
		in   string
		want PixelFilter
	}{{"tent", FilterTent}, {"Box", FilterBox}, {"gaussian", FilterGaussian}, {"blackman-harris", FilterBlackmanHarris},
		{"bh", FilterBlackmanHarris}, {"center", FilterCenter}, {"centre", FilterCenter}} {
		got, err := ParsePixelFilter(c.in)
		if err != nil || got != c.want {
			t.Errorf("%q: %v %v, want %v", c.in, got, err, c.want)
		}
		if back, _ := ParsePixelFilter(c.want.String()); back != c.want {
			t.Errorf("%v does not round-trip", c.want)
		}
	}
	if _, err := ParsePixelFilter("lanczos"); err == nil {
		t.Error("lanczos accepted")
	}
	f := DefaultFrame()
	for _, w := range []float32{-1, float32(math.NaN()), MaxFilterWidth + 1} {
		f.FilterWidth = w
		if err := f.validate(); err == nil {
			t.Errorf("FilterWidth %v accepted", w)
		}
	}
}

// edgeScene is an emissive white quad covering x ≥ 0 of the view (unlit),
// the rest black: the image of its edge is the filter's footprint.
func edgeScene() *model.Scene {
	s := &model.Scene{Name: "edge"}
	pr := model.Primitive{
		Positions: [][3]float32{{0, -50, 0}, {50, -50, 0}, {50, 50, 0}, {0, 50, 0}},
		Normals:   [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
	m.BaseColor = [4]float32{1, 1, 1, 1}
	m.Unlit = true
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "half", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("half")
	n.Mesh = 0
	n.Translation = mgl32.Vec3{0, 0, 0}
	s.AddNode(n, -1)
	return s
}

// TestFilterEdgeRender renders a vertical white/black edge on a pixel
// boundary with each filter: FilterCenter gives a hard edge (0 and 1),
// the others spread it over as many pixels as their footprint, with the
// pixels next to the edge at the filter's own fraction of coverage; the
// image is the same on 1 and 2 workers.
func TestFilterEdgeRender(t *testing.T) {
	s := edgeScene()
	black := Options{Env: &Environment{Color: [3]float32{0, 0, 0}, Intensity: 1}}
	r1 := testRenderer(t, s, 1, black)
	r2 := testRenderer(t, s, 2, black)
	for _, c := range []struct {
		f PixelFilter
		w float32
	}{{FilterCenter, 0}, {FilterBox, 0}, {FilterTent, 0}, {FilterGaussian, 0}, {FilterBlackmanHarris, 0}, {FilterBox, 3}} {
		t.Run(fmt.Sprintf("%v/%v", c.f, c.w), func(t *testing.T) {
			f := smallFrame(16, 2, 64)
			f.ToneMap = ToneNone
			f.Filter, f.FilterWidth = c.f, c.w
			// Orthographic-like narrow view: the edge x = 0 projects to the
			// boundary between pixels 7 and 8.
			f.LookAt = &Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: 10}
			a, b := mustRender(t, r1, f), mustRender(t, r2, f)
			if !equalFloats(a.Linear, b.Linear) {
				t.Fatal("1 and 2 workers differ")
			}
			row := make([]float64, 16)
			for x := range 16 {
				row[x] = float64(a.Linear[4*(16+x)])
			}
			w := float64(c.w)
			if w == 0 {
				w = float64(c.f.DefaultWidth())
			}
			// Pixel 7's centre is ½ px left of the edge: its value is the
			// filter's mass right of +½ px.
			var m0, right float64
			const q = 4000
			for k := range q {
				x := (float64(k)+0.5)/q*w - w/2
				d := filterDensity(kernel.PixelFilter(c.f), w, x)
				if c.f == FilterGaussian {
					d = 0 // radial: checked by the footprint only
				}
				m0 += d
				if x > 0.5 {
					right += d
				}
			}
			for x, v := range row {
				dist := math.Abs(float64(x) + 0.5 - 8) // pixel centre to edge
				switch {
				case c.f == FilterCenter && v != map[bool]float64{true: 1, false: 0}[x >= 8]:
					t.Errorf("centre filter: pixel %d = %v, want a hard edge", x, v)
				case dist > w/2+1e-3 && v != map[bool]float64{true: 1, false: 0}[x >= 8]:
					t.Errorf("pixel %d, %.1f px from the edge outside the %.1f px footprint: %v", x, dist, w, v)
				}
			}
			if c.f != FilterCenter && c.f != FilterGaussian {
				want := right / m0
				if math.Abs(row[7]-want) > 0.03 || math.Abs(row[8]-(1-want)) > 0.03 {
					t.Errorf("pixels 7, 8 = %.3f %.3f, want %.3f %.3f", row[7], row[8], want, 1-want)
				}
			}
			t.Logf("row %.3f", row)
		})
	}
}
