package kernel

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/chewxy/math32"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
)

// sphereScene is one UV sphere of material m at the origin.
func sphereScene(m model.Material) *model.Scene {
	s := &model.Scene{Name: "sphere"}
	const nu, nv = 16, 8
	var pr model.Primitive
	for j := 0; j <= nv; j++ {
		th := math.Pi * float64(j) / nv
		for i := 0; i <= nu; i++ {
			ph := 2 * math.Pi * float64(i) / nu
			p := [3]float32{float32(math.Sin(th) * math.Cos(ph)), float32(math.Cos(th)), float32(-math.Sin(th) * math.Sin(ph))}
			pr.Positions = append(pr.Positions, p)
			pr.Normals = append(pr.Normals, p)
		}
	}
	for j := range nv {
		for i := range nu {
			a := uint32(j*(nu+1) + i)
			b, c, d := a+1, a+nu+1, a+nu+2
			pr.Indices = append(pr.Indices, a, c, b, b, c, d)
		}
	}
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "sphere", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("sphere")
	n.Mesh = 0
	s.AddNode(n, -1)
	return s
}

func testFrame(w, h, spp uint32, world mgl32.Mat4, fov float32) FrameParams {
	cam := NewCameraData(model.Camera{Projection: model.Perspective, YFov: fov}, world, world, float32(w)/float32(h), Lens{})
	return FrameParams{Camera: cam, Settings: RenderSettings{Width: w, Height: h, TileWidth: w, TileHeight: h,
		SamplesPerPass: spp, MaxBounces: 12, RRStartBounce: 3}}
}

func meanImage(accum []Float4) (mean [3]float64) {
	for _, a := range accum {
		for c := range 3 {
			mean[c] += float64(a[c] / a[3])
		}
	}
	for c := range 3 {
		mean[c] /= float64(len(accum))
	}
	return mean
}

// TestReferenceWhiteFurnace: a white sphere (dielectric or metal) in a
// uniform white environment is invisible: every pixel is 1 within 1%.
func TestReferenceWhiteFurnace(t *testing.T) {
	for _, metal := range []float32{0, 1} {
		m := model.DefaultMaterial()
		m.Metallic, m.Roughness = metal, 0.5
		p, err := Pack(sphereScene(m), PackOptions{Env: &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := NewReference(p)
		if err != nil {
			t.Fatal(err)
		}
		frame := testFrame(12, 12, 32, LookAt([3]float32{0, 0, 3}, [3]float32{}, [3]float32{0, 1, 0}), 0.7)
		accum := make([]Float4, 144)
		if err := ref.Render(context.Background(), &frame, accum, 2); err != nil {
			t.Fatal(err)
		}
		mean := meanImage(accum)
		t.Logf("metallic %v: image mean %.5f", metal, mean)
		if math.Abs(mean[0]-1) > 0.01 {
			t.Errorf("metallic %v: mean %v, want 1 ± 1%%", metal, mean)
		}
		// Most pixels see the sphere; each should be ≈ 1 too.
		worst := 0.0
		for _, a := range accum {
			worst = max(worst, math.Abs(float64(a[0]/a[3])-1))
		}
		if worst > 0.1 {
			t.Errorf("metallic %v: a pixel is off by %v", metal, worst)
		}
	}
}

// TestReferenceNEEMatchesBSDFSampling: on the Cornell box, next-event
// estimation with MIS and pure BSDF sampling converge to the same image
// (a wrong light pdf or MIS weight would bias one of them).
func TestReferenceNEEMatchesBSDFSampling(t *testing.T) {
	if testing.Short() {
		t.Skip("renders the Cornell box twice")
	}
	s := builtin.Cornell()
	p, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := NewReference(p)
	if err != nil {
		t.Fatal(err)
	}
	_, world, err := s.ViewCamera("", 0)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 12, 12
	run := func(flags, spp uint32) (mean [3]float64, stderr float64) {
		frame := testFrame(w, h, spp, world, 0.686)
		frame.Settings.Flags = flags
		frame.Settings.MaxBounces = 4
		accum := make([]Float4, w*h)
		if err := ref.Render(context.Background(), &frame, accum, 2); err != nil {
			t.Fatal(err)
		}
		mean = meanImage(accum)
		// Standard error of the image mean from per-pixel estimates.
		var v float64
		for _, a := range accum {
			d := float64(a[1]/a[3]) - mean[1]
			v += d * d
		}
		return mean, math.Sqrt(v/float64(len(accum)-1)) / math.Sqrt(float64(len(accum)))
	}
	nee, _ := run(0, 64)
	bsdf, _ := run(SettingsNoNEE, 256)
	t.Logf("Cornell mean: NEE+MIS %.4f, BSDF only %.4f", nee, bsdf)
	for c := range 3 {
		if rel := math.Abs(nee[c]/bsdf[c] - 1); rel > 0.06 {
			t.Errorf("channel %d: NEE+MIS %v, BSDF only %v (%.1f%% apart)", c, nee[c], bsdf[c], 100*rel)
		}
	}
	if nee[0] <= 0.05 || nee[0] > 2 {
		t.Errorf("Cornell mean %v out of plausible range", nee)
	}
}

// TestReferenceDeterministic: 1 or 2 workers, one tile or four, give the
// same bits.
func TestReferenceDeterministic(t *testing.T) {
	s := builtin.Cornell()
	p, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := NewReference(p)
	if err != nil {
		t.Fatal(err)
	}
	_, world, _ := s.ViewCamera("", 0)
	const w, h = 10, 8
	one := make([]Float4, w*h)
	f := testFrame(w, h, 2, world, 0.686)
	if err := ref.Render(context.Background(), &f, one, 1); err != nil {
		t.Fatal(err)
	}
	tiled := make([]Float4, w*h)
	for _, tile := range [][4]uint32{{0, 0, 5, 4}, {5, 0, 5, 4}, {0, 4, 5, 4}, {5, 4, 5, 4}} {
		f.Settings.TileX, f.Settings.TileY, f.Settings.TileWidth, f.Settings.TileHeight = tile[0], tile[1], tile[2], tile[3]
		if err := ref.Render(context.Background(), &f, tiled, 2); err != nil {
			t.Fatal(err)
		}
	}
	for i := range one {
		for c := range 4 {
			if math32.Float32bits(one[i][c]) != math32.Float32bits(tiled[i][c]) {
				t.Fatalf("pixel %d differs: %v vs %v", i, one[i], tiled[i])
			}
		}
	}
}

// TestReferenceCancel stops between rows and reports the context error.
func TestReferenceCancel(t *testing.T) {
	p, _ := Pack(builtin.Cornell(), PackOptions{})
	ref, _ := NewReference(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f := testFrame(8, 8, 1, LookAt([3]float32{0, 1, 4}, [3]float32{0, 1, 0}, [3]float32{0, 1, 0}), 0.7)
	if err := ref.Render(ctx, &f, make([]Float4, 64), 1); err == nil {
		t.Error("cancelled render returned nil")
	}
	if err := ref.Render(context.Background(), &f, make([]Float4, 3), 1); err == nil {
		t.Error("short accum accepted")
	}
}

// TestReferenceEnvMapMIS: with an equirectangular environment, importance
// sampling it (NEE + MIS) and BSDF sampling alone agree on a rough sphere.
func TestReferenceEnvMapMIS(t *testing.T) {
	if testing.Short() {
		t.Skip("renders twice")
	}
	const ew, eh = 32, 16
	rgb := make([]float32, 3*ew*eh)
	for y := range eh {
		for x := range ew {
			v := 0.2 + 0.8*float32(y)/eh // brighter towards the bottom
			if x >= 8 && x < 12 && y >= 3 && y < 6 {
				v = 6 // a bright patch
			}
			i := 3 * (y*ew + x)
			rgb[i], rgb[i+1], rgb[i+2] = v, v*0.8, v*0.6
		}
	}
	m := model.DefaultMaterial()
	m.BaseColor = [4]float32{0.7, 0.7, 0.7, 1}
	m.Metallic, m.Roughness = 0, 0.7
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1, Width: ew, Height: eh, RGB: rgb, Rotation: 0.5}
	p, err := Pack(sphereScene(m), PackOptions{Env: env})
	if err != nil {
		t.Fatal(err)
	}
	if p.Picks[2] != 1 {
		t.Fatalf("picks %v, want environment only", p.Picks)
	}
	ref, err := NewReference(p)
	if err != nil {
		t.Fatal(err)
	}
	world := LookAt([3]float32{0, 0, 3}, [3]float32{}, [3]float32{0, 1, 0})
	run := func(flags, spp uint32) [3]float64 {
		f := testFrame(10, 10, spp, world, 0.6)
		f.Settings.Flags = flags
		accum := make([]Float4, 100)
		if err := ref.Render(context.Background(), &f, accum, 2); err != nil {
			t.Fatal(err)
		}
		return meanImage(accum)
	}
	nee, bsdf := run(0, 32), run(SettingsNoNEE, 128)
	t.Logf("env map sphere mean: NEE+MIS %.4f, BSDF only %.4f", nee, bsdf)
	for c := range 3 {
		if rel := math.Abs(nee[c]/bsdf[c] - 1); rel > 0.03 {
			t.Errorf("channel %d: NEE+MIS %v, BSDF only %v", c, nee[c], bsdf[c])
		}
	}
}

// TestReferenceAlphaTest: a MASK sphere below its cutoff and a BLEND
// sphere of alpha 0 are invisible (pixels show the environment); a MASK
// sphere above the cutoff is seen.
func TestReferenceAlphaTest(t *testing.T) {
	cases := []struct {
		mode  model.AlphaMode
		alpha float32
		seen  bool
	}{
		{model.AlphaMask, 0.3, false},
		{model.AlphaMask, 0.7, true},
		{model.AlphaBlend, 0, false},
		{model.AlphaOpaque, 0, true},
	}
	for _, c := range cases {
		m := model.DefaultMaterial()
		m.BaseColor = [4]float32{0, 0, 0, c.alpha} // black: a seen pixel is dark
		m.Metallic, m.Roughness, m.AlphaMode = 0, 1, c.mode
		p, err := Pack(sphereScene(m), PackOptions{Env: &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.GeometryInfo[0].Opaque; got != (c.mode == model.AlphaOpaque) {
			t.Errorf("%v: geometry opaque = %v", c.mode, got)
		}
		ref, _ := NewReference(p)
		f := testFrame(4, 4, 4, LookAt([3]float32{0, 0, 3}, [3]float32{}, [3]float32{0, 1, 0}), 0.3)
		accum := make([]Float4, 16)
		if err := ref.Render(context.Background(), &f, accum, 1); err != nil {
			t.Fatal(err)
		}
		centre := accum[5][0] / accum[5][3]
		if seen := centre < 0.5; seen != c.seen {
			t.Errorf("%v alpha %v: centre pixel %v, seen = %v, want %v", c.mode, c.alpha, centre, seen, c.seen)
		}
	}
}

// TestReferenceLobeLimits: the reference counts per-lobe bounces as
// path_trace does. In a closed Lambert box of albedo ½ whose walls emit 1,
// a diffuse limit of 2 keeps 1 + ½ + ¼ and renders the bits of MaxBounces
// 2 (every bounce is diffuse); a glossy limit of 1 changes nothing there.
func TestReferenceLobeLimits(t *testing.T) {
	m := model.DefaultMaterial()
	m.BaseColor, m.Metallic, m.Specular.Factor = [4]float32{0.5, 0.5, 0.5, 1}, 0, 0
	m.Emissive, m.EmissiveStrength, m.DoubleSided = [3]float32{1, 1, 1}, 1, true
	var pr model.Primitive
	for axis := range 3 {
		for _, side := range []float32{-1, 1} {
			u, v := (axis+1)%3, (axis+2)%3
			base := uint32(len(pr.Positions))
			for _, c := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p [3]float32
				p[axis], p[u], p[v] = side, c[0], c[1]
				pr.Positions = append(pr.Positions, p)
			}
			pr.Indices = append(pr.Indices, base, base+1, base+2, base, base+2, base+3)
		}
	}
	s := &model.Scene{Name: "furnace-box", Materials: []model.Material{m}}
	mesh := &model.Mesh{Name: "box", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("box")
	n.Mesh = 0
	s.AddNode(n, -1)
	p, err := Pack(s, PackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := NewReference(p)
	if err != nil {
		t.Fatal(err)
	}
	render := func(mod func(*RenderSettings)) []Float4 {
		frame := testFrame(8, 8, 64, LookAt([3]float32{}, [3]float32{0, 0, -1}, [3]float32{0, 1, 0}), 1.5)
		st := &frame.Settings
		st.MaxDiffuseBounces, st.MaxGlossyBounces, st.MaxTransmissionBounces = NoLobeLimit, NoLobeLimit, NoLobeLimit
		mod(st)
		accum := make([]Float4, 64)
		if err := ref.Render(context.Background(), &frame, accum, 2); err != nil {
			t.Fatal(err)
		}
		return accum
	}
	limited := render(func(st *RenderSettings) { st.Flags |= SettingsLobeLimits; st.MaxDiffuseBounces = 2 })
	if mean := meanImage(limited); math.Abs(mean[0]-1.75) > 0.005 {
		t.Errorf("diffuse limit 2: mean %v, want 1.75", mean[0])
	}
	if two := render(func(st *RenderSettings) { st.MaxBounces = 2 }); !slices.Equal(limited, two) {
		t.Errorf("diffuse limit 2: not the bits of MaxBounces 2")
	}
	glossy := render(func(st *RenderSettings) { st.Flags |= SettingsLobeLimits; st.MaxGlossyBounces = 1 })
	if plain := render(func(*RenderSettings) {}); !slices.Equal(glossy, plain) {
		t.Errorf("glossy limit 1 changed a diffuse-only image")
	}
}
