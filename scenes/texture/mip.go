package texture

import (
	"math"
	"sync"
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

// premul16 premultiplies a 16-bit channel by a 16-bit alpha, rounding.
func premul16(v, a uint32) uint32 {
	return (v*a + 32767) / 65535
}

// fromLinear16 converts premultiplied linear 16-bit RGBA (4 uint16 per
// pixel) back to RGBA8 non-premultiplied, re-encoding sRGB.
func fromLinear16(s []uint16, srgb bool) []uint8 {
	out := make([]uint8, len(s))
	for i := 0; i+4 <= len(s); i += 4 {
		p := s[i : i+4 : i+4]
		o := out[i : i+4 : i+4]
		a := uint32(p[3])
		o[3] = uint8((a + 128) / 257)
		if a == 0 {
			continue
		}
		for c := 0; c < 3; c++ {
			v := uint32(p[c])
			if a != 65535 { // (v*65535 + 32767) / 65535 == v
				v = (v*65535 + a/2) / a
				if v > 65535 {
					v = 65535
				}
			}
			if srgb {
				o[c] = linToSRGB[v]
			} else {
				o[c] = uint8((v + 128) / 257)
			}
		}
	}
	return out
}

// buildMips returns levels 1..n-1 of the chain, each filtered from the
// previous one with a bilinear tent filter widened to the 2:1 footprint
// (bit for bit what draw.BiLinear.Scale gives; see tentDownsample) in
// premultiplied linear light.
func buildMips(w, h int, pix []uint8, srgb bool) []Level {
	if w <= 1 && h <= 1 {
		return nil
	}
	lutOnce.Do(initLUT)
	src := tentSource{w: w, h: h, pix8: pix, srgb: srgb}
	var levels []Level
	var sc tentScratch
	for w > 1 || h > 1 {
		w, h = max(w/2, 1), max(h/2, 1)
		next := make([]uint16, 4*w*h)
		tentDownsample(next, w, h, &src, &sc)
		levels = append(levels, Level{Width: w, Height: h, Pix: fromLinear16(next, srgb)})
		src = tentSource{w: w, h: h, pix16: next}
	}
	return levels
}
