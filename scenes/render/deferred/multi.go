package deferred

import (
	"context"
	"fmt"
	"image"

	"github.com/ingot-render/ingot/engine"
)

// RenderMultiPass renders s at w × h as classic deferred shading: a
// geometry pass stores the G-buffer textures, a lighting pass reads them
// and sums every light at every pixel.
func (r *Renderer) RenderMultiPass(ctx context.Context, s *Scene, w, h int) (*image.NRGBA, Stats, error) {
	f, err := r.frame(s, w, h)
	if err != nil {
		return nil, Stats{}, err
	}
	out, err := r.texture(outputFormat, w, h, engine.TextureUsageRenderTarget|engine.TextureUsageShaderRead, engine.StorageModePrivate)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	var gp engine.RenderPassDescriptor
	gp.CountShaderTraffic = true
	g, err := r.gbuffer(&gp, w, h, engine.TextureUsageRenderTarget|engine.TextureUsageShaderRead, engine.StorageModePrivate, engine.StoreActionStore)
	if err != nil {
		return nil, Stats{}, err
	}
	cb := r.q.CommandBuffer(ctx)
	e, err := cb.RenderCommandEncoder(&gp)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	err = r.geometry(e, r.geoMulti, f)
	if eerr := e.EndEncoding(); err == nil {
		err = eerr
	}
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: geometry pass: %w", err)
	}
	var lp engine.RenderPassDescriptor
	lp.CountShaderTraffic = true
	lp.ColorAttachments[0].Texture = out
	lp.ColorAttachments[0].LoadAction = engine.LoadActionDontCare
	if e, err = cb.RenderCommandEncoder(&lp); err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	encode := func() error {
		for i, t := range g {
			if err := e.SetFragmentTexture(t, i); err != nil {
				return err
			}
		}
		return lighting(e, r.lightTex, f, nil)
	}
	err = encode()
	if eerr := e.EndEncoding(); err == nil {
		err = eerr
	}
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: lighting pass: %w", err)
	}
	return finish(cb, out, w, h)
}
