package raster

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// occluderScene is a white floor of 4×4 at z = 0 facing +z, a 1×1
// single-sided square at z = 1 facing the floor (the camera above sees
// the floor through its back), and above them at (0, 0, 2) a point light
// of 4 cd or (emissive) an emissive cube of edge 0.1.
func occluderScene(emissive bool) *model.Scene {
	s := &model.Scene{Name: "occluder"}
	quad := func(c mgl32.Vec3, h float32, n mgl32.Vec3, mat int) model.Primitive {
		// The square of half edge h about c perpendicular to n, wound
		// counter-clockwise about n.
		u := mgl32.Vec3{1, 0, 0}
		if math.Abs(float64(n.Dot(u))) > 0.9 {
			u = mgl32.Vec3{0, 1, 0}
		}
		v := n.Cross(u)
		u = v.Cross(n)
		var pr model.Primitive
		for _, k := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			pr.Positions = append(pr.Positions, [3]float32(c.Add(u.Mul(k[0]*h)).Add(v.Mul(k[1]*h))))
			pr.Normals = append(pr.Normals, [3]float32(n))
		}
		pr.Indices = []uint32{0, 1, 2, 0, 2, 3}
		pr.Material = mat
		return pr
	}
	white := model.DefaultMaterial()
	white.Name, white.BaseColor, white.Roughness = "white", [4]float32{0.8, 0.8, 0.8, 1}, 1
	s.Materials = []model.Material{white}
	add := func(name string, prims ...model.Primitive) {
		m := &model.Mesh{Name: name, Primitives: prims}
		m.ComputeBounds()
		s.Meshes = append(s.Meshes, m)
		n := model.NewNode(name)
		n.Mesh = len(s.Meshes) - 1
		s.AddNode(n, -1)
	}
	add("floor", quad(mgl32.Vec3{0, 0, 0}, 2, mgl32.Vec3{0, 0, 1}, 0))
	add("occluder", quad(mgl32.Vec3{0, 0, 1}, 0.5, mgl32.Vec3{0, 0, -1}, 0))
	light := mgl32.Vec3{0, 0, 2}
	if !emissive {
		n := model.NewNode("light")
		n.Light = 0
		n.Translation = light
		ni := s.AddNode(n, -1)
		s.Lights = []model.Light{{Name: "light", Type: model.Point, Color: [3]float32{1, 1, 1}, Intensity: 4, Node: ni, World: s.Nodes[ni].Local()}}
		return s
	}
	em := model.DefaultMaterial()
	em.Name, em.BaseColor, em.Emissive = "emitter", [4]float32{0, 0, 0, 1}, [3]float32{40, 40, 40}
	s.Materials = append(s.Materials, em)
	var box []model.Primitive
	for a := range 3 {
		for _, sg := range []float32{1, -1} {
			var n mgl32.Vec3
			n[a] = sg
			box = append(box, quad(light.Add(n.Mul(0.05)), 0.05, n, 1))
		}
	}
	add("emitter", box...)
	return s
}

// occluderFrame looks straight down at the floor of occluderScene,
// framing x, y ∈ [−2, 2] (tan(fov/2) = 0.2 from z = 10).
func occluderFrame(n int) render.Frame {
	f := smallFrame(n, n)
	f.ToneMap = render.ToneNone
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: float32(2 * math.Atan(0.2) * 180 / math.Pi)}
	return f
}

// TestCubeShadowOccluder: a point light and an emissive cube above a
// floor with a square occluder between them (the occluder's shadow is the
// square of twice its size). The umbra's pixels get no direct light from
// the light (the point light's: black; the emissive cube's: only the
// uniform ambient that stands in for its indirect light, the image with
// no area lights), and the pixels outside the shadow are the image
// without cube shadow maps, bit for bit. Deferred and meshlet modes give
// the same shadow. The irradiance probes are off: they light the umbra
// with the floor's and the occluder's indirect light.
func TestCubeShadowOccluder(t *testing.T) {
	const n = 64
	f := occluderFrame(n)
	for _, emissive := range []bool{false, true} {
		name := map[bool]string{false: "point", true: "emissive"}[emissive]
		t.Run(name, func(t *testing.T) {
			s := occluderScene(emissive)
			r := newTestRenderer(t, s, 2, Options{Probes: -1})
			shadowed := mustRender(t, r, f)
			if len(r.cubes.lights) != 1 {
				t.Fatalf("%d cube shadow maps, want 1", len(r.cubes.lights))
			}
			plain := mustRender(t, newTestRenderer(t, s, 2, Options{CubeShadows: -1, Probes: -1}), f)
			dark := make([]float32, 4*n*n)
			if emissive {
				dark = mustRender(t, newTestRenderer(t, s, 2, Options{MaxAreaLights: -1, Probes: -1}), f).Linear
			}
			var umbra, lit, litMin int
			for py := range n {
				for px := range n {
					x, y := 4*(float64(px)+0.5)/n-2, 2-4*(float64(py)+0.5)/n
					m := max(math.Abs(x), math.Abs(y))
					i := 4 * (py*n + px)
					got, want := shadowed.Linear[i:i+3], plain.Linear[i:i+3]
					switch {
					case m < 0.85 && m > 0.15: // the umbra, outside the emitter's own pixels
						umbra++
						for c := range 3 {
							if d := math.Abs(float64(got[c] - dark[i+c])); d > 1e-4 {
								t.Fatalf("umbra pixel (%d, %d) at (%.2f, %.2f): %v, want %v (no direct light)", px, py, x, y, got, dark[i:i+3])
							}
						}
					case m > 1.2:
						lit++
						for c := range 3 {
							if math.Abs(float64(got[c]-want[c])) > 1e-6*float64(want[c]) {
								t.Fatalf("lit pixel (%d, %d) at (%.2f, %.2f): %v, want the unshadowed %v", px, py, x, y, got, want)
							}
						}
						if want[0] > dark[i]+1e-3 {
							litMin++
						}
					}
				}
			}
			if umbra == 0 || lit == 0 || litMin != lit {
				t.Errorf("%d umbra and %d lit pixels, %d of them lit by the light", umbra, lit, litMin)
			}
			for _, o := range []Options{{Deferred: true}, {Meshlets: true, SampleCount: 1}} {
				fwd := mustRender(t, newTestRenderer(t, s, 1, Options{SampleCount: 1}), f)
				other := mustRender(t, newTestRenderer(t, s, 2, o), f)
				if err := closeImages(fwd.Linear, other.Linear, 0); err != nil {
					t.Errorf("%+v vs forward: %v", o, err)
				}
			}
		})
	}
}

// TestCubeShadowCached: the cube shadow maps depend on the lights and the
// geometry, not on the camera: a second frame of another view and size
// reuses them (one pass) and is a fresh renderer's first frame of that
// view, bit for bit; a new environment (a new upload) draws them again; a
// scene without point or area lights draws none.
func TestCubeShadowCached(t *testing.T) {
	s := occluderScene(false)
	r := newTestRenderer(t, s, 2, Options{})
	mustRender(t, r, occluderFrame(32))
	f := occluderFrame(40)
	f.LookAt.Eye = [3]float32{3, 1, 6}
	got := mustRender(t, r, f)
	if r.cubeDraws != 1 {
		t.Errorf("%d cube shadow passes for two frames of one scene, want 1", r.cubeDraws)
	}
	want := mustRender(t, newTestRenderer(t, s, 1, Options{}), f)
	if err := closeImages(want.Linear, got.Linear, 0); err != nil {
		t.Errorf("the frame with the kept cube shadow maps: %v", err)
	}
	f.Env = &render.Environment{Color: [3]float32{0.2, 0.2, 0.2}, Intensity: 1}
	mustRender(t, r, f)
	if r.cubeDraws != 2 {
		t.Errorf("%d cube shadow passes after a new environment, want 2", r.cubeDraws)
	}
	show := newTestRenderer(t, openScene(t, "showcase"), 1, Options{MaxAreaLights: -1})
	mustRender(t, show, smallFrame(16, 16))
	mustRender(t, show, smallFrame(16, 16))
	if show.cubeDraws != 0 || len(show.cubes.lights) != 0 {
		t.Errorf("a scene without point or area lights: %d cube shadow passes of %d maps, want none", show.cubeDraws, len(show.cubes.lights))
	}
}

// TestCubeShadowOptions: bad cube shadow options are errors naming the
// field; the bound chooses the strongest lights.
func TestCubeShadowOptions(t *testing.T) {
	s := occluderScene(false)
	dev := testDevice(t, 1)
	for _, c := range []struct {
		o    Options
		want string
	}{{Options{CubeShadows: 65}, "Options.CubeShadows"}, {Options{CubeShadowSize: -1}, "Options.CubeShadowSize"},
		{Options{CubeShadowSize: 1 << 13}, "Options.CubeShadowSize"}} {
		if _, err := NewRenderer(context.Background(), dev, s, c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one naming %s", c.o, err, c.want)
		}
	}
	addLightGrid(s, 2)
	r := newTestRenderer(t, s, 1, Options{CubeShadows: 3, CubeShadowSize: 16})
	mustRender(t, r, occluderFrame(8))
	p := r.cur.packed
	if len(r.cubes.lights) != 3 {
		t.Fatalf("%d cube shadow maps, want 3", len(r.cubes.lights))
	}
	for _, l := range r.cubes.lights {
		for i := range p.Punctual {
			if p.Punctual[i].Pmf > p.Punctual[l.light].Pmf && !hasCube(r.cubes.lights, i) {
				t.Errorf("light %d (pmf %g) has a cube shadow map, light %d (pmf %g) none", l.light, p.Punctual[l.light].Pmf, i, p.Punctual[i].Pmf)
			}
		}
	}
}

func hasCube(ls []omniLight, light int) bool {
	for _, l := range ls {
		if l.light == light {
			return true
		}
	}
	return false
}
