package raster

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// TestUnlitStateMatchesBSDFState: a fragment without lights to evaluate
// builds only the part of the BSDF state that the image-based lighting
// reads (bsdf.h's bsdf_state<false>, the shared function the raster
// shader calls); one with lights builds the whole state (bsdf_state),
// whose common part must be the same bits. A point light of zero
// intensity adds exactly nothing but takes the second path, so the
// showcase under an environment, with plain, Lambert-only (no specular
// layer: the state's diffuse case on the dielectric spheres), sheen,
// clearcoat and transmissive-specular materials, must give the same bits
// with and without it, forward (4× MSAA) and deferred (without emissive
// materials, whose triangles would be area lights).
func TestUnlitStateMatchesBSDFState(t *testing.T) {
	env := &render.Environment{Color: [3]float32{1, 0.9, 0.8}, Intensity: 1}
	for _, c := range []struct {
		name string
		set  func(m *model.Material)
	}{
		{"plain", func(*model.Material) {}},
		{"lambert", func(m *model.Material) { m.Specular.Factor = 0 }},
		{"sheen", func(m *model.Material) { m.Sheen.Color, m.Sheen.Roughness = [3]float32{0.8, 0.2, 0.1}, 0.5 }},
		{"clearcoat", func(m *model.Material) { m.Clearcoat.Factor, m.Clearcoat.Roughness = 0.7, 0.3 }},
		{"transmission", func(m *model.Material) { m.Transmission.Factor, m.Specular.Factor = 0.5, 0.4 }},
	} {
		for _, deferred := range []bool{false, true} {
			render1 := func(dark bool) *render.Image {
				s := builtin.Showcase()
				s.Lights = nil
				if dark {
					s.Lights = []model.Light{{Name: "dark", Type: model.Point, Color: [3]float32{1, 1, 1}, Node: -1,
						World: mgl32.Translate3D(0, 2, 0)}}
				}
				for i := range s.Materials {
					// No emitters: they would light the scene as area
					// lights, which take the whole state too.
					s.Materials[i].Emissive = [3]float32{}
					c.set(&s.Materials[i])
				}
				r := newTestRenderer(t, s, 2, Options{Env: env, Deferred: deferred})
				return mustRender(t, r, smallFrame(48, 48))
			}
			want, got := render1(false), render1(true)
			for i := range want.Linear {
				if math.Float32bits(got.Linear[i]) != math.Float32bits(want.Linear[i]) {
					t.Fatalf("%s deferred %v: value %d is %v with a dark light, %v without", c.name, deferred, i, got.Linear[i], want.Linear[i])
				}
			}
		}
	}
}
