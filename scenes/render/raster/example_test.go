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
