package texture

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/draw"
)

var (
	lutOnce   sync.Once
	srgbToLin [256]uint16  // sRGB 8-bit -> linear 16-bit
	linToSRGB [65536]uint8 // linear 16-bit -> sRGB 8-bit
)

func initLUT() {
	for i := range srgbToLin {
		srgbToLin[i] = uint16(math.Round(SRGBToLinear(float64(i)/255) * 65535))
	}
	for i := range linToSRGB {
		linToSRGB[i] = uint8(math.Round(LinearToSRGB(float64(i)/65535) * 255))
	}
}

// SRGBToLinear converts one sRGB-encoded value in [0,1] to linear.
func SRGBToLinear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// LinearToSRGB converts one linear value in [0,1] to sRGB encoding.
func LinearToSRGB(c float64) float64 {
	if c <= 0.0031308 {
		return c * 12.92
	}
	return 1.055*math.Pow(c, 1/2.4) - 0.055
}

// toLinear16 expands RGBA8 (non-premultiplied) into a premultiplied linear
// 16-bit image for filtering.
func toLinear16(w, h int, pix []uint8, srgb bool) *image.RGBA64 {
	dst := image.NewRGBA64(image.Rect(0, 0, w, h))
	d := dst.Pix
	for i, j := 0, 0; i < len(pix); i, j = i+4, j+8 {
		a := uint32(pix[i+3]) * 257
		for c := 0; c < 3; c++ {
			var v uint32
			if srgb {
				v = uint32(srgbToLin[pix[i+c]])
			} else {
				v = uint32(pix[i+c]) * 257
			}
			v = (v*a + 32767) / 65535
			d[j+2*c], d[j+2*c+1] = uint8(v>>8), uint8(v)
		}
		d[j+6], d[j+7] = uint8(a>>8), uint8(a)
	}
	return dst
}

// fromLinear16 converts back to RGBA8 non-premultiplied, re-encoding sRGB.
func fromLinear16(src *image.RGBA64, srgb bool) []uint8 {
	s := src.Pix
	out := make([]uint8, len(s)/2)
	for i, j := 0, 0; j < len(s); i, j = i+4, j+8 {
		a := uint32(s[j+6])<<8 | uint32(s[j+7])
		out[i+3] = uint8((a + 128) / 257)
		if a == 0 {
			continue
		}
		for c := 0; c < 3; c++ {
			v := uint32(s[j+2*c])<<8 | uint32(s[j+2*c+1])
			v = (v*65535 + a/2) / a
			if v > 65535 {
				v = 65535
			}
			if srgb {
				out[i+c] = linToSRGB[v]
			} else {
				out[i+c] = uint8((v + 128) / 257)
			}
		}
	}
	return out
}

// buildMips returns levels 1..n-1 of the chain, each filtered from the
// previous one with draw.BiLinear (a tent filter widened to the 2:1
// footprint) in premultiplied linear light.
func buildMips(w, h int, pix []uint8, srgb bool) []Level {
	if w <= 1 && h <= 1 {
		return nil
	}
	lutOnce.Do(initLUT)
	cur := toLinear16(w, h, pix, srgb)
	var levels []Level
	for w > 1 || h > 1 {
		w, h = max(w/2, 1), max(h/2, 1)
		next := image.NewRGBA64(image.Rect(0, 0, w, h))
		draw.BiLinear.Scale(next, next.Bounds(), cur, cur.Bounds(), draw.Src, nil)
		levels = append(levels, Level{Width: w, Height: h, Pix: fromLinear16(next, srgb)})
		cur = next
	}
	return levels
}
