// Package renderbench holds the path tracer's benchmark cases for
// `ingot bench render/` and `go test -bench`; it is not part of the
// embedding API (scenes/render).
package renderbench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/internal/benchkit"
	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/gltfload"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/objload"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/renderbench/internal/refpt"
)

// The benchmark frame: 512×512, 16 spp, 12 bounces, Russian roulette
// from bounce 3 (the Cycles harness of ../shared/peers renders the same
// frame; run it beside, see BENCHMARKS.md).
const (
	benchSize     = 512
	benchSPP      = 16
	benchBounces  = 12
	benchRRBounce = 3
)

// benchScene is one render benchmark.
type benchScene struct {
	name string
	load func() (*model.Scene, error)
	env  *render.Environment
	// native renders the same frame with the plain Go path tracer
	// (internal/refpt: Lambertian scenes only).
	native bool
	// cyclesLimits renders with Blender Cycles' default per-lobe bounce
	// limits (render.Frame.SetCyclesBounces) instead of 12 bounces.
	cyclesLimits bool
}

// cornellScene loads CornellBox-Original.obj of scenesDir (the built-in
// box when absent).
func cornellScene(scenesDir string) func() (*model.Scene, error) {
	return func() (*model.Scene, error) {
		p := filepath.Join(scenesDir, "CornellBox", "CornellBox-Original.obj")
		if _, err := os.Stat(p); err != nil {
			return builtin.Cornell(), nil
		}
		return objload.Load(context.Background(), p, model.Options{})
	}
}

// BenchCases returns the path tracer's benchmark cases for `ingot bench`
// and `go test -bench`: samples per second (pixels × spp / s, reported
// in Msamples/s) at 512×512, 16 spp, 12 bounces, for the Cornell box of
// scenesDir (CornellBox-Original.obj; the built-in box when absent), the
// bunny under a constant sky and a sun (as the Cycles harness lights it)
// and DamagedHelmet under the sky. The Cornell box's native baseline is
// internal/refpt, a plain scalar Go path tracer over a binned-SAH BVH
// with the same estimator (NEE, MIS, Russian roulette), camera, frame
// and bounce limit, on one goroutine (the built-in box, used when the
// OBJ is absent, has no baseline: its materials are beyond refpt); the
// larger models have none either.
//
// render/cornell-512x512-16spp-cycles-limits is the Cornell box with the
// bounce limits Blender Cycles renders it with when only its Max Bounces is
// set (12): its default Diffuse 4, Glossy 4 and Transmission 12 too
// (render.Frame.SetCyclesBounces: limits 13, 5, 5, 13 here, one more than
// Cycles' settings). Every bounce of the box is diffuse, so its native
// baseline is refpt at 5 bounces.
func BenchCases(scenesDir string) []benchkit.Case {
	sky := &render.Environment{Color: [3]float32{0.6, 0.7, 0.9}, Intensity: 1}
	list := []benchScene{
		{name: "render/cornell-512x512-16spp", native: true, load: cornellScene(scenesDir)},
		{name: CornellCyclesLimitsCase, native: true, cyclesLimits: true, load: cornellScene(scenesDir)},
		{name: "render/bunny-512x512-16spp", env: sky, load: func() (*model.Scene, error) {
			s, err := objload.Load(context.Background(), filepath.Join(scenesDir, "bunny", "bunny.obj"), model.Options{})
			if err != nil {
				return nil, err
			}
			addSun(s, [3]float32{-1, -2, -1}, 3)
			return s, nil
		}},
		// A textured, normal-mapped glTF (five 2048² maps) under the sky.
		{name: "render/damagedhelmet-512x512-16spp", env: sky, load: func() (*model.Scene, error) {
			return gltfload.Load(context.Background(), filepath.Join(scenesDir, "DamagedHelmet", "glTF-Binary", "DamagedHelmet.glb"), model.Options{})
		}},
	}
	var out []benchkit.Case
	for _, bs := range list {
		c := benchkit.Case{Name: bs.name, Unit: "Msamples/s", PerOp: benchSize * benchSize * benchSPP,
			Ingot: func(b *testing.B, workers int) { benchRender(b, bs, workers) }}
		if bs.native {
			c.Native = func(b *testing.B) { benchRefPT(b, bs) }
			c.Baseline = BaselineName
		}
		out = append(out, c)
	}
	return out
}

// addSun adds a white directional light shining along dir with the given
// illuminance (lux, used as radiance scale) to s.
func addSun(s *model.Scene, dir [3]float32, lux float32) {
	d := mgl32.Vec3(dir).Normalize()
	n := model.NewNode("sun")
	// A directional light shines down its local −Z.
	n.Rotation = mgl32.QuatBetweenVectors(mgl32.Vec3{0, 0, -1}, d)
	n.Light = len(s.Lights)
	s.Lights = append(s.Lights, model.Light{Name: "sun", Type: model.Directional, Color: [3]float32{1, 1, 1}, Intensity: lux, Node: -1})
	s.Lights[n.Light].Node = s.AddNode(n, -1)
}

// withFrontCamera gives a scene without cameras model.FrontCamera, the
// view its benchmark figures (and golden images) were measured with.
func withFrontCamera(s *model.Scene) *model.Scene {
	if len(s.Cameras) == 0 {
		s.Cameras = append(s.Cameras, model.FrontCamera(s.BoundsAt(0)))
	}
	return s
}

// CornellCyclesLimitsCase is the Cornell box case rendered with Blender
// Cycles' default per-lobe bounce limits.
const CornellCyclesLimitsCase = "render/cornell-512x512-16spp-cycles-limits"

// benchFrame is the frame of bs: 12 bounces, or Cycles' default limits.
func benchFrame(bs benchScene) render.Frame {
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP, f.MaxBounces = benchSize, benchSize, benchSPP, benchBounces
	if bs.cyclesLimits {
		f.SetCyclesBounces(render.CyclesMaxBounces, render.CyclesDiffuseBounces, render.CyclesGlossyBounces, render.CyclesTransmissionBounces)
	}
	return f
}

// benchRender renders the benchmark frame b.N times on a device with
// workers goroutines (setup excluded).
func benchRender(b *testing.B, bs benchScene, workers int) {
	s, err := bs.load()
	if err != nil {
		benchkit.Skip(b, err)
	}
	s = withFrontCamera(s)
	dev, err := render.NewDevice(workers)
	if err != nil {
		b.Fatal(err)
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{Env: bs.env})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	f := benchFrame(bs)
	b.ResetTimer()
	c0 := processCPU()
	for range b.N {
		if _, err := r.Render(context.Background(), f, nil); err != nil {
			b.Fatal(err)
		}
	}
	benchkit.ReportCPU(b, c0)
}

// BaselineName is what the Cornell box's native baseline is, as `ingot
// bench` prints it.
const BaselineName = "plain Go path tracer, SAH BVH, 1 worker (renderbench/internal/refpt)"

// refSettings is benchFrame for refpt, whose scenes are Lambertian:
// every bounce is diffuse, so the diffuse limit bounds them all.
func refSettings(bs benchScene) refpt.Settings {
	st := refpt.Settings{Width: benchSize, Height: benchSize, SPP: benchSPP, MaxBounces: benchBounces, RRStartBounce: benchRRBounce}
	if f := benchFrame(bs); f.MaxDiffuseBounces > 0 {
		st.MaxBounces = min(f.MaxBounces, f.MaxDiffuseBounces)
	}
	return st
}

// newRefScene prepares the scene of bs for refpt, seen from the camera
// benchRender uses.
func newRefScene(s *model.Scene) (*refpt.Scene, error) {
	s = withFrontCamera(s)
	c, world, err := s.ViewCamera("", 0)
	if err != nil {
		return nil, err
	}
	return refpt.NewScene(s, c, world)
}

// benchRefPT renders the benchmark frame b.N times with the plain Go path
// tracer on one goroutine (setup, the BVH build included, excluded as for
// ingot).
func benchRefPT(b *testing.B, bs benchScene) {
	s, err := bs.load()
	if err != nil {
		benchkit.Skip(b, err)
	}
	sc, err := newRefScene(s)
	if err != nil {
		benchkit.Skip(b, err) // e.g. the built-in box: its materials are beyond refpt
	}
	st := refSettings(bs)
	b.ResetTimer()
	c0 := processCPU()
	for i := range b.N {
		st.Seed = uint64(i)
		if _, err := sc.Render(context.Background(), st); err != nil {
			b.Fatal(err)
		}
	}
	benchkit.ReportCPU(b, c0)
}
