package raster

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// glowBox is a closed cube of edge 2 about the origin whose six walls,
// facing inwards, are Lambertian of albedo rho and emit le: the radiance
// is the same at every point and in every direction inside it.
func glowBox(rho, le float32) *model.Scene {
	s := &model.Scene{Name: "glowbox"}
	m := model.DefaultMaterial()
	m.Name, m.BaseColor, m.Roughness, m.Emissive = "glow", [4]float32{rho, rho, rho, 1}, 1, [3]float32{le, le, le}
	m.Metallic, m.Specular.Factor = 0, 0
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "box"}
	for a := range 3 {
		for _, sg := range []float32{1, -1} {
			// The wall at x_a = sg, its normal −sg·e_a, wound
			// counter-clockwise about it.
			var n, u, v mgl32.Vec3
			n[a], u[(a+1)%3], v[(a+2)%3] = -sg, 1, 1
			if u.Cross(v).Dot(n) < 0 {
				u, v = v, u
			}
			c := n.Mul(-1)
			var pr model.Primitive
			for _, k := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				pr.Positions = append(pr.Positions, [3]float32(c.Add(u.Mul(k[0])).Add(v.Mul(k[1]))))
				pr.Normals = append(pr.Normals, [3]float32(n))
			}
			pr.Indices = []uint32{0, 1, 2, 0, 2, 3}
			mesh.Primitives = append(mesh.Primitives, pr)
		}
	}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	node := model.NewNode("box")
	node.Mesh = 0
	s.AddNode(node, -1)
	return s
}

// probeSH reads probe i's 9 RGB coefficients back from the probes'
// buffer.
func probeSH(t *testing.T, r *Renderer, i int) [iblSHCoefficients][3]float32 {
	t.Helper()
	b := r.probes.buf.Contents()
	var out [iblSHCoefficients][3]float32
	for k := range iblSHCoefficients {
		for c := range 3 {
			o := 4 * (probeFloats*i + 3*k + c)
			out[k][c] = math.Float32frombits(binary.LittleEndian.Uint32(b[o:]))
		}
	}
	return out
}

// shAt is rx_sh_irradiance: irradiance / π about unit normal n.
func shAt(sh [iblSHCoefficients][3]float32, n [3]float64) [3]float64 {
	y := shBasis(n)
	var e [3]float64
	for c := range 3 {
		for k := range iblSHCoefficients {
			e[c] += float64(sh[k][c]) * y[k]
		}
	}
	return e
}

// TestProbesGlowBox bakes the probes of a closed box of emitting
// Lambertian walls (albedo ρ, radiance Le): the radiance inside is
// uniform, Le·(1 + ρ + … + ρ^B) for paths of B bounces, so with the
// emitted part taken out (the rasterizer draws the walls' emission and
// their direct light) every probe's irradiance / π is Le·(ρ + ρ² + ρ³)
// for probeBounces = 3, the same about every normal.
func TestProbesGlowBox(t *testing.T) {
	const rho, le = 0.5, 2.0
	want := le * (rho + rho*rho + rho*rho*rho)
	r := newTestRenderer(t, glowBox(rho, le), 2, Options{Probes: 2})
	f := smallFrame(16, 16)
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 0.9}, Target: [3]float32{0, 0, 0}, Up: [3]float32{0, 1, 0}, FovY: 60}
	mustRender(t, r, f)
	if !r.probes.on || r.probes.grid.count() != 8 {
		t.Fatalf("probes on %v, grid %v: want 2×2×2", r.probes.on, r.probes.grid.n)
	}
	dirs := [][3]float64{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0.6, 0, 0.8}}
	worst := 0.0
	defer func() { t.Logf("largest relative error %.4f (want %.4f)", worst, want) }()
	for i := range r.probes.grid.count() {
		sh := probeSH(t, r, i)
		for _, n := range dirs {
			e := shAt(sh, n)
			for c := range 3 {
				worst = max(worst, math.Abs(e[c]/want-1))
				if math.Abs(e[c]/want-1) > 0.08 {
					t.Errorf("probe %d, normal %v: irradiance/π %.4f, want %.4f within 8%%", i, n, e[c], want)
				}
			}
		}
	}
}

// TestProbesCornell checks the probes' orientation on the Cornell box
// (red wall at −x, green at +x): a probe's irradiance about −x is redder
// than about +x, and an image has the probes' light where the uniform
// ambient term was.
func TestProbesCornell(t *testing.T) {
	s := openScene(t, "cornell")
	r := newTestRenderer(t, s, 2, Options{})
	mustRender(t, r, smallFrame(16, 16))
	g := r.probes.grid
	if g.n != [3]int{DefaultProbes, DefaultProbes, DefaultProbes} {
		t.Fatalf("grid %v, want %d along every axis of the cube", g.n, DefaultProbes)
	}
	// A probe of the middle of the box, away from the blocks' tops.
	i := (g.n[2]/2*g.n[1]+g.n[1]-1)*g.n[0] + g.n[0]/2
	sh := probeSH(t, r, i)
	left, right := shAt(sh, [3]float64{-1, 0, 0}), shAt(sh, [3]float64{1, 0, 0})
	t.Logf("probe %d at %v: about −x %.4f, about +x %.4f", i, g.position(i%g.n[0], i/g.n[0]%g.n[1], i/(g.n[0]*g.n[1])), left, right)
	if !(left[0]/left[1] > 1.5*right[0]/right[1]) || !(right[1]/right[0] > 1.5*left[1]/left[0]) {
		t.Errorf("irradiance about −x %v and +x %v: want the red wall's light from −x, the green wall's from +x", left, right)
	}
}

// TestProbesCache checks that the probes are baked once per upload: a
// new camera reuses them, a new environment bakes them again, and a
// scene that its environment lights, or Options.Probes < 0, has none.
func TestProbesCache(t *testing.T) {
	s := openScene(t, "cornell")
	r := newTestRenderer(t, s, 1, Options{Probes: 2})
	f := smallFrame(16, 16)
	mustRender(t, r, f)
	f.LookAt = &render.Camera{Eye: [3]float32{0.5, 1, 3}, Target: [3]float32{0, 1, 0}, Up: [3]float32{0, 1, 0}, FovY: 40}
	mustRender(t, r, f)
	if r.probeBakes != 1 {
		t.Errorf("%d bakes after two views, want 1", r.probeBakes)
	}
	if r.tracer != nil {
		t.Error("the path tracer of a static scene's bake is kept")
	}
	f.Env = &render.Environment{}
	mustRender(t, r, f)
	if r.probeBakes != 2 || !r.probes.on {
		t.Errorf("a new black environment: %d bakes (probes on %v), want 2 (on)", r.probeBakes, r.probes.on)
	}
	f.Env = &render.Environment{Color: [3]float32{1, 1, 1}, Intensity: 1}
	mustRender(t, r, f)
	if r.probeBakes != 2 || r.probes.on {
		t.Errorf("an environment lights the scene: %d bakes (probes on %v), want 2 (off)", r.probeBakes, r.probes.on)
	}
	off := newTestRenderer(t, s, 1, Options{Probes: -1})
	mustRender(t, off, smallFrame(16, 16))
	if off.probeBakes != 0 || off.probes.on || off.tracer != nil {
		t.Errorf("Probes −1: %d bakes (on %v)", off.probeBakes, off.probes.on)
	}
}

// TestProbesOptions checks Options.Probes' validation and that a
// cancelled context stops the bake.
func TestProbesOptions(t *testing.T) {
	s := openScene(t, "cornell")
	for _, n := range []int{1, maxProbes + 1} {
		_, err := NewRenderer(context.Background(), testDevice(t, 1), s, Options{Probes: n})
		if err == nil || !strings.Contains(err.Error(), "Options.Probes") {
			t.Errorf("Probes %d: error %v, want one naming Options.Probes", n, err)
		}
	}
	r := newTestRenderer(t, s, 1, Options{})
	mustRender(t, r, smallFrame(16, 16))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.bakeProbes(ctx, true, true); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled bake: error %v, want the context's", err)
	}
	if r.probes.gen != 0 || r.probes.on {
		t.Error("a cancelled bake left probes")
	}
	mustRender(t, r, smallFrame(16, 16))
	if r.probeBakes != 2 || !r.probes.on {
		t.Errorf("%d bakes after the cancelled one (on %v), want 2", r.probeBakes, r.probes.on)
	}
}

// TestProbeGrid checks the grid's layout: m probes along the longest
// axis at the centres of its cells, proportionally fewer (at least 2) on
// the others, and a flat scene's probes on both sides of its plane.
func TestProbeGrid(t *testing.T) {
	g := newProbeGrid(model.Bounds{Min: [3]float32{-8, -6, -2}, Max: [3]float32{8, 4, 2}}, 4)
	if g.n != [3]int{4, 3, 2} || g.origin != (mgl32.Vec3{-6, -6 + 10.0/6, -1}) || g.step != (mgl32.Vec3{4, 10.0 / 3, 2}) {
		t.Errorf("grid %+v", g)
	}
	g = newProbeGrid(model.Bounds{Min: [3]float32{0, 0, 1}, Max: [3]float32{8, 8, 1}}, 8)
	if g.n != [3]int{8, 8, 2} || g.origin[2] != 0.75 || g.step[2] != 0.5 {
		t.Errorf("flat grid %+v", g)
	}
}
