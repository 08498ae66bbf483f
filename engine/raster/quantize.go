package raster

import (
	"math"

	"github.com/ingot-render/ingot/internal/fmath"

	"github.com/ingot-render/ingot/internal/texel"
)

// quantizer rounds values to what a pixel format can hold, as the value a
// read of the stored texel returns (sRGB in linear space, integers as bit
// patterns).
type quantizer struct {
	f     texel.PixelFormat
	kind  texel.Kind
	bpp   int
	fast  uint8 // fastNone, fastRGBA8, fastSRGB8, fastF32, fastF16
	depth bool
	lut   [256]float32 // fastRGBA8: unorm8 decode; fastSRGB8: sRGB decode
	lin   [256]float32
}

const (
	fastNone = iota
	fastRGBA8
	fastSRGB8
	fastF32
)

func newQuantizer(f texel.PixelFormat) quantizer {
	q := quantizer{f: f, kind: f.Kind(), bpp: f.BytesPerPixel(), depth: f.IsDepth()}
	switch f {
	case texel.RGBA8Unorm, texel.BGRA8Unorm:
		q.fast = fastRGBA8
	case texel.RGBA8Unorm_sRGB, texel.BGRA8Unorm_sRGB:
		q.fast = fastSRGB8
	case texel.RGBA32Float, texel.R32Float, texel.Depth32Float, texel.Depth32Float_Stencil8:
		q.fast = fastF32
	}
	for i := range 256 {
		q.lin[i] = float32(i) / 255
		v, _ := texel.DecodeFloat(texel.RGBA8Unorm_sRGB, []byte{byte(i), byte(i), byte(i), byte(i)})
		q.lut[i] = v[0]
	}
	return q
}

// unorm8 is texel's float→unorm8 rounding: clamp, round half to even, NaN
// 0. x = f·255 is exact in float64 and the only float32 f with a tie
// (f·255 = k + ½) in range is 0.5, whose tie 127.5 rounds to the even 128, so
// adding ½ and truncating is the same rounding (checked by
// TestQuantizerFastPathsMatchTexel).
func unorm8(f float32) uint8 {
	x := float64(f) * 255
	if !(x > 0) {
		return 0
	}
	if x >= 255 {
		return 255
	}
	return uint8(x + 0.5)
}

// unorm8LinGo is unorm8Lin in Go.
func unorm8LinGo(dst, src []float32) {
	dst = dst[:len(src)]
	for i, f := range src {
		dst[i] = float32(unorm8(f)) / 255
	}
}

// clampf clamps v to [lo, hi]; NaN stays NaN (as min(max(v, lo), hi)).
func clampf(v, lo, hi float32) float32 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// srgb8 is texel's linear→sRGB8 encoding (NaN → 0, clamped).
func srgb8(f float32) uint8 { return fmath.LinearToSRGB8(f) }

// exact reports whether the format holds every float32 as it is (quant
// leaves every value, and blending clamps none).
func (q *quantizer) exact() bool { return q.f == texel.RGBA32Float }

// quant rounds v in place to the format.
func (q *quantizer) quant(v *[4]float32) {
	switch q.fast {
	case fastRGBA8:
		for c := range 4 {
			v[c] = q.lin[unorm8(v[c])]
		}
		return
	case fastSRGB8:
		for c := range 3 {
			v[c] = q.lut[srgb8(v[c])]
		}
		v[3] = q.lin[unorm8(v[3])]
		return
	case fastF32:
		if q.f == texel.RGBA32Float {
			return
		}
		*v = [4]float32{v[0], 0, 0, 1}
		return
	}
	var buf [16]byte
	b := buf[:q.bpp]
	switch q.kind {
	case texel.KindUint:
		_ = texel.EncodeUint(q.f, b, [4]uint32{math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]), math.Float32bits(v[3])})
		r, _ := texel.DecodeUint(q.f, b)
		for c := range 4 {
			v[c] = math.Float32frombits(r[c])
		}
	case texel.KindSint:
		_ = texel.EncodeInt(q.f, b, [4]int32{int32(math.Float32bits(v[0])), int32(math.Float32bits(v[1])), int32(math.Float32bits(v[2])), int32(math.Float32bits(v[3]))})
		r, _ := texel.DecodeInt(q.f, b)
		for c := range 4 {
			v[c] = math.Float32frombits(uint32(r[c]))
		}
	default:
		_ = texel.EncodeFloat(q.f, b, *v)
		*v, _ = texel.DecodeFloat(q.f, b)
	}
}

// quantDepth rounds a depth value to the depth format.
func (q *quantizer) quantDepth(z float32) float32 {
	if q.fast == fastF32 {
		return z
	}
	v := [4]float32{z, 0, 0, 1}
	q.quant(&v)
	return v[0]
}

// clampRange returns the range blending clamps source and result to (unorm
// [0,1], snorm [-1,1]); ok is false for float formats (no clamp).
func (q *quantizer) clampRange() (lo, hi float32, ok bool) {
	switch q.kind {
	case texel.KindUnorm:
		return 0, 1, true
	case texel.KindSnorm:
		return -1, 1, true
	}
	return 0, 0, false
}
