package engine

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/ingot-render/ingot/internal/texel"
)

// Image reads one 2D image of the texture (mip level, slice, and for 3D
// textures depth plane z; sample 0 of a multisampled texture) as an
// image.Image: *image.NRGBA for formats of at most 8 bits per channel,
// *image.NRGBA64 otherwise. Float values are clamped to [0, 1] (no tone
// mapping); sRGB formats keep their encoded values, as a PNG stores them;
// integer formats are scaled from their range; a one- or two-channel
// format fills the missing colour channels with zero and alpha with one.
// Depth and stencil textures are read as grey.
func (t *Texture) Image(level, slice, z int) (image.Image, error) {
	if t.memoryless() {
		return nil, fmt.Errorf("engine: Texture.Image: %w", errMemoryless)
	}
	tex := t.st.tex
	if level < 0 || level >= tex.MipLevels() {
		return nil, fmt.Errorf("engine: Texture.Image: level %d outside the texture's %d levels", level, tex.MipLevels())
	}
	w, h := tex.Width(level), tex.Height(level)
	f := tex.Format()
	info, _ := f.Info()
	wide := info.BytesPerPixel/max(info.Channels, 1) > 1 || info.Kind.IsInteger()
	var img8 *image.NRGBA
	var img16 *image.NRGBA64
	if wide {
		img16 = image.NewNRGBA64(image.Rect(0, 0, w, h))
	} else {
		img8 = image.NewNRGBA(image.Rect(0, 0, w, h))
	}
	for y := range h {
		for x := range w {
			l := texel.Loc{X: uint32(x), Y: uint32(y), Z: uint32(z), Slice: uint32(slice), Level: uint32(level)}
			v, err := readDisplay(tex, f, info, l)
			if err != nil {
				return nil, fmt.Errorf("engine: Texture.Image: %w", err)
			}
			if wide {
				img16.SetNRGBA64(x, y, color.NRGBA64{R: u16(v[0]), G: u16(v[1]), B: u16(v[2]), A: u16(v[3])})
			} else {
				img8.SetNRGBA(x, y, color.NRGBA{R: u8(v[0]), G: u8(v[1]), B: u8(v[2]), A: u8(v[3])})
			}
		}
	}
	if wide {
		return img16, nil
	}
	return img8, nil
}

// readDisplay reads a texel as four values in [0, 1], sRGB-encoded for
// sRGB formats.
func readDisplay(tex *texel.Texture, f texel.PixelFormat, info texel.FormatInfo, l texel.Loc) ([4]float64, error) {
	var v [4]float64
	switch {
	case info.Kind.IsInteger():
		if info.Kind == texel.KindSint {
			iv, err := tex.ReadInt(l)
			if err != nil {
				return v, err
			}
			for c := range 4 {
				v[c] = float64(iv[c])
			}
		} else {
			uv, err := tex.ReadUint(l)
			if err != nil {
				return v, err
			}
			for c := range 4 {
				v[c] = float64(uv[c])
			}
		}
		scale := math.Exp2(float64(8*info.BytesPerPixel/max(info.Channels, 1))) - 1
		for c := range 3 {
			v[c] /= scale
		}
		if info.Channels == 4 {
			v[3] /= scale
		}
	default:
		fv, err := tex.ReadFloat(l)
		if err != nil {
			return v, err
		}
		for c := range 4 {
			v[c] = float64(fv[c])
		}
		if f.IsSRGB() {
			for c := range 3 {
				v[c] = srgbEncode(v[c])
			}
		}
	}
	if info.Depth || (info.Stencil && !info.Depth) {
		v[1], v[2], v[3] = v[0], v[0], 1
	}
	return v, nil
}

func srgbEncode(x float64) float64 {
	x = min(max(x, 0), 1)
	if x <= 0.0031308 {
		return 12.92 * x
	}
	return 1.055*math.Pow(x, 1/2.4) - 0.055
}

func u8(x float64) uint8 {
	return uint8(math.Round(min(max(x, 0), 1) * 255))
}

func u16(x float64) uint16 {
	return uint16(math.Round(min(max(x, 0), 1) * 65535))
}

// WritePNG writes one 2D image of the texture (see Image) as a PNG.
func (t *Texture) WritePNG(w io.Writer, level, slice, z int) error {
	img, err := t.Image(level, slice, z)
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("engine: Texture.WritePNG: %w", err)
	}
	return nil
}
