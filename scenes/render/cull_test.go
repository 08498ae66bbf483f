package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// sidedQuads is two unit quads in the z = 0 plane whose front (counter-
// clockwise, normal +Z) faces +Z: one at x = -1.2 under an identity node,
// one at x = +1.2 under a node mirrored in x (negative determinant, so its
// triangles are clockwise seen from +Z, and glTF still makes +Z its front).
// Their red material is single-sided unless doubleSided.
func sidedQuads(doubleSided bool) *model.Scene {
	s := &model.Scene{Name: "quads"}
	pr := model.Primitive{
		Positions: [][3]float32{{-0.5, -0.5, 0}, {0.5, -0.5, 0}, {0.5, 0.5, 0}, {-0.5, 0.5, 0}},
		Normals:   [][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3},
	}
	m := model.DefaultMaterial()
	m.Name = "red"
	m.BaseColor = [4]float32{1, 0, 0, 1}
	m.Roughness = 1
	m.DoubleSided = doubleSided
	s.Materials = []model.Material{m}
	mesh := &model.Mesh{Name: "quad", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	for i, x := range []float32{-1.2, 1.2} {
		n := model.NewNode([]string{"plain", "mirrored"}[i])
		n.Mesh = 0
		n.Translation = mgl32.Vec3{x, 0, 0}
		if i == 1 {
			n.Scale = mgl32.Vec3{-1, 1, 1}
		}
		s.AddNode(n, -1)
	}
	return s
}

// TestSingleSidedCulling: camera rays cull the back faces of single-sided
// materials (glTF doubleSided false) and keep those of double-sided ones;
// a mirrored node keeps its front where its normals point. Seen from +Z
// both quads are red; from -Z single-sided quads show the grey
// environment, double-sided ones their red back.
func TestSingleSidedCulling(t *testing.T) {
	env := &Environment{Color: [3]float32{0.5, 0.5, 0.5}, Intensity: 1}
	for _, c := range []struct {
		name        string
		doubleSided bool
		eyeZ        float32
		wantRed     bool
	}{
		{"single-sided front", false, 5, true},
		{"single-sided back", false, -5, false},
		{"double-sided back", true, -5, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := testRenderer(t, sidedQuads(c.doubleSided), 2, Options{Env: env})
			f := smallFrame(24, 8, 4)
			f.ToneMap = ToneNone
			f.LookAt = &Camera{Eye: [3]float32{0, 0, c.eyeZ}, Up: [3]float32{0, 1, 0}, FovY: 20}
			img := mustRender(t, r, f)
			// Quad centres: x = ±1.2 at distance 5 with a 20° vertical fov
			// and a 3:1 aspect project to pixels 12 ± 7.
			for _, px := range []int{5, 19} {
				i := 4 * (4*24 + px)
				rgb := img.Linear[i : i+3]
				red := rgb[0] > 2*rgb[1]+0.05 && rgb[0] > 0.1
				grey := math.Abs(float64(rgb[0]-0.5)) < 0.02 && math.Abs(float64(rgb[1]-0.5)) < 0.02
				if red != c.wantRed || (!c.wantRed && !grey) {
					t.Errorf("pixel %d: %v, want red %v (else the grey environment)", px, rgb, c.wantRed)
				}
			}
		})
	}
}
