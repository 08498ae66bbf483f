package raster

import (
	"testing"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestSheenUnderEnvironment: every material of the showcase made a black
// base under a red KHR_materials_sheen, lit only by a white environment,
// renders red in the raster preview (the image-based term carries the
// sheen layer), and grey without the sheen.
func TestSheenUnderEnvironment(t *testing.T) {
	env := &render.Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	mean := func(sheen [3]float32) [3]float64 {
		s := builtin.Showcase()
		s.Lights = nil
		for i := range s.Materials {
			m := &s.Materials[i]
			m.BaseColor = [4]float32{0, 0, 0, 1}
			m.Metallic, m.Roughness = 0, 0.6
			m.Emissive = [3]float32{}
			m.Sheen.Color, m.Sheen.Roughness = sheen, 0.8
		}
		r := newTestRenderer(t, s, 2, Options{Env: env, ShadowMapSize: -1})
		f := smallFrame(32, 32)
		f.ToneMap = render.ToneNone
		img := mustRender(t, r, f)
		var m [3]float64
		for i := 0; i+3 < len(img.Linear); i += 4 {
			for c := range 3 {
				m[c] += float64(img.Linear[i+c]) / float64(len(img.Linear)/4)
			}
		}
		return m
	}
	plain, red := mean([3]float32{}), mean([3]float32{1, 0, 0})
	t.Logf("mean linear colour: no sheen %.3f, red sheen %.3f", plain, red)
	if d := plain[0] - plain[1]; d > 0.01 || d < -0.01 {
		t.Errorf("without sheen the image is not grey: %v", plain)
	}
	// Half the frame is the white background: the sheen's red shows as
	// red over green on the rest.
	if red[0]-red[1] < 0.05 {
		t.Errorf("red sheen under a white environment renders %v (no sheen: %v): not clearly red", red, plain)
	}
}
