package builtin

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// Default is the name of the default scene.
const Default = "cornell"

// Names lists the built-in scenes, the default first.
func Names() []string { return []string{"cornell", "showcase", "motion"} }

// New builds the named built-in scene.
func New(name string) (*model.Scene, error) {
	var s *model.Scene
	switch name {
	case "cornell":
		s = Cornell()
	case "showcase":
		s = Showcase()
	case "motion":
		s = Motion()
	default:
		return nil, fmt.Errorf("no built-in scene %q (have %v)", name, Names())
	}
	return s, nil
}

func newScene(name string) *model.Scene {
	return &model.Scene{Name: name, Source: "builtin:" + name, Format: "builtin", SceneNames: []string{name}}
}

// Cornell builds the Cornell box.
func Cornell() *model.Scene {
	s := newScene("cornell")
	white := addMaterial(s, "white", [3]float32{0.725, 0.71, 0.68}, 0, 1, [3]float32{})
	red := addMaterial(s, "red", [3]float32{0.63, 0.065, 0.05}, 0, 1, [3]float32{})
	green := addMaterial(s, "green", [3]float32{0.14, 0.45, 0.091}, 0, 1, [3]float32{})
	light := addMaterial(s, "light", [3]float32{0.78, 0.78, 0.78}, 0, 1, [3]float32{17, 12, 4})
	v := func(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	var b builder
	b.quad(v(-1, 0, 1), v(1, 0, 1), v(1, 0, -1), v(-1, 0, -1), v(0, 1, 0))   // floor
	b.quad(v(-1, 2, 1), v(1, 2, 1), v(1, 2, -1), v(-1, 2, -1), v(0, -1, 0))  // ceiling
	b.quad(v(-1, 0, -1), v(1, 0, -1), v(1, 2, -1), v(-1, 2, -1), v(0, 0, 1)) // back wall
	addMesh(s, "walls", b.done(white))
	b.quad(v(-1, 0, 1), v(-1, 0, -1), v(-1, 2, -1), v(-1, 2, 1), v(1, 0, 0))
	addMesh(s, "leftWall", b.done(red))
	b.quad(v(1, 0, 1), v(1, 0, -1), v(1, 2, -1), v(1, 2, 1), v(-1, 0, 0))
	addMesh(s, "rightWall", b.done(green))
	b.box(v(0.33, 0.3, 0.37), v(0.3, 0.3, 0.3), -0.29)
	addMesh(s, "shortBox", b.done(white))
	b.box(v(-0.34, 0.6, -0.29), v(0.3, 0.6, 0.3), 0.31)
	addMesh(s, "tallBox", b.done(white))
	b.quad(v(-0.24, 1.98, 0.22), v(0.24, 1.98, 0.22), v(0.24, 1.98, -0.22), v(-0.24, 1.98, -0.22), v(0, -1, 0))
	addMesh(s, "light", b.done(light))
	addCamera(s, "camera", v(0, 1, 3.9), v(0, 1, 0), 0.686)
	return s
}

// Showcase builds the metallic/roughness sphere grid.
func Showcase() *model.Scene {
	s := newScene("showcase")
	const n = 5
	floor := addMaterial(s, "floor", [3]float32{0.5, 0.5, 0.5}, 0, 0.8, [3]float32{})
	panel := addMaterial(s, "panel", [3]float32{1, 1, 1}, 0, 1, [3]float32{8, 8, 8})
	var b builder
	b.quad(mgl32.Vec3{-6, -0.5, 4}, mgl32.Vec3{6, -0.5, 4}, mgl32.Vec3{6, -0.5, -4}, mgl32.Vec3{-6, -0.5, -4}, mgl32.Vec3{0, 1, 0})
	addMesh(s, "floor", b.done(floor))
	b.quad(mgl32.Vec3{-2, 6, 3}, mgl32.Vec3{2, 6, 3}, mgl32.Vec3{2, 6, 1}, mgl32.Vec3{-2, 6, 1}, mgl32.Vec3{0, -1, 0})
	addMesh(s, "panel", b.done(panel))
	// One sphere mesh, instanced by 25 nodes with their own materials:
	// materials are per primitive, so each grid cell gets its own mesh
	// sharing the vertex streams.
	b.sphere(mgl32.Vec3{}, 0.4, 48, 24)
	proto := b.done(-1)
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			metal := float32(row) / (n - 1)
			rough := 0.05 + 0.95*float32(col)/(n-1)
			mi := addMaterial(s, fmt.Sprintf("metal%.2f_rough%.2f", metal, rough), [3]float32{0.95, 0.64, 0.54}, metal, rough, [3]float32{})
			p := proto
			p.Material = mi
			ni := addMesh(s, fmt.Sprintf("sphere_%d_%d", row, col), p)
			s.Nodes[ni].Translation = mgl32.Vec3{float32(col-n/2) * 1.0, float32(row) * 1.0, 0}
		}
	}
	sun := model.NewNode("sun")
	sun.Light = 0
	sun.Rotation = mgl32.QuatRotate(-0.9, mgl32.Vec3{1, 0.3, 0}.Normalize())
	si := s.AddNode(sun, -1)
	s.Lights = append(s.Lights, model.Light{Name: "sun", Type: model.Directional, Color: [3]float32{1, 0.96, 0.9},
		Intensity: 3, Node: si, World: s.Nodes[si].Local()})
	addCamera(s, "camera", mgl32.Vec3{0, 2, 9}, mgl32.Vec3{0, 2, 0}, 0.6)
	return s
}

// Motion builds the motion-blur scene; animations span t ∈ [0, 1].
func Motion() *model.Scene {
	s := newScene("motion")
	floor := addMaterial(s, "floor", [3]float32{0.6, 0.6, 0.6}, 0, 0.9, [3]float32{})
	red := addMaterial(s, "red", [3]float32{0.8, 0.1, 0.1}, 0, 0.4, [3]float32{})
	blue := addMaterial(s, "blue", [3]float32{0.1, 0.2, 0.8}, 0.5, 0.3, [3]float32{})
	cloth := addMaterial(s, "cloth", [3]float32{0.9, 0.8, 0.3}, 0, 0.7, [3]float32{})
	s.Materials[cloth].DoubleSided = true
	light := addMaterial(s, "light", [3]float32{1, 1, 1}, 0, 1, [3]float32{10, 10, 10})
	var b builder
	b.quad(mgl32.Vec3{-5, 0, 5}, mgl32.Vec3{5, 0, 5}, mgl32.Vec3{5, 0, -5}, mgl32.Vec3{-5, 0, -5}, mgl32.Vec3{0, 1, 0})
	addMesh(s, "floor", b.done(floor))
	b.quad(mgl32.Vec3{-1.5, 5, 1.5}, mgl32.Vec3{1.5, 5, 1.5}, mgl32.Vec3{1.5, 5, -1.5}, mgl32.Vec3{-1.5, 5, -1.5}, mgl32.Vec3{0, -1, 0})
	addMesh(s, "light", b.done(light))

	b.box(mgl32.Vec3{}, mgl32.Vec3{0.4, 0.4, 0.4}, 0)
	slider := addMesh(s, "slider", b.done(red))
	b.box(mgl32.Vec3{}, mgl32.Vec3{0.6, 0.3, 0.3}, 0)
	spinner := addMesh(s, "spinner", b.done(blue))

	// Cloth: a 16×16 grid with one morph target displacing it into a wave.
	b.grid(mgl32.Vec3{}, 1, 16)
	cp := b.done(cloth)
	tgt := model.MorphTarget{Positions: make([][3]float32, len(cp.Positions))}
	for i, p := range cp.Positions {
		tgt.Positions[i] = [3]float32{0, 0.35 * float32(math.Sin(float64(p[0])*math.Pi)*math.Cos(float64(p[2])*math.Pi/2)), 0}
	}
	cp.Targets = []model.MorphTarget{tgt}
	clothNode := addMesh(s, "cloth", cp)
	s.Meshes[s.Nodes[clothNode].Mesh].Weights = []float32{0}

	s.Nodes[slider].Translation = mgl32.Vec3{-2, 0.4, 0}
	s.Nodes[spinner].Translation = mgl32.Vec3{0, 0.3, -1.5}
	s.Nodes[clothNode].Translation = mgl32.Vec3{2, 1, 0}
	q0 := mgl32.QuatIdent()
	q1 := mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 1, 0})
	s.Animations = []model.Animation{{
		Name: "motion", Start: 0, End: 1,
		Samplers: []model.AnimSampler{
			{Input: []float32{0, 1}, Output: []float32{-2, 0.4, 0, -1, 0.4, 0}, Width: 3},
			{Input: []float32{0, 1}, Output: []float32{q0.V[0], q0.V[1], q0.V[2], q0.W, q1.V[0], q1.V[1], q1.V[2], q1.W}, Width: 4},
			{Input: []float32{0, 0.5, 1}, Output: []float32{0, 1, 0}, Width: 1},
		},
		Channels: []model.Channel{
			{Sampler: 0, Node: slider, Path: model.PathTranslation},
			{Sampler: 1, Node: spinner, Path: model.PathRotation},
			{Sampler: 2, Node: clothNode, Path: model.PathWeights},
		},
	}}
	addCamera(s, "camera", mgl32.Vec3{0, 2.5, 7}, mgl32.Vec3{0, 0.6, 0}, 0.7)
	return s
}
