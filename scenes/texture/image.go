package texture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	stddraw "image/draw"
	_ "image/jpeg" // register JPEG
	_ "image/png"  // register PNG

	_ "golang.org/x/image/webp" // register WebP
)

// DefaultMaxPixels is the default cap on width*height of one decoded image
// (64 Mi texels, 256 MiB at level 0).
const DefaultMaxPixels = 1 << 26

// Level is one mip level: Width*Height texels of 4 bytes (R, G, B, A).
type Level struct {
	Width, Height int
	Pix           []uint8
}

// Image is a decoded texture image with its mip chain. Levels[0] is the
// full-resolution image; each next level halves both sizes (rounding
// down, never below 1) until 1x1.
type Image struct {
	// Name is the image's name or URI, for messages.
	Name string
	// SRGB reports that the RGB channels are sRGB-encoded.
	SRGB bool
	// Opaque reports that every texel of level 0 has alpha 255.
	Opaque bool
	// Levels is the mip chain, largest first.
	Levels []Level
}

// Width returns the width of level 0.
func (m *Image) Width() int { return m.Levels[0].Width }

// Height returns the height of level 0.
func (m *Image) Height() int { return m.Levels[0].Height }

// Bytes returns the total size of all levels in bytes.
func (m *Image) Bytes() int {
	n := 0
	for _, l := range m.Levels {
		n += len(l.Pix)
	}
	return n
}

// ErrTooLarge reports an image whose declared size exceeds the pixel cap.
var ErrTooLarge = errors.New("image too large")

// Decode decodes PNG, JPEG or WebP data (the format is sniffed from the
// data) and builds the mip chain. srgb marks colour data (base colour,
// emissive…) as sRGB-encoded. Images with more than maxPixels texels (0 means
// DefaultMaxPixels) are rejected before any pixel memory is allocated.
func Decode(data []byte, srgb bool, maxPixels int) (*Image, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode image header: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("decode %s: empty image %dx%d", format, cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return nil, fmt.Errorf("decode %s: %dx%d: %w (limit %d texels)", format, cfg.Width, cfg.Height, ErrTooLarge, maxPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode %s: %w", format, err)
	}
	return FromImage(img, srgb), nil
}

// FromImage converts any image.Image to an Image with a full mip chain.
func FromImage(img image.Image, srgb bool) *Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	pix := make([]uint8, 4*w*h)
	switch src := img.(type) {
	case *image.NRGBA:
		for y := 0; y < h; y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			copy(pix[4*w*y:4*w*(y+1)], src.Pix[o:o+4*w])
		}
	case *image.RGBA:
		for y := 0; y < h; y++ {
			o := src.PixOffset(b.Min.X, b.Min.Y+y)
			row := src.Pix[o : o+4*w]
			dst := pix[4*w*y : 4*w*(y+1)]
			for x := 0; x < 4*w; x += 4 {
				unpremul8(dst[x:x+4], row[x:x+4])
			}
		}
	case *image.YCbCr, *image.Gray, *image.CMYK:
		// Opaque sources: the standard library's fast conversion to RGBA
		// gives non-premultiplied values too (alpha is 255).
		dst := &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
		stddraw.Draw(dst, dst.Rect, img, b.Min, stddraw.Src)
	case *image.Paletted:
		lut := make([]color.NRGBA, 256)
		for i, c := range src.Palette {
			lut[i] = color.NRGBAModel.Convert(c).(color.NRGBA)
		}
		for y := 0; y < h; y++ {
			row := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < w; x++ {
				c := lut[row[x]]
				o := 4 * (y*w + x)
				pix[o], pix[o+1], pix[o+2], pix[o+3] = c.R, c.G, c.B, c.A
			}
		}
	case *image.NRGBA64:
		for y := 0; y < h; y++ {
			row := src.Pix[src.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := 0; x < 4*w; x++ {
				pix[4*w*y+x] = row[2*x]
			}
		}
	default:
		i := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, c.A
				i += 4
			}
		}
	}
	return FromPixels(w, h, pix, srgb)
}

// FromPixels wraps non-premultiplied RGBA8 texels of level 0 (not copied)
// and builds the remaining mip levels.
func FromPixels(w, h int, pix []uint8, srgb bool) *Image {
	m := &Image{SRGB: srgb, Opaque: true}
	for i := 3; i < len(pix); i += 4 {
		if pix[i] != 255 {
			m.Opaque = false
			break
		}
	}
	m.Levels = append(m.Levels, Level{Width: w, Height: h, Pix: pix})
	m.Levels = append(m.Levels, buildMips(w, h, pix, srgb)...)
	return m
}

func unpremul8(dst, src []uint8) {
	a := uint32(src[3])
	dst[3] = src[3]
	if a == 0 {
		dst[0], dst[1], dst[2] = 0, 0, 0
		return
	}
	for c := 0; c < 3; c++ {
		v := (uint32(src[c])*255 + a/2) / a
		if v > 255 {
			v = 255
		}
		dst[c] = uint8(v)
	}
}

// MipCount returns the number of levels of a full chain for w x h.
func MipCount(w, h int) int {
	n := 1
	for w > 1 || h > 1 {
		w, h = max(w/2, 1), max(h/2, 1)
		n++
	}
	return n
}
