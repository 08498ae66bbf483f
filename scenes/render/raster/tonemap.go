package raster

import (
	"image"
	"math"
	"sync"

	"github.com/ingot-render/ingot/scenes/render/internal/kernel"
)

// srgbShift drops the low mantissa bits of a display-linear float32 to
// index srgbCodes.
const srgbShift = 15

// srgbTables are the tables of encodeSRGB8: bit for bit
// kernel.EncodeSRGB (a monotonic function of v) without its power
// function.
type srgbTables struct {
	// thresholds[k] is the least value kernel.EncodeSRGB maps to code k
	// or above (k in 1…255; thresholds[0] is −∞).
	thresholds [256]float32
	// codes[i] is the code of the least float32 whose bits shifted right
	// by srgbShift are i, for i below the bits of 1: a bucket of 2^15
	// consecutive floats (8 mantissa bits kept, a relative width of 2^-8)
	// holds at most one threshold, where codes step by 1/255 at least
	// 0.0089 apart near 1 (TestEncodeSRGB8 checks every bucket).
	codes [0x3f800000>>srgbShift + 1]uint8
	// fused holds, for the buckets from that of srgbFusedLow to that of
	// 1, the code of the bucket plus 1 in the high 16 bits and, in the
	// low 16, the low srgbShift bits of the bucket's threshold (the
	// next code's; 1<<srgbShift where the bucket has none): the row
	// kernel's encoding, one lookup a value (every value in (0,
	// srgbFusedLow] has code 0 as srgbFusedLow has).
	fused [(0x3f800000-srgbFusedLow)>>srgbShift + 1]uint32
}

// srgbFusedLow are the bits of 2^-13, the power of 2 below the least
// value of code 1 (about 1.5e-4, TestToneRowEncode checks it).
const srgbFusedLow = (127 - 13) << 23

var srgbTablesOnce = sync.OnceValue(func() *srgbTables {
	t := &srgbTables{}
	t.thresholds[0] = float32(math.Inf(-1))
	one := math.Float32bits(1)
	for k := 1; k < 256; k++ {
		lo, hi := uint32(0), one // non-negative floats order as their bits
		for lo < hi {
			mid := lo + (hi-lo)/2
			if int(kernel.EncodeSRGB(math.Float32frombits(mid))) >= k {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		t.thresholds[k] = math.Float32frombits(lo)
	}
	for i := range t.codes {
		t.codes[i] = kernel.EncodeSRGB(math.Float32frombits(uint32(i) << srgbShift))
	}
	for i := range t.fused {
		b := srgbFusedLow>>srgbShift + i
		c := t.codes[b]
		lo := uint32(1 << srgbShift)
		if c < 255 && int(math.Float32bits(t.thresholds[c+1])>>srgbShift) == b {
			lo = math.Float32bits(t.thresholds[c+1]) & (1<<srgbShift - 1)
		}
		t.fused[i] = (uint32(c)+1)<<16 | lo
	}
	return t
})

// encodeSRGB8 is kernel.EncodeSRGB(v): the code of v's bucket, one more
// where v reaches the bucket's threshold; 0 for v ≤ 0 and NaN, 255 from 1.
func (t *srgbTables) encodeSRGB8(v float32) uint8 {
	if !(v > 0) {
		return 0
	}
	b := math.Float32bits(v)
	if b >= 0x3f800000 {
		return 255
	}
	c := int(t.codes[b>>srgbShift])
	if c < 255 && v >= t.thresholds[c+1] {
		c++
	}
	return uint8(c)
}

// toneRowGo tone maps every pixel of src into dst: the exposure
// scale k, the clamp at 0, operator op and the encoding (encodeSRGB8
// clamps as Tone's final clamp01 does), alpha 255 into dst; it sets
// src's alpha to 1.
func toneRowGo(dst []uint8, src []float32, op kernel.ToneMap, k float32, t *srgbTables) {
	n := len(src) / 4
	dst = dst[:4*n]
	// One loop per operator: the per-pixel work has no switch.
	switch op {
	case kernel.TonePBRNeutral:
		for x := range n {
			s := src[4*x : 4*x+4 : 4*x+4]
			c := kernel.PBRNeutral([3]float32{max(s[0]*k, 0), max(s[1]*k, 0), max(s[2]*k, 0)})
			s[3] = 1
			o := dst[4*x : 4*x+4 : 4*x+4]
			o[0], o[1], o[2], o[3] = t.encodeSRGB8(c[0]), t.encodeSRGB8(c[1]), t.encodeSRGB8(c[2]), 255
		}
	case kernel.ToneACES:
		for x := range n {
			s := src[4*x : 4*x+4 : 4*x+4]
			c := kernel.ACESFitted([3]float32{max(s[0]*k, 0), max(s[1]*k, 0), max(s[2]*k, 0)})
			s[3] = 1
			o := dst[4*x : 4*x+4 : 4*x+4]
			o[0], o[1], o[2], o[3] = t.encodeSRGB8(c[0]), t.encodeSRGB8(c[1]), t.encodeSRGB8(c[2]), 255
		}
	default:
		for x := range n {
			s := src[4*x : 4*x+4 : 4*x+4]
			c0, c1, c2 := max(s[0]*k, 0), max(s[1]*k, 0), max(s[2]*k, 0)
			s[3] = 1
			o := dst[4*x : 4*x+4 : 4*x+4]
			o[0], o[1], o[2], o[3] = t.encodeSRGB8(c0), t.encodeSRGB8(c1), t.encodeSRGB8(c2), 255
		}
	}
}

// toneMapRows fills rows [y0, y1) of dst (w pixels a row) from the linear
// RGBA radiance lin: the background bg behind the pixels the geometry
// does not cover (bg nil: none; lin's alpha is the coverage), then
// exposure, tone map and sRGB encoding as the path tracer's resolve
// (kernel.Tone, kernel.EncodeSRGB: the same operations in the same
// order, with the exposure scale computed once), alpha 255. It also sets
// lin's alpha to 1. Each row is composited, then tone mapped while it is
// in cache (toneMapRow).
func toneMapRows(dst *image.NRGBA, lin []float32, w, y0, y1 int, bg *background, op kernel.ToneMap, exposure float32) {
	t := srgbTablesOnce()
	k := float32(math.Exp2(float64(exposure)))
	for y := y0; y < y1; y++ {
		toneMapRow(dst.Pix[y*dst.Stride:y*dst.Stride+4*w], lin[4*w*y:4*w*(y+1)], w, y, bg, op, k, t)
	}
}

// toneMapRowGo is toneMapRow in Go: the background's composite of the
// row (w pixels, row y), then toneRowGo.
func toneMapRowGo(dst []uint8, row []float32, w, y int, bg *background, op kernel.ToneMap, k float32, t *srgbTables) {
	if bg != nil {
		bg.composeRow(row, w, y, 0, w)
	}
	toneRowGo(dst, row, op, k, t)
}

// toneMap composites the background bg (nil: none) into the w×h linear
// image lin and tone maps it into dst with up to workers goroutines,
// each a band of rows (each pixel depends only on itself, so the bits do
// not depend on workers).
func toneMap(dst *image.NRGBA, lin []float32, w, h, workers int, bg *background, op kernel.ToneMap, exposure float32) {
	if bg != nil {
		bg.prepare()
	}
	workers = max(1, min(workers, h/16))
	if workers == 1 {
		toneMapRows(dst, lin, w, 0, h, bg, op, exposure)
		return
	}
	var wg sync.WaitGroup
	for i := range workers {
		y0, y1 := h*i/workers, h*(i+1)/workers
		wg.Go(func() { toneMapRows(dst, lin, w, y0, y1, bg, op, exposure) })
	}
	wg.Wait()
}
