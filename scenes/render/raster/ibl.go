package raster

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
)

// IBL table sizes: the base map (and the specular texture) is at most
// iblBaseWidth × iblBaseWidth/2, the specular texture has up to
// iblSpecularLevels levels (roughness 0, 0.2, …, 1), the irradiance map is
// iblIrradianceWidth × iblIrradianceWidth/2.
const (
	iblBaseWidth       = 128
	iblSpecularLevels  = 6
	iblIrradianceWidth = 32
	iblSpecularSamples = 48
)

// ibl holds the image-based-lighting textures of one environment.
type ibl struct {
	base, specular, irradiance *engine.Texture
	sampler                    *engine.SamplerState
	// specularMips is the specular texture's level count − 1.
	specularMips float32
}

// release drops the textures.
func (t *ibl) release() {
	for _, x := range []*engine.Texture{t.base, t.specular, t.irradiance} {
		if x != nil {
			x.Release()
		}
	}
}

// newIBL runs ibl.metal's kernels over the upload's environment: the base
// map and its mips, the pre-filtered specular levels and the irradiance
// map, in one command buffer.
func newIBL(ctx context.Context, dev *engine.Device, q *engine.CommandQueue, pl *pipelines, u *upload) (_ *ibl, err error) {
	bw := 16
	if u.packed.EnvCDF != nil {
		bw = 8
		for bw < iblBaseWidth && bw < u.packed.EnvCDF.Width {
			bw *= 2
		}
	}
	bh := bw / 2
	t := &ibl{}
	defer func() {
		if err != nil {
			t.release()
		}
	}()
	newTex := func(label string, w, h, levels int) (*engine.Texture, error) {
		d := engine.Texture2DDescriptor(engine.PixelFormatRGBA32Float, w, h, levels > 1)
		d.MipmapLevelCount = levels
		d.Usage = engine.TextureUsageShaderRead | engine.TextureUsageShaderWrite
		x, err := dev.NewTexture(d)
		if err != nil {
			return nil, fmt.Errorf("raster: IBL %s texture: %w", label, err)
		}
		x.SetLabel(label)
		return x, nil
	}
	baseLevels := 1
	for (bw>>baseLevels) >= 1 && (bh>>baseLevels) >= 1 {
		baseLevels++
	}
	specLevels := min(iblSpecularLevels, baseLevels)
	if t.base, err = newTex("IBL base", bw, bh, baseLevels); err != nil {
		return nil, err
	}
	if t.specular, err = newTex("IBL specular", bw, bh, specLevels); err != nil {
		return nil, err
	}
	iw := iblIrradianceWidth
	if t.irradiance, err = newTex("IBL irradiance", iw, iw/2, 1); err != nil {
		return nil, err
	}
	if t.sampler, err = dev.NewSamplerState(envSampler()); err != nil {
		return nil, fmt.Errorf("raster: IBL sampler: %w", err)
	}
	t.specularMips = float32(specLevels - 1)
	// The irradiance sums over the base level closest to 32×16 texels.
	irrSrc := 0
	for irrSrc+1 < baseLevels && bw>>(irrSrc+1) >= iblIrradianceWidth {
		irrSrc++
	}
	solid := float32(2 * math.Pi / float64(bw) * math.Pi / float64(bh))

	cb := q.CommandBuffer(ctx)
	cb.SetLabel("IBL")
	enc, err := cb.ComputeCommandEncoder()
	if err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	var steps []error
	dispatch := func(p *engine.ComputePipelineState, w, h int, params iblParams, bind func()) {
		steps = append(steps, enc.SetComputePipelineState(p), enc.SetBytes(bytesOf([]iblParams{params}), 1))
		bind()
		steps = append(steps, enc.DispatchThreads(engine.Sz(w, h, 1), engine.Sz(8, 8, 1)), enc.MemoryBarrier())
	}
	dispatch(pl.iblBase, bw, bh, iblParams{Width: uint32(bw), Height: uint32(bh)}, func() {
		steps = append(steps, enc.SetBuffer(u.resources, 0, 0), enc.SetTexture(t.base, 0))
		for _, b := range u.buffers {
			steps = append(steps, enc.UseResource(b))
		}
		for _, x := range u.textures {
			steps = append(steps, enc.UseResource(x))
		}
		for _, s := range u.samplers {
			steps = append(steps, enc.UseResource(s))
		}
	})
	for l := 1; l < baseLevels; l++ {
		w, h := max(bw>>l, 1), max(bh>>l, 1)
		dispatch(pl.iblDownsample, w, h, iblParams{Width: uint32(w), Height: uint32(h), Level: uint32(l),
			SrcWidth: uint32(max(bw>>(l-1), 1)), SrcHeight: uint32(max(bh>>(l-1), 1))}, func() {
			steps = append(steps, enc.SetTexture(t.base, 0), enc.SetTexture(t.base, 1))
		})
	}
	for l := range specLevels {
		w, h := max(bw>>l, 1), max(bh>>l, 1)
		dispatch(pl.iblSpecular, w, h, iblParams{Width: uint32(w), Height: uint32(h), Level: uint32(l), Levels: uint32(specLevels),
			Samples: iblSpecularSamples, BaseTexelSolidAngle: solid}, func() {
			steps = append(steps, enc.SetTexture(t.base, 0), enc.SetTexture(t.specular, 1), enc.SetSamplerState(t.sampler, 0))
		})
	}
	dispatch(pl.iblIrradiance, iw, iw/2, iblParams{Width: uint32(iw), Height: uint32(iw / 2), Levels: uint32(irrSrc),
		SrcWidth: uint32(max(bw>>irrSrc, 1)), SrcHeight: uint32(max(bh>>irrSrc, 1))}, func() {
		steps = append(steps, enc.SetTexture(t.base, 0), enc.SetTexture(t.irradiance, 1))
	})
	steps = append(steps, enc.EndEncoding(), cb.Commit())
	if err := errors.Join(steps...); err != nil {
		return nil, fmt.Errorf("raster: encoding the IBL kernels: %w", err)
	}
	if err := cb.WaitUntilCompleted(); err != nil {
		return nil, fmt.Errorf("raster: IBL kernels: %w", err)
	}
	return t, nil
}
