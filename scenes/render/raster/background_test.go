package raster

import (
	"context"
	"math"
	"testing"

	"github.com/ingot-render/ingot/scenes/render"
)

// testEnvironment is a rotated 64×32 map that varies along both axes
// (smoothly, with a step in u that bilinear filtering must not smear
// beyond a texel).
func testEnvironment() *render.Environment {
	const w, h = 64, 32
	e := &render.Environment{Color: [3]float32{1, 0.8, 1.2}, Intensity: 1.5, Width: w, Height: h, Rotation: 0.7,
		RGB: make([]float32, 0, 3*w*h)}
	for y := range h {
		for x := range w {
			u, v := (float32(x)+0.5)/w, (float32(y)+0.5)/h
			step := float32(0)
			if x >= w/2 {
				step = 0.5
			}
			e.RGB = append(e.RGB, u+step, v, float32(0.5+0.5*math.Sin(float64(7*u+3*v))))
		}
	}
	return e
}

// TestBackgroundMatchesPathTracer: where no geometry covers a pixel the
// rasterizer shows the environment composited on the host, which must
// be the path tracer's: one centred sample per pixel without bounces
// gives pathtrace.metal's env_radiance of the camera ray (the device's
// MSL and sampler). They agree within float rounding (1e-5 relative) in
// every mode, on a map varying in both directions with a rotation, and a
// constant environment matches exactly; the plane's pixels are not the
// environment's.
func TestBackgroundMatchesPathTracer(t *testing.T) {
	s := uvPlane()
	f := planeFrame(40)
	// Back off so that the plane covers the middle of the frame and the
	// environment the rest; aim above the horizon so that the rays span
	// a wide range of elevations and azimuths.
	f.LookAt = &render.Camera{Eye: [3]float32{0.4, -1, 4}, Target: [3]float32{0, 0, 0}, Up: [3]float32{0, 1, 0}, FovY: 50}
	f.AOVs = true
	for _, env := range []struct {
		name string
		env  *render.Environment
		tol  float64
	}{{"map", testEnvironment(), 1e-5}, {"constant", &render.Environment{Color: [3]float32{0.2, 0.4, 0.6}, Intensity: 2}, 0}} {
		pr, err := render.NewRenderer(context.Background(), testDevice(t, 1), s, render.Options{Env: env.env})
		if err != nil {
			t.Fatal(err)
		}
		pf := f
		pf.SPP, pf.MaxBounces, pf.Filter, pf.AOVs = 1, 0, render.FilterCenter, false
		path, err := pr.Render(context.Background(), pf, nil)
		pr.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []struct {
			name string
			opts Options
		}{{"forward", Options{}}, {"msaa1", Options{SampleCount: 1}}, {"deferred", Options{Deferred: true}}, {"meshlets", Options{Meshlets: true}}} {
			t.Run(env.name+"/"+m.name, func(t *testing.T) {
				m.opts.Env = env.env
				img := mustRender(t, newTestRenderer(t, s, 2, m.opts), f)
				bg, plane := 0, 0
				for i, d := range img.Depth {
					if d != 0 {
						plane++
						continue
					}
					bg++
					for c := range 3 {
						got, want := float64(img.Linear[4*i+c]), float64(path.Linear[4*i+c])
						if math.Abs(got-want) > env.tol*max(1, math.Abs(want)) {
							t.Fatalf("pixel %d channel %d: background %g, path tracer %g", i, c, got, want)
						}
					}
				}
				if bg < len(img.Depth)/4 || plane < len(img.Depth)/8 {
					t.Fatalf("%d background and %d plane pixels of %d: the view does not show both", bg, plane, len(img.Depth))
				}
				// A plane pixel is lit, not the environment behind it.
				c := 4 * (len(img.Depth)/2 + f.Width/2)
				if img.Depth[c/4] == 0 || img.Linear[c] == path.Linear[c] && img.Linear[c+1] == path.Linear[c+1] {
					t.Fatalf("the centre pixel shows the environment")
				}
			})
		}
	}
}

// TestBackgroundReuse: a renderer keeps the background (its memoised
// environment radiance) for the next frame of the same view and
// environment and makes a new one for another camera, size or
// environment, and every frame is the bits a fresh renderer gives it.
func TestBackgroundReuse(t *testing.T) {
	s := uvPlane()
	a := planeFrame(40)
	a.LookAt = &render.Camera{Eye: [3]float32{0.4, -1, 4}, Target: [3]float32{0, 0, 0}, Up: [3]float32{0, 1, 0}, FovY: 50}
	b := a
	cb := *a.LookAt
	cb.Eye = [3]float32{-0.7, 0.5, 4}
	b.LookAt = &cb
	c := a
	c.Width = 36
	d := a
	d.Env = &render.Environment{Color: [3]float32{1, 1, 1}, Intensity: 1, Width: 64, Height: 32, Rotation: 0.2,
		RGB: append([]float32(nil), testEnvironment().RGB...)}
	r := newTestRenderer(t, s, 1, Options{Env: testEnvironment()})
	var kept *background
	for i, f := range []render.Frame{a, a, b, a, c, d, a} {
		got := mustRender(t, r, f)
		want := mustRender(t, newTestRenderer(t, s, 1, Options{Env: testEnvironment()}), f)
		for k := range want.Linear {
			if math.Float32bits(got.Linear[k]) != math.Float32bits(want.Linear[k]) {
				t.Fatalf("frame %d: linear value %d is %g, a fresh renderer gives %g", i, k, got.Linear[k], want.Linear[k])
			}
		}
		if (i == 1) != (r.bg == kept) {
			t.Fatalf("frame %d: background reused %v, want %v", i, r.bg == kept, i == 1)
		}
		kept = r.bg
	}
}
