package render_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// A material with KHR_materials_volume (thickness > 0) makes a mesh a
// solid, absorbing volume: here a quad-faced glass slab 0.5 thick that
// turns white light into (0.8, 0.5, 0.2) over a distance of 1, seen at
// normal incidence in a white environment. The camera sees the front
// reflection plus Beer–Lambert times two Fresnel transmissions.
func ExampleRenderer_Render_volume() {
	glass := model.DefaultMaterial()
	glass.Metallic, glass.Roughness = 0, 0
	glass.Transmission.Factor = 1
	glass.Volume.Thickness = 0.5
	glass.Volume.AttenuationColor, glass.Volume.AttenuationDistance = [3]float32{0.8, 0.5, 0.2}, 1
	s := &model.Scene{Name: "slab", Materials: []model.Material{glass}}
	var pr model.Primitive
	// Six faces of the box |x|, |y| ≤ 2, |z| ≤ 0.25, counter-clockwise seen from outside.
	for _, f := range [6][4][3]float32{
		{{-2, -2, 0.25}, {2, -2, 0.25}, {2, 2, 0.25}, {-2, 2, 0.25}},
		{{-2, 2, -0.25}, {2, 2, -0.25}, {2, -2, -0.25}, {-2, -2, -0.25}},
		{{2, -2, -0.25}, {2, 2, -0.25}, {2, 2, 0.25}, {2, -2, 0.25}},
		{{-2, -2, 0.25}, {-2, 2, 0.25}, {-2, 2, -0.25}, {-2, -2, -0.25}},
		{{-2, 2, 0.25}, {2, 2, 0.25}, {2, 2, -0.25}, {-2, 2, -0.25}},
		{{-2, -2, -0.25}, {2, -2, -0.25}, {2, -2, 0.25}, {-2, -2, 0.25}},
	} {
		b := uint32(len(pr.Positions))
		pr.Positions = append(pr.Positions, f[:]...)
		pr.Indices = append(pr.Indices, b, b+1, b+2, b, b+2, b+3)
	}
	mesh := &model.Mesh{Name: "slab", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	n := model.NewNode("slab")
	n.Mesh = 0
	s.AddNode(n, -1)

	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{Env: &render.Environment{Color: [3]float32{1, 1, 1}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP, f.ToneMap = 4, 4, 16, render.ToneNone
	f.LookAt = &render.Camera{Eye: [3]float32{0, 0, 10}, Up: [3]float32{0, 1, 0}, FovY: 2}
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var mean [3]float32
	for i := 0; i < len(img.Linear); i += 4 {
		for c := range 3 {
			mean[c] += img.Linear[i+c] / 16
		}
	}
	fmt.Printf("transmitted %.1f %.1f %.1f\n", mean[0], mean[1], mean[2])
	// Output: transmitted 0.9 0.7 0.5
}
