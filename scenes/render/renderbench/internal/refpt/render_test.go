package refpt

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// lightOverFloor is a floor of the given albedo under a black square
// light of half-size a (radiance 1, facing down) one unit above it, seen
// from between them by a narrow camera looking straight down at the
// point below the light's centre.
func lightOverFloor(albedo, a float32) (*model.Scene, model.Camera, mgl32.Mat4) {
	const w = 1000
	mats := []model.Material{
		lambert("floor", [3]float32{albedo, albedo, albedo}, [3]float32{}),
		lambert("light", [3]float32{}, [3]float32{1, 1, 1}),
	}
	mats[1].DoubleSided = false
	// The floor in 32×32 tiles, so that the BVH has levels and reorders
	// the triangles.
	const n = 32
	var prims []model.Primitive
	for i := range n {
		for j := range n {
			c := mgl32.Vec3{-w + 2*w*float32(i)/n, -w + 2*w*float32(j)/n, 0}
			prims = append(prims, quad(c, mgl32.Vec3{2.0 * w / n, 0, 0}, mgl32.Vec3{0, 2.0 * w / n, 0}, 0))
		}
	}
	// u×v points down (−z): the light's front faces the floor.
	prims = append(prims, quad(mgl32.Vec3{-a, -a, 1}, mgl32.Vec3{0, 2 * a, 0}, mgl32.Vec3{2 * a, 0, 0}, 1))
	s := sceneOf(mats, prims...)
	cam := model.Camera{Name: "down", Projection: model.Perspective, YFov: mgl32.DegToRad(0.5)}
	world := mgl32.LookAtV(mgl32.Vec3{0, 0, 0.5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}).Inv()
	return s, cam, world
}

// squareViewFactor is the view factor from a point to a parallel square
// of half-size a centred one unit above it: four rectangles of sides
// (a, a) seen from their corner.
func squareViewFactor(a float64) float64 {
	s := math.Sqrt(1 + a*a)
	return 4 * (2 * a / s * math.Atan(a/s)) / (2 * math.Pi)
}

// TestFloorUnderLight: next-event estimation, BSDF sampling and their
// MIS weights add up to the analytic radiance albedo × view factor, for
// a small light (NEE carries most of it) and a huge one (BSDF sampling
// does): a missing weight counts light twice, a wrong density misweighs
// it.
func TestFloorUnderLight(t *testing.T) {
	for _, c := range []struct{ albedo, a float32 }{{0.8, 0.5}, {0.3, 0.5}, {0.8, 1000}} {
		s, cam, world := lightOverFloor(c.albedo, c.a)
		sc, err := NewScene(s, cam, world)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Nodes() < 3 || sc.Triangles() != 2*32*32+2 {
			t.Fatalf("%d triangles in %d BVH nodes", sc.Triangles(), sc.Nodes())
		}
		img, err := sc.Render(context.Background(), Settings{Width: 16, Height: 16, SPP: 64, MaxBounces: 4, RRStartBounce: 3, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for _, v := range img {
			sum += float64(v)
		}
		mean := sum / float64(len(img))
		// Only the floor's direct light: the light reflects nothing.
		if want := float64(c.albedo) * squareViewFactor(float64(c.a)); math.Abs(mean-want) > 0.01*want {
			t.Errorf("albedo %g, light half-size %g: mean radiance %.5f, want %.5f ± 1%%", c.albedo, c.a, mean, want)
		}
	}
}

// TestRenderDeterministic: the same settings give the same bits, another
// seed other ones.
func TestRenderDeterministic(t *testing.T) {
	s, cam, world := lightOverFloor(0.5, 0.5)
	sc, err := NewScene(s, cam, world)
	if err != nil {
		t.Fatal(err)
	}
	st := Settings{Width: 8, Height: 6, SPP: 4, MaxBounces: 3, RRStartBounce: 1, Seed: 3}
	a, _ := sc.Render(context.Background(), st)
	b, _ := sc.Render(context.Background(), st)
	st.Seed = 4
	c, _ := sc.Render(context.Background(), st)
	if len(a) != 3*8*6 || !slices.Equal(a, b) {
		t.Error("two renders of the same frame differ")
	}
	if slices.Equal(a, c) {
		t.Error("another seed renders the same bits")
	}
}

// TestNewSceneRefuses: what the renderer does not draw is refused with an
// error naming it, wrapping ErrUnsupported.
func TestNewSceneRefuses(t *testing.T) {
	cam, world := lookAt(mgl32.Vec3{0, -3, 1}, mgl32.Vec3{}, 40)
	for _, c := range []struct {
		name string
		edit func(*model.Scene, *model.Camera)
		want string
	}{
		{"metal", func(s *model.Scene, _ *model.Camera) { s.Materials[0].Metallic = 0.5 }, "metallic"},
		{"specular", func(s *model.Scene, _ *model.Camera) { s.Materials[0].Specular.Factor = 1 }, "specular"},
		{"texture", func(s *model.Scene, _ *model.Camera) { s.Materials[0].BaseColorTex.Texture = 0 }, "textures"},
		{"mask", func(s *model.Scene, _ *model.Camera) { s.Materials[0].AlphaMode = model.AlphaMask }, "alpha"},
		{"unlit", func(s *model.Scene, _ *model.Camera) { s.Materials[0].Unlit = true }, "unlit"},
		{"point light", func(s *model.Scene, _ *model.Camera) {
			s.Lights = append(s.Lights, model.Light{Name: "bulb", Type: model.Point, Node: -1})
		}, "bulb"},
		{"ortho", func(_ *model.Scene, c *model.Camera) { c.Projection = model.Orthographic }, "projection"},
	} {
		s := sceneOf([]model.Material{lambert("wall", [3]float32{0.5, 0.5, 0.5}, [3]float32{})},
			quad(mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{0, 0, 2}, 0))
		cm := cam
		c.edit(s, &cm)
		_, err := NewScene(s, cm, world)
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NewScene = %v, want ErrUnsupported naming %q", c.name, err, c.want)
		}
	}
}

// TestRenderRefusesBadSettings: empty frames and negative bounce counts
// are errors, and a cancelled context stops the render.
func TestRenderRefusesBadSettings(t *testing.T) {
	s, cam, world := lightOverFloor(0.5, 0.5)
	sc, err := NewScene(s, cam, world)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []Settings{{Width: 0, Height: 4, SPP: 1}, {Width: 4, Height: 4, SPP: 0}, {Width: 4, Height: 4, SPP: 1, MaxBounces: -1}} {
		if _, err := sc.Render(context.Background(), st); err == nil {
			t.Errorf("Render(%+v) succeeded", st)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sc.Render(ctx, Settings{Width: 4, Height: 4, SPP: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled render: %v", err)
	}
}
