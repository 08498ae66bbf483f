package deferred

import (
	"context"
	"fmt"
	"image"

	"github.com/ingot-render/ingot/engine"
)

// RenderSinglePass renders s at w × h in one tile-shading render pass:
// G-buffer draw into memoryless attachments, light culling per 32 × 32
// tile into threadgroup memory, full-screen lighting; only the output
// colour is stored.
func (r *Renderer) RenderSinglePass(ctx context.Context, s *Scene, w, h int) (*image.NRGBA, Stats, error) {
	f, err := r.frame(s, w, h)
	if err != nil {
		return nil, Stats{}, err
	}
	out, err := r.texture(outputFormat, w, h, engine.TextureUsageRenderTarget|engine.TextureUsageShaderRead, engine.StorageModePrivate)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	var pd engine.RenderPassDescriptor
	pd.CountShaderTraffic = true
	pd.TileWidth, pd.TileHeight = 32, 32
	pd.ThreadgroupMemoryLength = (4*(1+MaxLights) + 15) &^ 15
	pd.ColorAttachments[0].Texture = out
	pd.ColorAttachments[0].LoadAction = engine.LoadActionDontCare
	if _, err := r.gbuffer(&pd, w, h, engine.TextureUsageRenderTarget, engine.StorageModeMemoryless, engine.StoreActionDontCare); err != nil {
		return nil, Stats{}, err
	}
	cb := r.q.CommandBuffer(ctx)
	e, err := cb.RenderCommandEncoder(&pd)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	encode := func() error {
		if err := r.geometry(e, r.geoSingle, f); err != nil {
			return err
		}
		steps := []func() error{
			func() error { return e.SetThreadgroupMemoryLength(pd.ThreadgroupMemoryLength, 0, 0) },
			func() error { return e.SetTileRenderPipelineState(r.cull) },
			func() error { return e.SetTileBuffer(f.lights, 0, 0) },
			func() error { return e.SetTileBytes(f.uniforms, 1) },
			func() error { return e.DispatchThreadsPerTile(engine.Sz(8, 8, 1)) },
		}
		for _, s := range steps {
			if err := s(); err != nil {
				return err
			}
		}
		return lighting(e, r.lightTile, f, nil)
	}
	err = encode()
	if eerr := e.EndEncoding(); err == nil {
		err = eerr
	}
	if err != nil {
		return nil, Stats{}, fmt.Errorf("deferred: %w", err)
	}
	return finish(cb, out, w, h)
}
