package render

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// TestStudioDefault: with the zero Options a scene without light sources
// gets the studio environment, in which a white model (lit white from
// above) stands out against the grey floor the automatic camera sees
// behind it; &Environment{} keeps it black.
func TestStudioDefault(t *testing.T) {
	white := model.DefaultMaterial()
	white.BaseColor = [4]float32{1, 1, 1, 1}
	white.Roughness = 1
	f := smallFrame(32, 32, 8)
	f.ToneMap = ToneNone
	img := mustRender(t, testRenderer(t, sphereScene(white), 2, Options{}), f)
	px := func(x, y int) float64 {
		i := 4 * (y*32 + x)
		return float64(kernel.Luminance(kernel.Vec3{img.Linear[i], img.Linear[i+1], img.Linear[i+2]}))
	}
	corner, centre := px(1, 30), px(16, 14)
	t.Logf("background %.3f, model %.3f", corner, centre)
	if math.Abs(corner-StudioFloor) > 0.03 {
		t.Errorf("background %.3f, want the studio floor %v", corner, StudioFloor)
	}
	if centre < corner+0.3 {
		t.Errorf("the white model (%.3f) does not stand out against the background (%.3f)", centre, corner)
	}
	black := mustRender(t, testRenderer(t, sphereScene(white), 2, Options{Env: &Environment{}}), f)
	for i, v := range black.Linear {
		if i%4 != 3 && v != 0 {
			t.Fatalf("Options{Env: &Environment{}}: linear[%d] = %v, want black", i, v)
		}
	}
}

// TestEnvironmentIntensityDefault: Intensity 0 means 1.
func TestEnvironmentIntensityDefault(t *testing.T) {
	f := smallFrame(16, 16, 2)
	s := sphereScene(model.DefaultMaterial())
	a := mustRender(t, testRenderer(t, s, 2, Options{Env: &Environment{Color: [3]float32{0.3, 0.5, 0.7}}}), f)
	b := mustRender(t, testRenderer(t, s, 2, Options{Env: &Environment{Color: [3]float32{0.3, 0.5, 0.7}, Intensity: 1}}), f)
	if d := rmse(a, b); d != 0 {
		t.Errorf("Intensity 0 and 1 differ: RMSE %v", d)
	}
}

// TestMaxBouncesZero: MaxBounces 0 renders emitters and the environment
// seen directly only (as --max-bounces 0): the sphere, which only
// reflects, is black; a negative value is an error.
func TestMaxBouncesZero(t *testing.T) {
	r := testRenderer(t, sphereScene(model.DefaultMaterial()), 2, Options{Env: &Environment{Color: [3]float32{1, 1, 1}}})
	f := smallFrame(16, 16, 2)
	f.MaxBounces = 0
	img := mustRender(t, r, f)
	if i := 4 * (8*16 + 8); img.Linear[i] != 0 {
		t.Errorf("centre pixel %v with no bounces, want 0 (the sphere only reflects)", img.Linear[i:i+3])
	}
	if corner := img.Linear[0]; corner != 1 {
		t.Errorf("background %v, want the environment 1", corner)
	}
	f.MaxBounces = -1
	if _, err := r.Render(context.Background(), f, nil); err == nil {
		t.Error("MaxBounces -1 was accepted")
	}
}
