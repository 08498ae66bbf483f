package raster

import (
	"fmt"

	"github.com/ingot-render/ingot/engine"
)

// targets are one frame's attachments: the multisampled colour (linear
// radiance), the optional AOV colours (normal, albedo, depth) and depth,
// and their single-sample resolve textures.
type targets struct {
	w, h    int
	color   [4]*engine.Texture // [0] radiance, [1..3] AOVs (nil without)
	resolve [4]*engine.Texture
	depth   *engine.Texture
}

func (t *targets) release() {
	for i := range t.color {
		if t.color[i] != nil {
			t.color[i].Release()
		}
		if t.resolve[i] != nil && t.resolve[i] != t.color[i] {
			t.resolve[i].Release()
		}
	}
	if t.depth != nil {
		t.depth.Release()
	}
}

// newTargets creates the attachments of a w×h frame with samples samples.
func newTargets(dev *engine.Device, w, h, samples int, aovs bool) (_ *targets, err error) {
	t := &targets{w: w, h: h}
	defer func() {
		if err != nil {
			t.release()
		}
	}()
	tex := func(label string, f engine.PixelFormat, n int) (*engine.Texture, error) {
		d := engine.TextureDescriptor{TextureType: engine.TextureType2D, PixelFormat: f, Width: w, Height: h,
			Usage: engine.TextureUsageRenderTarget | engine.TextureUsageShaderRead}
		if n > 1 {
			d.TextureType, d.SampleCount = engine.TextureType2DMultisample, n
		}
		x, err := dev.NewTexture(d)
		if err != nil {
			return nil, fmt.Errorf("raster: %s target %dx%d: %w", label, w, h, err)
		}
		x.SetLabel(label)
		return x, nil
	}
	n := 1
	if aovs {
		n = 4
	}
	for i := range n {
		f := colorFormat
		if i > 0 {
			f = aovFormat
		}
		if t.color[i], err = tex(fmt.Sprintf("colour %d", i), f, samples); err != nil {
			return nil, err
		}
		t.resolve[i] = t.color[i]
		if samples > 1 {
			if t.resolve[i], err = tex(fmt.Sprintf("resolved colour %d", i), f, 1); err != nil {
				return nil, err
			}
		}
	}
	if t.depth, err = tex("depth", depthFormat, samples); err != nil {
		return nil, err
	}
	return t, nil
}
