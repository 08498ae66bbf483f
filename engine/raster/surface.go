package raster

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"sync"

	"github.com/ingot-render/ingot/internal/lane"
	"github.com/ingot-render/ingot/internal/texel"
)

// ColorTarget is a colour attachment's storage for a pass: W×H pixels ×
// Samples × Layers, float32×4 per sample, always exactly representable in
// Format (every write is quantized; sRGB values are kept linear; integer
// formats as bit patterns).
type ColorTarget struct {
	Format                         texel.PixelFormat
	Width, Height, Samples, Layers int

	lay  layout
	q    quantizer
	data []float32 // 4 per sample

	// A clear is deferred until the storage is touched: a pass clears each
	// tile's blocks when its worker starts the tile (cache-hot), everything
	// else clears the whole target first.
	pending  bool
	clearVal [4]float32
	// Blocks of tiles a pass drew nothing into keep their clear deferred
	// past the pass (bit blk of lazy; nlazy of them): a store and a
	// resolve into RGBA32Float write the clear value's texels for them
	// without touching the storage, every other access applies them first
	// (settle).
	lazy  []uint64
	nlazy int
}

// deferBlock marks storage block blk as holding the clear value without
// writing it (Flush, for the blocks of tiles with nothing to draw).
func (t *ColorTarget) deferBlock(blk int) {
	if t.lazy == nil {
		t.lazy = make([]uint64, (t.lay.pixels()/(blockSize*blockSize)+63)/64)
	}
	if t.lazy[blk>>6]&(1<<(blk&63)) == 0 {
		t.lazy[blk>>6] |= 1 << (blk & 63)
		t.nlazy++
	}
}

// lazyBlock reports whether block blk's clear is deferred.
func (t *ColorTarget) lazyBlock(blk int) bool {
	return t.nlazy != 0 && t.lazy[blk>>6]&(1<<(blk&63)) != 0
}

// dropLazy forgets the deferred clears (a new clear covers them).
func (t *ColorTarget) dropLazy() {
	if t.nlazy != 0 {
		clear(t.lazy)
		t.nlazy = 0
	}
}

// settle applies the deferred clears of blocks to the storage.
func (t *ColorTarget) settle() {
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

// checkSize validates target dimensions.
func checkSize(what string, w, h, samples, layers int) error {
	switch {
	case w <= 0 || h <= 0 || w > texel.MaxDimension2D || h > texel.MaxDimension2D:
		return fmt.Errorf("raster: %s size %d×%d out of range [1, %d]", what, w, h, texel.MaxDimension2D)
	case !validSamples(samples):
		return fmt.Errorf("raster: %s sample count %d (want 1, 2, 4 or 8)", what, samples)
	case layers <= 0 || layers > texel.MaxArrayLength:
		return fmt.Errorf("raster: %s layer count %d out of range [1, %d]", what, layers, texel.MaxArrayLength)
	}
	return nil
}

// NewColorTarget allocates a colour target of a colour pixel format.
func NewColorTarget(format texel.PixelFormat, w, h, samples, layers int) (*ColorTarget, error) {
	info, ok := format.Info()
	if !ok || info.Depth || info.Stencil {
		return nil, fmt.Errorf("raster: colour target format %v is not a colour format", format)
	}
	if err := checkSize("colour target", w, h, samples, layers); err != nil {
		return nil, err
	}
	t := &ColorTarget{Format: format, Width: w, Height: h, Samples: samples, Layers: layers,
		lay: newLayout(w, h, samples, layers), q: newQuantizer(format)}
	t.data = make([]float32, t.lay.pixels()*samples*4)
	return t, nil
}

// Clear sets every sample to v quantized (the clear load action; Metal's
// clearColor is double; integer formats take the integer values of v).
func (t *ColorTarget) Clear(v [4]float64) {
	var c [4]float32
	switch t.q.kind {
	case texel.KindUint:
		for i := range 4 {
			c[i] = math.Float32frombits(uint32(satInt(v[i], 0, math.MaxUint32)))
		}
	case texel.KindSint:
		for i := range 4 {
			c[i] = math.Float32frombits(uint32(int32(satInt(v[i], math.MinInt32, math.MaxInt32))))
		}
	default:
		c = [4]float32{float32(v[0]), float32(v[1]), float32(v[2]), float32(v[3])}
	}
	t.q.quant(&c)
	t.dropLazy() // every block takes the new clear
	t.pending, t.clearVal = true, c
}

// materialize applies a pending clear to the whole target.
func (t *ColorTarget) materialize() {
	if !t.pending {
		return
	}
	t.fillRange(0, len(t.data))
	t.pending = false
}

// fillRange writes the clear value to data[i0:i1] (multiples of 4).
func (t *ColorTarget) fillRange(i0, i1 int) {
	c := t.clearVal
	d := t.data[i0:i1]
	if len(d) < 4 {
		return
	}
	// One texel, then copies of what is filled so far (memmove).
	d[0], d[1], d[2], d[3] = c[0], c[1], c[2], c[3]
	for n := 4; n < len(d)&^3; n *= 2 {
		copy(d[n:len(d)&^3], d[:n])
	}
}

// clearBlock applies a pending clear to storage block blk.
func (t *ColorTarget) clearBlock(blk int) {
	n := blockSize * blockSize * t.Samples * 4
	t.fillRange(blk*n, (blk+1)*n)
}

// clearPixels applies a pending clear to n pixels from pixel index pix
// (one row of a tile inside a block).
func (t *ColorTarget) clearPixels(pix, n int) {
	k := t.Samples * 4
	t.fillRange(pix*k, (pix+n)*k)
}

// satInt converts v to an integer saturated to [lo, hi] (NaN → 0).
func satInt(v, lo, hi float64) int64 {
	switch {
	case v != v:
		return 0
	case v <= lo:
		return int64(lo)
	case v >= hi:
		return int64(hi)
	}
	return int64(v)
}

// Read returns the stored value of one sample (for tests and readback).
// Out-of-range coordinates return zeros.
func (t *ColorTarget) Read(x, y, sample, layer int) [4]float32 {
	if x < 0 || y < 0 || x >= t.Width || y >= t.Height || sample < 0 || sample >= t.Samples || layer < 0 || layer >= t.Layers {
		return [4]float32{}
	}
	if t.pending {
		return t.clearVal
	}
	t.settle()
	i := (t.lay.pixel(x, y, layer)*t.Samples + sample) * 4
	return [4]float32(t.data[i : i+4])
}

// sampleIndex returns the index in data of sample s of pixel p.
func (t *ColorTarget) sampleIndex(p, s int) int { return (p*t.Samples + s) * 4 }

// texLayer maps target layer l to a texture slice and depth plane.
func texLayer(tex *texel.Texture, slice, depthPlane, l int) (sl, z int) {
	if tex.Descriptor().TextureType == texel.Type3D {
		return slice, depthPlane + l
	}
	return slice + l, depthPlane
}

// checkTexture validates that tex can hold a w×h×layers region at level with
// the given format and sample count.
func checkTexture(what string, tex *texel.Texture, format texel.PixelFormat, level, slice, depthPlane, w, h, samples, layers int, sameFormat bool) error {
	if tex == nil {
		return fmt.Errorf("raster: %s: nil texture", what)
	}
	d := tex.Descriptor()
	if sameFormat && d.PixelFormat != format {
		return fmt.Errorf("raster: %s: texture format %v differs from target format %v", what, d.PixelFormat, format)
	}
	if d.SampleCount != samples {
		return fmt.Errorf("raster: %s: texture sample count %d, want %d", what, d.SampleCount, samples)
	}
	if level < 0 || level >= tex.MipLevels() {
		return fmt.Errorf("raster: %s: level %d out of range [0, %d)", what, level, tex.MipLevels())
	}
	if tex.Width(level) < w || tex.Height(level) < h {
		return fmt.Errorf("raster: %s: level %d is %d×%d, smaller than the %d×%d target", what, level, tex.Width(level), tex.Height(level), w, h)
	}
	if slice < 0 || depthPlane < 0 {
		return fmt.Errorf("raster: %s: negative slice %d or depth plane %d", what, slice, depthPlane)
	}
	sl, z := texLayer(tex, slice, depthPlane, layers-1)
	if _, ok := tex.Offset(texel.Loc{Slice: uint32(sl), Z: uint32(z), Level: uint32(level)}); !ok {
		return fmt.Errorf("raster: %s: %d layers from slice %d / depth plane %d exceed the texture", what, layers, slice, depthPlane)
	}
	return nil
}

// Load fills the target from tex (the load action load); target layer l
// reads slice+l, or depth plane depthPlane+l of a 3D texture.
func (t *ColorTarget) Load(tex *texel.Texture, level, slice, depthPlane int) error {
	if err := checkTexture("colour load", tex, t.Format, level, slice, depthPlane, t.Width, t.Height, t.Samples, t.Layers, true); err != nil {
		return err
	}
	t.pending = false
	t.settle() // the padding of the last blocks keeps the clear value
	data, bpp := tex.Data(), t.Format.BytesPerPixel()
	for l := range t.Layers {
		sl, z := texLayer(tex, slice, depthPlane, l)
		for y := range t.Height {
			for x := range t.Width {
				p := t.lay.pixel(x, y, l)
				for s := range t.Samples {
					off, _ := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Z: uint32(z), Slice: uint32(sl), Level: uint32(level), Sample: uint32(s)})
					v := decodeTexel(t.Format, t.q.kind, data[off:off+bpp])
					copy(t.data[t.sampleIndex(p, s):], v[:])
				}
			}
		}
	}
	return nil
}

// decodeTexel reads one texel as the target keeps it.
func decodeTexel(f texel.PixelFormat, k texel.Kind, b []byte) [4]float32 {
	var v [4]float32
	switch k {
	case texel.KindUint:
		u, _ := texel.DecodeUint(f, b)
		for c := range 4 {
			v[c] = math.Float32frombits(u[c])
		}
	case texel.KindSint:
		u, _ := texel.DecodeInt(f, b)
		for c := range 4 {
			v[c] = math.Float32frombits(uint32(u[c]))
		}
	default:
		v, _ = texel.DecodeFloat(f, b)
	}
	return v
}

// encodeTexel writes one texel from the target's representation.
func encodeTexel(f texel.PixelFormat, k texel.Kind, b []byte, v [4]float32) {
	switch k {
	case texel.KindUint:
		_ = texel.EncodeUint(f, b, [4]uint32{math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])})
	case texel.KindSint:
		_ = texel.EncodeInt(f, b, [4]int32{int32(math.Float32bits(v[0])), int32(math.Float32bits(v[1])), int32(math.Float32bits(v[2])), int32(math.Float32bits(v[3]))})
	default:
		_ = texel.EncodeFloat(f, b, v)
	}
}

// Store writes the target into tex (the store action store), layers as Load.
func (t *ColorTarget) Store(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.StoreWorkers(tex, level, slice, depthPlane, 1)
}

// StoreWorkers is Store converting on up to workers goroutines (rows of
// single-sample 8-bit unorm targets split among them); the texture's bytes
// are the same for any workers.
func (t *ColorTarget) StoreWorkers(tex *texel.Texture, level, slice, depthPlane, workers int) error {
	if err := checkTexture("colour store", tex, t.Format, level, slice, depthPlane, t.Width, t.Height, t.Samples, t.Layers, true); err != nil {
		return err
	}
	t.materialize()
	data, bpp := tex.Data(), t.Format.BytesPerPixel()
	if t.storeUnorm8(tex, level, slice, depthPlane, workers) {
		return nil
	}
	t.settle()
	for l := range t.Layers {
		sl, z := texLayer(tex, slice, depthPlane, l)
		for y := range t.Height {
			for x := range t.Width {
				p := t.lay.pixel(x, y, l)
				for s := range t.Samples {
					off, _ := tex.Offset(texel.Loc{X: uint32(x), Y: uint32(y), Z: uint32(z), Slice: uint32(sl), Level: uint32(level), Sample: uint32(s)})
					i := t.sampleIndex(p, s)
					encodeTexel(t.Format, t.q.kind, data[off:off+bpp], [4]float32(t.data[i:i+4]))
				}
			}
		}
	}
	return nil
}

// Resolve writes the average of each pixel's samples into the single-sample
// tex (the multisample resolve store action; integer formats take sample 0).
// tex's format may differ from the target's (it is re-encoded).
func (t *ColorTarget) Resolve(tex *texel.Texture, level, slice, depthPlane int) error {
	return t.ResolveWorkers(tex, level, slice, depthPlane, 1)
}

// ResolveWorkers is Resolve with bands of rows on up to workers goroutines
// (each pixel depends only on its own samples: the bytes do not depend on
// workers).
func (t *ColorTarget) ResolveWorkers(tex *texel.Texture, level, slice, depthPlane, workers int) error {
	if err := checkTexture("colour resolve", tex, t.Format, level, slice, depthPlane, t.Width, t.Height, 1, t.Layers, false); err != nil {
		return err
	}
	df := tex.Format()
	dk := df.Kind()
	if dk.IsInteger() != t.q.kind.IsInteger() || df.IsDepth() || df.IsStencil() {
		return fmt.Errorf("raster: colour resolve: texture format %v incompatible with %v", df, t.Format)
	}
	t.materialize()
	n := float32(t.Samples)
	avg := !t.q.kind.IsInteger() && t.Samples > 1
	f32 := avg && df == texel.RGBA32Float
	if !f32 {
		t.settle() // resolveRowsF32 resolves deferred clears without writing them
	}
	data, bpp := tex.Data(), df.BytesPerPixel()
	for l := range t.Layers {
		sl, z := texLayer(tex, slice, depthPlane, l)
		off, bpr, bpi, err := tex.LevelLayout(sl, level)
		if err != nil {
			return fmt.Errorf("raster: colour resolve: %w", err)
		}
		base := off + z*bpi
		if f32 {
			parallelRows(t.Height, workers, func(y0, y1 int) { t.resolveRowsF32(data[base:], bpr, l, y0, y1) })
			continue
		}
		rows := func(y0, y1 int) {
			for y := y0; y < y1; y++ {
				row := data[base+y*bpr:][:t.Width*bpp]
				for x := range t.Width {
					i := t.sampleIndex(t.lay.pixel(x, y, l), 0)
					v := [4]float32(t.data[i : i+4])
					if avg {
						for s := 1; s < t.Samples; s++ {
							w := t.data[i+4*s : i+4*s+4 : i+4*s+4]
							v[0], v[1], v[2], v[3] = v[0]+w[0], v[1]+w[1], v[2]+w[2], v[3]+w[3]
						}
						v[0], v[1], v[2], v[3] = v[0]/n, v[1]/n, v[2]/n, v[3]/n
					}
					encodeTexel(df, dk, row[x*bpp:(x+1)*bpp], v)
				}
			}
		}
		parallelRows(t.Height, workers, rows)
	}
	return nil
}

// resolveRowsF32 is ResolveWorkers' loop for a float target resolved into
// RGBA32Float texels (rows bpr bytes apart in dst): each pixel's samples
// summed in order and divided by their count, the same operations, run
// along the layout's block rows. A block whose clear is deferred
// (lazyBlock) holds the clear value in every sample: its pixels take that
// value's resolve, and its storage is left as it is.
func (t *ColorTarget) resolveRowsF32(dst []byte, bpr, layer, y0, y1 int) {
	ns := t.Samples
	var clr [4]float32
	if t.nlazy != 0 {
		var s [4 * 8]float32
		for k := range ns {
			copy(s[4*k:4*k+4], t.clearVal[:])
		}
		resolvePixelF32(clr[:], s[:4*ns], ns)
	}
	for y := y0; y < y1; y++ {
		row := dst[y*bpr:][:16*t.Width]
		for x0 := 0; x0 < t.Width; x0 += blockSize {
			x1 := min(x0+blockSize, t.Width)
			pix := t.lay.pixel(x0, y, layer)
			o := row[16*x0 : 16*x1]
			if t.lazyBlock(pix >> (2 * blockShift)) {
				for k := 0; k < len(o); k += 16 {
					c := o[k : k+16 : k+16]
					binary.LittleEndian.PutUint32(c[0:], math.Float32bits(clr[0]))
					binary.LittleEndian.PutUint32(c[4:], math.Float32bits(clr[1]))
					binary.LittleEndian.PutUint32(c[8:], math.Float32bits(clr[2]))
					binary.LittleEndian.PutUint32(c[12:], math.Float32bits(clr[3]))
				}
				continue
			}
			i := t.sampleIndex(pix, 0)
			src := t.data[i : i+4*ns*(x1-x0)]
			if useResolveAsm {
				resolveF32AVX(&o[0], &src[0], x1-x0, ns, 1/float32(ns))
				continue
			}
			for x := range x1 - x0 {
				var v [4]float32
				resolvePixelF32(v[:], src[4*ns*x:4*ns*(x+1)], ns)
				c := o[16*x : 16*x+16 : 16*x+16]
				binary.LittleEndian.PutUint32(c[0:], math.Float32bits(v[0]))
				binary.LittleEndian.PutUint32(c[4:], math.Float32bits(v[1]))
				binary.LittleEndian.PutUint32(c[8:], math.Float32bits(v[2]))
				binary.LittleEndian.PutUint32(c[12:], math.Float32bits(v[3]))
			}
		}
	}
}

// resolvePixelF32 sets v (four components) to the mean of the ns samples
// of one pixel in s: summed in sample order, then divided by ns.
func resolvePixelF32(v, s []float32, ns int) {
	n := float32(ns)
	v0, v1, v2, v3 := s[0], s[1], s[2], s[3]
	for k := 4; k < 4*ns; k += 4 {
		w := s[k : k+4 : k+4]
		v0, v1, v2, v3 = v0+w[0], v1+w[1], v2+w[2], v3+w[3]
	}
	v[0], v[1], v[2], v[3] = v0/n, v1/n, v2/n, v3/n
}

// storeUnorm8 is Store for single-sample RGBA8Unorm and BGRA8Unorm
// targets, row by row: the stored values are multiples of 1/255, so
// v·255 + 0.5 truncated is their byte, as texel.EncodeFloat writes it. It
// reports false for other targets.
func (t *ColorTarget) storeUnorm8(tex *texel.Texture, level, slice, depthPlane, workers int) bool {
	bgra := t.Format == texel.BGRA8Unorm
	if t.Samples != 1 || (t.Format != texel.RGBA8Unorm && !bgra) {
		return false
	}
	data := tex.Data()
	// The texel of the clear value, for the blocks whose clear is deferred
	// (the bytes the storage would give once cleared).
	var cl [4 * blockSize]byte
	if t.nlazy != 0 {
		var row [4 * blockSize]float32
		for i := 0; i < len(row); i += 4 {
			copy(row[i:i+4], t.clearVal[:])
		}
		storeRow8(cl[:], row[:], bgra)
	}
	for l := range t.Layers {
		sl, z := texLayer(tex, slice, depthPlane, l)
		off, bpr, bpi, err := tex.LevelLayout(sl, level)
		if err != nil {
			return false
		}
		rows := func(y0, y1 int) {
			for y := y0; y < y1; y++ {
				row := data[off+z*bpi+y*bpr:][:4*t.Width]
				// A block's pixels of one row are contiguous.
				for x0 := 0; x0 < t.Width; x0 += blockSize {
					n := min(blockSize, t.Width-x0)
					pix := t.lay.pixel(x0, y, l)
					dst := row[4*x0:][:4*n]
					if t.lazyBlock(pix >> (2 * blockShift)) {
						copy(dst, cl[:])
						continue
					}
					storeRow8(dst, t.data[4*pix:][:4*n], bgra)
				}
			}
		}
		parallelRows(t.Height, workers, rows)
	}
	return true
}

// minStoreRows is the fewest rows per goroutine of a parallel store.
const minStoreRows = 64

// parallelRows runs rows over [0, h) in bands of at least minStoreRows
// rows on up to workers goroutines.
func parallelRows(h, workers int, rows func(y0, y1 int)) {
	k := min(workers, h/minStoreRows)
	if k <= 1 {
		rows(0, h)
		return
	}
	var wg sync.WaitGroup
	for i := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows(h*i/k, h*(i+1)/k)
		}()
	}
	wg.Wait()
}

// storeRow8 converts the quantized unorm8 texels src (4 floats each) into
// the bytes dst (lane.PackUnorm8: v·255 + 0.5 truncated, B and R swapped
// for bgra).
func storeRow8(dst []byte, src []float32, bgra bool) { lane.PackUnorm8(dst, src, bgra) }
