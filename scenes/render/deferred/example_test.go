package deferred_test

import (
	"context"
	"fmt"

	"github.com/ingot-render/ingot/engine"
	"github.com/ingot-render/ingot/scenes/render/deferred"
)

// Single-pass deferred shading of the demo scene: the G-buffer stays in
// tile memory, so the frame writes only its 64 × 64 RGBA8 image.
func ExampleRenderer_RenderSinglePass() {
	dev, _ := engine.NewDevice(engine.DeviceOptions{})
	r, err := deferred.New(dev)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, st, err := r.RenderSinglePass(context.Background(), deferred.DemoScene(64, 1), 64, 64)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy(), "bytes written:", st.BytesWritten)
	// Output: 64 64 bytes written: 16384
}

// Classic deferred shading of the same scene: the geometry pass stores a
// 28-byte-per-pixel G-buffer, the lighting pass the image.
func ExampleRenderer_RenderMultiPass() {
	dev, _ := engine.NewDevice(engine.DeviceOptions{})
	r, err := deferred.New(dev)
	if err != nil {
		fmt.Println(err)
		return
	}
	img, st, err := r.RenderMultiPass(context.Background(), deferred.DemoScene(64, 1), 64, 64)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy(), "bytes written:", st.BytesWritten)
	// Output: 64 64 bytes written: 131072
}
