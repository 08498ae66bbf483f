package raster_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
	"github.com/ingot-render/ingot/scenes/render/shaders"
)

// A raster preview of the built-in Cornell box next to the path tracer:
// the same device, scene, frame and image type.
func ExampleRenderer() {
	ctx := context.Background()
	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := scenes.Open(ctx, "cornell", scenes.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := raster.NewRenderer(ctx, dev, s, raster.Options{}) // 4× MSAA
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	f := render.DefaultFrame() // the path tracer's defaults; SPP is ignored
	f.Width, f.Height = 64, 64
	img, err := r.Render(ctx, f)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Width, img.Height, img.SPP, img.Complete)
	c := img.RGBA8.NRGBAAt(4, 32) // the red wall
	fmt.Println("red wall:", c.R > c.G && c.R > c.B)
	// Output:
	// 64 64 4 true
	// red wall: true
}

// The deferred mode: the same scene and frame through a G-buffer in tile
// memory and per-tile light culling, one sample per pixel; the image is
// the forward renderer's at SampleCount 1.
func ExampleOptions_deferred() {
	ctx := context.Background()
	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := scenes.Open(ctx, "cornell", scenes.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := render.DefaultFrame()
	f.Width, f.Height = 32, 32
	var imgs [2]*render.Image
	for i, opts := range []raster.Options{{SampleCount: 1}, {Deferred: true}} {
		r, err := raster.NewRenderer(ctx, dev, s, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		imgs[i], err = r.Render(ctx, f)
		r.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	same := true
	for i := range imgs[0].Linear {
		same = same && imgs[0].Linear[i] == imgs[1].Linear[i]
	}
	fmt.Println("deferred = forward at 1 sample:", same)
	_, err = raster.NewRenderer(ctx, dev, s, raster.Options{Deferred: true, SampleCount: 4})
	fmt.Println(err)
	// Output:
	// deferred = forward at 1 sample: true
	// raster: Options.SampleCount is 4: Options.Deferred shades one sample per pixel, want 0 or 1
}

// Motion vectors of a camera that moved right between two frames: the
// box's surfaces moved left on screen (negative x motion, in pixels).
func ExampleRenderer_Motion() {
	ctx := context.Background()
	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := scenes.Open(ctx, "cornell", scenes.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := raster.NewRenderer(ctx, dev, s, raster.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	view := func(x float32) render.Frame {
		f := render.DefaultFrame()
		f.Width, f.Height = 32, 32
		f.LookAt = &render.Camera{Eye: [3]float32{x, 1, 3.9}, Target: [3]float32{x, 1, 0}, Up: [3]float32{0, 1, 0}, FovY: 40}
		return f
	}
	mv, err := r.Motion(ctx, view(0.05), view(0))
	if err != nil {
		fmt.Println(err)
		return
	}
	centre := 3 * (16*32 + 16) // x motion, y motion, coverage
	fmt.Println("covered:", mv[centre+2] == 1, "left:", mv[centre] < 0, "vertical:", mv[centre+1] == 0)
	// Output:
	// covered: true left: true vertical: true
}

// A user material (the path tracer's example, a [[visible]] function with
// the MaterialFunction signature) replacing every material: the fragment
// functions call it where they evaluate the glTF material.
func ExampleOptions_materials() {
	ctx := context.Background()
	dev, err := render.NewDevice(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := scenes.Open(ctx, "cornell", scenes.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	src, err := shaders.Source(shaders.ExampleMaterialFile)
	if err != nil {
		fmt.Println(err)
		return
	}
	f := render.DefaultFrame()
	f.Width, f.Height = 32, 32
	var imgs [2]*render.Image
	for i, opts := range []raster.Options{{}, {Materials: []render.UserMaterial{{Material: "*", File: shaders.ExampleMaterialFile, Source: src}}}} {
		r, err := raster.NewRenderer(ctx, dev, s, opts)
		if err != nil {
			fmt.Println(err)
			return
		}
		imgs[i], err = r.Render(ctx, f)
		r.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	differ := false
	for i := range imgs[0].Linear {
		differ = differ || imgs[0].Linear[i] != imgs[1].Linear[i]
	}
	fmt.Println("the material changed the image:", differ)
	// Output:
	// the material changed the image: true
}
