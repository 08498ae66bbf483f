package refpt_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render/renderbench/internal/refpt"
)

// Example renders a grey floor under a square area light, seen from
// above, and shows that a scene beyond the renderer's scope is refused.
func Example() {
	floor, lamp := model.DefaultMaterial(), model.DefaultMaterial()
	floor.Metallic, floor.Specular.Factor, floor.BaseColor = 0, 0, [4]float32{0.5, 0.5, 0.5, 1}
	lamp.Metallic, lamp.Specular.Factor, lamp.BaseColor, lamp.Emissive = 0, 0, [4]float32{}, [3]float32{4, 4, 4}
	s := &model.Scene{Materials: []model.Material{floor, lamp}}
	quad := func(z float32, mat int) model.Primitive {
		return model.Primitive{Mode: model.Triangles, Material: mat, Indices: []uint32{0, 1, 2, 0, 2, 3},
			Positions: [][3]float32{{-1, -1, z}, {1, -1, z}, {1, 1, z}, {-1, 1, z}}}
	}
	// The floor faces up; the lamp's winding is reversed so that it faces down.
	lampPrim := quad(2, 1)
	lampPrim.Indices = []uint32{0, 2, 1, 0, 3, 2}
	for _, p := range []model.Primitive{quad(0, 0), lampPrim} {
		s.Meshes = append(s.Meshes, &model.Mesh{Name: "quad", Primitives: []model.Primitive{p}})
		n := model.NewNode("quad")
		n.Mesh = len(s.Meshes) - 1
		s.AddNode(n, -1)
	}
	cam := model.Camera{Projection: model.Perspective, YFov: mgl32.DegToRad(20)}
	world := mgl32.LookAtV(mgl32.Vec3{0, 0, 1}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}).Inv()
	sc, err := refpt.NewScene(s, cam, world)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, err := sc.Render(context.Background(), refpt.Settings{Width: 8, Height: 8, SPP: 16, MaxBounces: 4, RRStartBounce: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d triangles, %d floats, floor lit: %v\n", sc.Triangles(), len(img), img[3*(4*8+4)] > 0)

	_, err = refpt.NewScene(builtin.Cornell(), cam, world)
	fmt.Println(errors.Is(err, refpt.ErrUnsupported))
	// Output:
	// 4 triangles, 192 floats, floor lit: true
	// true
}
