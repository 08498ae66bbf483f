package raster_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/scenes"
	"github.com/ingot-render/ingot/scenes/render"
	"github.com/ingot-render/ingot/scenes/render/raster"
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
