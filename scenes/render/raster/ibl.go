package raster

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/ingot-render/ingot/engine"
)

// IBL table sizes: the base map is at most iblBaseWidth × iblBaseWidth/2
// (equirectangular), the octahedral specular texture as wide and square,
// with up to iblSpecularLevels levels (roughness 0, 0.2, …, 1).
const (
	iblBaseWidth       = 128
	iblSpecularLevels  = 6
	iblSpecularSamples = 48
	// iblSHCoefficients is the irradiance's spherical-harmonic
	// coefficients (bands 0–2), one float4 (RGB) each.
	iblSHCoefficients = 9
)

// ibl holds the image-based-lighting tables of one environment: the base
// map (kept for the kernels), the octahedral pre-filtered specular
// texture, the irradiance's SH coefficients and the fragment sampler.
type ibl struct {
	base, specular *engine.Texture
	sh             *engine.Buffer // iblSHCoefficients float4
	sampler        *engine.SamplerState
	// fragSampler reads the specular texture (clamp to edge, trilinear).
	fragSampler *engine.SamplerState
	// specularMips is the specular texture's level count − 1.
	specularMips float32
}

// release drops the textures and the buffer.
func (t *ibl) release() {
	for _, x := range []*engine.Texture{t.base, t.specular} {
		if x != nil {
			x.Release()
		}
	}
	if t.sh != nil {
		t.sh.Release()
	}
}

// newIBL runs ibl.metal's kernels over the upload's environment: the base
// map and its mips, the pre-filtered specular levels and the SH
// irradiance, in one command buffer.
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
	if t.specular, err = newTex("IBL specular", bw, bw, specLevels); err != nil {
		return nil, err
	}
	if t.sampler, err = dev.NewSamplerState(envSampler()); err != nil {
		return nil, fmt.Errorf("raster: IBL sampler: %w", err)
	}
	fs := envSampler()
	fs.SAddressMode = engine.SamplerAddressModeClampToEdge
	if t.fragSampler, err = dev.NewSamplerState(fs); err != nil {
		return nil, fmt.Errorf("raster: IBL sampler: %w", err)
	}
	if t.sh, err = dev.NewBuffer(16 * iblSHCoefficients); err != nil {
		return nil, fmt.Errorf("raster: IBL SH buffer: %w", err)
	}
	t.sh.SetLabel("IBL SH irradiance")
	rows, err := dev.NewBuffer(16 * iblSHCoefficients * bh)
	if err != nil {
		return nil, fmt.Errorf("raster: IBL SH rows buffer: %w", err)
	}
	defer rows.Release()
	t.specularMips = float32(specLevels - 1)
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
		steps = append(steps, enc.DispatchThreads(engine.Sz(w, h, 1), group(w, h)), enc.MemoryBarrier())
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
		w, h := max(bw>>l, 1), max(bw>>l, 1)
		dispatch(pl.iblSpecular, w, h, iblParams{Width: uint32(w), Height: uint32(h), Level: uint32(l), Levels: uint32(specLevels),
			Samples: iblSpecularSamples, BaseTexelSolidAngle: solid}, func() {
			steps = append(steps, enc.SetTexture(t.base, 0), enc.SetTexture(t.specular, 1), enc.SetSamplerState(t.sampler, 0))
		})
	}
	sh := iblParams{Width: uint32(bw), Height: uint32(bh)}
	dispatch(pl.iblSHRows, bh, 1, sh, func() {
		steps = append(steps, enc.SetTexture(t.base, 0), enc.SetBuffer(rows, 0, 2))
	})
	dispatch(pl.iblSHSum, iblSHCoefficients, 1, sh, func() {
		steps = append(steps, enc.SetBuffer(rows, 0, 2), enc.SetBuffer(t.sh, 0, 3))
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

// group is the threadgroup of a w×h dispatch: 8×8, or a row of up to 64
// threads for a one-row grid.
func group(w, h int) engine.Size {
	if h == 1 {
		return engine.Sz(min(w, 64), 1, 1)
	}
	return engine.Sz(min(w, 8), min(h, 8), 1)
}
