package raster

import (
	"fmt"

	"github.com/ingot-render/ingot/internal/texel"
)

// DepthTarget is a depth attachment's storage: float32 per sample, quantized
// to Format (Depth16Unorm, Depth32Float, Depth24Unorm_Stencil8 or
// Depth32Float_Stencil8).
type DepthTarget struct {
	Format                         texel.PixelFormat
	Width, Height, Samples, Layers int

	lay  layout
	q    quantizer
	data []float32
	// r is the minimum resolvable difference of unorm formats (0 for float).
	r float64

	pending  bool // deferred clear (see ColorTarget)
	clearVal float32
}

// NewDepthTarget allocates a depth target.
func NewDepthTarget(format texel.PixelFormat, w, h, samples, layers int) (*DepthTarget, error) {
	var r float64
	switch format {
	case texel.Depth16Unorm:
		r = 1.0 / 65536
	case texel.Depth24Unorm_Stencil8:
		r = 1.0 / (1 << 24)
	case texel.Depth32Float, texel.Depth32Float_Stencil8:
	default:
		return nil, fmt.Errorf("raster: depth target format %v is not a depth format", format)
	}
	if err := checkSize("depth target", w, h, samples, layers); err != nil {
		return nil, err
	}
	t := &DepthTarget{Format: format, Width: w, Height: h, Samples: samples, Layers: layers,
		lay: newLayout(w, h, samples, layers), q: newQuantizer(format), r: r}
	t.data = make([]float32, t.lay.pixels()*samples)
	return t, nil
}

// Clear sets every sample to z quantized (clearDepth).
func (t *DepthTarget) Clear(z float64) {
	t.pending, t.clearVal = true, t.q.quantDepth(float32(z))
}

func (t *DepthTarget) materialize() {
	if t.pending {
		fillF32(t.data, t.clearVal)
		t.pending = false
	}
}

func (t *DepthTarget) clearBlock(blk int) {
	n := blockSize * blockSize * t.Samples
	fillF32(t.data[blk*n:(blk+1)*n], t.clearVal)
}

func fillF32(d []float32, v float32) {
	for i := range d {
		d[i] = v
	}
}

// Read returns one sample's depth (0 out of range).
func (t *DepthTarget) Read(x, y, sample, layer int) float32 {
	if x < 0 || y < 0 || x >= t.Width || y >= t.Height || sample < 0 || sample >= t.Samples || layer < 0 || layer >= t.Layers {
		return 0
	}
	if t.pending {
		return t.clearVal
	}
	return t.data[t.lay.pixel(x, y, layer)*t.Samples+sample]
}

// Load fills the target from tex's depth (load action load).
func (t *DepthTarget) Load(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("depth load", tex, level, slice, depthPlane, t.Samples, true)
}

// Store writes the target's depth into tex (combined formats keep their
// stencil).
func (t *DepthTarget) Store(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("depth store", tex, level, slice, depthPlane, t.Samples, false)
}

// Resolve writes sample 0 of each pixel into the single-sample tex (Metal's
// default depth resolve filter).
func (t *DepthTarget) Resolve(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("depth resolve", tex, level, slice, depthPlane, 1, false)
}

func (t *DepthTarget) copyTex(what string, tex *texel.Texture, level, slice, depthPlane, samples int, load bool) error {
	if err := checkTexture(what, tex, t.Format, level, slice, depthPlane, t.Width, t.Height, samples, t.Layers, false); err != nil {
		return err
	}
	f := tex.Format()
	if !f.IsDepth() {
		return fmt.Errorf("raster: %s: texture format %v has no depth", what, f)
	}
	if load {
		t.pending = false
	} else {
		t.materialize()
	}
	eachTexel(tex, &t.lay, t.Width, t.Height, t.Layers, t.Samples, samples, level, slice, depthPlane, func(b []byte, i int) {
		if load {
			v, _ := texel.DecodeFloat(f, b)
			t.data[i] = t.q.quantDepth(v[0])
		} else {
			_ = texel.EncodeFloat(f, b, [4]float32{t.data[i], 0, 0, 1})
		}
	})
	return nil
}

// StencilTarget is a stencil attachment's storage: uint8 per sample.
// Format is the attachment's format (Stencil8, Depth24Unorm_Stencil8,
// Depth32Float_Stencil8, X24_Stencil8 or X32_Stencil8).
type StencilTarget struct {
	Format                         texel.PixelFormat
	Width, Height, Samples, Layers int

	lay  layout
	data []uint8

	pending  bool // deferred clear (see ColorTarget)
	clearVal uint8
}

// NewStencilTarget allocates a stencil target.
func NewStencilTarget(format texel.PixelFormat, w, h, samples, layers int) (*StencilTarget, error) {
	if !format.IsStencil() {
		return nil, fmt.Errorf("raster: stencil target format %v has no stencil", format)
	}
	if err := checkSize("stencil target", w, h, samples, layers); err != nil {
		return nil, err
	}
	t := &StencilTarget{Format: format, Width: w, Height: h, Samples: samples, Layers: layers,
		lay: newLayout(w, h, samples, layers)}
	t.data = make([]uint8, t.lay.pixels()*samples)
	return t, nil
}

// Clear sets every sample to the low 8 bits of v (clearStencil).
func (t *StencilTarget) Clear(v uint32) {
	t.pending, t.clearVal = true, uint8(v)
}

func (t *StencilTarget) materialize() {
	if t.pending {
		fillU8(t.data, t.clearVal)
		t.pending = false
	}
}

func (t *StencilTarget) clearBlock(blk int) {
	n := blockSize * blockSize * t.Samples
	fillU8(t.data[blk*n:(blk+1)*n], t.clearVal)
}

func fillU8(d []uint8, v uint8) {
	for i := range d {
		d[i] = v
	}
}

// Read returns one sample's stencil value (0 out of range).
func (t *StencilTarget) Read(x, y, sample, layer int) uint8 {
	if x < 0 || y < 0 || x >= t.Width || y >= t.Height || sample < 0 || sample >= t.Samples || layer < 0 || layer >= t.Layers {
		return 0
	}
	if t.pending {
		return t.clearVal
	}
	return t.data[t.lay.pixel(x, y, layer)*t.Samples+sample]
}

// Load fills the target from tex's stencil.
func (t *StencilTarget) Load(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("stencil load", tex, level, slice, depthPlane, t.Samples, true)
}

// Store writes the target's stencil into tex (combined formats keep their
// depth).
func (t *StencilTarget) Store(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("stencil store", tex, level, slice, depthPlane, t.Samples, false)
}

// Resolve writes sample 0 of each pixel into the single-sample tex.
func (t *StencilTarget) Resolve(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.copyTex("stencil resolve", tex, level, slice, depthPlane, 1, false)
}

func (t *StencilTarget) copyTex(what string, tex *texel.Texture, level, slice, depthPlane, samples int, load bool) error {
	if err := checkTexture(what, tex, t.Format, level, slice, depthPlane, t.Width, t.Height, samples, t.Layers, false); err != nil {
		return err
	}
	f := tex.Format()
	if !f.IsStencil() {
		return fmt.Errorf("raster: %s: texture format %v has no stencil", what, f)
	}
	if load {
		t.pending = false
	} else {
		t.materialize()
	}
	eachTexel(tex, &t.lay, t.Width, t.Height, t.Layers, t.Samples, samples, level, slice, depthPlane, func(b []byte, i int) {
		if load {
			v, _ := texel.DecodeUint(f, b)
			t.data[i] = uint8(v[0])
		} else {
			_ = texel.EncodeUint(f, b, [4]uint32{uint32(t.data[i])})
		}
	})
	return nil
}

// eachTexel calls fn with the bytes of every texel of tex that a target of
// w×h pixels and the given layers covers (samples 0..samples-1 of each
// pixel) and the index of the matching sample in the target's data, whose
// pixels hold perPixel samples each.
func eachTexel(tex *texel.Texture, lay *layout, w, h, layers, perPixel, samples, level, slice, depthPlane int, fn func(b []byte, i int)) {
	data, bpp := tex.Data(), tex.Format().BytesPerPixel()
	for l := range layers {
		sl, z := texLayer(tex, slice, depthPlane, l)
		for y := range h {
			for x := range w {
				p := lay.pixel(x, y, l) * perPixel
				for s := range samples {
					off, _ := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Z: uint32(z), Slice: uint32(sl), Level: uint32(level), Sample: uint32(s)})
					fn(data[off:off+bpp], p+s)
				}
			}
		}
	}
}
