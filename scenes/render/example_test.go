package render_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/ingot-render/ingot/scenes/builtin"
	"github.com/ingot-render/ingot/scenes/model"
	"github.com/ingot-render/ingot/scenes/render"
)

// The --tonemap flag parses to a Frame.ToneMap.
func ExampleParseToneMap() {
	t, _ := render.ParseToneMap("aces")
	fmt.Println(t, uint32(t))
	// Output: aces 2
}

// A Renderer uploads a scene once and renders frames with the MSL path
// tracer on an engine device.
func ExampleNewRenderer() {
	dev, err := render.NewDevice(2) // a device with the ray-tracing intrinsics
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := render.NewRenderer(context.Background(), dev, builtin.Cornell(), render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP = 16, 16, 2
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.RGBA8.Bounds().Dx(), img.RGBA8.Bounds().Dy(), img.SPP, img.Complete)
	// Output: 16 16 2 true
}

// Render streams progress and stops when its context is cancelled,
// returning what was accumulated.
func ExampleRenderer_Render() {
	dev, _ := render.NewDevice(1)
	r, err := render.NewRenderer(context.Background(), dev, builtin.Cornell(), render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP, f.TileSize = 16, 16, 8, 16
	img, err := r.Render(ctx, f, func(p render.Progress) {
		if p.SPP >= 2 { // stop once every pixel has 2 samples
			cancel()
		}
	})
	fmt.Println(errors.Is(err, context.Canceled), img.SPP, img.Complete)
	// Output: true 2 false
}

// Many cameras of one upload: an explicit look-at camera.
func ExampleCamera() {
	dev, _ := render.NewDevice(2)
	r, err := render.NewRenderer(context.Background(), dev, builtin.Cornell(), render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP = 8, 8, 1
	f.LookAt = &render.Camera{Eye: [3]float32{0, 1, 3}, Target: [3]float32{0, 1, 0}, Up: [3]float32{0, 1, 0}, FovY: 40}
	img, err := r.Render(context.Background(), f, nil)
	fmt.Println(err, img.Width, img.Height)
	// Output: <nil> 8 8
}

// A scene without light sources (here one triangle) renders with the
// zero Options in the studio environment: a grey floor behind the model,
// white light from above; the automatic camera looks from above.
func ExampleStudioEnvironment() {
	s := &model.Scene{Name: "triangle"}
	pr := model.Primitive{Positions: [][3]float32{{-1, 0, 0}, {1, 0, 0}, {0, 1.5, 0}}, Indices: []uint32{0, 1, 2}}
	mesh := &model.Mesh{Name: "tri", Primitives: []model.Primitive{pr}}
	mesh.ComputeBounds()
	s.Meshes = []*model.Mesh{mesh}
	s.Materials = []model.Material{model.DefaultMaterial()}
	n := model.NewNode("tri")
	n.Mesh = 0
	s.AddNode(n, -1)
	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := render.NewRenderer(context.Background(), dev, s, render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	f := render.DefaultFrame()
	f.Width, f.Height, f.SPP, f.ToneMap = 16, 16, 2, render.ToneNone
	img, err := r.Render(context.Background(), f, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	corner := img.Linear[4*(15*16)] // bottom left: the floor behind the model
	fmt.Printf("background %.2f (studio floor %v)\n", corner, render.StudioFloor)
	// Output: background 0.25 (studio floor 0.25)
}
