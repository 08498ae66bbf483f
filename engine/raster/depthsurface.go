package raster

import (
	"fmt"
	"math/bits"

	"github.com/ingot-render/ingot/internal/texel"
)

// DepthTarget is a depth attachment's storage: float32 per sample, quantized
// to Format (Depth16Unorm, Depth32Float, Depth24Unorm_Stencil8 or
// Depth32Float_Stencil8). Its Format, Width, Height, Samples and Layers
// fields describe it; treat them as read-only.
type DepthTarget struct {
	sampleStore[float32]
	q quantizer
	// r is the minimum resolvable difference of unorm formats (0 for float).
	r float64
}

// sampleStore is the storage of a depth or stencil target: one T per
// sample in the pass layout, with a deferred clear (see ColorTarget).
type sampleStore[T float32 | uint8] struct {
	Format                         texel.PixelFormat
	Width, Height, Samples, Layers int

	lay      layout
	data     []T
	pending  bool
	clearVal T
	// Blocks whose clear Flush deferred past the pass (bit blk; nlazy of
	// them; see ColorTarget): every access applies them first (settle).
	lazy  []uint64
	nlazy int
}

// deferBlock marks storage block blk as holding the clear value without
// writing it.
func (t *sampleStore[T]) deferBlock(blk int) {
	if t.lazy == nil {
		t.lazy = make([]uint64, (t.lay.pixels()/(blockSize*blockSize)+63)/64)
	}
	if t.lazy[blk>>6]&(1<<(blk&63)) == 0 {
		t.lazy[blk>>6] |= 1 << (blk & 63)
		t.nlazy++
	}
}

// dropLazy forgets the deferred clears (a new clear covers them).
func (t *sampleStore[T]) dropLazy() {
	if t.nlazy != 0 {
		clear(t.lazy)
		t.nlazy = 0
	}
}

// settle applies the deferred clears of blocks to the storage.
func (t *sampleStore[T]) settle() {
	if t.nlazy == 0 {
		return
	}
	for i, w := range t.lazy {
		for ; w != 0; w &= w - 1 {
			t.clearBlock(i<<6 + bits.TrailingZeros64(w))
		}
	}
	clear(t.lazy)
	t.nlazy = 0
}

func newSampleStore[T float32 | uint8](format texel.PixelFormat, w, h, samples, layers int) sampleStore[T] {
	s := sampleStore[T]{Format: format, Width: w, Height: h, Samples: samples, Layers: layers, lay: newLayout(w, h, samples, layers)}
	s.data = make([]T, s.lay.pixels()*samples)
	return s
}

func (t *sampleStore[T]) materialize() {
	if t.pending {
		fill(t.data, t.clearVal)
		t.pending = false
	}
}

func (t *sampleStore[T]) clearBlock(blk int) {
	n := blockSize * blockSize * t.Samples
	fill(t.data[blk*n:(blk+1)*n], t.clearVal)
}

// clearPixels applies a pending clear to n pixels from pixel index pix.
func (t *sampleStore[T]) clearPixels(pix, n int) {
	fill(t.data[pix*t.Samples:(pix+n)*t.Samples], t.clearVal)
}

func fill[T float32 | uint8](d []T, v T) {
	if len(d) == 0 {
		return
	}
	// One element, then copies of what is filled so far (memmove).
	d[0] = v
	for n := 1; n < len(d); n *= 2 {
		copy(d[n:], d[:n])
	}
}

// read returns one sample (0 out of range).
func (t *sampleStore[T]) read(x, y, sample, layer int) T {
	if x < 0 || y < 0 || x >= t.Width || y >= t.Height || sample < 0 || sample >= t.Samples || layer < 0 || layer >= t.Layers {
		return 0
	}
	if t.pending {
		return t.clearVal
	}
	t.settle()
	return t.data[t.lay.pixel(x, y, layer)*t.Samples+sample]
}

// prepare starts a copy between the target and a texture: a load drops
// the pending clear, a store applies it.
func (t *sampleStore[T]) prepare(load bool) {
	t.settle()
	if load {
		t.pending = false
	} else {
		t.materialize()
	}
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
	return &DepthTarget{sampleStore: newSampleStore[float32](format, w, h, samples, layers), q: newQuantizer(format), r: r}, nil
}

// Clear sets every sample to z quantized (clearDepth).
func (t *DepthTarget) Clear(z float64) {
	t.dropLazy() // every block takes the new clear
	t.pending, t.clearVal = true, t.q.quantDepth(float32(z))
}

// Read returns one sample's depth (0 out of range).
func (t *DepthTarget) Read(x, y, sample, layer int) float32 { return t.read(x, y, sample, layer) }

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
	t.prepare(load)
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
// Depth32Float_Stencil8, X24_Stencil8 or X32_Stencil8). Its Format,
// Width, Height, Samples and Layers fields describe it; treat them as
// read-only.
type StencilTarget struct {
	sampleStore[uint8]
}

// NewStencilTarget allocates a stencil target.
func NewStencilTarget(format texel.PixelFormat, w, h, samples, layers int) (*StencilTarget, error) {
	if !format.IsStencil() {
		return nil, fmt.Errorf("raster: stencil target format %v has no stencil", format)
	}
	if err := checkSize("stencil target", w, h, samples, layers); err != nil {
		return nil, err
	}
	return &StencilTarget{newSampleStore[uint8](format, w, h, samples, layers)}, nil
}

// Clear sets every sample to the low 8 bits of v (clearStencil).
func (t *StencilTarget) Clear(v uint32) {
	t.dropLazy() // every block takes the new clear
	t.pending, t.clearVal = true, uint8(v)
}

// Read returns one sample's stencil value (0 out of range).
func (t *StencilTarget) Read(x, y, sample, layer int) uint8 { return t.read(x, y, sample, layer) }

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
	t.prepare(load)
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
