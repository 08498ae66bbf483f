package refpt

import (
	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/model"
)

// lambert returns a Lambertian material (metallic 0, no specular layer).
func lambert(name string, albedo, emission [3]float32) model.Material {
	m := model.DefaultMaterial()
	m.Name, m.Metallic, m.Specular.Factor = name, 0, 0
	m.BaseColor = [4]float32{albedo[0], albedo[1], albedo[2], 1}
	m.Emissive = emission
	m.DoubleSided = true
	return m
}

// quad is a primitive of two triangles with corners c, c+u, c+u+v, c+v
// (counter-clockwise seen from the side u×v points to).
func quad(c, u, v mgl32.Vec3, mat int) model.Primitive {
	p := []mgl32.Vec3{c, c.Add(u), c.Add(u).Add(v), c.Add(v)}
	pos := make([][3]float32, 4)
	for i := range p {
		pos[i] = p[i]
	}
	return model.Primitive{Mode: model.Triangles, Positions: pos, Indices: []uint32{0, 1, 2, 0, 2, 3}, Material: mat}
}

// sceneOf returns a scene with one root node per primitive.
func sceneOf(mats []model.Material, prims ...model.Primitive) *model.Scene {
	s := &model.Scene{Materials: mats}
	for _, p := range prims {
		m := &model.Mesh{Name: "m", Primitives: []model.Primitive{p}}
		m.ComputeBounds()
		s.Meshes = append(s.Meshes, m)
		n := model.NewNode("n")
		n.Mesh = len(s.Meshes) - 1
		s.AddNode(n, -1)
	}
	return s
}

// lookAt returns a perspective camera and its camera-to-world transform.
func lookAt(eye, target mgl32.Vec3, fovDeg float32) (model.Camera, mgl32.Mat4) {
	return model.Camera{Name: "test", Projection: model.Perspective, YFov: mgl32.DegToRad(fovDeg)},
		mgl32.LookAtV(eye, target, mgl32.Vec3{0, 0, 1}).Inv()
}
