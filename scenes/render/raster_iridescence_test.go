package render_test

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
)

// TestRasterPreviewIridescence: the raster preview shades with the shared
// gltf_material.h/bsdf.h, so a KHR_materials_iridescence film shows there
// too: the showcase's materials made black dielectrics under the scene's
// lights keep the lights' colours without a film (chroma 0.1) and take
// strong colours under a 400 nm one.
func TestRasterPreviewIridescence(t *testing.T) {
	chroma := func(film float32) float64 {
		s := builtin.Showcase()
		for i := range s.Materials {
			m := &s.Materials[i]
			m.BaseColor = [4]float32{0, 0, 0, 1}
			m.Metallic, m.Roughness = 0, 0.4
			m.Emissive = [3]float32{}
			m.Iridescence.Factor, m.Iridescence.IOR, m.Iridescence.ThicknessMax = film, 1.3, 400
		}
		dev, err := render.NewDevice(2)
		if err != nil {
			t.Fatal(err)
		}
		r, err := raster.NewRenderer(context.Background(), dev, s, raster.Options{Env: &render.Environment{}, ShadowMapSize: -1})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		f := render.DefaultFrame()
		f.Width, f.Height, f.ToneMap = 32, 32, render.ToneNone
		img, err := r.Render(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		var m [3]float64
		for i := 0; i+3 < len(img.Linear); i += 4 {
			for c := range 3 {
				m[c] += float64(img.Linear[i+c])
			}
		}
		mean := (m[0] + m[1] + m[2]) / 3
		return (math.Max(m[0], math.Max(m[1], m[2])) - math.Min(m[0], math.Min(m[1], m[2]))) / math.Max(mean, 1e-9)
	}
	plain, film := chroma(0), chroma(1)
	t.Logf("raster preview chroma: no film %.3f, 400 nm film %.3f", plain, film)
	if film < plain+0.5 {
		t.Errorf("raster preview chroma: no film %.3f, 400 nm film %.3f: the film does not show", plain, film)
	}
}
