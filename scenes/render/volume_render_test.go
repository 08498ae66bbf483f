package render

import (
	"context"
	"hash/fnv"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// glassMaterial is a smooth, white, fully transmissive dielectric of IOR
// 1.5; volume makes it a KHR_materials_volume boundary (thickness 1)
// absorbing towards colour over distance dist (0: no absorption).
func glassMaterial(volume bool, color [3]float32, dist float32) model.Material {
	m := model.DefaultMaterial()
	m.Name = "glass"
	m.Metallic, m.Roughness = 0, 0
	m.Transmission.Factor = 1
	if volume {
		m.Volume.Thickness = 1
		if dist > 0 {
			m.Volume.AttenuationColor, m.Volume.AttenuationDistance = color, dist
		}
	}
	return m
}

// meshScene is one mesh primitive of material m at the origin.
func meshScene(m model.Material, pr model.Primitive) *model.Scene {
	s := &model.Scene{Name: "volume"}
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "solid", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("solid")
	n.Mesh = 0
	s.AddNode(n, -1)
	return s
}

// boxPrimitive is an axis-aligned box of half extents h, faces wound
// counter-clockwise seen from outside, without vertex normals (flat).
func boxPrimitive(h [3]float32) model.Primitive {
	var pr model.Primitive
	// Each face: an outward axis n and two in-plane axes u, v with u × v = n.
	faces := [6][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}
	for _, f := range faces {
		for _, sign := range []float32{1, -1} {
			n, u, v := f[0], f[1], f[2]
			base := uint32(len(pr.Positions))
			for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p [3]float32
				p[n] = sign * h[n]
				p[u] = c[0] * h[u]
				p[v] = c[1] * h[v] * sign // mirrored on the negative side keeps the winding outward
				pr.Positions = append(pr.Positions, p)
			}
			pr.Indices = append(pr.Indices, base, base+1, base+2, base, base+2, base+3)
		}
	}
	return pr
}

// flatSphere is a UV sphere of radius 1 wound as sphereScene's, without
// vertex normals (flat facets: the shading normal is the geometric one).
func flatSphere(nu, nv int) model.Primitive {
	var pr model.Primitive
	for j := 0; j <= nv; j++ {
		th := math.Pi * float64(j) / float64(nv)
		for i := 0; i <= nu; i++ {
			ph := 2 * math.Pi * float64(i) / float64(nu)
			pr.Positions = append(pr.Positions, [3]float32{float32(math.Sin(th) * math.Cos(ph)), float32(math.Cos(th)),
				float32(-math.Sin(th) * math.Sin(ph))})
		}
	}
	for j := range nv {
		for i := range nu {
			a := uint32(j*(nu+1) + i)
			b, c, d := a+1, a+uint32(nu)+1, a+uint32(nu)+2
			pr.Indices = append(pr.Indices, a, c, b, b, c, d)
		}
	}
	return pr
}

// renderLinear renders s in env on 2 workers and returns the linear image;
// with workers it checks that 1 worker gives the same bits.
func renderLinear(t *testing.T, s *model.Scene, env *Environment, f Frame, workers bool) []float32 {
	t.Helper()
	img := mustRender(t, testRenderer(t, s, 2, Options{Env: env}), f)
	if workers {
		if one := mustRender(t, testRenderer(t, s, 1, Options{Env: env}), f); !equalFloats(one.Linear, img.Linear) {
			t.Error("1 and 2 workers differ")
		}
	}
	// The bits' hash, to compare builds (default vs GOEXPERIMENT=simd).
	h := fnv.New64a()
	for _, v := range img.Linear {
		h.Write([]byte{byte(math.Float32bits(v)), byte(math.Float32bits(v) >> 8), byte(math.Float32bits(v) >> 16), byte(math.Float32bits(v) >> 24)})
	}
	t.Logf("image bits: fnv64a %016x", h.Sum64())
	return img.Linear
}

// meanOver averages channel c of the w-wide linear image over the pixels
// where keep holds, with the standard error of that mean.
func meanOver(lin []float32, w int, c int, keep func(x, y int) bool) (mean, se float64) {
	var sum, sum2 float64
	n := 0
	for i := 0; i < len(lin)/4; i++ {
		if !keep(i%w, i/w) {
			continue
		}
		v := float64(lin[4*i+c])
		sum += v
		sum2 += v * v
		n++
	}
	mean = sum / float64(n)
	return mean, math.Sqrt(max(sum2/float64(n)-mean*mean, 0) / float64(n))
}

// TestVolumeSlabBeerLambert: a smooth glass slab 0.5 thick (IOR 1.5)
// absorbing towards (0.8, 0.5, 0.2) over distance 1, seen at normal
// incidence in a white environment of radiance 1. What reaches the camera
// is the front reflection R plus the light transmitted through both
// boundaries, T²·a (a = Beer–Lambert exp(−σ·0.5) = colour^0.5), with its
// inter-reflections: R + T²·a/(1 − R·a), R = F0 = 0.04, T = 1 − R. Each
// pixel's mean matches per channel within 4 standard errors of the
// measured noise plus 0.005 (the Schlick/table Fresnel of the lobe
// weights against the exact F0). The same slab thin-walled transmits the
// environment untinted.
func TestVolumeSlabBeerLambert(t *testing.T) {
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	color := [3]float32{0.8, 0.5, 0.2}
	const d = 0.5
	f := smallFrame(8, 8, 16)
	f.ToneMap = ToneNone
	f.MaxBounces = 24
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: 2}
	lin := renderLinear(t, meshScene(glassMaterial(true, color, 1), boxPrimitive([3]float32{2, 2, d / 2})), env, f, true)
	const r = 0.04
	all := func(x, y int) bool { return true }
	for c := range 3 {
		a := math.Pow(float64(color[c]), d)
		want := r + (1-r)*(1-r)*a/(1-r*a)
		got, se := meanOver(lin, 8, c, all)
		t.Logf("channel %d: %.4f ± %.4f, Beer–Lambert × Fresnel %.4f (a = %.4f)", c, got, se, want, a)
		if math.Abs(got-want) > 4*se+0.005 {
			t.Errorf("channel %d: transmitted %.4f ± %.4f, want %.4f", c, got, se, want)
		}
	}
	// The Go reference renderer (reference.go) agrees.
	p, err := kernel.Pack(meshScene(glassMaterial(true, color, 1), boxPrimitive([3]float32{2, 2, d / 2})),
		kernel.PackOptions{Env: (*kernel.Environment)(env)})
	if err != nil {
		t.Fatal(err)
	}
	rf, err := kernel.NewReference(p)
	if err != nil {
		t.Fatal(err)
	}
	fp := testFrame(4, 4, 64, kernel.LookAt([3]float32{0, 0, 10}, [3]float32{}, [3]float32{0, 1, 0}), mgl32.DegToRad(2))
	fp.Settings.MaxBounces = 24
	accum := make([]kernel.Float4, 16)
	if err := rf.Render(context.Background(), &fp, accum, 2); err != nil {
		t.Fatal(err)
	}
	ref := meanImage(accum)
	for c := range 3 {
		got, se := meanOver(lin, 8, c, all)
		if math.Abs(got-ref[c]) > 6*se+0.005 {
			t.Errorf("channel %d: path tracer %.4f ± %.4f, Go reference %.4f", c, got, se, ref[c])
		}
	}
	t.Logf("Go reference %.4f", ref)
	thin := renderLinear(t, meshScene(glassMaterial(false, color, 1), boxPrimitive([3]float32{2, 2, d / 2})), env, f, false)
	for c := range 3 {
		if got, _ := meanOver(thin, 8, c, all); got < 0.95 {
			t.Errorf("thin-walled slab channel %d: %.4f, want the untinted environment (≥ 0.95)", c, got)
		}
	}
}

// TestVolumeSphereLens: a solid glass sphere (IOR 1.5) is a ball lens, so
// the environment behind it (red above the horizon, green below) appears
// upside down inside it: its upper half shows green. A thin-walled
// sphere bends nothing: its upper half shows red.
func TestVolumeSphereLens(t *testing.T) {
	const ew, eh = 8, 32
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1, Width: ew, Height: eh}
	for y := range eh {
		for range ew {
			if y < eh/2 {
				env.RGB = append(env.RGB, 1, 0, 0)
			} else {
				env.RGB = append(env.RGB, 0, 1, 0)
			}
		}
	}
	f := smallFrame(24, 24, 8)
	f.ToneMap = ToneNone
	f.LookAt = &Camera{Eye: [3]float32{0, 0, 4}, Up: [3]float32{0, 1, 0}, FovY: 30}
	// The sphere (radius 1 at distance 4) covers ±0.97 of the half-view;
	// its upper half, off the rim, is rows 3–9 within 0.6 of the centre.
	upper := func(x, y int) bool {
		dx, dy := (float64(x)+0.5)/12-1, 1-(float64(y)+0.5)/12
		return dy > 0.2 && dx*dx+dy*dy < 0.6*0.6
	}
	for _, c := range []struct {
		volume           bool
		wantRed, wantGrn bool
	}{{true, false, true}, {false, true, false}} {
		lin := renderLinear(t, meshScene(glassMaterial(c.volume, [3]float32{1, 1, 1}, 0), flatSphere(48, 24)), env, f, c.volume)
		red, _ := meanOver(lin, 24, 0, upper)
		grn, _ := meanOver(lin, 24, 1, upper)
		t.Logf("volume %v: upper half red %.3f green %.3f", c.volume, red, grn)
		if c.wantGrn && !(grn > 2*red) || c.wantRed && !(red > 2*grn) {
			t.Errorf("volume %v: upper half red %.3f green %.3f, want %s", c.volume, red, grn,
				map[bool]string{true: "green (inverted)", false: "red (straight through)"}[c.volume])
		}
	}
}

// TestVolumeFurnace: smooth non-absorbing solid glass in a white
// environment of radiance 1 returns 1 (within 2%): refraction in and out,
// and total internal reflection inside, conserve energy. The box traps
// rays by total internal reflection (light entering its front at an angle
// meets its sides beyond the critical angle); the sphere is faceted (flat
// normals). Rough glass (roughness 0.3) loses what single-scattering GGX
// refraction loses (no multiple-scattering compensation for the
// refraction lobe; measured 0.93 box, 0.97 sphere) but never gains: it
// must lie in [0.88, 1.02].
func TestVolumeFurnace(t *testing.T) {
	env := &Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	f := smallFrame(16, 16, 16)
	f.ToneMap = ToneNone
	f.MaxBounces = 64
	f.LookAt = &Camera{Eye: [3]float32{2.2, 1.7, 3.1}, Target: [3]float32{0, 0, 0}, Up: [3]float32{0, 1, 0}, FovY: 20}
	for _, c := range []struct {
		name string
		pr   model.Primitive
	}{{"box", boxPrimitive([3]float32{0.7, 0.7, 0.7})}, {"sphere", flatSphere(32, 16)}} {
		for _, rough := range []float32{0, 0.3} {
			m := glassMaterial(true, [3]float32{1, 1, 1}, 0)
			m.Roughness = rough
			lin := renderLinear(t, meshScene(m, c.pr), env, f, rough == 0 && c.name == "box")
			for ch := range 3 {
				got, se := meanOver(lin, 16, ch, func(x, y int) bool { return true })
				if ch == 0 {
					t.Logf("%s roughness %.1f: %.4f ± %.4f", c.name, rough, got, se)
				}
				lo := 1 - 0.02 - 3*se
				if rough > 0 {
					lo = 0.88
				}
				if got < lo || got > 1.02+3*se {
					t.Errorf("%s roughness %.1f channel %d: furnace %.4f ± %.4f, want 1", c.name, rough, ch, got, se)
				}
			}
		}
	}
}
