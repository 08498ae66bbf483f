package raster

import (
	"context"
	"os"
	"testing"

	"github.com/ingot-render/ingot/scenes/render"
)

// TestShadowMap: the showcase's sun casts shadows: with the shadow map
// the image is darker (the shadowed ground), without it (ShadowMapSize
// −1) brighter, and the path tracer's mean luminance is closer to the
// shadowed one. The emissive panel's cube shadow map is off in both
// (CubeShadows −1): the test is of the sun's map.
func TestShadowMap(t *testing.T) {
	s := openScene(t, "showcase")
	env := &render.Environment{Color: [3]float32{0.6, 0.7, 0.9}, Intensity: 1}
	f := smallFrame(64, 64)
	with := mustRender(t, newTestRenderer(t, s, 2, Options{Env: env, CubeShadows: -1}), f)
	without := mustRender(t, newTestRenderer(t, s, 2, Options{Env: env, ShadowMapSize: -1, CubeShadows: -1}), f)
	lw, lo := meanLuminance(with), meanLuminance(without)
	pr, err := render.NewRenderer(context.Background(), testDevice(t, 2), s, render.Options{Env: env})
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	pf := f
	pf.SPP = 16
	path, err := pr.Render(context.Background(), pf, nil)
	if err != nil {
		t.Fatal(err)
	}
	lp := meanLuminance(path)
	t.Logf("mean luminance: shadow map %.4f, none %.4f, path %.4f; SSIM with path: %.3f (shadow map), %.3f (none)", lw, lo, lp, ssim(with, path), ssim(without, path))
	if os.Getenv("RASTER_SHADOW_PNG") != "" {
		with.WriteFile("/tmp/shadow_with.png")
		without.WriteFile("/tmp/shadow_without.png")
		path.WriteFile("/tmp/shadow_path.png")
	}
	if !(lw < lo) {
		t.Errorf("the shadow map does not darken the image: %.4f with, %.4f without", lw, lo)
	}
	if !(abs(lw-lp) < abs(lo-lp)) {
		t.Errorf("the shadowed image (%.4f) is not closer to the path tracer's (%.4f) than the unshadowed (%.4f)", lw, lp, lo)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestShadowMapCached: the shadow map depends on the light and the
// geometry, not on the camera: a second frame from another view and at
// another size reuses it (one shadow pass) and is the image of a fresh
// renderer's first frame of that view, bit for bit; a new environment
// (a new upload) draws it again.
func TestShadowMapCached(t *testing.T) {
	s := openScene(t, "showcase")
	env := &render.Environment{Color: [3]float32{0.6, 0.7, 0.9}, Intensity: 1}
	r := newTestRenderer(t, s, 2, Options{Env: env})
	mustRender(t, r, smallFrame(48, 32))
	f := smallFrame(40, 40)
	f.LookAt = sideView(s, 30)
	got := mustRender(t, r, f)
	if r.shadowDraws != 1 {
		t.Errorf("%d shadow passes for two frames of one scene, want 1", r.shadowDraws)
	}
	want := mustRender(t, newTestRenderer(t, s, 1, Options{Env: env}), f)
	if err := closeImages(want.Linear, got.Linear, 0); err != nil {
		t.Errorf("the frame with the kept shadow map: %v", err)
	}
	f.Env = &render.Environment{Color: [3]float32{0.5, 0.5, 0.5}, Intensity: 1}
	mustRender(t, r, f)
	if r.shadowDraws != 2 {
		t.Errorf("%d shadow passes after a new environment, want 2", r.shadowDraws)
	}
}
